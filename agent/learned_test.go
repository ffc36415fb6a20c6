package agent

import (
	"testing"

	"passage/game"
	"passage/senet"
)

// counting is an evaluation that counts its calls.
type counting struct {
	e     game.Evaluator[senet.Position]
	calls int
}

func (c *counting) Evaluate(p senet.Position) game.Payoffs {
	c.calls++
	return c.e.Evaluate(p)
}

// The search players use the learned evaluation; NAME-linear and the
// one-move players do not.
func TestNewLearnedPicksTheEvaluation(t *testing.T) {
	g := senet.MustNew("senet-jequier", nil)
	p, err := g.ParsePosition("wbwbwbwbw.b................... w opening=w")
	if err != nil {
		t.Fatal(err)
	}
	p = g.Apply(p, 2, g.Moves(p, 2, nil)[0]) // Black to throw, with choices
	for _, tc := range []struct {
		name    string
		learned bool
	}{
		{"hard", true}, {"expert", true}, {"expectimax-2", true}, {"mcts-50", true},
		{"hard-linear", false}, {"expert-linear", false}, {"expectimax-2-linear", false}, {"mcts-50-linear", false},
		{"greedy", false}, {"medium", false}, {"easy", false}, {"random", false},
	} {
		c := &counting{e: g}
		a, err := NewLearned(g, g, c, tc.name, 1)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(g.Moves(p, 1, nil)) < 2 {
			t.Fatal("test position has no choice")
		}
		a.Choose(p, 1)
		if (c.calls > 0) != tc.learned {
			t.Errorf("%s: learned evaluation called %d times", tc.name, c.calls)
		}
	}
}

func TestLinearSuffixNames(t *testing.T) {
	for _, ok := range []string{"hard-linear", "expert-linear", "expectimax-3-linear", "mcts-linear", "mcts-500-linear"} {
		if err := Check(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"greedy-linear", "random-linear", "medium-linear", "expectimax-9-linear", "hard-linear-linear", "-linear", "linear"} {
		if err := Check(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestUses: what each kind of player plays with, as sim journals record
// it: search players use a learned evaluation unless named NAME-linear,
// and only hard and expert use the endgame tables.
func TestUses(t *testing.T) {
	for _, tc := range []struct {
		name            string
		learned, tables bool
	}{
		{"hard", true, true},
		{"expert-linear", false, true},
		{"expectimax-2", true, false},
		{"expectimax-3-maxn", true, false},
		{"mcts-500-linear", false, false},
		{"greedy", false, false},
		{"easy", false, false},
		{"random", false, false},
		{"wizard", false, false},
	} {
		if learned, tables := Uses(tc.name); learned != tc.learned || tables != tc.tables {
			t.Errorf("Uses(%q) = %v, %v; want %v, %v", tc.name, learned, tables, tc.learned, tc.tables)
		}
	}
}
