package server

import (
	"context"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"
)

// BenchmarkClusterLoad: live games between person-like clients spread
// over two nodes on one PostgreSQL database (2,000 games by default,
// PASSAGE_LOAD_GAMES=N for another number), for 20 s. Each game runs on
// the node that created it and is played through that node's API,
// while its client follows it on the other node's WebSocket stream, so
// every broadcast crosses nodes (NOTIFY, LISTEN, the relay). Reports
// move-to-broadcast p50 and p99 (from sending a move to one node until
// its broadcast arrives from the other), moves per second, failed
// games, and the test process's CPU per move (both nodes and the
// clients; PostgreSQL's own CPU is not counted). Run it alone, under
// nice:
//
//	nice -n 19 go test ./internal/server -run '^$' -bench ClusterLoad -benchtime 1x -timeout 10m
//
// The throwaway PostgreSQL of the tests runs without fsync; with
// PASSAGE_TEST_PG the run uses that server instead.
func BenchmarkClusterLoad(b *testing.B) {
	for range b.N {
		loadCluster(b, envInt("PASSAGE_LOAD_GAMES", 2000), 20*time.Second)
	}
}

func loadCluster(b *testing.B, games int, d time.Duration) {
	nodes := newCluster(b, 2, unlimited(Config{LeaseTTL: 10 * time.Second}))
	var urls []string
	for _, n := range nodes {
		urls = append(urls, listen(b, n.srv))
	}
	c := loadClient()
	// The games first, then the clock: creating 2,000 games through the
	// API takes a while on a loaded machine.
	type created struct{ id, token, home, away string }
	var all []created
	for i := range games {
		home, away := urls[i%2], urls[(i+1)%2]
		var resp createResponse
		// A time limit keeps the game in its creating node's memory from
		// the start (the node takes its lease): it runs there.
		if err := apiCall(c, "POST", home+"/api/games", "", createRequest{Rules: "senet-jequier", TimeLimit: 3600,
			Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Take: true}}}, &resp); err != nil {
			b.Fatal(err)
		}
		all = append(all, created{resp.Game.ID, resp.Token, home, away})
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var bcast latencies
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failures, played int64
	var firstErr error
	for i, g := range all {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 2))
			n, err := playLikePeople(ctx, c, g.home, g.away, g.id, g.token, rng, &bcast)
			mu.Lock()
			played += int64(n)
			if err != nil && ctx.Err() == nil {
				failures++
				if firstErr == nil {
					firstErr = err
				}
			}
			mu.Unlock()
		}()
	}
	t0, cpu0 := time.Now(), cpuTime()
	<-ctx.Done()
	elapsed, cpu := time.Since(t0), cpuTime()-cpu0
	goroutines := runtime.NumGoroutine()
	wg.Wait()
	if firstErr != nil {
		b.Logf("first failure: %v", firstErr)
	}
	inMemory := nodes[0].srv.GamesInMemory() + nodes[1].srv.GamesInMemory()
	b.ReportMetric(float64(played)/elapsed.Seconds(), "moves/s")
	b.ReportMetric(bcast.quantile(0.5), "p50-broadcast-ms")
	b.ReportMetric(bcast.quantile(0.99), "p99-broadcast-ms")
	b.ReportMetric(float64(bcast.len()), "broadcasts")
	b.ReportMetric(float64(failures), "failed-games")
	b.ReportMetric(float64(inMemory), "games-in-memory")
	b.ReportMetric(float64(goroutines), "goroutines")
	b.ReportMetric(cpu.Seconds()*1000/float64(max(played, 1)), "CPU-ms/move")
	b.ReportMetric(cpu.Seconds()/elapsed.Seconds(), "cores-used")
}
