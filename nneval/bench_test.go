package nneval

import (
	"testing"

	"passage/ludo"
	"passage/senet"
)

// BenchmarkSenetEvaluate times one evaluation of the learned network
// (64 hidden units, the shape of the embedded Jéquier and Szenet
// networks) against the fitted linear one, on positions of random
// games. cpu-ns/op is the CPU time per evaluation and evals/cpu-s its
// inverse (ns/op is wall-clock time, which a shared machine inflates).
//
//	go test ./nneval -run '^$' -bench Evaluate -cpu 1
func BenchmarkSenetEvaluate(b *testing.B) {
	for _, name := range senetNames {
		r := senet.MustNew(name, nil)
		ps := randomPositions(r, 1024, 1)
		net, _ := SenetFromLinear(r, 64, uniform(1))
		randomize(net, 3, 0.1) // a trained net has every weight in use
		e, _ := NewEval(net, SenetEncoder{R: r})
		b.Run(name+"/net", func(b *testing.B) { reportCPU(b, func(i int) { e.Evaluate(ps[i&1023]) }) })
		b.Run(name+"/linear", func(b *testing.B) { reportCPU(b, func(i int) { r.Value(ps[i&1023]) }) })
	}
}

// BenchmarkLudoEvaluate is BenchmarkSenetEvaluate for four-player
// kinevet, against the hand-made evaluation.
func BenchmarkLudoEvaluate(b *testing.B) {
	r := ludo.MustNew("kinevet", nil)
	ps := randomPositions(r, 1024, 1)
	net, _ := LudoFromHand(r, 32, uniform(1))
	randomize(net, 3, 0.1)
	e, _ := NewEval(net, NewLudoEncoder(r))
	b.Run("net", func(b *testing.B) { reportCPU(b, func(i int) { e.Evaluate(ps[i&1023]) }) })
	b.Run("hand", func(b *testing.B) { reportCPU(b, func(i int) { r.Evaluate(ps[i&1023]) }) })
}
