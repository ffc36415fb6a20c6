package agent

import (
	"strings"
	"testing"
)

// TestParseLevels: every level of the table is a name New accepts, with
// the recipe of its row, and NAME-N replaces the budget of numbered
// levels only.
func TestParseLevels(t *testing.T) {
	for _, l := range Levels {
		r, err := parse(l.Name)
		if err != nil || r != l.play {
			t.Errorf("parse(%q) = %+v, %v; want the table's %+v", l.Name, r, err, l.play)
		}
	}
	tests := []struct {
		name string
		want recipe
	}{
		{"expectimax-3", recipe{algorithm: playExpectimax, depth: 3, maxN: 6}},
		{"expectimax-6", recipe{algorithm: playExpectimax, depth: 6, maxN: 6}},
		{"mcts-500", recipe{algorithm: playMCTS, iterations: 500, maxN: 1_000_000}},
		{"hard", recipe{algorithm: playExpectimax, depth: 8, nodes: 120_000, oracle: true}},
		{"easy", recipe{algorithm: playNoisyGreedy, noise: 1.0 / 3}},
	}
	for _, tt := range tests {
		if got, err := parse(tt.name); err != nil || got != tt.want {
			t.Errorf("parse(%q) = %+v, %v; want %+v", tt.name, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "wizard", "hard-2", "random-1", "expectimax-0", "expectimax-7",
		"expectimax-03", "mcts-1000001", "mcts-", "mcts-x", "-3"} {
		if _, err := parse(bad); err == nil {
			t.Errorf("parse(%q): no error", bad)
		}
	}
}

// TestLevelDocsSayNumberedNamesAreCommandLine: the server sends these
// docs to its clients (GET /api/rulesets, "computers"), whose seats take
// the names of the table only; NAME-N is for the command line, and a doc
// that names it must say so.
func TestLevelDocsSayNumberedNamesAreCommandLine(t *testing.T) {
	for _, l := range Levels {
		if strings.Contains(l.Doc, "-N") && !strings.Contains(l.Doc, "command line") {
			t.Errorf("%s: %q names a NAME-N player without saying it is for the command line", l.Name, l.Doc)
		}
	}
}
