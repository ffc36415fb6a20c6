package nneval

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

// BenchmarkLearnedDecision times hard and expert with the embedded
// learned evaluation, as agent's BenchmarkLevelDecision times them with
// the linear one: on the positions of greedy games where the mover has
// a choice, reporting the median time per decision (wall clock, and
// the CPU time, which a shared machine does not inflate), the mean
// depth and the positions searched per CPU second.
//
//	go test ./nneval -run '^$' -bench LearnedDecision -benchtime 300x -cpu 1
func BenchmarkLearnedDecision(b *testing.B) {
	for _, level := range []string{"hard", "expert"} {
		for _, spec := range senet.Specs() {
			r := senet.MustNew(spec.Name, nil)
			if e := ForSenet(r); e != nil {
				b.Run(level+"/"+spec.Name, func(b *testing.B) {
					benchDecision[senet.Position, senet.Move](b, r, r, e, level)
				})
			}
		}
		r := ludo.MustNew("kinevet", map[string]string{"players": "4"})
		if e := ForLudo(r); e != nil {
			b.Run(level+"/kinevet", func(b *testing.B) {
				benchDecision[ludo.Position, ludo.Move](b, r, r, e, level)
			})
		}
	}
}

func benchDecision[P comparable, M comparable](b *testing.B, g game.Game[P, M], eval, learned game.Evaluator[P], level string) {
	a, err := agent.NewLearned(g, eval, learned, level, 1)
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
	cpu := make([]float64, 0, b.N)
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
		t0, c0 := time.Now(), cpuTime()
		x.Choose(p, roll)
		d, c := time.Since(t0), cpuTime()-c0
		busy += c
		times = append(times, float64(d.Nanoseconds())/1e6)
		cpu = append(cpu, float64(c.Nanoseconds())/1e6)
		nodes += x.Nodes()
		depths += x.Depth()
		p = g.Apply(p, roll, greedy.Choose(p, roll))
	}
	slices.Sort(times)
	slices.Sort(cpu)
	b.ReportMetric(times[len(times)/2], "median-ms")
	b.ReportMetric(cpu[len(cpu)/2], "median-cpu-ms")
	b.ReportMetric(float64(depths)/float64(b.N), "throws-deep")
	b.ReportMetric(float64(nodes)/busy.Seconds(), "positions/cpu-s")
}
