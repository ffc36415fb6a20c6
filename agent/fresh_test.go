package agent

import (
	"context"
	"testing"

	"passage/game"
	"passage/senet"
)

// freshPlayers make one player of each kind ChooseFresh treats apart:
// its own choice among the moves left (random, greedy, both searches)
// or the generic replacement (mcts).
func freshPlayers(g *senet.Rules) map[string]func() Agent[senet.Position, senet.Move] {
	return map[string]func() Agent[senet.Position, senet.Move]{
		"random": func() Agent[senet.Position, senet.Move] { return NewRandom(g, 3) },
		"greedy": func() Agent[senet.Position, senet.Move] { return NewGreedy(g, g) },
		"exp2":   func() Agent[senet.Position, senet.Move] { return NewExpectimax(g, g, ExpectimaxConfig{Depth: 2}) },
		"exp2-maxn": func() Agent[senet.Position, senet.Move] {
			return NewExpectimax(g, g, ExpectimaxConfig{Depth: 2, MaxN: true})
		},
		"mcts": func() Agent[senet.Position, senet.Move] { return NewMCTS(g, g, MCTSConfig{Iterations: 50, Seed: 1}) },
	}
}

// choiceOf is a position of g after a throw with at least three moves.
func choiceOf(t *testing.T, g *senet.Rules, pos string) (senet.Position, int, []senet.Move) {
	t.Helper()
	p, err := g.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range g.Outcomes(p) {
		if moves := g.Moves(p, o.Roll, nil); len(moves) >= 3 {
			return p, o.Roll, moves
		}
	}
	t.Fatalf("no throw gives three moves at %s", pos)
	return p, 0, nil
}

// TestChooseFreshAvoidsWornMoves: in Apokrif, which can be prolonged for
// ever, a player told that the position its move leads to was reached
// twice already plays another move; told the same of every move, or of
// none, it plays its own choice. In Jéquier, which cannot be prolonged,
// the history changes nothing.
func TestChooseFreshAvoidsWornMoves(t *testing.T) {
	ctx := context.Background()
	const pos = "w.b.w.b.w.b.w.b.w.b........... w"
	for _, rules := range []string{"senet-apokrif", "senet-jequier"} {
		g := senet.MustNew(rules, nil)
		p, roll, moves := choiceOf(t, g, pos)
		for name, mk := range freshPlayers(g) {
			own := mk().Choose(p, roll)
			worn := g.Apply(p, roll, own)
			onlyOwn := func(q senet.Position) int {
				if q == worn {
					return Repeats
				}
				return 0
			}
			m, err := ChooseFresh(ctx, g, mk(), p, roll, onlyOwn)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case rules == "senet-jequier" && m != own:
				t.Errorf("%s, %s: history changed the move from %v to %v where the game cannot be prolonged", rules, name, own, m)
			case rules == "senet-apokrif" && g.Apply(p, roll, m) == worn:
				t.Errorf("%s, %s: played %v, which leads to a position reached %d times, with %d moves legal", rules, name, m, Repeats, len(moves))
			}
			for label, reached := range map[string]func(senet.Position) int{
				"every move worn": func(senet.Position) int { return Repeats },
				"once too few":    func(q senet.Position) int { return onlyOwn(q) - 1 },
				"no history":      nil,
			} {
				if m, _ := ChooseFresh(ctx, g, mk(), p, roll, reached); m != own {
					t.Errorf("%s, %s, %s: played %v, want its own choice %v", rules, name, label, m, own)
				}
			}
		}
	}
}

// TestChooseFreshGreedyAmongRest: greedy, told to avoid its move, plays
// the best of the others by its evaluation.
func TestChooseFreshGreedyAmongRest(t *testing.T) {
	g := senet.MustNew("senet-apokrif", nil)
	p, roll, moves := choiceOf(t, g, "w.b.w.b.w.b.w.b.w.b........... w")
	a := NewGreedy(g, g)
	own := a.Choose(p, roll)
	var rest []senet.Move
	for _, m := range moves {
		if m != own && g.Apply(p, roll, m) != g.Apply(p, roll, own) {
			rest = append(rest, m)
		}
	}
	want := a.best(p, roll, rest)
	worn := g.Apply(p, roll, own)
	got, _ := ChooseFresh(context.Background(), g, a, p, roll, func(q senet.Position) int {
		if q == worn {
			return Repeats
		}
		return 0
	})
	if got != want {
		t.Fatalf("played %v, want %v, the best of the moves left", got, want)
	}
}

// TestTextChooseFresh: the notation binding reads the history by the
// positions' notation.
func TestTextChooseFresh(t *testing.T) {
	g := senet.MustNew("senet-apokrif", nil)
	p, roll, _ := choiceOf(t, g, "w.b.w.b.w.b.w.b.w.b........... w")
	a := Text(g, NewGreedy(g, g))
	pos := g.FormatPosition(p)
	own, err := a.Choose(pos, roll)
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.ParseMove(own)
	if err != nil {
		t.Fatal(err)
	}
	worn := g.FormatPosition(g.Apply(p, roll, m))
	got, err := a.ChooseFresh(context.Background(), pos, roll, func(q string) int {
		if q == worn {
			return Repeats
		}
		return 0
	})
	if err != nil {
		t.Fatal(err)
	}
	if got == own {
		t.Fatalf("played %s again, which leads to %s, reached %d times", got, worn, Repeats)
	}
	if _, err := a.ChooseFresh(context.Background(), "not a position", roll, nil); err == nil {
		t.Fatal("a bad position gave no error")
	}
}

var _ game.Prolonger = (*senet.Rules)(nil)
