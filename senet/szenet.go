package senet

// Szenet is "Szenet, az átkelés játéka" (the game of crossing) with the
// distinguished BA piece, from seed 000 (Hungarian); rules S1-S22 of
// docs/rules/senet-szenet.md. It has no options.
//
// All ten pieces start off the board and enter on square 1 with a throw
// of 1 (S2, S6); the houses 10, 15, 16, 20, 26 and 27 have effects
// (S12-S17); pieces bear off by an exact throw (S20), gated by the BA.
var Szenet = Variant{
	Name:           "senet-szenet",
	Title:          "Szenet, the game of crossing (with the BA)",
	Pieces:         5,                                                  // four ordinary pieces and the BA
	BA:             true,                                               // S6-S21
	Setup:          "..............................",                   // S2
	Start:          ".............................. w hand=wwwwWbbbbB", // S2, S4
	Throws:         stickThrows(5),                                     // S3
	ExtraThrow:     0,                                                  // S5: only bonus throws
	PairProtects:   true,                                               // S10
	WallSize:       3,                                                  // S11
	WallTerm:       "unit",                                             // S11
	Safe:           squares(1, 15, 26, 28, 29, 30),                     // S9, S12, S14, S16, S18, S19
	Backward:       BackwardNone,                                       // S7
	Drown:          DrownToHand,                                        // S17
	Overshoot:      OvershootBlock,                                     // S20: a larger throw is lost
	BearOff:        BearOffExact,                                       // S1, S20
	EnterThrow:     1,                                                  // S6
	EnterBonus:     true,                                               // S6
	BAGatesBearOff: true,                                               // S20
	SkipHouses:     squares(10, 20),                                    // S13
	BonusHouses:    squares(15, 26),                                    // S14, S16
	SleepHouses:    squares(16),                                        // S15
	JumpFrom:       26,                                                 // S16
	MustLeave:      squares(1, 15, 26, 28, 29, 30),                     // S19
	keys:           keyHand | keyOff | keySkip | keyBonus | keyAsleep,
	HouseNames: map[int]HouseName{
		1: {"House of Thoth", "☥"}, 10: {"", "✕"}, 15: {"House of Renewal", "☀"},
		16: {"House of Oblivion", "☾"}, 20: {"", "✕"}, 26: {"House of Good", "☆"},
		27: {"House of Water", "≈"}, 28: {"", "◆"}, 29: {"", "◆"}, 30: {"", "◆"},
	},
	HouseRules: map[string]string{
		"safe": "S19", "water": "S17", "enter": "S6, S12", "bonus": "S14, S16", "skip": "S13",
		"sleep": "S15", "jump": "S16", "leave": "S19",
	},
	BlockRules: map[string]string{"wall": "S11", "ba-waits": "S20", "pieces-wait": "S20", "needs-throw": "S6"},
}
