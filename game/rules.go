package game

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Option is one option a ruleset accepts (`--opt KEY=VALUE`).
type Option struct {
	Key     string
	Values  []string // the accepted values
	Default string
	Doc     string
}

// Spec describes a ruleset to the command line and the server: its name,
// its options, its board and houses. Building it is the registry's job
// (internal/catalog), which registers each ruleset once.
type Spec struct {
	Name    string // "senet-jequier"
	Title   string // a short human name
	Options []Option
	// Board names the family of board a drawing of the game uses
	// ("senet", "ludo"); the web interface picks its drawing by it.
	Board string
	// Houses lists the marked squares of the board under the default
	// options, for drawings and the rules pages. A ruleset derives them
	// from the same data as its move generation (senet.Variant.Houses),
	// so no view can disagree with the rules.
	Houses []House
}

// House is a marked square of a board: its number, its name and a
// short symbol for drawings, and what it does (with the rule IDs).
type House struct {
	Square int    `json:"square"`
	Name   string `json:"name"`
	Symbol string `json:"symbol"`
	Effect string `json:"effect"`
	// Effects are the same effects as data, for a page to say them in
	// its language.
	Effects []HouseEffect `json:"effects,omitempty"`
}

// HouseEffect is one effect of a house: its kind ("safe", "water-up",
// "bearoff-exact", ...), the number its text names (a square or a
// throw; 0 when none) and the rule it cites (empty when none).
type HouseEffect struct {
	Kind string `json:"kind"`
	N    int    `json:"n,omitempty"`
	Rule string `json:"rule,omitempty"`
}

// ParseOptions reads KEY=VALUE strings against spec's options and
// returns every option with its value, defaults filled in. A bad option
// is an *OptionError (wrapping ErrBadOption).
func (s Spec) ParseOptions(kv []string) (map[string]string, error) {
	opts := make(map[string]string, len(s.Options))
	for _, o := range s.Options {
		opts[o.Key] = o.Default
	}
	seen := map[string]bool{}
	for _, item := range kv {
		k, v, ok := strings.Cut(item, "=")
		if !ok {
			return nil, &OptionError{Kind: OptionSyntax, Ruleset: s.Name, Key: item}
		}
		i := slices.IndexFunc(s.Options, func(o Option) bool { return o.Key == k })
		if i < 0 {
			return nil, &OptionError{Kind: OptionUnknown, Ruleset: s.Name, Key: k, Value: v, Allowed: s.optionKeyList()}
		}
		if seen[k] {
			return nil, &OptionError{Kind: OptionTwice, Ruleset: s.Name, Key: k, Value: v}
		}
		seen[k] = true
		if !slices.Contains(s.Options[i].Values, v) {
			return nil, &OptionError{Kind: OptionValue, Ruleset: s.Name, Key: k, Value: v, Allowed: slices.Clone(s.Options[i].Values)}
		}
		opts[k] = v
	}
	return opts, nil
}

// The kinds of bad option (OptionError.Kind).
const (
	OptionSyntax   = "syntax"   // not KEY=VALUE: Key is the item as given
	OptionUnknown  = "unknown"  // no option Key: Allowed lists the options
	OptionTwice    = "twice"    // option Key given twice
	OptionValue    = "value"    // Key=Value, a value Key does not take: Allowed lists those it takes
	OptionConflict = "conflict" // Key=Value does not go with Other=OtherValue (Ludo's players=3 colors=ry)
)

// OptionError is a bad option, as data, so that a page can say it in
// its reader's language; Error is its English message (the API's). It
// wraps ErrBadOption.
type OptionError struct {
	Kind       string
	Ruleset    string
	Key, Value string
	// Allowed is what Key could have been (OptionUnknown: the
	// ruleset's options) or what its value could have been
	// (OptionValue).
	Allowed []string
	// Other and OtherValue are the option Key=Value conflicts with.
	Other, OtherValue string
	// Detail ends the English message of a conflict ("names 2 colours").
	Detail string
}

func (e *OptionError) Error() string {
	var msg string
	switch e.Kind {
	case OptionSyntax:
		msg = fmt.Sprintf("%q is not KEY=VALUE", e.Key)
	case OptionUnknown:
		keys := "none"
		if len(e.Allowed) > 0 {
			keys = strings.Join(e.Allowed, ", ")
		}
		msg = fmt.Sprintf("%s has no option %q (options: %s)", e.Ruleset, e.Key, keys)
	case OptionTwice:
		msg = fmt.Sprintf("option %s given twice", e.Key)
	case OptionValue:
		msg = fmt.Sprintf("%s=%s: want one of %s", e.Key, e.Value, strings.Join(e.Allowed, ", "))
	case OptionConflict:
		msg = fmt.Sprintf("%s=%s but %s=%s %s", e.Key, e.Value, e.Other, e.OtherValue, e.Detail)
	default:
		msg = fmt.Sprintf("%s=%s", e.Key, e.Value)
	}
	return ErrBadOption.Error() + ": " + msg
}

func (e *OptionError) Unwrap() error { return ErrBadOption }

func (s Spec) optionKeyList() []string {
	keys := make([]string, len(s.Options))
	for i, o := range s.Options {
		keys[i] = o.Key
	}
	return keys
}

// Resolve is ParseOptions for options given as a map (KEY to VALUE):
// it checks the keys in sorted order, so that the error for several bad
// options is always the same one, and fills in the defaults.
func (s Spec) Resolve(opts map[string]string) (map[string]string, error) {
	kv := make([]string, 0, len(opts))
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		kv = append(kv, k+"="+opts[k])
	}
	return s.ParseOptions(kv)
}

// CanonicalID names a ruleset with its options: the name, then every
// option that differs from its default as KEY=VALUE, sorted by key
// ("senet-jequier water=15").
func (s Spec) CanonicalID(opts map[string]string) string {
	var parts []string
	for _, o := range s.Options {
		if v, ok := opts[o.Key]; ok && v != o.Default {
			parts = append(parts, o.Key+"="+v)
		}
	}
	slices.Sort(parts)
	return strings.Join(append([]string{s.Name}, parts...), " ")
}

// Combinations lists every combination of option values, each as
// KEY=VALUE strings; the conformance suite runs each.
func (s Spec) Combinations() [][]string {
	combos := [][]string{nil}
	for _, o := range s.Options {
		var next [][]string
		for _, c := range combos {
			for _, v := range o.Values {
				next = append(next, append(slices.Clone(c), o.Key+"="+v))
			}
		}
		combos = next
	}
	return combos
}

// Example is a position that shows one of a ruleset's rules about
// pieces that meet (an attack, a pair, a triple, a wall) at work: the
// rules pages draw each. Whether its move is legal is the move
// generator's answer, so a drawing cannot say what the rules do not.
type Example struct {
	// Kind is what the example shows: "attack" (a lone piece is
	// attacked), "pair" (two adjacent pieces protect each other),
	// "pair-pass" (nor can a pair be passed, A8), "triple" (the middle of
	// three can be attacked, A13) or "wall" (a run of pieces that
	// cannot be passed).
	Kind string
	// Term is the source's own name for it where that is not Kind's
	// ("unit": Szenet's S11 calls its wall so), else "".
	Term string
	// Rule is the ID of the rule the ruleset names for the obstacle (as
	// Block.Rule: a wall, Apokrif's pair in the way), or "".
	Rule string
	// Pos is the position in notation, White to throw; White and Black
	// are the squares of each side's pieces on the board.
	Pos          string
	White, Black []int
	// White's move from From to To with the throw Roll.
	Roll, From, To int
	// Legal is whether the move generator allows it; Swap, whether the
	// attacked piece then stands on From.
	Legal, Swap bool
}

// Exampler is a ruleset with examples of its rules for the rules pages.
type Exampler interface {
	Examples() ([]Example, error)
}

// Brief is a ruleset's rules in short, as the facts the rules pages'
// "in brief" box words (package server, in the reader's language): each
// read from the fields move generation reads, under the options chosen,
// so that the box cannot say other than the game plays. The throws and
// their chances, the seats and who starts come from the Ruleset itself.
type Brief struct {
	// Sticks is the number of two-sided casting sticks thrown, 0 for a
	// die; NoneUp is what a throw with no marked side up counts.
	Sticks, NoneUp int
	// Pieces is each side's number of pieces, Squares the track's.
	Pieces, Squares int
	// Enter is the throw that brings a waiting piece onto the board, 0
	// where the pieces start on it; EnterBonus, whether entering gives a
	// bonus throw for that piece (Szenet S6).
	Enter      int
	EnterBonus bool
	// Extra lists the throws that give another throw, ExtraRolls times
	// each (Ludo's six-rolls=2 gives two).
	Extra      []int
	ExtraRolls int
	// ExtraSquares lists the squares on which ending a move gives another
	// throw (Apokrif A20); BonusSquares, those where it gives a bonus
	// throw for that piece only (Szenet S14, S16).
	ExtraSquares, BonusSquares []int
	// Backward is when a piece moves backward: "" never, "any" when no
	// piece can move forward (Jéquier J10), "piece" for each piece that
	// cannot (Apokrif A16).
	Backward string
	// Tries is the number of throws a side with no piece on the track
	// gets to throw Enter (Ludo H5: 3), 0 or 1 where there is one.
	Tries int
	// Capture is what landing on an opponent piece does: "swap" (the two
	// change places, Senet) or "home" (it goes back to its yard, Ludo).
	Capture string
	// Pair: a piece with a friend next to it cannot be attacked;
	// BreakTriple: but the middle of exactly three can (Apokrif A13).
	Pair, BreakTriple bool
	// Wall is the length of a run of one side's pieces that can be
	// neither attacked nor passed, 0 where there is none.
	Wall int
	// Safe lists the squares on which no piece can be captured.
	Safe []int
	// Goal is how a piece finishes: "off" (borne off the board) or
	// "home" (into its goal); PlayOn, whether the others play on for
	// the places once one side has finished (Ludo finish=all).
	Goal   string
	PlayOn bool
	// BA: each side's last piece is the BA, which enters only after the
	// others (Szenet S6); BAGate: no other piece bears off before its BA
	// has entered (S20).
	BA, BAGate bool
	// Houses are the board's squares with an effect, as the board draws
	// them (Senet's Houses, under the options chosen: water=15 moves the
	// return square); the box names the houses whose effect it says
	// nowhere else.
	Houses []House
	// GoalSquares is the number of goal squares a piece goes into at the
	// end of the track (Ludo K7: 4), 0 where pieces bear off; GoalBounce,
	// whether a throw past the last one counts back (H4); GoalJump,
	// whether a piece may jump its own pieces there (goal-jump=on).
	GoalSquares          int
	GoalBounce, GoalJump bool
	// Sixes is the number of 6s in a row of which the last is not played
	// and sends the piece moved last home (Ludo H3: 3), 0 for none.
	Sixes int
	// OpeningSquare is the square from which seat OpeningSeat must make
	// its first move if that piece can move (Jéquier J4: White from 9),
	// 0 for no such rule.
	OpeningSquare, OpeningSeat int
	// Overshoot is what a throw that would carry a piece past the last
	// square does where pieces bear off from it (Jéquier J13, J14):
	// "bounce" (it counts back by the rest) or "block" (it cannot move
	// that piece); "" where the bearing-off rule says it (exact throws).
	Overshoot string
	// Spaced: no piece passes over two pieces side by side, of either
	// colour (Apokrif A8).
	Spaced bool
	// ExactOff lists, where every piece bears off only with the throw
	// that carries it exactly off and a larger throw cannot bear it off
	// (Szenet S20), each square a piece can bear off from with the throw
	// it needs, in square order (26 with 5, 28 with 3, 29 with 2, 30 with
	// 1); nil elsewhere (Apokrif's exact throws are its houses').
	ExactOff []OffThrow
}

// OffThrow is a square a piece bears off from and the throw it needs.
type OffThrow struct{ Square, Throw int }

// Briefer is a ruleset that sums its rules up for the rules pages.
type Briefer interface {
	Brief() Brief
}
