package agent

import (
	"context"
	"math/rand/v2"
	"testing"

	"passage/game"
	"passage/ludo"
	"passage/senet"
)

// historyPlayers make one player of each kind, each with its own way of
// choosing among the moves left.
func historyPlayers(g *senet.Rules) map[string]func() Agent[senet.Position, senet.Move] {
	return map[string]func() Agent[senet.Position, senet.Move]{
		"random": func() Agent[senet.Position, senet.Move] { return NewRandom(g, 3) },
		"greedy": func() Agent[senet.Position, senet.Move] { return NewGreedy(g, g) },
		"easy":   func() Agent[senet.Position, senet.Move] { a, _ := New(g, g, "easy", 3); return a },
		"exp2":   func() Agent[senet.Position, senet.Move] { return NewExpectimax(g, g, ExpectimaxConfig{Depth: 2}) },
		"mcts":   func() Agent[senet.Position, senet.Move] { return NewMCTS(g, g, MCTSConfig{Iterations: 50, Seed: 1}) },
	}
}

// wornOnly is a history in which only position q was reached, Repeats
// times.
func wornOnly[P comparable](q P) func(P) int {
	return func(k P) int {
		if k == q {
			return Repeats
		}
		return 0
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

// TestChooseWithHistoryAvoidsWornMoves: in Apokrif, which can be prolonged for
// ever, a player told that the position its move leads to was reached
// twice already plays another move; told the same of every move, or of
// none, it plays its own choice. In Jéquier, which cannot be prolonged,
// the history changes nothing.
func TestChooseWithHistoryAvoidsWornMoves(t *testing.T) {
	ctx := context.Background()
	const pos = "w.b.w.b.w.b.w.b.w.b........... w"
	for _, rules := range []string{"senet-apokrif", "senet-jequier"} {
		g := senet.MustNew(rules, nil)
		p, roll, moves := choiceOf(t, g, pos)
		for name, mk := range historyPlayers(g) {
			own := mk().Choose(p, roll)
			worn := g.Apply(p, roll, own)
			onlyOwn := wornOnly(worn)
			m, err := ChooseWithHistory(ctx, g, mk(), p, roll, onlyOwn)
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
				if m, _ := ChooseWithHistory(ctx, g, mk(), p, roll, reached); m != own {
					t.Errorf("%s, %s, %s: played %v, want its own choice %v", rules, name, label, m, own)
				}
			}
		}
	}
}

// TestChooseWithHistoryGreedyAmongRest: greedy, told to avoid its move, plays
// the best of the others by its evaluation.
func TestChooseWithHistoryGreedyAmongRest(t *testing.T) {
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
	got, _ := ChooseWithHistory(context.Background(), g, a, p, roll, wornOnly(g.Apply(p, roll, own)))
	if got != want {
		t.Fatalf("played %v, want %v, the best of the moves left", got, want)
	}
}

// TestTextChooseWithHistory: the notation binding reads the history by the
// positions' notation.
func TestTextChooseWithHistory(t *testing.T) {
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
	got, err := a.ChooseWithHistory(context.Background(), pos, roll, wornOnly(worn))
	if err != nil {
		t.Fatal(err)
	}
	if got == own {
		t.Fatalf("played %s again, which leads to %s, reached %d times", got, worn, Repeats)
	}
	if _, err := a.ChooseWithHistory(context.Background(), "not a position", roll, nil); err == nil {
		t.Fatal("a bad position gave no error")
	}
}

// TestEasyKeepsItsNoise: easy, told to avoid a move, still plays a
// random move at times rather than always greedy's.
func TestEasyKeepsItsNoise(t *testing.T) {
	g := senet.MustNew("senet-apokrif", nil)
	p, roll, _ := choiceOf(t, g, "w.b.w.b.w.b.w.b.w.b........... w")
	a, err := New(g, g, "easy", 7)
	if err != nil {
		t.Fatal(err)
	}
	own := NewGreedy(g, g).Choose(p, roll)
	played := map[senet.Move]bool{}
	for range 100 {
		m, _ := ChooseWithHistory(context.Background(), g, a, p, roll, wornOnly(g.Apply(p, roll, own)))
		played[m] = true
	}
	if len(played) < 2 || played[own] {
		t.Fatalf("easy played %v in 100 decisions avoiding %v: want several moves, never the avoided one", played, own)
	}
}

// TestSearchBestOfRest: the search, told to avoid its move, plays a move
// whose value is the best of the others' (each valued as the search
// values a position one throw less deep).
func TestSearchBestOfRest(t *testing.T) {
	g := senet.MustNew("senet-apokrif", nil)
	p, roll, moves := choiceOf(t, g, "w.b.w.b.w.b.w.b.w.b........... w")
	a := NewExpectimax(g, g, ExpectimaxConfig{Depth: 2})
	own := a.Choose(p, roll)
	worn := g.Apply(p, roll, own)
	got, err := ChooseWithHistory(context.Background(), g, a, p, roll, wornOnly(worn))
	if err != nil {
		t.Fatal(err)
	}
	valuer := NewExpectimax(g, g, ExpectimaxConfig{Depth: 1})
	seat := g.ToMove(p)
	best := -1.0
	for _, m := range moves {
		if q := g.Apply(p, roll, m); q != worn {
			best = max(best, valuer.Value(q, seat))
		}
	}
	if v := valuer.Value(g.Apply(p, roll, got), seat); v != best {
		t.Fatalf("played %v worth %v; the best of the moves left is worth %v", got, v, best)
	}
}

// forever is a game marked as able to go on for ever, to test the rule
// on games that are not.
type forever[P comparable, M comparable] struct{ game.Game[P, M] }

func (forever[P, M]) Prolongable() bool { return true }

// TestMaxNAvoids: max-n's root leaves the avoided moves out too (four
// seats of kinevet, marked as a game that can go on for ever).
func TestMaxNAvoids(t *testing.T) {
	k := ludo.MustNew("kinevet", nil)
	g := forever[ludo.Position, ludo.Move]{k}
	a := NewExpectimax[ludo.Position, ludo.Move](g, k, ExpectimaxConfig{Depth: 2, MaxN: true})
	checked := 0
	rng := rand.New(rand.NewPCG(1, 2))
	p := g.Start()
	for i := 0; i < 400 && !g.Over(p); i++ {
		roll := game.Sample(g.Outcomes(p), rng)
		own := a.Choose(p, roll)
		if len(g.Moves(p, roll, nil)) > 1 {
			worn := g.Apply(p, roll, own)
			m, err := ChooseWithHistory(context.Background(), g, a, p, roll, wornOnly(worn))
			if err != nil {
				t.Fatal(err)
			}
			if g.Apply(p, roll, m) == worn {
				t.Fatalf("at %s after %d: played %v again", g.FormatPosition(p), roll, m)
			}
			checked++
		}
		p = g.Apply(p, roll, own)
	}
	if checked < 10 {
		t.Fatalf("only %d decisions with a choice", checked)
	}
}

// everywhere is an oracle that takes the game's evaluation for exact.
type everywhere[P comparable] struct{ eval game.Evaluator[P] }

func (o everywhere[P]) Exact(p P) (game.Payoffs, bool) { return o.eval.Evaluate(p), true }

// TestPerfectAvoids: the player that plays by the tables, told to avoid
// its move, plays the move with the best exact value among the others.
func TestPerfectAvoids(t *testing.T) {
	g := senet.MustNew("senet-apokrif", nil)
	p, roll, moves := choiceOf(t, g, "w.b.w.b.w.b.w.b.w.b........... w")
	a := &perfect[senet.Position, senet.Move]{g: g, o: everywhere[senet.Position]{g}, fallback: NewRandom(g, 1)}
	own := a.Choose(p, roll)
	worn := g.Apply(p, roll, own)
	got, err := ChooseWithHistory(context.Background(), g, a, p, roll, wornOnly(worn))
	if err != nil {
		t.Fatal(err)
	}
	seat := g.ToMove(p)
	best := -1.0
	for _, m := range moves {
		if q := g.Apply(p, roll, m); q != worn {
			best = max(best, g.Evaluate(q)[seat])
		}
	}
	if v := g.Evaluate(g.Apply(p, roll, got))[seat]; v != best || g.Apply(p, roll, got) == worn {
		t.Fatalf("played %v worth %v; the best of the moves left is worth %v", got, v, best)
	}
}

// TestHistoryWindow: a History counts the last HistoryWindow positions
// only, so a game that goes on for ever keeps a bounded history.
func TestHistoryWindow(t *testing.T) {
	h := NewHistory(-1)
	for i := range HistoryWindow + 10 {
		h.Add(i % (HistoryWindow / 2))
	}
	// -1 and 0-9 once each have left the window.
	if h.Reached(-1) != 0 || h.Reached(5) != 2 || h.Reached(15) != 2 || len(h.counts) != HistoryWindow/2 {
		t.Fatalf("reached -1 %d, 5 %d, 15 %d, %d positions; want 0, 2, 2, %d", h.Reached(-1), h.Reached(5), h.Reached(15), len(h.counts), HistoryWindow/2)
	}
	var none *History[int]
	if none.Func() != nil {
		t.Fatal("a nil history gave a function")
	}
}

// opaque hides a player's way of choosing among some moves, to test the
// rule for players that have none.
type opaque[P comparable, M comparable] struct{ a Agent[P, M] }

func (o opaque[P, M]) Choose(p P, roll int) M { return o.a.Choose(p, roll) }

// TestOpaquePlayerReplaced: a player that cannot choose among a subset
// has an avoided move replaced by the first move left.
func TestOpaquePlayerReplaced(t *testing.T) {
	g := senet.MustNew("senet-apokrif", nil)
	p, roll, moves := choiceOf(t, g, "w.b.w.b.w.b.w.b.w.b........... w")
	a := opaque[senet.Position, senet.Move]{NewGreedy(g, g)}
	own := a.Choose(p, roll)
	worn := g.Apply(p, roll, own)
	var want senet.Move
	for _, m := range moves {
		if g.Apply(p, roll, m) != worn {
			want = m
			break
		}
	}
	if got, _ := ChooseWithHistory(context.Background(), g, Agent[senet.Position, senet.Move](a), p, roll, wornOnly(worn)); got != want {
		t.Fatalf("played %v, want %v, the first move left", got, want)
	}
}
