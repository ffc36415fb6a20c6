package senet

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// szBoard builds a 30-square board from a list such as "1w 5b 16W":
// square, then the piece letter. It panics on a malformed list (a bug in
// the test, not user input).
func szBoard(pieces string) string {
	b := []byte(strings.Repeat(".", Squares))
	for _, f := range strings.Fields(pieces) {
		n, err := strconv.Atoi(f[:len(f)-1])
		if err != nil || n < 1 || n > Squares || b[n-1] != '.' {
			panic(fmt.Sprintf("szBoard(%q): bad piece %q", pieces, f))
		}
		b[n-1] = f[len(f)-1]
	}
	return string(b)
}

// szPos is a position in notation: the board of szBoard(pieces), then the
// turn and keys in rest ("w hand=wwwWbbbbB").
func szPos(pieces, rest string) string { return szBoard(pieces) + " " + rest }

// szMove is a legal move as a test expects it: "MOVE POSITION-AFTER".
func szMove(move, pieces, rest string) string { return move + " " + szPos(pieces, rest) }

// szCase is a position, a throw and the exact list of legal moves with
// the position after each, in canonical order.
type szCase struct {
	name string
	pos  string
	roll int
	want []string // szMove(...) entries
}

// szenet is the Szenet ruleset, built once.
var szenet = MustNew("senet-szenet", nil)

// runSzCases checks every case's exact move list.
func runSzCases(t *testing.T, cases []szCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkMoves(t, szenet, c.pos, c.roll, c.want)
		})
	}
}
