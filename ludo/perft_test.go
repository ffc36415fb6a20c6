package ludo

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"passage/internal/linediff"
)

var update = flag.Bool("update", false, "rewrite the files in testdata from the engine")

// perftCases are the positions of testdata/kinevet.perft: the initial
// positions and mid-game positions under several option sets.
var perftCases = []struct {
	opts []string
	pos  string
}{
	{nil, pos("", "", "r")},
	{[]string{"players=2"}, pos("", "", "r colors=rg")},
	{[]string{"players=3"}, pos("", "", "r colors=ryg")},
	{nil, pos("1r 5y 9g 14b 20r 27y 33g 38b 40r", "..r./y.../..../...b", "g")},
	{nil, pos("1y 6r 11r 21b 31g 36y", "r.../..../..../....", "r")},
	{[]string{"colors=gr"}, pos("4g 17g 21r 38r", ".r../..../g.../....", "g colors=gr")},
	{[]string{"safe-start=on", "goal-bounce=on", "goal-jump=on"}, pos("1y 11r 21b 36r 38r 39g", ".r../..../g.../....", "r")},
	{[]string{"finish=all", "six-rolls=2", "three-sixes=on", "three-tries=on"}, pos("7r 11y 21g 30b 31b", "r.../yy../..../....", "r sixes=1 last=7 extra=2")},
	{[]string{"finish=all", "players=3"}, pos("3r 15g 35r", "rr../yyyy/.g../....", "g colors=ryg done=y")},
	{[]string{"three-tries=on"}, pos("12g 25y", "r.r./..../..../....", "r tries=1")},
}

const perftDepth = 3

const perftHeader = `# kinevet move counts (perft), recomputed by TestPerft; regenerate with
#   go test ./ludo -run TestPerft -update
# One position per line, fields separated by " ; ": the ruleset ID, the
# position, the number of legal moves for the rolls 1 to 6 (a pass counts
# as one), and the leaves at depth 1, 2 and 3. A ply is a roll followed by
# a move; a finished game has no plies.
`

// perft counts the roll-and-move sequences of depth plies from p.
func perft(r *Rules, p Position, depth int) int {
	if depth == 0 {
		return 1
	}
	if r.Over(p) {
		return 0
	}
	var buf [8]Move
	n := 0
	for _, o := range r.Outcomes(p) {
		for _, m := range r.Moves(p, o.Roll, buf[:0]) {
			n += perft(r, r.Apply(p, o.Roll, m), depth-1)
		}
	}
	return n
}

// perftLines computes the lines of testdata/kinevet.perft.
func perftLines(t *testing.T) []string {
	t.Helper()
	var lines []string
	for _, c := range perftCases {
		r := rules(t, c.opts...)
		p, err := r.ParsePosition(c.pos)
		if err != nil {
			t.Fatalf("%s: %v", r.ID(), err)
		}
		var perRoll, leaves []string
		for _, o := range r.Outcomes(p) {
			perRoll = append(perRoll, fmt.Sprint(len(r.Moves(p, o.Roll, nil))))
		}
		for d := 1; d <= perftDepth; d++ {
			leaves = append(leaves, fmt.Sprint(perft(r, p, d)))
		}
		lines = append(lines, strings.Join([]string{
			r.ID(), c.pos, strings.Join(perRoll, " "), strings.Join(leaves, " "),
		}, " ; "))
	}
	return lines
}

// TestPerft recomputes the move counts pinned in testdata/kinevet.perft.
func TestPerft(t *testing.T) {
	path := filepath.Join("testdata", "kinevet.perft")
	got := perftLines(t)
	linediff.Golden(t, path, perftHeader+strings.Join(got, "\n")+"\n", *update)
}
