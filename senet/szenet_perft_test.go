package senet

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// szPerftFile pins move counts for senet-szenet, in the spirit of chess
// perft files. Each entry is a named position with, for each throw, the
// number of legal moves (a pass counts as one), then leaf counts at
// depths 1-3, where a ply is one throw followed by one move and every
// throw counts once (unweighted). A finished game has no throws and so no
// leaves below it. go test -run TestSzenetPerft -update rewrites the
// counts of the positions in the file.
const szPerftFile = "testdata/szenet.perft"

const szPerftDepth = 3

type szPerftEntry struct {
	name, pos string
	throws    []int64 // moves per throw, in the order of Outcomes
	leaves    []int64 // leaves[d-1] at depth d
}

func TestSzenetPerft(t *testing.T) {
	entries := readSzPerft(t)
	if len(entries) < 6 {
		t.Fatalf("%s: %d positions, want at least 6", szPerftFile, len(entries))
	}
	for i := range entries {
		e := &entries[i]
		p, err := szenet.ParsePosition(e.pos)
		if err != nil {
			t.Fatalf("%s: %s: %v", szPerftFile, e.name, err)
		}
		throws, leaves := szPerftCounts(p)
		if updating() {
			e.throws, e.leaves = throws, leaves
			continue
		}
		t.Run(e.name, func(t *testing.T) {
			if got, want := fmt.Sprint(throws), fmt.Sprint(e.throws); got != want {
				t.Errorf("%s: moves per throw = %s, want %s", e.pos, got, want)
			}
			if got, want := fmt.Sprint(leaves), fmt.Sprint(e.leaves); got != want {
				t.Errorf("%s: leaves at depths 1-%d = %s, want %s", e.pos, szPerftDepth, got, want)
			}
		})
	}
	if updating() {
		writeSzPerft(t, entries)
	}
}

// szPerftCounts returns the moves per throw of p and its leaf counts at
// depths 1 to szPerftDepth.
func szPerftCounts(p Position) (throws, leaves []int64) {
	var bufs [szPerftDepth][]Move
	for i := range bufs {
		bufs[i] = make([]Move, 0, 8)
	}
	for _, o := range szenet.Outcomes(p) {
		throws = append(throws, int64(len(szenet.Moves(p, o.Roll, nil))))
	}
	for d := 1; d <= szPerftDepth; d++ {
		leaves = append(leaves, szPerft(p, d, bufs[:]))
	}
	return throws, leaves
}

// szPerft counts the leaves depth plies below p; bufs holds one move
// buffer per ply.
func szPerft(p Position, depth int, bufs [][]Move) int64 {
	if depth == 0 {
		return 1
	}
	if szenet.Over(p) {
		return 0
	}
	var n int64
	for _, o := range szenet.Throws {
		bufs[0] = szenet.Moves(p, o.Roll, bufs[0][:0])
		for _, m := range bufs[0] {
			n += szPerft(szenet.Apply(p, o.Roll, m), depth-1, bufs[1:])
		}
	}
	return n
}

func readSzPerft(t *testing.T) []szPerftEntry {
	t.Helper()
	f, err := os.Open(szPerftFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []szPerftEntry
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, rest, _ := strings.Cut(text, " ")
		if key != "name" && len(out) == 0 {
			t.Fatalf("%s:%d: %q before the first name", szPerftFile, line, key)
		}
		var e *szPerftEntry
		if len(out) > 0 {
			e = &out[len(out)-1]
		}
		switch key {
		case "name":
			out = append(out, szPerftEntry{name: rest})
		case "pos":
			e.pos = rest
		case "throws", "leaves":
			var nums []int64
			for f := range strings.FieldsSeq(rest) {
				n, err := strconv.ParseInt(f, 10, 64)
				if err != nil {
					t.Fatalf("%s:%d: %v", szPerftFile, line, err)
				}
				nums = append(nums, n)
			}
			if key == "throws" {
				e.throws = nums
			} else {
				e.leaves = nums
			}
		default:
			t.Fatalf("%s:%d: unknown line %q", szPerftFile, line, key)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func writeSzPerft(t *testing.T, entries []szPerftEntry) {
	t.Helper()
	var b strings.Builder
	b.WriteString(`# Move counts for senet-szenet (szenet_perft_test.go).
# name    a label
# pos     a position in notation
# throws  legal moves for the throws 1 2 3 4 5 (a pass counts as one move)
# leaves  leaf counts at depths 1 2 3; a ply is one throw and one move, every
#         throw counted once (unweighted); a finished game has no leaves below it
# Regenerate the counts with: go test ./senet -run TestSzenetPerft -update
`)
	for _, e := range entries {
		fmt.Fprintf(&b, "\nname %s\npos %s\nthrows %s\nleaves %s\n", e.name, e.pos,
			strings.Trim(fmt.Sprint(e.throws), "[]"), strings.Trim(fmt.Sprint(e.leaves), "[]"))
	}
	if err := os.WriteFile(szPerftFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
