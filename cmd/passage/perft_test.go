package main

import (
	"fmt"
	"strings"
	"testing"

	"passage/game/gametest"
)

// TestPerftMatchesTheFiles: passage perft prints, depth by depth, the
// counts every ruleset's perft file pins (to depth 3, for time), each
// position under its section's ruleset as the file writes it.
func TestPerftMatchesTheFiles(t *testing.T) {
	checked := 0
	for _, file := range []string{"../../senet/testdata/jequier.perft", "../../senet/testdata/szenet.perft", "../../senet/testdata/apokrif.perft", "../../ludo/testdata/kinevet.perft"} {
		entries, err := gametest.ReadPerft(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			var want strings.Builder
			depth := 0
			for d := 1; d <= 3; d++ {
				n, ok := e.Counts[d]
				if !ok {
					break
				}
				fmt.Fprintf(&want, "%d %d\n", d, n)
				depth = d
			}
			if depth == 0 {
				continue
			}
			code, out, errOut := runCLI(t, "", "perft", "--rules", e.Rules, "--pos", e.Pos, "--depth", fmt.Sprint(depth))
			if code != 0 || out != want.String() {
				t.Errorf("%s:%d: passage perft: exit %d, %q %q; want %q", file, e.Line, code, out, errOut, want.String())
			}
			checked++
		}
	}
	if checked < 10 {
		t.Errorf("only %d positions checked", checked)
	}
	// The start by default; a depth out of range is refused.
	if _, out, _ := runCLI(t, "", "perft", "--rules", "senet-jequier", "--depth", "1"); out != "1 18\n" {
		t.Errorf("perft of Jéquier's start: %q, want 1 18", out)
	}
	checkCLIError(t, "", "--depth must be 1 to 10", "perft", "--rules", "kinevet", "--depth", "0")
}
