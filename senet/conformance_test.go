package senet

import (
	"testing"

	"passage/game/gametest"
)

// TestConformance runs the game contract's suite on every Senet ruleset
// under every combination of its options.
func TestConformance(t *testing.T) {
	for name, r := range everyRuleset() {
		t.Run(name, func(t *testing.T) {
			gametest.Run(t, r, gametest.Config{Games: 300})
		})
	}
}
