package nneval

import (
	"testing"

	"passage/senet"
)

// BenchmarkSenetEvaluate times one evaluation of the learned network
// (32 hidden units, the embedded shape) against the fitted linear one,
// on positions of random games; ns/op is per evaluation.
//
//	go test ./nneval -run '^$' -bench Evaluate -cpu 1
func BenchmarkSenetEvaluate(b *testing.B) {
	for _, name := range senetNames {
		r := senet.MustNew(name, nil)
		ps := randomPositions(r, 1024, 1)
		net, _ := SenetFromLinear(r, 32, uniform(1))
		randomize(net, 3, 0.1) // a trained net has every weight in use
		e, _ := NewEval(net, SenetEncoder{R: r})
		b.Run(name+"/net", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				e.Evaluate(ps[i&1023])
			}
		})
		b.Run(name+"/linear", func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				r.Value(ps[i&1023])
			}
		})
	}
}
