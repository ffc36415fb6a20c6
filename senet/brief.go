package senet

import (
	"slices"

	"passage/game"
)

// Brief sums the ruleset up for its rules page's "in brief" box
// (game.Brief), from the fields move generation reads.
func (v *Variant) Brief() game.Brief {
	b := game.Brief{
		Sticks:       len(sticks16) - 1,              // the sticks thrown (J3)
		NoneUp:       v.Throws[len(v.Throws)-1].Roll, // stickThrows: no marked side last
		Pieces:       v.Pieces,
		Squares:      Squares,
		Enter:        v.EnterThrow,
		EnterBonus:   v.EnterBonus,
		ExtraRolls:   1,
		ExtraSquares: squareList(v.ExtraSquares),
		BonusSquares: squareList(v.BonusHouses),
		Capture:      "swap",
		Pair:         v.PairProtects,
		BreakTriple:  v.BreakTriple,
		Wall:         v.WallSize,
		Safe:         squareList(v.Safe),
		Goal:         "off",
		BA:           v.BA,             // S6
		BAGate:       v.BAGatesBearOff, // S20
		Houses:       v.Houses(),
		Spaced:       v.Passing == PassingSpaced, // A8
	}
	if v.OpeningSquare != 0 {
		b.OpeningSquare, b.OpeningSeat = v.OpeningSquare, White // J4
	}
	if v.BearOff == BearOffLastRow {
		// J14; under an exact bearing off (S20, A24) a larger throw is
		// said with the throws that bear off.
		b.Overshoot = map[Overshoot]string{OvershootBounce: "bounce", OvershootBlock: "block"}[v.Overshoot]
	}
	if v.BearOff == BearOffExact {
		// S20: a piece on s bears off with exactly 31 - s; no piece
		// rests on the water (S17).
		for s := 1; s <= Squares; s++ {
			if s != Water && slices.ContainsFunc(v.Throws, func(o game.Outcome) bool { return o.Roll == OffSq-s }) {
				b.ExactOff = append(b.ExactOff, game.OffThrow{Square: s, Throw: OffSq - s})
			}
		}
	}
	for _, o := range v.Throws {
		if v.ExtraThrow&(1<<o.Roll) != 0 {
			b.Extra = append(b.Extra, o.Roll)
		}
	}
	switch v.Backward {
	case BackwardWhenNoForward:
		b.Backward = "any"
	case BackwardPerPiece:
		b.Backward = "piece"
	}
	return b
}

// squareList lists the squares whose bits are set in m, in order.
func squareList(m uint32) []int {
	var out []int
	for s := 1; s <= Squares; s++ {
		if m&(1<<s) != 0 {
			out = append(out, s)
		}
	}
	return out
}
