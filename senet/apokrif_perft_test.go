package senet

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"passage/internal/linediff"
)

// apokrifPerftPositions are the positions pinned in testdata/apokrif.perft:
// the initial positions and mid-game and exit positions that exercise
// passing (A8), support and triples (A12-A14), backward moves (A16),
// Houses (A20, A21), drowning (A22), the stop on 26 (A23) and the exits
// (A24).
var apokrifPerftPositions = []struct{ opts, pos string }{
	{"", "bwbwbwbwb.w................... w"},
	{"pieces=7", "bwbwbwbwbwbwb.w............... w"},
	{"", "..w..ww.bbbw.b...w.b.......... w"},
	{"", "..............b.bbb....wbw.www w"},
	{"", "...........wbwbb.........w.w.. w off=wbb"},
	{"", "....w..w.bbbb......b.ww....... b off=w"},
	{"pieces=7", "bw.wbbb....bb.www...wb...w.... b"},
	{"", "......................bbwb.wwb w off=wwb"},
	{"", "..............w..........w..b. b off=wwwbbbb"},
}

// apokrifPerft counts the move sequences of depth plies from p, a ply
// being a throw and a move (a pass included), with every throw counted
// once whatever its probability. A finished game has no plies.
func apokrifPerft(r *Rules, p Position, depth int) int64 {
	if depth == 0 {
		return 1
	}
	if r.Over(p) {
		return 0
	}
	var buf [2 * Squares]Move
	var n int64
	for _, o := range r.Throws {
		moves := r.Moves(p, o.Roll, buf[:0])
		if depth == 1 {
			n += int64(len(moves))
			continue
		}
		for _, m := range moves {
			n += apokrifPerft(r, r.Apply(p, o.Roll, m), depth-1)
		}
	}
	return n
}

const apokrifPerftHeader = `# senet-apokrif move counts (perft). Regenerate with:
#   go test ./senet -run TestApokrifPerft -update
# Each line: RULESET | POSITION | MOVES PER THROW | DEPTH 2 | DEPTH 3
# A ply is a throw followed by a move; a pass counts as a move. MOVES PER THROW
# gives, for each throw, the number of legal moves ("2:3": three moves after a
# throw of 2). DEPTH n is the number of sequences of n plies, every throw counted
# once (not weighted by its probability); a finished game ends a sequence, which
# then counts for no deeper depth.
`

// apokrifPerftFile renders the move-count file from the engine.
func apokrifPerftFile(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(apokrifPerftHeader)
	for _, tc := range apokrifPerftPositions {
		r := apokrifRules(t, tc.opts)
		p, err := r.Parse(tc.pos)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.pos, err)
		}
		var per []string
		for _, o := range r.Throws {
			per = append(per, fmt.Sprintf("%d:%d", o.Roll, len(r.Moves(p, o.Roll, nil))))
		}
		fmt.Fprintf(&b, "%s | %s | %s | %d | %d\n", r.ID(), tc.pos, strings.Join(per, " "),
			apokrifPerft(r, p, 2), apokrifPerft(r, p, 3))
	}
	return b.String()
}

// TestApokrifPerft recomputes the pinned move counts of
// testdata/apokrif.perft and compares them line by line.
func TestApokrifPerft(t *testing.T) {
	path := filepath.Join("testdata", "apokrif.perft")
	got := apokrifPerftFile(t)
	linediff.Golden(t, path, got, updating())
}

// TestApokrifPerftDepth1 checks apokrifPerft itself on the initial
// position, where the moves were counted by hand: with a 1, 2-3 4-5 6-7
// 8-9 11-12; with a 2, 8-10 11-13; with a 3, 11-14; with a 4, 8-12 and
// 11-15 (passing one piece each); with a 5, 8-13 and 11-16 (2-7 and 4-9
// would pass pairs, 6-11 would land on its own piece).
func TestApokrifPerftDepth1(t *testing.T) {
	r := apokrifRules(t, "")
	if got, want := apokrifPerft(r, r.Start(), 1), int64(5+2+1+2+2); got != want {
		t.Errorf("perft(start, 1) = %d, want %d", got, want)
	}
}
