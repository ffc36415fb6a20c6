package main

import (
	"fmt"
	"os"
)

// passage new prints a ruleset's initial position in notation
// (docs/notation.md): the squares 1-30, the side to throw, and state such
// as Jéquier's opening rule (J4).
func Example_new() {
	run([]string{"new", "--rules", "senet-jequier", "--opt", "water=15"}, nil, os.Stdout, os.Stderr)
	// Output:
	// wbwbwbwbw.b................... b opening=w
}

// passage moves prints the legal moves for one throw as JSON, in a fixed
// order, each with the position it leads to.
func Example_moves() {
	run([]string{"moves", "--rules", "senet-jequier", "--pos", "wbwbwbwbw.b................... w opening=w", "--roll", "2"}, nil, os.Stdout, os.Stderr)
	// Output:
	// {"roll":2,"moves":[{"move":"9-11","pos":"wbwbwbwbb.w................... b"}]}
}

// An error is one line on standard error (shown here on standard
// output), nothing on standard output, and exit status 2.
func Example_error() {
	status := run([]string{"moves", "--rules", "senet-jequier", "--pos", "wbwbwbwbw.b...", "--roll", "2"}, nil, os.Stdout, os.Stdout)
	fmt.Println("exit status", status)
	// Output:
	// passage: position: want BOARD TURN [KEY=VALUE ...], got "wbwbwbwbw.b..."
	// exit status 2
}
