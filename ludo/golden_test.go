package ludo

import (
	"path/filepath"
	"strings"
	"testing"

	"passage/game"
	"passage/game/gametest"
)

// TestGoldenPlaythrough replays a seeded four-player game and compares it
// with testdata/kinevet-4p-seed1.golden (gametest.Golden), printing a
// line diff on change; -update rewrites the file.
func TestGoldenPlaythrough(t *testing.T) {
	gametest.Golden(t, rules(t), filepath.Join("testdata", "kinevet-4p-seed1.golden"), 1, 0, *update)
}

// TestDiagram checks that diagrams fit in 80 columns and show who rolls,
// the yards and the result, under two, three and four players.
func TestDiagram(t *testing.T) {
	tests := []struct {
		opts []string
		pos  string
		want []string // substrings
	}{
		{nil, pos("1r 11y 40b", "r.../..../..../....", "b"), []string{"blue to roll", "*blue", "yard RR", "yard YYY", "R 1", "Y11", "B40", "Rg1"}},
		{[]string{"players=2"}, pos("", "", "g colors=rg"), []string{"green to roll", "yard GGGG", "> 1"}},
		{[]string{"players=3", "finish=all"}, pos("5g", "rrrr/yyyy/..../....", "- colors=ryg done=ryg winner=r"), []string{"game over, 1. red, 2. yellow, 3. green", "yard -"}},
		{[]string{"three-sixes=on", "six-rolls=2"}, pos("7r", "", "r sixes=2 last=7 extra=3"), []string{"red to roll, 2 six(es) in a row, 3 extra roll(s) due, last moved 7"}},
	}
	for _, tt := range tests {
		r := rules(t, tt.opts...)
		d, err := game.Text(r).Diagram(tt.pos)
		if err != nil {
			t.Fatalf("Diagram(%q): %v", tt.pos, err)
		}
		for _, line := range strings.Split(d, "\n") {
			if len(line) > 80 {
				t.Errorf("%q: line %q is %d columns wide", tt.pos, line, len(line))
			}
		}
		for _, w := range tt.want {
			if !strings.Contains(d, w) {
				t.Errorf("%q: diagram lacks %q:\n%s", tt.pos, w, d)
			}
		}
	}
}
