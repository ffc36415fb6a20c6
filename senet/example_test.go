package senet_test

import (
	"fmt"

	"passage/senet"
)

// Build a ruleset with options, list the moves for a throw and play one.
func ExampleNew() {
	r, err := senet.New("senet-jequier", map[string]string{"water": "15"})
	if err != nil {
		panic(err)
	}
	p := r.Start()
	moves := r.Moves(p, 3, nil)
	fmt.Println(r.ID(), moves)
	p = r.Apply(p, 3, moves[0])
	fmt.Println(r.FormatPosition(p))
	// Output:
	// senet-jequier water=15 [2-5 4-7 6-9 11-14]
	// wwwbbbwbw.b................... w opening=w
}

// Every Senet ruleset, with its options.
func ExampleSpecs() {
	for _, s := range senet.Specs() {
		fmt.Print(s.Name)
		for _, o := range s.Options {
			fmt.Printf(" %s=%v", o.Key, o.Values)
		}
		fmt.Println()
	}
	// Output:
	// senet-jequier overshoot=[bounce block] water=[1 15]
	// senet-szenet
	// senet-apokrif pieces=[5 7]
}
