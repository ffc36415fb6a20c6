package ludo

import "passage/game"

// Board geometry of Ki nevet a végén (docs/rules/kinevet.md, "The board").
const (
	TrackLen = 40 // squares on the loop, numbered 1-40 clockwise
	GoalLen  = 4  // goal squares g1-g4 of each colour
	Pieces   = 4  // pieces of each colour
	Colors   = 4  // colours on the board: red, yellow, green, blue

	// lastStep is the progress of g4 counted from the start square: a
	// piece travels 40 track squares (progress 0-39) and then g1-g4
	// (progress 40-43), 43 steps in all.
	lastStep = TrackLen + GoalLen - 1

	// Six is the roll that brings a piece out of the yard (K3) and
	// gives extra rolls (K4, H2).
	Six = 6
)

// Colour indices, in clockwise order (K1).
const (
	Red = iota
	Yellow
	Green
	Blue
)

// colorLetter is each colour's letter in notation.
var colorLetter = [Colors]byte{'r', 'y', 'g', 'b'}

// colorName is each colour's name for diagrams and messages.
var colorName = [Colors]string{"red", "yellow", "green", "blue"}

// StartSquare is the track square on which each colour enters: red 1,
// yellow 11, green 21, blue 31.
var StartSquare = [Colors]int{1, 11, 21, 31}

// startSquares has bit s set for every start square.
const startSquares = uint64(1)<<1 | uint64(1)<<11 | uint64(1)<<21 | uint64(1)<<31

// Overshoot says what a roll that would carry a piece beyond g4 does.
type Overshoot uint8

const (
	// OvershootBlock: the piece cannot move (K7).
	OvershootBlock Overshoot = iota
	// OvershootBounce: a piece stepping from the track into its goal
	// counts to g4 and back for the rest; pieces already in the goal
	// still need an exact roll (H4).
	OvershootBounce
)

// Finish says when the game ends.
type Finish uint8

const (
	// FinishFirst: the first colour to bring all four pieces home wins
	// and the game ends (K9, finish=first).
	FinishFirst Finish = iota
	// FinishAll: the others play on for the places; the game ends when
	// one colour is left (K9, finish=all).
	FinishAll
)

// Variant is a Ludo ruleset as data. Move generation reads these fields
// and never looks at the name. Each field cites the rule it encodes.
type Variant struct {
	Name  string // ruleset ID without options
	Title string // short human name

	// Order lists the colours in play in turn order (K1, colors=); only
	// the first NColors entries count.
	Order   [Colors]int8
	NColors int

	// Safe has bit s set for track squares on which no piece can be
	// captured (H1: the four start squares).
	Safe uint64
	// GoalJump lets a piece pass over own pieces inside the goal (K7,
	// goal-jump=on).
	GoalJump bool
	// Overshoot is the policy for rolls beyond g4 (K7, H4).
	Overshoot Overshoot
	// SixRolls is the number of extra rolls a 6 gives (K4: 1, H2: 2).
	SixRolls int
	// SixesLimit: the SixesLimit-th 6 in a row within one turn is not
	// played; the piece moved last goes back to its yard and the turn
	// passes (H3: 3). Zero disables the rule.
	SixesLimit int
	// Tries is the number of rolls in a row a player with no piece on
	// the track gets to throw a 6 when it cannot move (K8: 1, H5: 3).
	Tries int
	// Finish says when the game ends (K9).
	Finish Finish
}

// Kinevet is Ki nevet a végén, from seed 002 (Hungarian); rules K1-K9 and
// house rules H1-H5 of docs/rules/kinevet.md. Every house rule is off here;
// options turn them on (see New).
var Kinevet = Variant{
	Name:       "kinevet",
	Title:      "Ki nevet a végén (Ludo)",
	Order:      [Colors]int8{Red, Yellow, Green, Blue}, // K1
	NColors:    4,                                      // K1 players=4
	Overshoot:  OvershootBlock,                         // K7
	SixRolls:   1,                                      // K4
	Tries:      1,                                      // K8
	Finish:     FinishFirst,                            // K9
	SixesLimit: 0,                                      // H3 off
}

// dice is one fair six-sided die.
var dice = []game.Outcome{
	{Roll: 1, Num: 1, Den: 6}, {Roll: 2, Num: 1, Den: 6}, {Roll: 3, Num: 1, Den: 6},
	{Roll: 4, Num: 1, Den: 6}, {Roll: 5, Num: 1, Den: 6}, {Roll: 6, Num: 1, Den: 6},
}

// usesSixes, usesExtra, usesTries and usesDone report which optional
// notation keys the variant writes.
func (v *Variant) usesSixes() bool { return v.SixesLimit > 0 }
func (v *Variant) usesExtra() bool { return v.SixRolls > 1 }
func (v *Variant) usesTries() bool { return v.Tries > 1 }
func (v *Variant) usesDone() bool  { return v.Finish == FinishAll }
