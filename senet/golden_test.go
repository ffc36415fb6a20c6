package senet

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"passage/game"
)

// goldenGame plays a random game of r from its start: each throw is drawn
// from the exact distribution and each move chosen uniformly among the
// legal ones, both from one PCG generator seeded (seed, stream). It is played
// through game.Match, so every move is also checked for legality. The
// result is the game rendered one line per throw.
func goldenGame(t *testing.T, r *Rules, seed, stream uint64) []string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, stream))
	m := game.NewMatch(r, r.Start())
	lines := []string{
		fmt.Sprintf("# %s, random game from math/rand/v2 rand.NewPCG(%d, %d): throws from the exact", r.ID(), seed, stream),
		"# distribution (J3), moves uniform among the legal ones. Each line: throw number, side",
		"# that threw, throw, move, position after it. Regenerate with",
		"#   go test ./senet -run TestGoldenJequier -update",
		"start " + r.Format(m.Position()),
	}
	for n := 1; !m.Over(); n++ {
		if n > 10_000 {
			t.Fatalf("the game has not ended after %d throws", n-1)
		}
		side := m.ToMove()
		roll := game.Sample(r.Outcomes(m.Position()), rng)
		moves, err := m.Legal(roll)
		if err != nil {
			t.Fatal(err)
		}
		mv := moves[rng.IntN(len(moves))]
		if err := m.Play(side, roll, mv); err != nil {
			t.Fatalf("throw %d: %v", n, err)
		}
		lines = append(lines, fmt.Sprintf("%d %c %d %s %s", n, sideLetter[side], roll, mv, r.Format(m.Position())))
	}
	return lines
}

// goldenDiff describes where got first departs from want: the line
// number, both lines, and the line before for context.
func goldenDiff(want, got []string) string {
	for i := 0; i < max(len(want), len(got)); i++ {
		var w, g string
		if i < len(want) {
			w = want[i]
		} else {
			w = "(end of file)"
		}
		if i < len(got) {
			g = got[i]
		} else {
			g = "(end of output)"
		}
		if w == g {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "first difference at line %d (want %d lines, got %d):\n", i+1, len(want), len(got))
		if i > 0 {
			fmt.Fprintf(&b, "  line %d (same): %s\n", i, want[i-1])
		}
		fmt.Fprintf(&b, "  line %d want:   %s\n", i+1, w)
		fmt.Fprintf(&b, "  line %d got:    %s", i+1, g)
		return b.String()
	}
	return ""
}

// TestGoldenJequierSeed1 replays a fixed-seed random game under the
// default options and compares it, position by position, with
// testdata/jequier-seed1.golden; -update rewrites the file. Seed 1 with
// stream 51 gives a game of 573 throws with drownings, bounces, backward
// moves and a pass (random Jéquier games are long: the median over seeds
// is about 1,700 throws, and stream 1 takes 5,325).
func TestGoldenJequierSeed1(t *testing.T) {
	r := jequier(t)
	got := goldenGame(t, r, 1, 51)
	path := filepath.Join("testdata", "jequier-seed1.golden")
	if jqUpdating() {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote %s (%d lines)", path, len(got))
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	want := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if d := goldenDiff(want, got); d != "" {
		t.Errorf("%s: %s\n(if the change is intended, run go test ./senet -run TestGoldenJequier -update and review the diff)", path, d)
	}
	last := got[len(got)-1]
	if !strings.Contains(last, " - ") || !strings.Contains(last, "winner=") {
		t.Errorf("the game does not end with a winner: %s", last)
	}
}

// TestGoldenDiff: the failure message names the first differing
// line with both versions, also when one side is shorter.
func TestGoldenDiff(t *testing.T) {
	tests := []struct {
		want, got []string
		msg       string
	}{
		{[]string{"a", "b"}, []string{"a", "b"}, ""},
		{[]string{"a", "b", "c"}, []string{"a", "x", "c"}, "first difference at line 2 (want 3 lines, got 3):\n  line 1 (same): a\n  line 2 want:   b\n  line 2 got:    x"},
		{[]string{"a"}, []string{"a", "b"}, "first difference at line 2 (want 1 lines, got 2):\n  line 1 (same): a\n  line 2 want:   (end of file)\n  line 2 got:    b"},
		{[]string{"a", "b"}, []string{"c"}, "first difference at line 1 (want 2 lines, got 1):\n  line 1 want:   a\n  line 1 got:    c"},
	}
	for _, tt := range tests {
		if got := goldenDiff(tt.want, tt.got); got != tt.msg {
			t.Errorf("goldenDiff(%q, %q) =\n%s\nwant\n%s", tt.want, tt.got, got, tt.msg)
		}
	}
}
