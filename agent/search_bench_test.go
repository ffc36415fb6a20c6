package agent_test

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"passage/agent"
	"passage/game"
	"passage/ludo"
	"passage/senet"
)

// BenchmarkLevelDecision times the hard and expert levels on the
// positions of greedy self-play games of each Senet ruleset and of
// four-player kinevet where the side to move has a choice (forced moves
// take no search), and on kinevet also hard-maxn, hard's budget searched
// max-n. It reports the median time per decision, the mean
// depth in throws and the positions searched per second; the README
// quotes it.
func BenchmarkLevelDecision(b *testing.B) {
	for _, level := range []string{"hard", "expert", "hard-maxn"} {
		for _, spec := range senet.Specs() {
			if level == "hard-maxn" {
				break // two seats: the same search as hard
			}
			b.Run(level+"/"+spec.Name, func(b *testing.B) {
				r := senet.MustNew(spec.Name, nil)
				benchLevel[senet.Position, senet.Move](b, r, r, level)
			})
		}
		b.Run(level+"/kinevet", func(b *testing.B) {
			r := ludo.MustNew("kinevet", map[string]string{"players": "4"})
			benchLevel[ludo.Position, ludo.Move](b, r, r, level)
		})
	}
}

func benchLevel[P comparable, M comparable](b *testing.B, g game.Game[P, M], eval game.Evaluator[P], level string) {
	a, err := agent.New(g, eval, level, 1)
	if err != nil {
		b.Fatal(err)
	}
	x := a.(*agent.Expectimax[P, M])
	greedy := agent.NewGreedy(g, eval)
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []M
	p := g.Start()
	nodes, depths := 0, 0
	times := make([]float64, 0, b.N)
	var busy time.Duration
	for range b.N {
		var roll int
		for {
			if g.Over(p) {
				p = g.Start()
			}
			roll = game.Sample(g.Outcomes(p), rng)
			if buf = g.Moves(p, roll, buf[:0]); len(buf) > 1 {
				break
			}
			p = g.Apply(p, roll, buf[0])
		}
		t0 := time.Now()
		x.Choose(p, roll)
		d := time.Since(t0)
		busy += d
		times = append(times, float64(d.Nanoseconds())/1e6)
		nodes += x.Nodes()
		depths += x.Depth()
		p = g.Apply(p, roll, greedy.Choose(p, roll))
	}
	slices.Sort(times)
	b.ReportMetric(times[len(times)/2], "median-ms")
	b.ReportMetric(float64(depths)/float64(b.N), "throws-deep")
	b.ReportMetric(float64(nodes)/busy.Seconds(), "positions/s")
}
