package agent_test

import (
	"math/rand/v2"
	"testing"

	"passage/agent"
	"passage/game"
	"passage/senet"
)

// BenchmarkHardDecision times the hard level's decisions on positions of
// random Senet games, one benchmark per ruleset; it reports the
// positions searched per second.
func BenchmarkHardDecision(b *testing.B) {
	for _, spec := range senet.Specs() {
		b.Run(spec.Name, func(b *testing.B) {
			r := senet.MustNew(spec.Name, nil)
			hard, err := agent.New[senet.Position, senet.Move](r, r, "hard", 1)
			if err != nil {
				b.Fatal(err)
			}
			x := hard.(*agent.Expectimax[senet.Position, senet.Move])
			rng := rand.New(rand.NewPCG(1, 2))
			var buf []senet.Move
			p := r.Start()
			nodes, depths := 0, 0
			b.ResetTimer()
			for range b.N {
				if r.Over(p) {
					p = r.Start()
				}
				roll := game.Sample(r.Outcomes(p), rng)
				x.Choose(p, roll)
				nodes += x.Nodes()
				depths += x.Depth()
				buf = r.Moves(p, roll, buf[:0])
				p = r.Apply(p, roll, buf[rng.IntN(len(buf))])
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "positions/s")
			b.ReportMetric(float64(depths)/float64(b.N), "throws-deep")
		})
	}
}
