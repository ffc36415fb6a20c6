// Package game is the contract shared by every Passage ruleset: players,
// explicit chance, positions as comparable values, and a Match that
// validates turns and legality at the edge.
//
// A position is always a chance node: the side named by ToMove throws next.
// The rules list the throw outcomes with their exact probabilities
// (Outcomes) and never roll dice themselves; whoever samples passes its own
// seeded *rand.Rand. A decision node is a position together with a throw:
// Moves lists the legal moves for that throw, and Apply returns the next
// position with every automatic consequence resolved.
//
// Game is the fast, unchecked interface search uses; Match checks every
// turn at the edge, and Text adapts a Game to notation (the Ruleset the
// programs use), checking through a Match. Positions that implement
// Keyer give search a fixed hash. ExampleMatch and ExampleText show the
// use.
package game

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Player is a seat in turn order: 0 is the first colour of the ruleset
// (White in Senet, red in Ludo).
type Player int8

// NoPlayer is returned by ToMove when the game is over and by Winner when
// it is not.
const NoPlayer Player = -1

// MaxPlayers is the largest number of seats any ruleset has.
const MaxPlayers = 4

// Outcome is one possible throw and its exact probability Num/Den. All
// outcomes of one list share the same Den.
type Outcome struct {
	Roll int
	Num  int
	Den  int
}

// Prob is the outcome's probability as a float.
func (o Outcome) Prob() float64 { return float64(o.Num) / float64(o.Den) }

// Payoffs holds one payoff per seat, in [0, 1]; unused seats are zero.
type Payoffs [MaxPlayers]float64

// Game is a ruleset with its options fixed: the fast, typed interface that
// search code and the conformance suite use. P is the position, a
// comparable value type (no pointers, slices or maps), and M the move.
//
// Moves and Apply are the unchecked fast path: Apply trusts that the move
// came from Moves for the same position and roll. Validation at the edge
// is Match's job.
type Game[P comparable, M comparable] interface {
	// ID is the ruleset's name with its non-default options, sorted by
	// key ("senet-jequier water=15").
	ID() string
	// Players is the number of seats.
	Players() int
	// Start is the initial position.
	Start() P
	// ToMove is the side that throws next, or NoPlayer when the game is over.
	ToMove(p P) Player
	// Outcomes lists the throws possible in p, with exact probabilities
	// that sum to 1. The slice is shared and must not be modified.
	Outcomes(p P) []Outcome
	// Moves appends the legal moves for throw roll in p to buf and returns
	// it. When no move is legal the list holds exactly one pass move.
	// It does not allocate when buf has room.
	Moves(p P, roll int, buf []M) []M
	// Apply plays m after throw roll and returns the next position; p is
	// not changed.
	Apply(p P, roll int, m M) P
	// Over reports whether the game has ended.
	Over(p P) bool
	// Payoffs is the result of a finished game: 1 for the winner and 0
	// for the others, or a ranking's shares where the ruleset ranks.
	Payoffs(p P) Payoffs
	// ParsePosition reads a position in the ruleset's notation.
	ParsePosition(s string) (P, error)
	// FormatPosition writes p in notation; ParsePosition(FormatPosition(p)) == p.
	FormatPosition(p P) string
	// ParseMove reads a move token.
	ParseMove(s string) (M, error)
	// FormatMove writes a move token.
	FormatMove(m M) string
}

// Sentinel errors returned (wrapped) by Match and the text-level Session.
var (
	ErrIllegalMove  = errors.New("illegal move")
	ErrNotYourTurn  = errors.New("not your turn")
	ErrGameOver     = errors.New("game is over")
	ErrBadRoll      = errors.New("impossible throw")
	ErrBadPosition  = errors.New("invalid position")
	ErrBadMove      = errors.New("malformed move")
	ErrUnknownRules = errors.New("unknown ruleset")
	ErrBadOption    = errors.New("invalid option")
)

// Sample draws one throw from outcomes using r. It panics on an empty
// list, which would be a broken ruleset.
func Sample(outcomes []Outcome, r *rand.Rand) int {
	den := outcomes[0].Den
	x := r.IntN(den)
	for _, o := range outcomes {
		if x < o.Num {
			return o.Roll
		}
		x -= o.Num
	}
	panic("game: outcome probabilities do not sum to 1")
}

// Possible reports whether roll is among outcomes.
func Possible(outcomes []Outcome, roll int) bool {
	for _, o := range outcomes {
		if o.Roll == roll {
			return true
		}
	}
	return false
}

// Evaluator is implemented by games that can estimate the payoffs of an
// unfinished position: the hand-made evaluation that greedy players and
// depth-limited search use at their horizon. The estimates lie in [0, 1]
// and, like Payoffs, sum to 1 over the seats.
type Evaluator[P comparable] interface {
	Evaluate(p P) Payoffs
}

// Effecter is implemented by games that can say which of their special
// rules a move set off (an attack, a drowning, a bonus throw ...), so
// that simulations can count how often each rule fires. Effects returns
// a bit set over EffectNames.
type Effecter[P comparable, M comparable] interface {
	EffectNames() []string
	Effects(p P, roll int, m M) uint64
}

// Prolonger is implemented by games in which the players can keep a
// game going for ever by choice, where the rules end it only with a
// winner: Senet's compulsory stop (Apokrif A23) lets a side with a piece
// on 26 hold the other side's pieces behind it for as long as it has
// another piece to move. Endless play wins nothing for either side, so
// computer players avoid coming back to a position again and again
// there (agent.ChooseWithHistory).
type Prolonger interface {
	Prolongable() bool
}

// CanProlong reports whether g, a game, is a Prolonger that can be
// prolonged for ever.
func CanProlong(g any) bool {
	pr, ok := g.(Prolonger)
	return ok && pr.Prolongable()
}

// Sampler draws throws from one distribution in constant time, by a
// table with one entry per 1/Den of probability; playouts that throw
// millions of times use it instead of Sample.
type Sampler struct {
	table []int
}

// NewSampler builds the table of outcomes (at most 4096 entries).
func NewSampler(outcomes []Outcome) Sampler {
	den := outcomes[0].Den
	if den > 4096 {
		panic("game: NewSampler: denominator too large for a table")
	}
	t := make([]int, 0, den)
	for _, o := range outcomes {
		for range o.Num {
			t = append(t, o.Roll)
		}
	}
	if len(t) != den {
		panic("game: outcome probabilities do not sum to 1")
	}
	return Sampler{table: t}
}

// Sample draws one throw using r.
func (s Sampler) Sample(r *rand.Rand) int {
	return s.table[r.IntN(len(s.table))]
}

// notationError is input that cannot be read as a position or a move:
// its message starts with what was being read ("position: ...",
// "move: ...") and errors.Is matches its sentinel.
type notationError struct {
	what     string
	sentinel error
	msg      string
}

func (e *notationError) Error() string { return e.what + ": " + e.msg }
func (e *notationError) Unwrap() error { return e.sentinel }

// BadPosition is a position the notation or the rules reject; the
// message names the problem and errors.Is(err, ErrBadPosition) holds.
func BadPosition(format string, args ...any) error {
	return &notationError{what: "position", sentinel: ErrBadPosition, msg: fmt.Sprintf(format, args...)}
}

// BadMove is a move token that cannot be read; errors.Is(err,
// ErrBadMove) holds.
func BadMove(format string, args ...any) error {
	return &notationError{what: "move", sentinel: ErrBadMove, msg: fmt.Sprintf(format, args...)}
}

// Block is one move a player would have with a throw but for a rule
// that removes it: a wall it may not pass, or a condition on bearing
// off; or, where the throw leaves no move at all, the entering that
// needs another throw. Pages tell it ("No legal move with 3: the wall
// on 14-16 blocks").
type Block struct {
	// Move is the move removed, in notation ("11-14"; "in-1" for a
	// needs-throw).
	Move string `json:"move"`
	// Kind says what removed it, for words in any language: "wall" (a
	// run of opponent pieces that may not be passed), "pair" (two
	// adjacent pieces a piece may not pass together), "ba-waits" (a
	// piece may not bear off before its BA has entered), "pieces-wait"
	// (the BA may not bear off while pieces of its side wait),
	// "needs-throw" (pieces waiting to enter do so only with Throw;
	// listed when the throw leaves no move, so that a pass is
	// explained); and, explaining a Ludo pass piece by piece,
	// "own-piece", "goal-pass", "safe" and "past-goal" (package ludo,
	// Blocks; a past-goal's Move is the piece's square alone).
	Kind string `json:"kind"`
	// Wall is the squares of the wall or pair ("14-16"), empty for the
	// other kinds.
	Wall string `json:"wall,omitempty"`
	// Throw is the throw a needs-throw's entering takes, 0 for the
	// other kinds.
	Throw int `json:"throw,omitempty"`
	// Rule is the rule's ID ("J9").
	Rule string `json:"rule"`
}

// Opening is how a first-move rule stands in a position (Senet J4:
// White's first move is made with its piece on Square if that piece has
// a legal move; otherwise White moves freely). Pages say it in words, so
// that the note under the board never contradicts the pieces offered.
type Opening struct {
	// Square is the square the first move must start from.
	Square int `json:"square"`
	// State is "pending" (the first move is still to come and no throw
	// for it is in hand), "forced" (the side has thrown and the piece on
	// Square has a legal move: it is the only piece that may move),
	// "stuck" (the side has thrown and the piece on Square has no legal
	// move with this throw: any piece may move) or "gone" (no piece of
	// the side stands on Square any more: any piece may move).
	State string `json:"state"`
	// Rule is the rule's ID ("J4").
	Rule string `json:"rule"`
}

// Finisher is implemented by games in which the seats that have
// finished wait while the others play on for the places (Ludo
// finish=all): Finished lists them in p, in the order they finished,
// none while none has or once the game is over.
type Finisher[P comparable] interface {
	Finished(p P) []Player
}

// Opener is implemented by games with a first-move rule; Opening tells
// how it stands in p with throw roll in hand (0 before the throw), nil
// when the rule no longer applies (the first move was made) or the game
// has none.
type Opener[P comparable] interface {
	Opening(p P, roll int) *Opening
}

// Blocker is implemented by games whose rules can remove moves a piece
// would otherwise have (Senet's walls); Blocks lists them for throw roll
// in p, none when nothing was removed.
type Blocker[P comparable] interface {
	Blocks(p P, roll int) []Block
}
