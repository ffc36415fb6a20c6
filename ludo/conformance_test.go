package ludo

import (
	"testing"

	"passage/game/gametest"
)

// conformanceConfigs are the rulesets the conformance suite runs: two,
// three and four players, colors= turn orders, and each rule option and
// house rule on its own.
var conformanceConfigs = []map[string]string{
	{"players": "2"},
	{"players": "3"},
	{"players": "4"},
	{"colors": "gr"},
	{"colors": "byr"},
	{"goal-jump": "on"},
	{"finish": "all"},
	{"finish": "all", "players": "3"},
	{"finish": "all", "players": "2"},
	{"safe-start": "on"},
	{"six-rolls": "2"},
	{"three-sixes": "on"},
	{"goal-bounce": "on"},
	{"three-tries": "on"},
	{"finish": "all", "goal-jump": "on", "safe-start": "on", "six-rolls": "2",
		"three-sixes": "on", "goal-bounce": "on", "three-tries": "on"},
}

// TestConformance runs the game contract's suite on kinevet with 2, 3
// and 4 players and with each option on its own.
func TestConformance(t *testing.T) {
	for _, opts := range conformanceConfigs {
		r := MustNew("kinevet", opts)
		positions := perftPositions(t, r.ID()) // the move-count positions of this ruleset
		t.Run(r.ID(), func(t *testing.T) {
			gametest.Run(t, r, gametest.Config{Games: 100, Positions: positions})
		})
	}
}
