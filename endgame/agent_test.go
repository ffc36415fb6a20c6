package endgame

import (
	"context"
	"testing"

	"passage/agent"
	"passage/senet"
)

// TestHardPlaysPerfectlyInsideTable: with the table installed as the
// oracle, hard and expert choose, in every position of the class and for
// every throw, a move of the best exact value.
func TestHardPlaysPerfectlyInsideTable(t *testing.T) {
	tab := mustSolve(t, mustClass(t, "senet-jequier", nil, 1))
	checkPlaysPerfectly(t, tab, Layer{1, 1}, 7)
}

// checkPlaysPerfectly installs tab as the oracle and checks that hard
// and expert choose a move of the best exact value for every throw in
// every step-th position of layer l. It returns the number of decisions
// that had a choice of moves.
func checkPlaysPerfectly(t *testing.T, tab *Table, l Layer, step int64) (choices int) {
	t.Helper()
	c, r := tab.Class, tab.Class.Rules
	agent.SetOracles(func(id string) any {
		if id == r.ID() {
			return tab
		}
		return nil
	})
	defer agent.SetOracles(nil)
	for _, level := range []string{"hard", "expert"} {
		a, err := agent.New(r, r, level, 1)
		if err != nil {
			t.Fatal(err)
		}
		start, n := c.Span(l)
		for i := start; i < start+n; i += step {
			p := c.Position(l, i)
			for _, o := range r.Outcomes(p) {
				moves := r.Moves(p, o.Roll, nil)
				best := -1.0
				for _, m := range moves {
					e, _ := tab.Exact(r.Apply(p, o.Roll, m))
					best = max(best, e[senet.White])
				}
				m := a.Choose(p, o.Roll)
				e, ok := tab.Exact(r.Apply(p, o.Roll, m))
				if !ok || e[senet.White] != best {
					t.Fatalf("%s in %s throw %d plays %s worth %v, best %v", level, r.Format(p), o.Roll, m, e[senet.White], best)
				}
				if len(moves) > 1 {
					choices++
				}
			}
		}
	}
	return choices
}

// TestMeasureStrength: the table's own best move is never worse than
// the best, and a random player is.
func TestMeasureStrength(t *testing.T) {
	c := mustClass(t, "senet-jequier", nil, 2)
	tab := mustSolve(t, c)
	agent.SetOracles(func(string) any { return tab })
	perfect, _ := agent.New(c.Rules, c.Rules, "hard", 1)
	agent.SetOracles(nil)
	s, err := tab.MeasureStrength(context.Background(), "perfect", perfect, 300, 1)
	if err != nil || s.Decisions != 300 || s.NonOptimal != 0 || s.MeanLoss != 0 || s.Over != [len(LossThresholds)]int{} {
		t.Fatalf("the table's own choice: %+v", s)
	}
	rnd, _ := tab.MeasureStrength(context.Background(), "random", agent.NewRandom(c.Rules, 1), 300, 1)
	if rnd.NonOptimal == 0 || rnd.MeanLoss <= 0 {
		t.Fatalf("random: %+v", rnd)
	}
	// The shares over the thresholds: fewer the higher the threshold,
	// never more than the non-optimal decisions, and a random player
	// loses an inaccuracy's worth now and then.
	if o := rnd.Over; o[0] > rnd.NonOptimal || o[1] > o[0] || o[1] == 0 {
		t.Fatalf("random: losses over %v: %v of %d non-optimal", LossThresholds, o, rnd.NonOptimal)
	}
	if again, _ := tab.MeasureStrength(context.Background(), "random", agent.NewRandom(c.Rules, 1), 300, 1); again != rnd {
		t.Fatalf("not reproducible: %+v then %+v", rnd, again)
	}
}

// TestMeasureStrengthNoChoice: with one piece a side every move is
// forced, which is reported rather than looped on.
func TestMeasureStrengthNoChoice(t *testing.T) {
	tab := mustSolve(t, mustClass(t, "senet-jequier", nil, 1))
	if _, err := tab.MeasureStrength(context.Background(), "random", agent.NewRandom(tab.Class.Rules, 1), 10, 1); err == nil {
		t.Fatal("no error without choices")
	}
}

// cancelAfter is a player that cancels a measurement at its nth choice.
type cancelAfter struct {
	Chooser
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Choose(p senet.Position, roll int) senet.Move {
	if c.n--; c.n == 0 {
		c.cancel()
	}
	return c.Chooser.Choose(p, roll)
}

// TestMeasureStrengthInterrupted: a cancelled measurement returns the
// decisions measured so far, the same as a measurement of that many.
func TestMeasureStrengthInterrupted(t *testing.T) {
	c := mustClass(t, "senet-jequier", nil, 2)
	tab := mustSolve(t, c)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	player := &cancelAfter{Chooser: agent.NewRandom(c.Rules, 1), n: 40, cancel: cancel}
	part, err := tab.MeasureStrength(ctx, "random", player, 300, 1)
	if err != ErrInterrupted || part.Decisions != 40 {
		t.Fatalf("interrupted at the 40th choice: %+v, %v", part, err)
	}
	full, err := tab.MeasureStrength(context.Background(), "random", agent.NewRandom(c.Rules, 1), 40, 1)
	if err != nil || full != part {
		t.Fatalf("the first 40 decisions: %+v (%v), interrupted there: %+v", full, err, part)
	}
}
