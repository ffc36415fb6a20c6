// Package senet implements Senet, the ancient Egyptian "game of passing",
// in several rule reconstructions. A ruleset is a Variant: a struct of
// fields (throws, extra throws, protection, walls, safe squares, water,
// overshoot, bearing off, entering and house effects) that move generation
// reads; it never looks at the ruleset's name, and the houses every
// drawing shows are derived from the same fields (Houses). Rulesets
// (Specs): senet-jequier (after Jéquier), senet-szenet (Szenet, with the
// BA) and senet-apokrif (after the magazine Apokrif, completed from
// Kendall). ExampleNew shows the use.
package senet

import (
	"fmt"

	"passage/game"
)

// Rules is a Variant with its options applied. It implements
// game.Game[Position, Move].
type Rules struct {
	Variant
	id      string
	start   Position
	weights *Weights // the fitted evaluation, if any (Value)
	// effectList is the variant's effects, in report order (Effects).
	effectList []effect
}

var _ game.Game[Position, Move] = (*Rules)(nil)

// option is a ruleset option and how each value changes the variant.
type option struct {
	game.Option
	set func(v *Variant, value string)
}

type family struct {
	base    *Variant
	options []option
}

var families = []family{
	{&Jequier, []option{
		{game.Option{Key: "overshoot", Values: []string{"bounce", "block"}, Default: "bounce",
			Doc: "J14: a throw past 30 bounces back from 30, or is impossible"},
			func(v *Variant, val string) {
				v.Overshoot = map[string]Overshoot{"bounce": OvershootBounce, "block": OvershootBlock}[val]
			}},
		{game.Option{Key: "water", Values: []string{"1", "15"}, Default: "1",
			Doc: "J11: the square a drowned piece returns to"},
			func(v *Variant, val string) { v.Return = map[string]int{"1": 1, "15": 15}[val] }},
	}},
	{&Szenet, nil}, // S1-S22, no options
	{&Apokrif, []option{
		{game.Option{Key: "pieces", Values: []string{"5", "7"}, Default: "5",
			Doc: "A2, A4: five pieces each on 1-10, or seven each on 1-14"},
			setApokrifPieces},
	}},
}

func (f family) spec() game.Spec {
	s := game.Spec{Name: f.base.Name, Title: f.base.Title, Board: "senet", Houses: f.base.Houses()}
	for _, o := range f.options {
		s.Options = append(s.Options, o.Option)
	}
	return s
}

// Specs lists the Senet rulesets for the command line and the server.
func Specs() []game.Spec {
	out := make([]game.Spec, len(families))
	for i, f := range families {
		out[i] = f.spec()
	}
	return out
}

// New builds the named ruleset with options (missing keys take their
// defaults).
func New(name string, opts map[string]string) (*Rules, error) {
	for _, f := range families {
		if f.base.Name != name {
			continue
		}
		spec := f.spec()
		resolved, err := spec.Resolve(opts)
		if err != nil {
			return nil, err
		}
		r := &Rules{Variant: *f.base, id: spec.CanonicalID(resolved)}
		r.weights = fittedWeights[name]
		for _, o := range f.options {
			o.set(&r.Variant, resolved[o.Key])
		}
		r.effectList = r.effects()
		r.start, err = r.Variant.Parse(r.Variant.Start)
		if err != nil {
			panic(fmt.Sprintf("senet: %s: bad start position: %v", name, err))
		}
		return r, nil
	}
	return nil, fmt.Errorf("%w: %q", game.ErrUnknownRules, name)
}

// MustNew is New for rulesets known to exist; it panics on error.
func MustNew(name string, opts map[string]string) *Rules {
	r, err := New(name, opts)
	if err != nil {
		panic(err)
	}
	return r
}

// ID is the ruleset with its non-default options ("senet-jequier water=15").
func (r *Rules) ID() string { return r.id }

// Players is 2: White and Black.
func (r *Rules) Players() int { return 2 }

// Start is the initial position.
func (r *Rules) Start() Position { return r.start }

// ToMove is the side to throw, or game.NoPlayer when the game is over.
func (r *Rules) ToMove(p Position) game.Player { return game.Player(p.turn) }

// Outcomes is the throw distribution (J3).
func (r *Rules) Outcomes(Position) []game.Outcome { return r.Throws }

// Over reports whether a side has borne off all its pieces.
func (r *Rules) Over(p Position) bool { return p.turn < 0 }

// Payoffs is 1 for the winner and 0 for the loser (J16: no draws).
func (r *Rules) Payoffs(p Position) game.Payoffs {
	var out game.Payoffs
	if p.winner >= 0 {
		out[p.winner] = 1
	}
	return out
}

// ParsePosition reads a position in notation.
func (r *Rules) ParsePosition(s string) (Position, error) { return r.Parse(s) }

// FormatPosition writes p in notation.
func (r *Rules) FormatPosition(p Position) string { return r.Format(p) }

// ParseMove reads a move token.
func (r *Rules) ParseMove(s string) (Move, error) { return ParseMove(s) }

// FormatMove writes a move token.
func (r *Rules) FormatMove(m Move) string { return m.String() }

// SeatName names White (seat 0) and Black (seat 1) with their letters in
// notation.
func (r *Rules) SeatName(p game.Player) (name, letter string) {
	if p == White {
		return "White", "w"
	}
	return "Black", "b"
}
