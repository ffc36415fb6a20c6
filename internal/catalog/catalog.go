// Package catalog lists every ruleset Passage knows, for the command line
// and the server.
//
// Usage:
//
//	spec, err := catalog.Lookup("senet-jequier")
//	rules, err := spec.Build([]string{"water=15"})
package catalog

import (
	"fmt"
	"strings"

	"passage/game"
	"passage/ludo"
	"passage/senet"
)

// Specs lists the rulesets in the order `passage rules` prints them.
func Specs() []game.Spec {
	return append(senet.Specs(), ludo.Specs()...)
}

// Lookup finds a ruleset by name.
func Lookup(name string) (game.Spec, error) {
	var names []string
	for _, s := range Specs() {
		if s.Name == name {
			return s, nil
		}
		names = append(names, s.Name)
	}
	return game.Spec{}, fmt.Errorf("%w %q (known: %s)", game.ErrUnknownRules, name, strings.Join(names, ", "))
}

// Build looks up a ruleset by name and builds it with KEY=VALUE options.
func Build(name string, opts []string) (game.Ruleset, error) {
	spec, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	return spec.Build(opts)
}
