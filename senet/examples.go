package senet

import (
	"fmt"
	"slices"
	"strings"

	"passage/game"
)

// Examples lists the ruleset's examples (game.Example), in the order
// the rules state them, on squares 2-9, which are plain in every ruleset
// (no house, no special square). Which examples a ruleset has follows
// from its variant's data (PairProtects, Passing, BreakTriple,
// WallSize); whether each move is legal, from the move generator. It
// implements game.Exampler.
func (r *Rules) Examples() ([]game.Example, error) {
	v := &r.Variant
	exs := []game.Example{{Kind: "attack", White: []int{4}, Black: []int{7}, Roll: 3, From: 4, To: 7}}
	if v.PairProtects {
		exs = append(exs, game.Example{Kind: "pair", White: []int{4}, Black: []int{7, 8}, Roll: 3, From: 4, To: 7})
	}
	if v.Passing == PassingSpaced {
		exs = append(exs, game.Example{Kind: "pair-pass", Rule: v.BlockRules["pair"], White: []int{4}, Black: []int{6, 7}, Roll: 4, From: 4, To: 8})
	}
	if v.BreakTriple {
		exs = append(exs, game.Example{Kind: "triple", White: []int{4}, Black: []int{6, 7, 8}, Roll: 3, From: 4, To: 7})
	}
	if n := v.WallSize; n > 0 {
		// White just below the wall, throwing one past it to square 8.
		from := 7 - n
		wall := make([]int, n)
		for i := range wall {
			wall[i] = from + 1 + i
		}
		exs = append(exs, game.Example{Kind: "wall", Term: v.WallTerm, Rule: v.BlockRules["wall"], White: []int{from}, Black: wall, Roll: n + 1, From: from, To: 8})
	}
	out := exs[:0]
	for _, ex := range exs {
		if !slices.ContainsFunc(v.Throws, func(o game.Outcome) bool { return o.Roll == ex.Roll }) {
			continue // a throw the ruleset does not have cannot show the rule
		}
		if err := r.settle(&ex); err != nil {
			return nil, err
		}
		out = append(out, ex)
	}
	return out, nil
}

// settle writes ex's position and asks the move generator what its move
// does.
func (r *Rules) settle(ex *game.Example) error {
	board := []byte(strings.Repeat(".", Squares))
	for i, s := range ex.White {
		board[s-1] = 'w'
		if r.BA && i == 0 {
			board[s-1] = 'W' // the BA is a piece like any other here
		}
	}
	for i, s := range ex.Black {
		board[s-1] = 'b'
		if r.BA && i == 0 {
			board[s-1] = 'B'
		}
	}
	ex.Pos = fmt.Sprintf("%s w off=%s%s", board, strings.Repeat("w", r.Pieces-len(ex.White)), strings.Repeat("b", r.Pieces-len(ex.Black)))
	p, err := r.Parse(ex.Pos)
	if err != nil {
		return fmt.Errorf("%s: example %s: %w", r.ID(), ex.Kind, err)
	}
	want := Move{From: int8(ex.From), To: int8(ex.To)}
	for _, m := range r.Moves(p, ex.Roll, nil) {
		if m == want {
			ex.Legal = true
			after := r.Apply(p, ex.Roll, m)
			ex.Swap = strings.ContainsRune("bB", rune(r.Format(after)[ex.From-1]))
		}
	}
	return nil
}
