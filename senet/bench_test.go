package senet

import (
	"math/rand/v2"
	"slices"
	"testing"

	"passage/game"
)

// eachRuleset runs f for every Senet ruleset under every combination of
// its options.
func eachRuleset(b *testing.B, f func(b *testing.B, r *Rules)) {
	for name, r := range everyRuleset() {
		b.Run(name, func(b *testing.B) { f(b, r) })
	}
}

// BenchmarkRandomMoves measures random moves per second: one throw,
// move generation, a uniform choice and Apply per move, restarting at
// the end of a game. The move generator must not allocate.
func BenchmarkRandomMoves(b *testing.B) {
	eachRuleset(b, func(b *testing.B, r *Rules) {
		rng := rand.New(rand.NewPCG(1, 2))
		throws := game.NewSampler(r.Throws)
		buf := make([]Move, 0, 16)
		p := r.Start()
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			if p.turn < 0 {
				p = r.Start()
			}
			roll := throws.Sample(rng)
			buf = r.Moves(p, roll, buf[:0])
			p = r.Apply(p, roll, buf[rng.IntN(len(buf))])
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	})
}

// BenchmarkRandomGames plays complete random games and reports games per
// second and the number of moves (throws, passes included) per game:
// mean, 99th percentile and the longest seen.
// Run with -benchtime=100000x to see the longest of 100,000 games.
func BenchmarkRandomGames(b *testing.B) {
	eachRuleset(b, func(b *testing.B, r *Rules) {
		rng := rand.New(rand.NewPCG(1, 2))
		throws := game.NewSampler(r.Throws)
		buf := make([]Move, 0, 16)
		lengths := make([]int, 0, b.N)
		b.ReportAllocs()
		b.ResetTimer()
		for range b.N {
			p, n := r.Start(), 0
			for ; p.turn >= 0; n++ {
				roll := throws.Sample(rng)
				buf = r.Moves(p, roll, buf[:0])
				p = r.Apply(p, roll, buf[rng.IntN(len(buf))])
			}
			lengths = append(lengths, n)
		}
		b.StopTimer()
		slices.Sort(lengths)
		total := 0
		for _, n := range lengths {
			total += n
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		b.ReportMetric(float64(total)/float64(b.N), "moves/game")
		b.ReportMetric(float64(lengths[len(lengths)*99/100]), "p99-moves")
		b.ReportMetric(float64(lengths[len(lengths)-1]), "max-moves")
	})
}
