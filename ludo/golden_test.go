package ludo

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"passage/game"
	"passage/internal/linediff"
)

// playthrough plays a random game of r from its start with rolls and
// moves drawn from a PCG seeded with (seed, 0), each move uniform among
// the legal ones, and renders it: the start diagram, one line per ply
// (number, colour, roll, move, position after), the final diagram.
func playthrough(r *Rules, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 0))
	var b strings.Builder
	fmt.Fprintf(&b, "# %s, random moves, seed %d; regenerate with\n#   go test ./ludo -run TestGolden -update\n", r.ID(), seed)
	p := r.Start()
	b.WriteString(r.Diagram(p))
	var buf []Move
	for ply := 1; !r.Over(p); ply++ {
		roll := game.Sample(r.Outcomes(p), rng)
		buf = r.Moves(p, roll, buf[:0])
		m := buf[rng.IntN(len(buf))]
		mover := colorLetter[p.turn]
		p = r.Apply(p, roll, m)
		fmt.Fprintf(&b, "%4d %c %d %-6s %s\n", ply, mover, roll, m, r.FormatPosition(p))
	}
	b.WriteString(r.Diagram(p))
	return b.String()
}

// TestGoldenPlaythrough replays a seeded four-player game and compares it
// with testdata/kinevet-4p-seed1.golden, printing a line diff on change.
func TestGoldenPlaythrough(t *testing.T) {
	path := filepath.Join("testdata", "kinevet-4p-seed1.golden")
	got := playthrough(rules(t), 1)
	linediff.Golden(t, path, got, *update)
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
