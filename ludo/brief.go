package ludo

import (
	"math/bits"

	"passage/game"
)

// Brief sums the ruleset up for its rules page's "in brief" box
// (game.Brief), from the fields move generation reads.
func (v *Variant) Brief() game.Brief {
	b := game.Brief{
		Pieces:      Pieces,
		Squares:     TrackLen,
		Enter:       Six,        // K3
		Extra:       []int{Six}, // K4
		ExtraRolls:  v.SixRolls, // K4, H2
		Tries:       v.Tries,    // K8, H5
		Capture:     "home",     // K6
		Goal:        "home",     // K9
		PlayOn:      v.Finish == FinishAll,
		GoalSquares: GoalLen,                        // K7
		GoalBounce:  v.Overshoot == OvershootBounce, // H4
		GoalJump:    v.GoalJump,                     // K7 goal-jump=on
		Sixes:       v.SixesLimit,                   // H3
	}
	for m := v.Safe; m != 0; m &= m - 1 {
		b.Safe = append(b.Safe, bits.TrailingZeros64(m)) // H1
	}
	return b
}
