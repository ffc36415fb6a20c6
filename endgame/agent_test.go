package endgame

import (
	"testing"

	"passage/agent"
	"passage/senet"
)

// TestHardPlaysPerfectlyInsideTable: with the table installed as the
// oracle, hard and expert choose, in every position of the class and for
// every throw, a move of the best exact value.
func TestHardPlaysPerfectlyInsideTable(t *testing.T) {
	c := mustClass(t, "senet-jequier", nil, 1)
	tab := mustSolve(t, c)
	agent.SetOracles(func(id string) any {
		if id == c.Rules.ID() {
			return tab
		}
		return nil
	})
	defer agent.SetOracles(nil)
	r := c.Rules
	for _, level := range []string{"hard", "expert"} {
		a, err := agent.New(r, r, level, 1)
		if err != nil {
			t.Fatal(err)
		}
		start, n := c.Span(Layer{1, 1})
		for i := start; i < start+n; i += 7 {
			p := c.Position(Layer{1, 1}, i)
			for _, o := range r.Outcomes(p) {
				best := -1.0
				for _, m := range r.Moves(p, o.Roll, nil) {
					e, _ := tab.Exact(r.Apply(p, o.Roll, m))
					best = max(best, e[senet.White])
				}
				m := a.Choose(p, o.Roll)
				e, ok := tab.Exact(r.Apply(p, o.Roll, m))
				if !ok || e[senet.White] != best {
					t.Fatalf("%s in %s throw %d plays %s worth %v, best %v", level, r.Format(p), o.Roll, m, e[senet.White], best)
				}
			}
		}
	}
}
