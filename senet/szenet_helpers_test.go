package senet

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// The -update flag rewrites the golden and move-count files in testdata.
// It is registered only if no other test file of the package has done so,
// so that test files written in parallel can share it.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden and move-count files in testdata")
	}
}

// szUpdating reports whether the test run was asked to rewrite testdata.
func szUpdating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

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

// szDiff returns a line diff of want and got ("-" only in want, "+"
// only in got, " " both), or "" when they are equal. It uses the longest
// common subsequence, which is plenty for move lists and golden files.
func szDiff(want, got []string) string {
	if strings.Join(want, "\n") == strings.Join(got, "\n") && len(want) == len(got) {
		return ""
	}
	n, m := len(want), len(got)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if want[i] == got[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var b strings.Builder
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && want[i] == got[j]:
			fmt.Fprintf(&b, "  %s\n", want[i])
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			fmt.Fprintf(&b, "+ %s\n", got[j])
			j++
		default:
			fmt.Fprintf(&b, "- %s\n", want[i])
			i++
		}
	}
	return b.String()
}
