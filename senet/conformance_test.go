package senet

import (
	"strings"
	"testing"

	"passage/game/gametest"
)

// TestConformance runs the game contract's suite on every Senet ruleset
// under every combination of its options.
func TestConformance(t *testing.T) {
	for _, spec := range Specs() {
		for _, combo := range spec.Combinations() {
			opts := map[string]string{}
			for _, kv := range combo {
				k, v, _ := strings.Cut(kv, "=")
				opts[k] = v
			}
			r := MustNew(spec.Name, opts)
			t.Run(strings.Join(append([]string{spec.Name}, combo...), ","), func(t *testing.T) {
				gametest.Run(t, r, gametest.Config{Games: 300})
			})
		}
	}
}
