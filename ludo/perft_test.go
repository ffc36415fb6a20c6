package ludo

import (
	"flag"
	"path/filepath"
	"testing"

	"passage/game"
	"passage/game/gametest"
)

var update = flag.Bool("update", false, "rewrite the files in testdata from the engine")

// perftFile pins move counts for kinevet under several option sets, in
// the format of gametest.RunPerft.
var perftFile = filepath.Join("testdata", "kinevet.perft")

// openID builds the ruleset a canonical ID names, for the perft file.
func openID(id string) (game.Game[Position, Move], error) {
	name, opts := gametest.SplitID(id)
	return New(name, opts)
}

// TestPerft recomputes the move counts pinned in testdata/kinevet.perft;
// -update rewrites them.
func TestPerft(t *testing.T) {
	gametest.RunPerft(t, perftFile, openID, *update)
}

// perftPositions lists the positions of testdata/kinevet.perft in file
// order, those of ruleset id only when id is not empty; the conformance
// suite and the fuzz seeds use them too.
func perftPositions(t testing.TB, id string) []string {
	t.Helper()
	entries, err := gametest.ReadPerft(perftFile)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if id == "" || e.Rules == id {
			out = append(out, e.Pos)
		}
	}
	return out
}
