package main

import (
	"fmt"
	"io"
)

// maxPerftDepth bounds passage perft: the counts grow about tenfold a
// ply (Senet's opening: 5 throws, a few moves each), and depth 8 already
// takes minutes.
const maxPerftDepth = 10

// cmdPerft prints the perft counts of a position for depths 1 to N (the
// start position when --pos is not given): what the tests' perft files
// pin, for checking another move generator against this one.
func cmdPerft(args []string, stdout io.Writer) error {
	fs := newFlags("perft", stdout)
	var rf rulesFlags
	rf.register(fs, "")
	pos := fs.String("pos", "", "the `POSITION` in notation (default: the ruleset's start)")
	depth := fs.Int("depth", 3, "count sequences of 1 to `N` plies (a ply: a throw and its move)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	kit, err := rf.open()
	if err != nil {
		return err
	}
	if *depth < 1 || *depth > maxPerftDepth {
		return usageError{fmt.Sprintf("perft: --depth must be 1 to %d", maxPerftDepth)}
	}
	p := *pos
	if p == "" {
		p = kit.Start()
	}
	// The counts as they come, one line a depth: a deep count takes long.
	for d := 1; d <= *depth; d++ {
		n, err := kit.Perft(p, d)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(stdout, "%d %d\n", d, n); err != nil {
			return err
		}
	}
	return nil
}
