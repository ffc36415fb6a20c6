package senet

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"passage/game"
	"passage/internal/linediff"
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

// TestGoldenJequierSeed1 replays a fixed-seed random game under the
// default options and compares it, position by position, with
// testdata/jequier-seed1.golden; -update rewrites the file. Seed 1 with
// stream 51 gives a game of 573 throws with drownings, bounces, backward
// moves and a pass (random Jéquier games are long: the median over seeds
// is about 1,700 throws, and stream 1 takes 5,325).
func TestGoldenJequierSeed1(t *testing.T) {
	r := jequier(t)
	got := goldenGame(t, r, 1, 51)
	linediff.Golden(t, filepath.Join("testdata", "jequier-seed1.golden"), strings.Join(got, "\n")+"\n", updating())
	last := got[len(got)-1]
	if !strings.Contains(last, " - ") || !strings.Contains(last, "winner=") {
		t.Errorf("the game does not end with a winner: %s", last)
	}
}
