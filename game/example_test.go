package game_test

import (
	"fmt"
	"math/rand/v2"

	"passage/game"
	"passage/senet"
)

// A Match checks every turn: the seat, the throw and the move.
func ExampleMatch() {
	g := senet.MustNew("senet-jequier", nil)
	m := game.NewMatch(g, g.Start())
	rng := rand.New(rand.NewPCG(1, 2))
	roll := game.Sample(g.Outcomes(m.Position()), rng)
	moves, err := m.Legal(roll)
	if err != nil {
		panic(err)
	}
	if err := m.Play(m.ToMove(), roll, moves[0]); err != nil {
		panic(err)
	}
	fmt.Println(roll, moves[0], g.FormatPosition(m.Position()))
	fmt.Println(m.Play(senet.White, 7, moves[0]))
	// Output:
	// 1 2-3 wwbbwbwbw.b................... b opening=w
	// not your turn: seat 1 to move, not seat 0
}

// The text-level Ruleset reads and writes notation and is checked by a
// Match.
func ExampleText() {
	r := game.Text(senet.MustNew("senet-jequier", nil))
	moves, err := r.Moves(r.Start(), 2)
	fmt.Println(moves, err)
	_, err = r.Play(r.Start(), 2, "11-14")
	fmt.Println(err)
	// Output:
	// [{8-10 wbwbwbw.wbb................... w opening=w} {11-13 wbwbwbwbw...b................. w opening=w}] <nil>
	// illegal move: 11-14 with a throw of 2
}
