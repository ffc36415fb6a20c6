package senet

import "passage/game"

// Board geometry shared by every Senet ruleset (J1, S1, A1).
const (
	Squares = 30 // squares on the board, numbered 1-30
	OffSq   = 31 // "off the board" as a destination
	Water   = 27 // the House of Water; no piece ever rests here
)

// Backward says when a piece may move backward.
type Backward uint8

const (
	// BackwardNone: pieces only move forward.
	BackwardNone Backward = iota
	// BackwardWhenNoForward: if no piece can move forward, one piece must
	// move backward to an empty square (Jéquier J10).
	BackwardWhenNoForward
	// BackwardPerPiece: each piece that has no legal forward move moves
	// backward by the throw instead, by the same rules as forward (passing,
	// attack, safe squares), so every piece has at most one move (Apokrif
	// A16).
	BackwardPerPiece
)

// Overshoot says what happens to a forward move whose throw would carry a
// piece past square 30 outside bearing off.
type Overshoot uint8

const (
	// OvershootBlock: such a move is impossible (J14, overshoot=block).
	OvershootBlock Overshoot = iota
	// OvershootBounce: count up to 30 and back down by the rest
	// (J14, overshoot=bounce).
	OvershootBounce
)

// BearOff says when and how pieces leave the board.
type BearOff uint8

const (
	// BearOffLastRow: once all of a side's pieces on the board stand in
	// 21-30, a move that ends exactly on 30 bears the piece off, and a
	// piece already on 30 leaves with any throw (Jéquier J13).
	BearOffLastRow BearOff = iota
	// BearOffExact: a piece on square s bears off with a throw of exactly
	// 31 - s, passing squares s+1..30 (no opponent unit there); a larger
	// throw does not bear it off (Szenet S1, S20).
	BearOffExact
	// BearOffKendall: Kendall's exit (Apokrif A24). With no condition on
	// the other pieces, a forward move that would end exactly one square
	// past 30 bears the piece off, passing the squares up to 30, and a
	// piece on 30 leaves with any throw; a longer throw is not a forward
	// move. With CompulsoryStop 26: 26 needs a 5, 28 a 3, 29 a 2, 30
	// anything.
	BearOffKendall
)

// Drown says where a piece that ends a move on the House of Water goes.
type Drown uint8

const (
	// DrownReturnUp: to the variant's Return square or, if occupied, the
	// first empty square after it (Jéquier J11).
	DrownReturnUp Drown = iota
	// DrownToHand: the piece leaves the board and waits to enter again; a
	// drowned BA drags every piece of its owner on the board along, while
	// pieces already borne off stay off (Szenet S17).
	DrownToHand
	// DrownReturnDown: to the variant's Return square or, if occupied, the
	// first empty square before it (Apokrif A22: 15, 14, 13, ...).
	DrownReturnDown
)

// Passing says which pieces a moving piece may pass over.
type Passing uint8

const (
	// PassingWalls: any piece except those in a wall (WallSize) may be
	// passed over (Jéquier J6, J9).
	PassingWalls Passing = iota
	// PassingSpaced: pieces of either colour may be passed over only one
	// at a time: the squares passed over (strictly between start and
	// destination) never include two adjacent occupied squares (Apokrif
	// A8). Walls still apply.
	PassingSpaced
)

// Variant is a Senet ruleset as data. Move generation reads these fields
// and never looks at the name. Each field cites the rule it encodes.
type Variant struct {
	Name  string // ruleset ID without options
	Title string // short human name

	// Pieces each side owns, BA included (J2: 5).
	Pieces int
	// BA: each side's last piece is a distinguished piece, the BA
	// (Szenet S6-S21), written W / B in notation.
	BA bool
	// Setup is the initial board, square 1 first, in notation.
	Setup string
	// Start is the initial position in notation.
	Start string
	// HouseNames names houses as the sources do, with a symbol for
	// drawings, and HouseRules gives the rule ID each kind of house cites
	// (by houseKind key: "safe", "water", ...). Which squares are houses
	// and what they do comes from the fields below (Houses); move
	// generation never reads these two.
	HouseNames map[int]HouseName
	HouseRules map[string]string
	// BlockRules gives the rule ID of each kind of obstacle that can
	// remove a move (by game.Block kind: "wall", "pair", "ba-waits",
	// "pieces-wait"), for Blocks; move generation never reads it.
	BlockRules map[string]string
	// TouchMove is the ID of the source's touch-move rule (A18), or
	// "" where it has none; Touched serves any ruleset.
	TouchMove string

	// Throws is the distribution of one throw of the four sticks (J3).
	Throws []game.Outcome
	// ExtraThrow has bit r set when a throw of r gives the same side
	// another throw, used or not (J5).
	ExtraThrow uint8

	// OpeningSquare: while the opening flag is set, White's first move
	// must be made with its piece on this square if it has a legal move
	// (J4). Zero means no opening rule. OpeningRule is that rule's ID,
	// for Opening; move generation never reads it.
	OpeningSquare int
	OpeningRule   string

	// PairProtects: a piece with a piece of its own colour on an adjacent
	// square cannot be attacked (J8, A12).
	PairProtects bool
	// BreakTriple: the middle piece of exactly three contiguous pieces of
	// one colour may be attacked although PairProtects protects it; the
	// end pieces stay protected (Apokrif A13). Safe squares still win.
	BreakTriple bool
	// WallSize: this many or more contiguous pieces of one colour cannot
	// be attacked nor passed over by the other colour (J9: 3, A14: 4).
	// Apokrif's "own colour included" (A14) needs no field: a wall always
	// holds two adjacent pieces, which PassingSpaced never passes (A8).
	WallSize int
	// WallTerm is the source's name for a wall where it is not "wall"
	// (Szenet S11: "unit"), for the rules pages' examples.
	WallTerm string
	// Passing is the passing policy (J6, A8).
	Passing Passing
	// Safe has bit s set for squares on which a piece cannot be attacked
	// (J12: 26, 28, 29, 30; A21: the eight Houses).
	Safe uint32
	// ExtraSquares has bit s set for squares on which a move that ends
	// there, forward or backward, gives the mover another throw (Apokrif
	// A20: 15). A piece put there by drowning earns nothing.
	ExtraSquares uint32
	// CompulsoryStop: a forward move from below this square may not end
	// beyond it (Apokrif A23: 26). Zero means no such square.
	CompulsoryStop int

	// Backward is the backward-move policy (J10, A16).
	Backward Backward

	// Drown and Return: where a piece ending on 27 goes (J11, A22).
	Drown  Drown
	Return int

	// Overshoot past 30 (J14).
	Overshoot Overshoot
	// BearOff policy (J13, A24).
	BearOff BearOff

	// Szenet (S6-S22). The zero values switch every rule below off.

	// EnterThrow: pieces waiting off the board enter onto square 1, which
	// must be empty, with a throw of this value (S6: 1); ordinary pieces
	// enter before the BA (S6). Zero means pieces never wait to enter.
	EnterThrow int
	// EnterBonus: entering gives a bonus throw that may only move the
	// piece on square 1 (S6).
	EnterBonus bool
	// BAGatesBearOff: an ordinary piece bears off only once its BA has
	// entered (the BA is on the board or borne off), and the BA bears off
	// only when none of its owner's pieces waits to enter (S20).
	BAGatesBearOff bool
	// SkipHouses has bit s set for squares where a piece ending its own
	// move makes its owner miss the next turn (S13: 10, 20).
	SkipHouses uint32
	// BonusHouses has bit s set for squares where a piece ending its own
	// move gives its owner a bonus throw that may only move that piece
	// (S14: 15, S16: 26).
	BonusHouses uint32
	// SleepHouses has bit s set for squares where a piece ending its own
	// move falls asleep until a piece passes over the square (S15: 16).
	SleepHouses uint32
	// JumpFrom: a piece leaving this square with a throw of 1 jumps the
	// House of Water and lands on Water+1 (S16: 26 -> 28). Zero means none.
	JumpFrom int
	// MustLeave has bit s set for protected houses a piece may not stay on:
	// if a piece there can move, the player must move such a piece
	// (S19: 1, 15, 26, 28, 29, 30).
	MustLeave uint32

	// keys lists the notation keys this ruleset uses.
	keys keySet
}

// keySet has a bit per optional notation key.
type keySet uint8

const (
	keyHand keySet = 1 << iota
	keyOff
	keySkip
	keyBonus
	keyAsleep
	keyOpening
)

// sticks16 is the distribution of the number of marked sides of four fair
// two-sided sticks, Binomial(4, 1/2), over 16 (J3, S3, A3).
var sticks16 = [5]int{1, 4, 6, 4, 1}

// stickThrows lists the throws with their exact probabilities, where no
// marked side is worth zeroValue (5 or 6), in ascending order of value.
func stickThrows(zeroValue int) []game.Outcome {
	out := []game.Outcome{}
	for marked := 1; marked <= 4; marked++ {
		out = append(out, game.Outcome{Roll: marked, Num: sticks16[marked], Den: 16})
	}
	return append(out, game.Outcome{Roll: zeroValue, Num: sticks16[0], Den: 16})
}

func squares(list ...int) uint32 {
	var m uint32
	for _, s := range list {
		m |= 1 << s
	}
	return m
}

// Jequier is Senet after G. Jéquier as confirmed by E. B. Pusch, from
// seeds 001 (French) and 004 (Spanish); rules J1-J17 of docs/rules/senet-jequier.md.
// Options water=1|15 (J11) and overshoot=bounce|block (J14).
var Jequier = Variant{
	Name:          "senet-jequier",
	Title:         "Senet after Jéquier (Pusch)",
	Pieces:        5,
	Setup:         "wbwbwbwbw.b...................", // J2 then J4: 10 to 11
	Start:         "wbwbwbwbw.b................... b opening=w",
	Throws:        stickThrows(6),          // J3
	ExtraThrow:    1<<1 | 1<<4 | 1<<6,      // J5
	OpeningSquare: 9,                       // J4
	OpeningRule:   "J4",                    // cited by Opening
	PairProtects:  true,                    // J8
	WallSize:      3,                       // J9
	Safe:          squares(26, 28, 29, 30), // J12
	Backward:      BackwardWhenNoForward,   // J10
	Drown:         DrownReturnUp,           // J11
	Return:        1,                       // J11 water=1
	Overshoot:     OvershootBounce,         // J14 overshoot=bounce
	BearOff:       BearOffLastRow,          // J13
	keys:          keyOff | keyOpening,
	HouseNames: map[int]HouseName{
		26: {"Safe square", "☆"}, 27: {"House of Water", "≈"},
		28: {"Safe square", "☆"}, 29: {"Safe square", "☆"}, 30: {"Safe square", "☆"},
	},
	HouseRules: map[string]string{"safe": "J12", "water": "J11", "return": "J11", "bearoff": "J13"},
	BlockRules: map[string]string{"wall": "J9"},
}

// Prolongable reports whether a side can hold the other for ever
// (game.Prolonger): with a compulsory stop (Apokrif A23) a piece on it
// cannot be passed, and its owner may keep moving another piece back
// and forth (A16) instead of moving it on.
func (r *Rules) Prolongable() bool { return r.CompulsoryStop != 0 }
