package senet

import (
	"path/filepath"
	"testing"

	"passage/game"
	"passage/game/gametest"
)

// openID builds the ruleset a canonical ID names, for the perft files.
func openID(id string) (game.Game[Position, Move], error) {
	name, opts := gametest.SplitID(id)
	return New(name, opts)
}

// TestJequierPerft, TestSzenetPerft and TestApokrifPerft recompute every
// move count pinned in testdata/*.perft (format: gametest.RunPerft); with
// -update they rewrite the counts instead.
func TestJequierPerft(t *testing.T) {
	gametest.RunPerft(t, filepath.Join("testdata", "jequier.perft"), openID, updating())
}

func TestSzenetPerft(t *testing.T) {
	gametest.RunPerft(t, filepath.Join("testdata", "szenet.perft"), openID, updating())
}

func TestApokrifPerft(t *testing.T) {
	gametest.RunPerft(t, filepath.Join("testdata", "apokrif.perft"), openID, updating())
}

// TestJequierPerftByHand: depth 1 of the start is 18, worked out by hand
// from the rules (testdata/jequier.perft's header), and a finished game
// has no sequences below it.
func TestJequierPerftByHand(t *testing.T) {
	r := jequier(t)
	if got := gametest.Perft(r, r.Start(), 1); got != 18 {
		t.Errorf("perft(start, 1) = %d, worked out by hand as 18", got)
	}
	over, err := r.Parse("....bbbbb..................... - off=wwwww winner=w")
	if err != nil {
		t.Fatal(err)
	}
	if got := gametest.Perft(r, over, 1); got != 0 {
		t.Errorf("perft(finished game, 1) = %d, want 0", got)
	}
}

// TestApokrifPerftByHand: depth 1 of the Apokrif start, from the rules:
// five moves for a 1, two for a 2, one for a 3, two for a 4 and for a 5.
func TestApokrifPerftByHand(t *testing.T) {
	r := apokrifRules(t, "")
	if got, want := gametest.Perft(r, r.Start(), 1), int64(5+2+1+2+2); got != want {
		t.Errorf("perft(start, 1) = %d, want %d", got, want)
	}
}
