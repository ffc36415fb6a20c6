package nneval

import (
	"math/rand/v2"

	"passage/game"
)

// randomPositions plays random games of g from its start and returns n
// unfinished positions met along the way.
func randomPositions[P comparable, M comparable](g game.Game[P, M], n int, seed uint64) []P {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []P
	var buf []M
	p := g.Start()
	for len(out) < n {
		if g.Over(p) {
			p = g.Start()
		}
		out = append(out, p)
		roll := game.Sample(g.Outcomes(p), rng)
		buf = g.Moves(p, roll, buf[:0])
		p = g.Apply(p, roll, buf[rng.IntN(len(buf))])
	}
	return out
}

// uniform returns a generator of values in [-1, 1).
func uniform(seed uint64) func() float64 {
	rng := rand.New(rand.NewPCG(seed, 11))
	return func() float64 { return 2*rng.Float64() - 1 }
}

// randomize gives every weight of n a random value of size scale.
func randomize(n *Net, seed uint64, scale float32) {
	u := uniform(seed)
	for _, a := range n.Params() {
		for i := range a {
			a[i] = scale * float32(u())
		}
	}
}
