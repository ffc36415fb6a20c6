// Package catalog lists every ruleset Passage knows and binds each to the
// programs: the text-level rules, computer players and simulations.
// It is the one place that knows the typed games; everything above it
// works on notation.
//
// Usage:
//
//	kit, err := catalog.Open("senet-jequier", []string{"water=15"})
//	moves, err := kit.Moves(kit.Start(), 2)
//	bot, err := kit.NewPlayer("hard", 1)
package catalog

import (
	"fmt"
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
	Simulate func(cfg sim.Config) (sim.Report, error)
}

// family is one game package's rulesets.
type family struct {
	specs func() []game.Spec
	open  func(name string, opts map[string]string) (Kit, error)
}

var families = []family{
	{senet.Specs, func(name string, opts map[string]string) (Kit, error) {
		r, err := senet.New(name, opts)
		if err != nil {
			return Kit{}, err
		}
		return bind(r, nneval.ForSenet(r)), nil
	}},
	{ludo.Specs, func(name string, opts map[string]string) (Kit, error) {
		r, err := ludo.New(name, opts)
		if err != nil {
			return Kit{}, err
		}
		return bind(r, nneval.ForLudo(r)), nil
	}},
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
	return Kit{
		Ruleset: game.Text(g),
		NewPlayer: func(name string, seed uint64) (agent.TextAgent, error) {
			a, err := factory(name, seed)
			if err != nil {
				return nil, err
			}
			return agent.Text(g, a), nil
		},
		Simulate: func(cfg sim.Config) (sim.Report, error) {
			return sim.Run(g, factory, cfg)
		},
	}
}

// Specs lists the rulesets in the order `passage rules` prints them.
func Specs() []game.Spec {
	var out []game.Spec
	for _, f := range families {
		out = append(out, f.specs()...)
	}
	return out
}

// Lookup finds a ruleset by name.
func Lookup(name string) (game.Spec, error) {
	_, spec, err := lookup(name)
	return spec, err
}

func lookup(name string) (family, game.Spec, error) {
	var names []string
	for _, f := range families {
		for _, s := range f.specs() {
			if s.Name == name {
				return f, s, nil
			}
			names = append(names, s.Name)
		}
	}
	return family{}, game.Spec{}, fmt.Errorf("%w %q (known: %s)", game.ErrUnknownRules, name, strings.Join(names, ", "))
}

// Open builds the named ruleset with KEY=VALUE options.
func Open(name string, opts []string) (Kit, error) {
	f, spec, err := lookup(name)
	if err != nil {
		return Kit{}, err
	}
	resolved, err := spec.ParseOptions(opts)
	if err != nil {
		return Kit{}, err
	}
	return f.open(name, resolved)
}

// Build looks up a ruleset by name and builds it with KEY=VALUE options.
func Build(name string, opts []string) (game.Ruleset, error) {
	k, err := Open(name, opts)
	if err != nil {
		return nil, err
	}
	return k.Ruleset, nil
}
