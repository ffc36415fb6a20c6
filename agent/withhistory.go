package agent

import (
	"context"

	"passage/game"
)

// Repeats is how often a game that can go on for ever (game.Prolonger)
// may reach a position before a computer player stops moving to it:
// a move to a position the game has reached Repeats times already is
// avoided whenever another move is legal.
//
// Why: where the rules let a side hold the other for ever (Apokrif's
// 26, A23), endless play wins nothing for either side, yet a search
// whose evaluation of the hold is higher than of any release keeps the
// hold for ever; in a match between the search players a third of the
// games never ended (docs/strength.md). The evaluation cannot see it,
// since the position alone does not tell a hold kept for ever from one
// kept for a turn; the game's history does. With Repeats at 2 the
// holder may still wait some turns for a throw that releases well
// (each position of its waiting may come twice), but not for ever: the
// positions of a hold are few, so they wear out and the holder moves on.
const Repeats = 2

// ChooseWithHistory is ChooseContext for a player in a game whose
// history is known: reached(q) is how many times the game has been at
// position q (its start and the position after every move; see
// History). Where the game can be prolonged for ever (game.Prolonger),
// a move to a position reached Repeats times already is avoided, unless
// every legal move is such a move; the player then chooses among the
// others as it would among all (searching players search only those at
// the root). Elsewhere, or with reached nil, it is ChooseContext.
func ChooseWithHistory[P comparable, M comparable](ctx context.Context, g game.Game[P, M], a Agent[P, M], p P, roll int, reached func(P) int) (M, error) {
	avoid := Worn(g, p, roll, reached)
	if avoid == nil {
		return ChooseContext(ctx, a, p, roll)
	}
	return chooseAvoiding(ctx, g, a, p, roll, avoid)
}

// chooseAvoiding asks a for its move in p after roll with the moves
// avoid reports left out (at least one move is left): a player that can
// choose among the rest does (avoider); any other gives its move, and
// the first move left replaces it if it is avoided.
func chooseAvoiding[P comparable, M comparable](ctx context.Context, g game.Game[P, M], a Agent[P, M], p P, roll int, avoid func(M) bool) (M, error) {
	if err := ctx.Err(); err != nil {
		var zero M
		return zero, err
	}
	if av, ok := a.(avoider[P, M]); ok {
		return av.chooseAvoiding(ctx, p, roll, avoid)
	}
	m, err := ChooseContext(ctx, a, p, roll)
	if err != nil || !avoid(m) {
		return m, err
	}
	for _, m := range g.Moves(p, roll, nil) {
		if !avoid(m) {
			return m, nil
		}
	}
	panic("agent: every move avoided") // Worn leaves at least one
}

// Worn is the set of p's moves after roll that lead to a position
// reached Repeats times already, as a test, or nil when there is nothing
// to avoid: the game cannot be prolonged, reached is nil, no move is
// worn, or every one is. Game review (package analysis) takes its best
// move among the others, as the players do.
func Worn[P comparable, M comparable](g game.Game[P, M], p P, roll int, reached func(P) int) func(M) bool {
	if reached == nil {
		return nil
	}
	if !game.CanProlong(g) {
		return nil
	}
	moves := g.Moves(p, roll, nil)
	worn := make(map[M]bool)
	for _, m := range moves {
		if reached(g.Apply(p, roll, m)) >= Repeats {
			worn[m] = true
		}
	}
	if len(worn) == 0 || len(worn) == len(moves) {
		return nil
	}
	return func(m M) bool { return worn[m] }
}

// avoider is a player that can choose as it would while leaving out the
// moves avoid reports (at least one move is left).
type avoider[P comparable, M comparable] interface {
	chooseAvoiding(ctx context.Context, p P, roll int, avoid func(M) bool) (M, error)
}

// without is moves less those avoid reports, in order, in buf.
func without[M comparable](moves []M, avoid func(M) bool, buf []M) []M {
	buf = buf[:0]
	for _, m := range moves {
		if !avoid(m) {
			buf = append(buf, m)
		}
	}
	return buf
}

func (a *Random[P, M]) chooseAvoiding(_ context.Context, p P, roll int, avoid func(M) bool) (M, error) {
	a.buf = without(a.g.Moves(p, roll, a.buf[:0]), avoid, a.buf[:0])
	return a.buf[a.rng.IntN(len(a.buf))], nil
}

func (a *Greedy[P, M]) chooseAvoiding(_ context.Context, p P, roll int, avoid func(M) bool) (M, error) {
	a.buf = without(a.g.Moves(p, roll, a.buf[:0]), avoid, a.buf[:0])
	return a.best(p, roll, a.buf), nil
}

// chooseAvoiding draws its noise as Choose does, then plays at random or
// greedily among the moves left.
func (a *noisy[P, M]) chooseAvoiding(ctx context.Context, p P, roll int, avoid func(M) bool) (M, error) {
	if a.rng.Float64() < a.p {
		a.buf = without(a.g.Moves(p, roll, a.buf[:0]), avoid, a.buf[:0])
		return a.buf[a.rng.IntN(len(a.buf))], nil
	}
	return a.Greedy.chooseAvoiding(ctx, p, roll, avoid)
}

// chooseAvoiding searches as ChooseContext does with the avoided moves
// left out at the root only: deeper in the tree the search does not
// know the game's history, and the positions there are hypothetical.
func (a *Expectimax[P, M]) chooseAvoiding(ctx context.Context, p P, roll int, avoid func(M) bool) (M, error) {
	a.avoid = avoid
	defer func() { a.avoid = nil }()
	return a.ChooseContext(ctx, p, roll)
}

// avoided reports whether the root move m is left out (chooseAvoiding).
func (a *Expectimax[P, M]) avoided(m M) bool { return a.avoid != nil && a.avoid(m) }

// firstKept is the first root move not left out, the search's answer
// should no value beat -1 (a NaN from an evaluation).
func (a *Expectimax[P, M]) firstKept(kids []child[P, M]) M {
	for _, k := range kids {
		if !a.avoided(k.move) {
			return k.move
		}
	}
	panic("agent: every root move avoided") // Worn leaves at least one
}

// chooseAvoiding searches the moves left only.
func (a *MCTS[P, M]) chooseAvoiding(_ context.Context, p P, roll int, avoid func(M) bool) (M, error) {
	return a.among(p, roll, without(a.g.Moves(p, roll, nil), avoid, nil)), nil
}

// chooseAvoiding plays the best of the moves left by their exact values
// inside the tables, and asks the fallback to avoid the same elsewhere.
func (a *perfect[P, M]) chooseAvoiding(ctx context.Context, p P, roll int, avoid func(M) bool) (M, error) {
	if m, ok := a.exactBest(p, roll, avoid); ok {
		return m, nil
	}
	return chooseAvoiding(ctx, a.g, a.fallback, p, roll, avoid)
}
