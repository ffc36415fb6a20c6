package senet

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"passage/game"
)

// apokrifRandomGame plays one game of random throws and uniformly random
// legal moves from the initial position and returns the number of throws
// (plies, passes included) and of moves other than pass. It gives up
// after limit throws.
func apokrifRandomGame(r *Rules, rng *rand.Rand, buf []Move, limit int) (throws, moves int) {
	p := r.Start()
	for !r.Over(p) && throws < limit {
		roll := game.Sample(r.Throws, rng)
		buf = r.Moves(p, roll, buf[:0])
		m := buf[rng.IntN(len(buf))]
		if m != Pass {
			moves++
		}
		p = r.Apply(p, roll, m)
		throws++
	}
	return throws, moves
}

// TestApokrifRandomGamesEnd plays 10,000 random games under each piece
// count and checks that every one ends well within the conformance
// suite's bound of 100,000 throws.
func TestApokrifRandomGamesEnd(t *testing.T) {
	const games, limit = 10_000, 100_000
	for _, opts := range []string{"pieces=5", "pieces=7"} {
		t.Run(opts, func(t *testing.T) {
			r := apokrifRules(t, opts)
			rng := rand.New(rand.NewPCG(7, 11))
			buf := make([]Move, 0, 16)
			longest, total := 0, 0
			for range games {
				n, _ := apokrifRandomGame(r, rng, buf, limit)
				if n >= limit {
					t.Fatalf("a random game is still going after %d throws", limit)
				}
				longest, total = max(longest, n), total+n
			}
			t.Logf("%d games: mean %.1f throws, longest %d", games, float64(total)/games, longest)
		})
	}
}

// BenchmarkApokrifRandomGame plays whole random games and reports games
// per second (one core), throws and moves per game, and heap allocations
// per throw.
func BenchmarkApokrifRandomGame(b *testing.B) {
	for _, opts := range []string{"pieces=5", "pieces=7"} {
		b.Run(opts, func(b *testing.B) {
			r := apokrifRules(b, opts)
			rng := rand.New(rand.NewPCG(1, 2))
			buf := make([]Move, 0, 16)
			throws, moves := 0, 0
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			mallocs := ms.Mallocs
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				t, m := apokrifRandomGame(r, rng, buf, 1_000_000)
				throws, moves = throws+t, moves+m
			}
			b.StopTimer()
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(throws)/float64(b.N), "throws/game")
			b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
			b.ReportMetric(float64(ms.Mallocs-mallocs)/float64(throws), "allocs/throw")
		})
	}
}
