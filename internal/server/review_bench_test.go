package server

import (
	"context"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"passage/game"
	"passage/internal/fairdice"
	"passage/internal/store"
	"passage/senet"
)

// storeLongGame stores a finished senet-jequier game of turns turns
// (random moves from a seeded generator; the last player resigns).
func storeLongGame(b testing.TB, st store.Store, id string, turns int) {
	b.Helper()
	ctx := context.Background()
	r := senet.MustNew("senet-jequier", nil)
	rng := rand.New(rand.NewPCG(1, 250))
	seed := fairdice.NewSeed()
	p := r.Start()
	now := time.Now()
	g := store.Game{ID: id, Rules: r.ID(), Start: r.FormatPosition(p), Pos: r.FormatPosition(p), Status: store.StatusLive,
		Seats: []store.Seat{{Kind: "easy"}, {Kind: "easy"}}, Commit: fairdice.Commit(seed), Seed: seed, Created: now, Updated: now}
	if err := st.CreateGame(ctx, g); err != nil {
		b.Fatal(err)
	}
	for n := 1; n <= turns; n++ {
		if r.Over(p) {
			b.Fatalf("the game ended after %d turns", n-1)
		}
		roll := game.Sample(r.Outcomes(p), rng)
		moves := r.Moves(p, roll, nil)
		m := moves[rng.IntN(len(moves))]
		seat := int(r.ToMove(p))
		p = r.Apply(p, roll, m)
		t := store.Turn{N: n, Seat: seat, Roll: roll, Move: r.FormatMove(m), Pos: r.FormatPosition(p), By: "easy", At: now}
		if err := st.AppendTurn(ctx, id, t, store.StatusLive, ""); err != nil {
			b.Fatal(err)
		}
	}
	if err := st.End(ctx, id, store.StatusOver, `{"how":"resign","seat":0,"payoffs":[0,1]}`); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkReview250Turns measures the server's review of a 250-turn
// Senet game at level hard (issue 15: under 30 s on 2 cores), from the
// request that queues it to the stored review: wall time and the
// process's CPU time. Run it alone, e.g.
//
//	nice -n 19 go test ./internal/server -run '^$' -bench Review250 -benchtime 1x
func BenchmarkReview250Turns(b *testing.B) {
	for range b.N {
		b.StopTimer()
		s := newTestServer(b, Config{Review: ReviewConfig{OnRequestOnly: true}})
		storeLongGame(b, s.st, "aaaaaaaaaaaaa", 250)
		cpu0, t0 := cpuTime(), time.Now()
		b.StartTimer()
		for {
			status, body := s.do(b, "GET", "/api/games/aaaaaaaaaaaaa/analysis", "", nil)
			if status == http.StatusOK {
				break
			}
			if status != http.StatusAccepted {
				b.Fatalf("%d %s", status, body)
			}
			time.Sleep(20 * time.Millisecond)
		}
		b.StopTimer()
		b.ReportMetric(time.Since(t0).Seconds(), "wall-s/review")
		b.ReportMetric((cpuTime() - cpu0).Seconds(), "cpu-s/review")
	}
}
