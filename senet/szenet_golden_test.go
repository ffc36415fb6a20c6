package senet

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"passage/game"
	"passage/internal/linediff"
)

const szGoldenFile = "testdata/szenet-seed1.golden"

// szPlaythrough plays one random game of senet-szenet from the start with
// a PCG seeded by seed: each throw is sampled from the exact distribution
// and each move chosen uniformly among the legal ones. It returns one line
// per ply, "PLY THROW MOVE POSITION-AFTER", after a line with the start.
func szPlaythrough(seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 0))
	p := szenet.Start()
	lines := []string{fmt.Sprintf("%4d %s %-6s %s", 0, "-", "start", szenet.FormatPosition(p))}
	var buf []Move
	for ply := 1; !szenet.Over(p); ply++ {
		roll := game.Sample(szenet.Outcomes(p), rng)
		buf = szenet.Moves(p, roll, buf[:0])
		m := buf[rng.IntN(len(buf))]
		p = szenet.Apply(p, roll, m)
		lines = append(lines, fmt.Sprintf("%4d %d %-6s %s", ply, roll, m, szenet.FormatPosition(p)))
	}
	return lines
}

// TestSzenetGoldenSeed1 replays a seeded random game and compares it,
// position by position, with testdata/szenet-seed1.golden. Run with
// -update to rewrite the file after an intended rule change.
func TestSzenetGoldenSeed1(t *testing.T) {
	got := szPlaythrough(1)
	header := "# senet-szenet, a random game: PCG seed 1, throws sampled, moves uniform.\n" +
		"# ply throw move position-after (go test ./senet -run TestSzenetGoldenSeed1 -update)\n"
	linediff.Golden(t, szGoldenFile, header+strings.Join(got, "\n")+"\n", updating())
}
