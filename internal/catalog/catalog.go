// Package catalog is the registry of every ruleset Passage knows, each
// registered once (as OpenSpiel registers each game), and binds each to
// the programs: the text-level rules (checked by game.Match), computer
// players and simulations. It is the one place that knows the typed
// games; everything above it works on notation. ExampleOpen shows the
// use.
package catalog

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"passage/agent"
	"passage/game"
	"passage/ludo"
	"passage/nneval"
	"passage/senet"
	"passage/sim"
)

// Kit is a ruleset with its options chosen, and what programs need of it.
type Kit struct {
	game.Ruleset
	// NewPlayer makes a computer player by name (agent.Names), seeded.
	NewPlayer func(name string, seed uint64) (agent.TextAgent, error)
	// Simulate plays a simulation run between named computer players.
	Simulate func(ctx context.Context, cfg sim.Config) (sim.Report, error)
	// SimGame plays game i of the run cfg describes alone, the same game
	// as Simulate's game i, and gives it in notation (sim.PlayGame).
	SimGame func(ctx context.Context, cfg sim.Config, i int) (sim.Played, error)
	// Effects names the special rules (game.Effecter) that move, after
	// throw roll in pos, sets off; none for a move it cannot read.
	Effects func(pos string, roll int, move string) []string
	// Blocks lists the moves throw roll in pos would give but for a
	// rule that removes them (game.Blocker: Senet's walls), none for a
	// game without such rules or a position it cannot read.
	Blocks func(pos string, roll int) []game.Block
	// Opening tells how a first-move rule (game.Opener: Senet J4) stands
	// in pos with throw roll in hand (0 before the throw); nil where it
	// no longer applies, for a game without one or a position it cannot
	// read.
	Opening func(pos string, roll int) *game.Opening
	// Finished lists the seats that have finished in pos while the others
	// play on for the places (game.Finisher: Ludo finish=all), in the
	// order they finished; none for a game without such seats, a game
	// over or a position it cannot read.
	Finished func(pos string) []game.Player
	// Perft counts the (throw, move) sequences of depth plies from pos
	// (game.Perft).
	Perft func(pos string, depth int) (int64, error)
	// Houses are the marked squares of the board under the options
	// chosen (Senet's water=15 moves the return square), or none. A
	// function, as Brief: every game the server holds has a Kit, and
	// only its ruleset's view and rules page ask (computed for each
	// held game they cost some 2.5 KB a game: BenchmarkLoad/waiting).
	Houses func() []game.House
	// Examples shows the ruleset's rules about pieces that meet, for its
	// rules page (game.Exampler); nil for a ruleset without examples.
	Examples func() ([]game.Example, error)
	// Brief is the ruleset's rules in short under the options chosen,
	// for its rules page's "in brief" box (game.Briefer); nil for a
	// ruleset without one.
	Brief func() *game.Brief
	// Weights is the hex SHA-256 of the embedded weight file whose
	// network the search players use (package nneval), "" when the
	// ruleset has none: the same name and seed play the same games only
	// with the same weights.
	Weights string
	// Prolongable is set where the players can keep a game going for
	// ever (game.Prolonger): the server then tells its computer players
	// how often the game has been at each position (agent.ChooseWithHistory).
	Prolongable bool
}

// digester is a learned evaluation read from an embedded weight file.
type digester interface {
	Digest() string
}

// houser is a game that lists its houses under its options.
type houser interface {
	Houses() []game.House
}

// entry is one ruleset of the registry: its description and how to
// build it with resolved options (every key present).
type entry struct {
	spec game.Spec
	open func(opts map[string]string) (Kit, error)
}

// registry is every ruleset Passage knows, each registered once, in the
// order `passage rules` prints them. Every program finds its rulesets
// here: the command line, the server, the simulations and game records.
var registry = slices.Concat(
	register(senet.Specs(), senet.New, nneval.ForSenet),
	register(ludo.Specs(), ludo.New, nneval.ForLudo),
)

// register makes the registry entries of one game package's rulesets:
// build is the package's constructor by name and options, learned gives
// a ruleset's trained evaluation (package nneval), or nil.
func register[G typed[P, M], P comparable, M comparable](specs []game.Spec, build func(name string, opts map[string]string) (G, error),
	learned func(G) game.Evaluator[P]) []entry {
	out := make([]entry, len(specs))
	for i, spec := range specs {
		out[i] = entry{spec: spec, open: func(opts map[string]string) (Kit, error) {
			g, err := build(spec.Name, opts)
			if err != nil {
				return Kit{}, err
			}
			return bind(g, learned(g)), nil
		}}
	}
	return out
}

// typed is a game with its own evaluation.
type typed[P comparable, M comparable] interface {
	game.Game[P, M]
	game.Evaluator[P]
}

// bind makes the Kit of a typed game, whose search players use learned
// (the trained network, nil when the ruleset has none).
func bind[P comparable, M comparable](g typed[P, M], learned game.Evaluator[P]) Kit {
	factory := func(name string, seed uint64) (agent.Agent[P, M], error) {
		return agent.NewLearned(g, g, learned, name, seed)
	}
	kit := Kit{
		Ruleset: game.Text(g),
		NewPlayer: func(name string, seed uint64) (agent.TextAgent, error) {
			a, err := factory(name, seed)
			if err != nil {
				return nil, err
			}
			return agent.Text(g, a), nil
		},
		Simulate: func(ctx context.Context, cfg sim.Config) (sim.Report, error) {
			return sim.Run(ctx, g, factory, cfg)
		},
		SimGame: func(ctx context.Context, cfg sim.Config, i int) (sim.Played, error) {
			return simPlayed(ctx, g, factory, cfg, i)
		},
		Effects: func(pos string, roll int, move string) []string {
			return effects(g, pos, roll, move)
		},
		Blocks: func(pos string, roll int) []game.Block {
			return blocks(g, pos, roll)
		},
		Opening: func(pos string, roll int) *game.Opening {
			return opening(g, pos, roll)
		},
		Finished: func(pos string) []game.Player {
			return finished(g, pos)
		},
		Perft: func(pos string, depth int) (int64, error) {
			p, err := g.ParsePosition(pos)
			if err != nil {
				return 0, err
			}
			return game.Perft(g, p, depth), nil
		},
	}
	if e, ok := g.(game.Exampler); ok {
		kit.Examples = e.Examples
	}
	if b, ok := g.(game.Briefer); ok {
		kit.Brief = func() *game.Brief {
			brief := b.Brief()
			return &brief
		}
	}
	kit.Houses = func() []game.House { return nil }
	if h, ok := g.(houser); ok {
		kit.Houses = h.Houses
	}
	if d, ok := learned.(digester); ok {
		kit.Weights = d.Digest()
	}
	kit.Prolongable = game.CanProlong(g)
	return kit
}

// simPlayed plays game i of a simulation run and writes it in notation:
// the seats as that game sat them, every throw, the end position.
func simPlayed[P comparable, M comparable](ctx context.Context, g game.Game[P, M], factory sim.Factory[P, M], cfg sim.Config, i int) (sim.Played, error) {
	text := game.Text(g)
	out := sim.Played{Rules: g.ID()}
	p := g.Start()
	f, err := sim.PlayGame(ctx, g, factory, cfg, i, func(seat game.Player, roll int, m M) {
		_, letter := game.SeatName(text, seat)
		out.Throws = append(out.Throws, sim.Throw{Seat: letter, Roll: roll, Move: g.FormatMove(m)})
		p = g.Apply(p, roll, m)
	})
	if err != nil {
		return sim.Played{}, err
	}
	for _, entry := range f.Order { // the seats as the run sat them in game i
		out.Seats = append(out.Seats, cfg.Seats[entry])
	}
	out.End = g.FormatPosition(p)
	return out, nil
}

// effects names the effects of a move that g reports; the move is
// trusted to be legal (it has been played).
func effects[P comparable, M comparable](g game.Game[P, M], pos string, roll int, move string) []string {
	e, ok := g.(game.Effecter[P, M])
	if !ok {
		return nil
	}
	p, err := g.ParsePosition(pos)
	if err != nil {
		return nil
	}
	m, err := g.ParseMove(move)
	if err != nil {
		return nil
	}
	bits, names := e.Effects(p, roll, m), e.EffectNames()
	var out []string
	for i, name := range names {
		if bits&(1<<i) != 0 {
			out = append(out, name)
		}
	}
	return out
}

// blocks lists the moves of pos that throw roll would give but for a
// rule of g that removes them (game.Blocker).
func blocks[P comparable, M comparable](g game.Game[P, M], pos string, roll int) []game.Block {
	b, ok := g.(game.Blocker[P])
	if !ok {
		return nil
	}
	p, err := g.ParsePosition(pos)
	if err != nil {
		return nil
	}
	return b.Blocks(p, roll)
}

// opening tells how the first-move rule of g stands in pos with throw
// roll in hand (game.Opener).
func opening[P comparable, M comparable](g game.Game[P, M], pos string, roll int) *game.Opening {
	o, ok := g.(game.Opener[P])
	if !ok {
		return nil
	}
	p, err := g.ParsePosition(pos)
	if err != nil {
		return nil
	}
	return o.Opening(p, roll)
}

// finished lists the seats g reports finished in pos (game.Finisher),
// none for a game without such seats or a position it cannot read.
func finished[P comparable, M comparable](g game.Game[P, M], pos string) []game.Player {
	f, ok := g.(game.Finisher[P])
	if !ok {
		return nil
	}
	p, err := g.ParsePosition(pos)
	if err != nil {
		return nil
	}
	return f.Finished(p)
}

// Specs lists the rulesets in the order `passage rules` prints them.
func Specs() []game.Spec {
	out := make([]game.Spec, len(registry))
	for i, e := range registry {
		out[i] = e.spec
	}
	return out
}

// Lookup finds a ruleset by name.
func Lookup(name string) (game.Spec, error) {
	e, err := lookup(name)
	return e.spec, err
}

func lookup(name string) (entry, error) {
	i := slices.IndexFunc(registry, func(e entry) bool { return e.spec.Name == name })
	if i < 0 {
		names := make([]string, len(registry))
		for i, e := range registry {
			names[i] = e.spec.Name
		}
		return entry{}, fmt.Errorf("%w %q (known: %s)", game.ErrUnknownRules, name, strings.Join(names, ", "))
	}
	return registry[i], nil
}

// Open builds the named ruleset with KEY=VALUE options, checked against
// its Spec.
func Open(name string, opts []string) (Kit, error) {
	e, err := lookup(name)
	if err != nil {
		return Kit{}, err
	}
	resolved, err := e.spec.ParseOptions(opts)
	if err != nil {
		return Kit{}, err
	}
	return e.open(resolved)
}
