package gametest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"passage/game"
	"passage/internal/linediff"
)

// maxGoldenThrows bounds a golden game; one still going is a failure.
const maxGoldenThrows = 100_000

// Golden plays a seeded random game of g from its start and compares its
// record with the file at path, reporting a line diff; with update it
// rewrites the file instead. Every ruleset pins one such game
// (testdata/*-seed*.golden).
//
// Throws are drawn from the exact distribution and moves uniformly among
// the legal ones, both from one math/rand/v2 PCG seeded (seed, stream);
// the moves are played through game.Match, so each is checked. The
// record has a header, the start, one line per throw (number, seat
// letter, throw, the legal moves in canonical order, the move played,
// the position after it), and, for a game that draws itself
// (game.Diagrammer), the diagrams of the start and the end.
func Golden[P comparable, M comparable](t testing.TB, g game.Game[P, M], path string, seed, stream uint64, update bool) {
	t.Helper()
	linediff.Golden(t, path, playthrough(t, g, seed, stream), update)
}

// playthrough is the record Golden compares: see there.
func playthrough[P comparable, M comparable](t testing.TB, g game.Game[P, M], seed, stream uint64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, stream))
	m := game.NewMatch(g, g.Start())
	text := game.Text(g)
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: a random game, throws from the exact distribution and moves uniform among the\n", g.ID())
	fmt.Fprintf(&b, "# legal ones, drawn from math/rand/v2 rand.NewPCG(%d, %d) (game/gametest.Golden).\n", seed, stream)
	b.WriteString("# THROW SEAT ROLL [LEGAL MOVES] MOVE -> POSITION; regenerate with the test's -update flag.\n")
	d, ok := g.(game.Diagrammer[P])
	if ok {
		b.WriteString(d.Diagram(m.Position()))
	}
	fmt.Fprintf(&b, "start %s\n", g.FormatPosition(m.Position()))
	for n := 1; !m.Over(); n++ {
		if n > maxGoldenThrows {
			t.Fatalf("%s: the game has not ended after %d throws", g.ID(), maxGoldenThrows)
		}
		seat := m.ToMove()
		roll := game.Sample(g.Outcomes(m.Position()), rng)
		moves, err := m.Legal(roll)
		if err != nil {
			t.Fatalf("%s: throw %d: %v", g.ID(), n, err)
		}
		legal := make([]string, len(moves))
		for i, mv := range moves {
			legal[i] = g.FormatMove(mv)
		}
		mv := moves[rng.IntN(len(moves))]
		if err := m.Play(seat, roll, mv); err != nil {
			t.Fatalf("%s: throw %d: %v", g.ID(), n, err)
		}
		_, letter := game.SeatName(text, seat)
		fmt.Fprintf(&b, "%d %s %d [%s] %s -> %s\n", n, letter, roll, strings.Join(legal, " "), g.FormatMove(mv), g.FormatPosition(m.Position()))
	}
	if ok {
		b.WriteString(d.Diagram(m.Position()))
	}
	return b.String()
}
