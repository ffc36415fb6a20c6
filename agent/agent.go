// Package agent holds the computer players. Each is written against the
// game contract (package game), so it plays every ruleset: random,
// greedy (one move ahead with the game's evaluation), expectimax (search
// over decision and chance nodes with the exact throw probabilities) and
// mcts (Monte Carlo tree search with sampled throws). Levels is the one
// table of named players (easy ... expert) that New makes. Every player
// is deterministic under its seed, on any machine. ExampleNew and
// ExampleNewExpectimax show the use.
package agent

import (
	"context"
	"math/rand/v2"

	"passage/game"
)

// Agent chooses a move for the side to move in p after throw roll. The
// move is always one of g.Moves(p, roll).
type Agent[P comparable, M comparable] interface {
	Choose(p P, roll int) M
}

// Random chooses uniformly among the legal moves.
type Random[P comparable, M comparable] struct {
	g   game.Game[P, M]
	rng *rand.Rand
	buf []M
}

// NewRandom makes a random player drawing from a PCG seeded with seed.
func NewRandom[P comparable, M comparable](g game.Game[P, M], seed uint64) *Random[P, M] {
	return &Random[P, M]{g: g, rng: rand.New(rand.NewPCG(seed, 0x5eed))}
}

// Choose picks a legal move uniformly.
func (a *Random[P, M]) Choose(p P, roll int) M {
	a.buf = a.g.Moves(p, roll, a.buf[:0])
	return a.buf[a.rng.IntN(len(a.buf))]
}

// Greedy looks one move ahead: it plays the move after which the game's
// evaluation (or the result, when the move ends the game) is best for
// the mover. Ties go to the first such move in canonical order, so it is
// deterministic.
type Greedy[P comparable, M comparable] struct {
	g    game.Game[P, M]
	eval game.Evaluator[P]
	buf  []M
}

// NewGreedy makes a greedy player using eval.
func NewGreedy[P comparable, M comparable](g game.Game[P, M], eval game.Evaluator[P]) *Greedy[P, M] {
	return &Greedy[P, M]{g: g, eval: eval}
}

// Choose plays the best move one move ahead.
func (a *Greedy[P, M]) Choose(p P, roll int) M {
	a.buf = a.g.Moves(p, roll, a.buf[:0])
	return a.best(p, roll, a.buf)
}

// best is the first of moves (legal after throw roll in p) after which
// the evaluation is best for the mover.
func (a *Greedy[P, M]) best(p P, roll int, moves []M) M {
	seat := a.g.ToMove(p)
	best, bestV := moves[0], -1.0
	for _, m := range moves {
		if v := value(a.g, a.eval, a.g.Apply(p, roll, m))[seat]; v > bestV {
			best, bestV = m, v
		}
	}
	return best
}

// value is the result of a finished position or the evaluation of an
// unfinished one.
func value[P comparable, M comparable](g game.Game[P, M], eval game.Evaluator[P], p P) game.Payoffs {
	if g.Over(p) {
		return g.Payoffs(p)
	}
	return eval.Evaluate(p)
}

// TextAgent is a computer player over notation, for programs that see
// positions and moves as strings (the terminal game, the server).
type TextAgent interface {
	// Choose returns the move, in notation, that the player makes in pos
	// after throw roll.
	Choose(pos string, roll int) (string, error)
	// ChooseContext is Choose, given up with ctx's error once ctx ends
	// (a searching player stops its search).
	ChooseContext(ctx context.Context, pos string, roll int) (string, error)
	// ChooseWithHistory is ChooseContext in a game whose history reached
	// gives: how many times the game has been at a position so far
	// (package-level ChooseWithHistory says what the player then avoids).
	ChooseWithHistory(ctx context.Context, pos string, roll int, reached func(pos string) int) (string, error)
}

// Text binds a typed agent to notation.
func Text[P comparable, M comparable](g game.Game[P, M], a Agent[P, M]) TextAgent {
	return textAgent[P, M]{g: g, a: a}
}

type textAgent[P comparable, M comparable] struct {
	g game.Game[P, M]
	a Agent[P, M]
}

func (t textAgent[P, M]) Choose(pos string, roll int) (string, error) {
	return t.ChooseContext(context.Background(), pos, roll)
}

func (t textAgent[P, M]) ChooseContext(ctx context.Context, pos string, roll int) (string, error) {
	return t.ChooseWithHistory(ctx, pos, roll, nil)
}

func (t textAgent[P, M]) ChooseWithHistory(ctx context.Context, pos string, roll int, reached func(pos string) int) (string, error) {
	p, err := t.g.ParsePosition(pos)
	if err != nil {
		return "", err
	}
	// The match checks the position and the throw as it checks a move.
	if _, err := game.NewMatch(t.g, p).Legal(roll); err != nil {
		return "", err
	}
	var seen func(P) int
	if reached != nil {
		seen = func(q P) int { return reached(t.g.FormatPosition(q)) }
	}
	m, err := ChooseWithHistory(ctx, t.g, t.a, p, roll, seen)
	if err != nil {
		return "", err
	}
	return t.g.FormatMove(m), nil
}
