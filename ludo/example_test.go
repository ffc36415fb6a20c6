package ludo_test

import (
	"fmt"

	"passage/ludo"
)

// A two-player game: a 6 brings a piece onto the start square.
func ExampleNew() {
	r, err := ludo.New("kinevet", map[string]string{"players": "2"})
	if err != nil {
		panic(err)
	}
	p := r.Start()
	moves := r.Moves(p, 6, nil)
	fmt.Println(moves)
	p = r.Apply(p, 6, moves[0])
	fmt.Println(r.FormatPosition(p))
	// Output:
	// [in-1]
	// r....................................... ..../..../..../.... r colors=rg
}
