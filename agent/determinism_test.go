package agent_test

import (
	"math/rand/v2"
	"testing"

	"passage/agent"
	"passage/game"
	"passage/ludo"
	"passage/senet"
)

// TestSearchIsDeterministic: two fresh searchers given the same
// positions choose the same moves after visiting the same number of
// nodes and reaching the same depth. A small transposition table makes
// entries collide often, so an index that changed from one player (or
// run) to the next would show in the node counts.
func TestSearchIsDeterministic(t *testing.T) {
	const positions = 1000
	for _, id := range []string{"senet-jequier", "senet-szenet", "senet-apokrif"} {
		t.Run(id, func(t *testing.T) {
			g := senet.MustNew(id, nil)
			sameSearch(t, g, agent.SearchEval[senet.Position](g), positions, false)
		})
	}
	t.Run("kinevet", func(t *testing.T) {
		g := ludo.MustNew("kinevet", nil)
		sameSearch(t, g, g, positions, false)
	})
	t.Run("kinevet-maxn", func(t *testing.T) {
		g := ludo.MustNew("kinevet", nil)
		sameSearch(t, g, g, positions, true)
	})
}

// TestHardIsDeterministic: two fresh "hard" players, as programs make
// them, choose the same moves after the same searches.
func TestHardIsDeterministic(t *testing.T) {
	g := senet.MustNew("senet-szenet", nil)
	mk := func() *agent.Expectimax[senet.Position, senet.Move] {
		a, err := agent.New(g, g, "hard", 1)
		if err != nil {
			t.Fatal(err)
		}
		return a.(*agent.Expectimax[senet.Position, senet.Move])
	}
	a, b := mk(), mk()
	rng := rand.New(rand.NewPCG(3, 4))
	p := g.Start()
	for checked := 0; checked < 6; {
		if g.Over(p) {
			p = g.Start()
		}
		roll := game.Sample(g.Outcomes(p), rng)
		moves := g.Moves(p, roll, nil)
		if len(moves) > 1 {
			checked++
			ma, mb := a.Choose(p, roll), b.Choose(p, roll)
			if ma != mb || a.Nodes() != b.Nodes() || a.Depth() != b.Depth() {
				t.Fatalf("%s roll %d: %s (%d nodes, depth %d) vs %s (%d nodes, depth %d)",
					g.FormatPosition(p), roll, ma, a.Nodes(), a.Depth(), mb, b.Nodes(), b.Depth())
			}
		}
		p = g.Apply(p, roll, moves[rng.IntN(len(moves))])
	}
}

func sameSearch[P comparable, M comparable](t *testing.T, g game.Game[P, M], eval game.Evaluator[P], n int, maxn bool) {
	t.Helper()
	cfg := agent.ExpectimaxConfig{Depth: 8, Nodes: 2000, TableBits: 8, MaxN: maxn}
	a := agent.NewExpectimax(g, eval, cfg)
	b := agent.NewExpectimax(g, eval, cfg)
	rng := rand.New(rand.NewPCG(12, 1))
	p, checked, searched := g.Start(), 0, 0
	var buf []M
	for checked < n {
		if g.Over(p) {
			p = g.Start()
		}
		roll := game.Sample(g.Outcomes(p), rng)
		buf = g.Moves(p, roll, buf[:0])
		if len(buf) > 1 {
			checked++
			ma, mb := a.Choose(p, roll), b.Choose(p, roll)
			if ma != mb || a.Nodes() != b.Nodes() || a.Depth() != b.Depth() {
				t.Fatalf("%s roll %d: %s after %d nodes to depth %d, then %s after %d nodes to depth %d",
					g.FormatPosition(p), roll, g.FormatMove(ma), a.Nodes(), a.Depth(), g.FormatMove(mb), b.Nodes(), b.Depth())
			}
			if a.Depth() > 1 {
				searched++
			}
		}
		p = g.Apply(p, roll, buf[rng.IntN(len(buf))])
	}
	if searched < n/2 {
		t.Errorf("only %d of %d searches went deeper than one throw", searched, n)
	}
}
