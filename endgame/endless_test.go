package endgame

import (
	"testing"
)

// TestNoValueRestsOnEndlessPlay: in Apokrif a side holding 26 can keep
// the game going for ever (A23, A16), and there the Bellman equation
// has more than one solution; the solver must find the values of a side
// that ends the game. So with every best move allowed (ties within 2e-6
// included), every position must still be able to reach the end of the
// game or an earlier layer: a position that cannot would owe its value
// to endless play (docs/endgame.md, "Endless play").
func TestNoValueRestsOnEndlessPlay(t *testing.T) {
	for _, name := range []string{"senet-apokrif", "senet-jequier"} {
		c := mustClass(t, name, nil, 2)
		// A solver holding the solved values, to build the move graphs.
		s, err := newSolver(c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		copy(s.vals, mustValues(t, c))
		for _, group := range c.groups() {
			g, err := s.buildGraph(group, "", func(int64, int64) {})
			if err != nil {
				t.Fatal(err)
			}
			n := len(g.order)
			v := values{x: make([]float64, n), vals: s.vals}
			for j, i := range g.order {
				v.x[j] = float64(s.vals[i])
			}
			ends := make([]bool, n)
			for changed := true; changed; {
				changed = false
				for j := range n {
					if ends[j] {
						continue
					}
					edges, counts := g.row(j)
					for tt := range g.probs {
						cnt := int(counts>>(3*tt)) & maxEdges
						best := 0.0
						for _, e := range edges[:cnt] {
							best = max(best, v.edge(e))
						}
						for _, e := range edges[:cnt] {
							if v.edge(e) >= best-2e-6 && (e == winEdge || e&outsideEdge != 0 || ends[e&indexMask]) {
								ends[j] = true
							}
						}
						edges = edges[cnt:]
					}
					changed = changed || ends[j]
				}
			}
			for j := range n {
				if !ends[j] {
					i := int64(g.order[j])
					t.Fatalf("%s: %s (value %.4f) cannot reach the end of the game by best moves", name,
						c.Rules.Format(c.Position(c.layerOf(i), i)), v.x[j])
				}
			}
		}
	}
}
