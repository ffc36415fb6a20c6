package ludo

import (
	"math/rand/v2"
	"testing"

	"passage/game"
)

// BenchmarkRandomGame4p plays whole four-player games with uniformly
// random moves: ns/op is the time of one game, rolls/game its mean
// length in rolls.
func BenchmarkRandomGame4p(b *testing.B) {
	for _, opts := range []map[string]string{nil, {"finish": "all"}} {
		r := MustNew("kinevet", opts)
		b.Run(r.ID(), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 0))
			buf := make([]Move, 0, 8)
			rolls := 0
			b.ReportAllocs()
			for b.Loop() {
				p := r.Start()
				for !r.Over(p) {
					roll := game.Sample(r.Outcomes(p), rng)
					buf = r.Moves(p, roll, buf[:0])
					p = r.Apply(p, roll, buf[rng.IntN(len(buf))])
					rolls++
				}
			}
			b.ReportMetric(float64(rolls)/float64(b.N), "rolls/game")
		})
	}
}

// BenchmarkMoveApply is one roll of a random four-player game: Moves and
// Apply of a random legal move (allocs/op is allocations per move).
func BenchmarkMoveApply(b *testing.B) {
	r := MustNew("kinevet", nil)
	rng := rand.New(rand.NewPCG(2, 0))
	buf := make([]Move, 0, 8)
	p := r.Start()
	b.ReportAllocs()
	for b.Loop() {
		if r.Over(p) {
			p = r.Start()
		}
		roll := game.Sample(r.Outcomes(p), rng)
		buf = r.Moves(p, roll, buf[:0])
		p = r.Apply(p, roll, buf[rng.IntN(len(buf))])
	}
}
