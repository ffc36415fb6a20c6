package senet

// Apokrif is Senet as reconstructed in the Russian magazine "Apokrif"
// no. 85 (2015): rules A1-A24 of docs/rules/senet-apokrif.md. Seed 003 is a fragment
// (rules 6-21: A6-A22); the start, throws, opening, the stop on 26 and
// the exit (A1-A5, A23, A24) are completed from Kendall's system (1978),
// on which the magazine says its rules are based. Option pieces=5|7
// (A2, A4).
var Apokrif = Variant{
	Name:           "senet-apokrif",
	Title:          "Senet after the magazine Apokrif (Kendall)",
	Pieces:         5,                                      // A2
	Setup:          apokrifSetup[5],                        // A2 then A4: 10 to 11
	Start:          apokrifStart[5],                        // A4: White throws again
	Throws:         stickThrows(5),                         // A3
	ExtraThrow:     1<<1 | 1<<4 | 1<<5,                     // A5
	Passing:        PassingSpaced,                          // A8
	PairProtects:   true,                                   // A12
	BreakTriple:    true,                                   // A13
	WallSize:       4,                                      // A14
	Safe:           squares(1, 15, 16, 26, 27, 28, 29, 30), // A21
	Backward:       BackwardPerPiece,                       // A16
	ExtraSquares:   squares(15),                            // A20
	Drown:          DrownReturnDown,                        // A22
	Return:         15,                                     // A20, A22
	CompulsoryStop: 26,                                     // A23
	Overshoot:      OvershootBlock,                         // A24: not a forward move
	BearOff:        BearOffKendall,                         // A24
	keys:           keyOff,
	// A21: the eight Houses, as Russian Senet sources name them.
	HouseNames: map[int]HouseName{
		1: {"House of Thoth", "☥"}, 15: {"House of Rebirth", "☀"}, 16: {"House of the Net", "#"},
		26: {"House of Beauty", "☆"}, 27: {"House of Water", "≈"}, 28: {"House of the Three Truths", "Ⅲ"},
		29: {"House of the Ba", "Ⅱ"}, 30: {"House of Rejuvenation", "☉"},
	},
	HouseRules: map[string]string{
		"safe": "A21", "water": "A22", "return": "A22", "extra": "A20", "stop": "A23", "bearoff": "A24",
	},
	BlockRules: map[string]string{"wall": "A14", "pair": "A8"},
	TouchMove:  "A18",
}

// apokrifSetup and apokrifStart are the boards and initial positions for
// option pieces=5|7: the pieces alternate from square 1, Black first
// (A2), and White's front piece has made the opening 1 (A4), which gives
// White another throw (A5).
var (
	apokrifSetup = map[int]string{
		5: "bwbwbwbwb.w...................",
		7: "bwbwbwbwbwbwb.w...............",
	}
	apokrifStart = map[int]string{
		5: apokrifSetup[5] + " w",
		7: apokrifSetup[7] + " w",
	}
)

// setApokrifPieces applies option pieces=5|7 (A2, A4).
func setApokrifPieces(v *Variant, val string) {
	n := map[string]int{"5": 5, "7": 7}[val]
	v.Pieces, v.Setup, v.Start = n, apokrifSetup[n], apokrifStart[n]
}
