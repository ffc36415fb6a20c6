package endgame

import "testing"

// BenchmarkSweepK3 is one sweep of Jéquier's K=3 group 3+3 (10.7
// million positions, values 2.4 times the size of a large cache), its
// move graph in memory.
func BenchmarkSweepK3(b *testing.B) {
	c := mustClass(b, "senet-jequier", nil, 3)
	s, err := newSolver(c, Options{})
	if err != nil {
		b.Fatal(err)
	}
	groups := c.groups()
	g, err := s.buildGraph(groups[len(groups)-1], "", func(int64, int64) {})
	if err != nil {
		b.Fatal(err)
	}
	v := values{x: make([]float64, g.n), vals: s.vals}
	for j := range v.x {
		v.x[j] = 0.5
	}
	widest := 0
	for k := 0; k+1 < len(g.bands); k++ {
		widest = max(widest, g.bands[k+1]-g.bands[k])
	}
	next := make([]float64, widest)
	changes := g.changeLog()
	for b.Loop() {
		if _, _, _, err := g.sweep(v, next, changes, 1, func(int) {}); err != nil {
			b.Fatal(err)
		}
	}
}
