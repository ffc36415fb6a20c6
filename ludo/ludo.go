// Package ludo implements Ki nevet a végén ("who laughs last"), the
// Hungarian Ludo or Mensch ärgere dich nicht, for two to four players.
// A ruleset is a Variant: a struct of fields (colours in turn order, safe
// squares, goal passing, overshoot policy, extra rolls, the third-six and
// three-tries house rules, when the game ends) that move generation
// reads; it never looks at the ruleset's name.
//
// A position is always a chance node: the colour named in it rolls the
// die next. Moves lists the legal moves for a roll and Apply returns the
// next position with captures, extra rolls, finishing and the turn
// passing all applied. ExampleNew shows the use.
package ludo

import (
	"fmt"
	"strconv"
	"strings"

	"passage/game"
)

// Rules is a Variant with its options applied. It implements
// game.Game[Position, Move].
type Rules struct {
	Variant
	id    string
	start Position
	// effectList is the variant's effects, in report order (Effects):
	// made once, as Effects runs at every move of a simulation.
	effectList []effect
}

var _ game.Game[Position, Move] = (*Rules)(nil)

var _ game.Diagrammer[Position] = (*Rules)(nil)

// option is a ruleset option and how each value changes the variant.
type option struct {
	game.Option
	set func(v *Variant, value string)
}

// onOff is the value list of a house rule.
var onOff = []string{"off", "on"}

// autoColors is the colors= option's default: the colours K1 gives for
// the number of players.
const autoColors = "auto"

// k1Colors are the colours in play by number of players (K1).
var k1Colors = map[int]string{2: "rg", 3: "ryg", 4: "rygb"}

// colorChoices lists the colors= option's values: "auto", then every
// ordered choice of two to four distinct colours (the order is the turn
// order).
func colorChoices() []string {
	out := []string{autoColors}
	var rec func(prefix string)
	rec = func(prefix string) {
		if len(prefix) >= 2 {
			out = append(out, prefix)
		}
		for i := range Colors {
			if l := colorLetter[i]; len(prefix) < Colors && !containsByte(prefix, l) {
				rec(prefix + string(l))
			}
		}
	}
	rec("")
	return out
}

func containsByte(s string, b byte) bool {
	for i := range len(s) {
		if s[i] == b {
			return true
		}
	}
	return false
}

var kinevetOptions = []option{
	{game.Option{Key: "players", Values: []string{"2", "3", "4"}, Default: "4",
		Doc: "K1: the number of players (2: red and green; 3: red, yellow, green)"}, nil},
	{game.Option{Key: "colors", Values: colorChoices(), Default: autoColors,
		Doc: "K1: the colours in play in turn order (e.g. ry); auto: as K1 gives for players"}, nil},
	{game.Option{Key: "goal-jump", Values: onOff, Default: "off",
		Doc: "K7: a piece may pass over own pieces inside the goal"},
		func(v *Variant, val string) { v.GoalJump = val == "on" }},
	{game.Option{Key: "finish", Values: []string{"first", "all"}, Default: "first",
		Doc: "K9: the game ends with the first colour home, or plays on for every place"},
		func(v *Variant, val string) {
			v.Finish = map[string]Finish{"first": FinishFirst, "all": FinishAll}[val]
		}},
	{game.Option{Key: "safe-start", Values: onOff, Default: "off",
		Doc: "H1: no piece on a start square can be captured"},
		func(v *Variant, val string) {
			if val == "on" {
				v.Safe = startSquares
			}
		}},
	{game.Option{Key: "six-rolls", Values: []string{"1", "2"}, Default: "1",
		Doc: "K4, H2: the extra rolls a 6 gives"},
		func(v *Variant, val string) { v.SixRolls, _ = strconv.Atoi(val) }},
	{game.Option{Key: "three-sixes", Values: onOff, Default: "off",
		Doc: "H3: the third 6 in a row is not played and sends the piece moved last home"},
		func(v *Variant, val string) {
			if val == "on" {
				v.SixesLimit = 3
			}
		}},
	{game.Option{Key: "goal-bounce", Values: onOff, Default: "off",
		Doc: "H4: a piece entering its goal counts to g4 and back for the rest"},
		func(v *Variant, val string) {
			v.Overshoot = map[string]Overshoot{"off": OvershootBlock, "on": OvershootBounce}[val]
		}},
	{game.Option{Key: "three-tries", Values: onOff, Default: "off",
		Doc: "H5: with no piece on the track, three rolls to throw a 6"},
		func(v *Variant, val string) {
			if val == "on" {
				v.Tries = 3
			}
		}},
}

// Spec describes kinevet to the command line and the server.
func Spec() game.Spec {
	s := game.Spec{Name: Kinevet.Name, Title: Kinevet.Title, Board: "ludo"}
	for _, o := range kinevetOptions {
		s.Options = append(s.Options, o.Option)
	}
	return s
}

// Specs lists the Ludo rulesets for the command line and the server.
func Specs() []game.Spec {
	return []game.Spec{Spec()}
}

// New builds the named ruleset with options (missing keys take their
// defaults). players= and colors= must agree: colors=ry means two
// players, and the ID then names both ("kinevet colors=ry players=2");
// colours equal to K1's choice for the number of players are written as
// the default.
func New(name string, opts map[string]string) (*Rules, error) {
	if name != Kinevet.Name {
		return nil, fmt.Errorf("%w: %q", game.ErrUnknownRules, name)
	}
	spec := Spec()
	resolved, err := spec.Resolve(opts)
	if err != nil {
		return nil, err
	}
	players, _ := strconv.Atoi(resolved["players"])
	colors := resolved["colors"]
	if colors == autoColors {
		colors = k1Colors[players]
	} else if resolved["players"] != "4" && len(colors) != players {
		return nil, &game.OptionError{Kind: game.OptionConflict, Ruleset: name, Key: "players", Value: resolved["players"],
			Other: "colors", OtherValue: colors, Detail: fmt.Sprintf("names %d colours", len(colors))}
	}
	players = len(colors)
	resolved["players"] = strconv.Itoa(players)
	if colors == k1Colors[players] {
		resolved["colors"] = autoColors
	}
	r := &Rules{Variant: Kinevet, id: spec.CanonicalID(resolved)}
	r.NColors = players
	for i := range players {
		r.Order[i] = int8(colorOf(colors[i]))
	}
	for i := players; i < Colors; i++ {
		r.Order[i] = -1
	}
	for _, o := range kinevetOptions {
		if o.set != nil {
			o.set(&r.Variant, resolved[o.Key])
		}
	}
	r.start = Position{turn: r.Order[0], winner: -1} // K2
	r.effectList = r.effects()
	return r, nil
}

// MustNew is New for options known to be valid; it panics on error.
func MustNew(name string, opts map[string]string) *Rules {
	r, err := New(name, opts)
	if err != nil {
		panic(err)
	}
	return r
}

// ID is the ruleset with its non-default options ("kinevet players=2").
func (r *Rules) ID() string { return r.id }

// Players is the number of colours in play (K1).
func (r *Rules) Players() int { return r.NColors }

// Start is the initial position: empty board, the first colour in play
// to roll (K2).
func (r *Rules) Start() Position { return r.start }

// ToMove is the seat (index in colors= order) of the colour to roll, or
// game.NoPlayer when the game is over.
func (r *Rules) ToMove(p Position) game.Player {
	if p.turn < 0 {
		return game.NoPlayer
	}
	return game.Player(r.seat(int(p.turn)))
}

// Outcomes is one fair die: 1-6, each 1/6.
func (r *Rules) Outcomes(Position) []game.Outcome { return dice }

// Over reports whether the game has ended (K9).
func (r *Rules) Over(p Position) bool { return p.turn < 0 }

// Payoffs is the result by seat. With finish=first the winner gets 1 and
// the others 0. With finish=all the places share 1 in proportion to the
// number of players each beat: with n players place i (1 = first) gets
// (n-i) / (n(n-1)/2), so 1, 0 for two players; 2/3, 1/3, 0 for three;
// 1/2, 1/3, 1/6, 0 for four.
func (r *Rules) Payoffs(p Position) game.Payoffs {
	var out game.Payoffs
	if p.winner < 0 {
		return out
	}
	if r.Finish == FinishFirst {
		out[r.seat(int(p.winner))] = 1
		return out
	}
	n := r.NColors
	for i, d := range p.done {
		if d != 0 {
			out[r.seat(int(d)-1)] = float64(n-1-i) / float64(n*(n-1)/2)
		}
	}
	return out
}

// Placings lists the colours in finishing order when the game is over
// with finish=all, or the winner alone with finish=first; nil while the
// game goes on.
func (r *Rules) Placings(p Position) []int {
	if p.winner < 0 {
		return nil
	}
	if r.Finish == FinishFirst {
		return []int{int(p.winner)}
	}
	return p.Done()
}

// Finished lists the seats whose colours have brought all their pieces
// home while the others play on for the places (game.Finisher; K9,
// finish=all), in the order they finished; none once the game is over.
func (r *Rules) Finished(p Position) []game.Player {
	if r.Over(p) {
		return nil
	}
	var out []game.Player
	for _, c := range p.Done() {
		out = append(out, game.Player(r.seat(c)))
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

// SeatName names seat p by its colour (game.SeatNamer): "Red", "r".
func (r *Rules) SeatName(p game.Player) (name, letter string) {
	c := r.Order[p]
	return strings.ToUpper(colorName[c][:1]) + colorName[c][1:], string(colorLetter[c])
}
