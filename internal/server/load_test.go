package server

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// The figures of the server, on loopback. Run with
//
//	go test ./internal/server -run '^$' -bench Load -benchtime 1x
//
// Each benchmark does one bounded run whatever b.N is (use -benchtime
// 1x) and reports its figures as metrics.

// BenchmarkLoadMemoryPerGame: the memory one live game costs (its
// actor, state and goroutine: heap and stack), over 1,000 games waiting
// for a player.
func BenchmarkLoadMemoryPerGame(b *testing.B) {
	const games = 1000
	for range b.N {
		s := newTestServer(b, Config{})
		heap0, stack0 := memory()
		for range games {
			s.create(b, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
		}
		heap1, stack1 := memory()
		if s.srv.LiveGames() != games {
			b.Fatalf("%d live games, want %d", s.srv.LiveGames(), games)
		}
		b.ReportMetric(float64(heap1-heap0)/games, "heap-bytes/game")
		b.ReportMetric(float64(stack1-stack0)/games, "stack-bytes/game")
		b.ReportMetric(float64(runtime.NumGoroutine()), "goroutines")
	}
}

// memory is the live heap and the goroutine stacks in use.
func memory() (heap, stack int64) {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc), int64(m.StackInuse)
}

// BenchmarkLoadComputerGames: many games at once, computers (medium) on
// every seat and no pause, each game followed by one WebSocket client;
// games that end are replaced. It reports the moves per second the
// server plays, and the time from each move's submission to its
// broadcast (median and 99th percentile), over a fixed run.
func BenchmarkLoadComputerGames(b *testing.B) {
	for _, games := range []int{10, 100} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			for range b.N {
				loadRun(b, games, 8*time.Second)
			}
		})
	}
}

func loadRun(b *testing.B, games int, d time.Duration) {
	s := newTestServer(b, Config{})
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var mu sync.Mutex
	var broadcasts int
	start := func() {
		c := s.create(b, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "medium"}, {Kind: "medium"}}})
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.url, "http")+"/api/games/"+c.Game.ID+"/events", nil)
			if err != nil {
				return
			}
			defer conn.CloseNow()
			n := 0
			for {
				if _, _, err := conn.Read(ctx); err != nil {
					break
				}
				n++
			}
			mu.Lock()
			broadcasts += n
			mu.Unlock()
		}()
	}
	heap0, stack0 := memory()
	t0 := time.Now()
	moves0 := s.srv.metrics.moves.Load()
	for range games {
		start()
	}
	// Replace finished games until the time is up.
	for time.Since(t0) < d {
		time.Sleep(100 * time.Millisecond)
		for range games - s.srv.LiveGames() {
			start()
		}
	}
	elapsed := time.Since(t0)
	moves := s.srv.metrics.moves.Load() - moves0
	lat := s.srv.metrics.latencies()
	heap1, stack1 := memory()
	cancel()
	wg.Wait()
	b.ReportMetric(float64(moves)/elapsed.Seconds(), "moves/s")
	b.ReportMetric(float64(quantile(lat, 0.5).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(quantile(lat, 0.99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(broadcasts)/elapsed.Seconds(), "ws-msgs/s")
	// Memory per game in play, its WebSocket client (both ends) included.
	b.ReportMetric(float64(heap1-heap0+stack1-stack0)/float64(games), "bytes/game")
}
