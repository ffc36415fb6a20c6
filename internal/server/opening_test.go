package server

import (
	"testing"

	"passage/game"
)

// openingStart is the player review's position: White to throw its
// first move (J4), its piece on 9 behind Black's pair on 10-11. A 1 or
// a 2 leaves that piece no move; a 3, 4 or 6 jumps the pair.
// openingGame is a game of openingGames: its view after White's first
// throw, and White's token.
type openingGame struct {
	v     gameView
	white string
}

const openingStart = "wbwbwbw.wbb................... w opening=w"

// openingGames makes games from openingStart until White's first throw
// has been a 1 in one ("stuck": the pieces on 1, 3, 5 and 7 may move)
// and a 3, 4 or 6 in another ("forced": only 9 may move), and returns
// their views after that throw and White's token.
func openingGames(t *testing.T, s *testServer) (stuck, forced openingGame) {
	t.Helper()
	for range 200 {
		id, white, _ := twoPeople(t, s, openingStart)
		before := s.game(t, id)
		if want := (game.Opening{Square: 9, State: "pending", Rule: "J4"}); before.Opening == nil || *before.Opening != want {
			t.Fatalf("before White's throw: opening = %+v, want %+v", before.Opening, want)
		}
		v := s.throw(t, id, white)
		switch *v.Roll {
		case 1:
			if stuck.v.ID == "" {
				stuck = openingGame{v, white}
			}
		case 3, 4, 6:
			if forced.v.ID == "" {
				forced = openingGame{v, white}
			}
		}
		if stuck.v.ID != "" && forced.v.ID != "" {
			return stuck, forced
		}
	}
	t.Fatal("200 games without both a 1 and a 3, 4 or 6 for White's first throw")
	return
}

// TestAPIOpening (player review): with White's piece on 9 behind a
// Black pair and a 1 thrown, the game says the opening rule (J4) does
// not bind ("stuck") while it offers the pieces on 1, 3, 5 and 7; with a
// throw that lets the piece on 9 move it says "forced" and offers that
// move alone. Once White has moved, it says nothing.
func TestAPIOpening(t *testing.T) {
	s := newTestServer(t, Config{})
	sg, fg := openingGames(t, s)
	stuck, forced := sg.v, fg.v

	want := game.Opening{Square: 9, State: "stuck", Rule: "J4"}
	if stuck.Opening == nil || *stuck.Opening != want {
		t.Errorf("a 1: opening = %+v, want %+v", stuck.Opening, want)
	}
	var from []string
	for _, m := range stuck.Moves {
		from = append(from, m.Move)
	}
	if len(from) != 4 || from[0] != "1-2" || from[3] != "7-8" {
		t.Errorf("a 1: moves %v, want 1-2, 3-4, 5-6 and 7-8", from)
	}
	if got := s.game(t, stuck.ID).Opening; got == nil || *got != want {
		t.Errorf("GET after the 1: opening = %+v, want %+v", got, want)
	}

	want.State = "forced"
	if forced.Opening == nil || *forced.Opening != want {
		t.Errorf("a %d: opening = %+v, want %+v", *forced.Roll, forced.Opening, want)
	}
	if len(forced.Moves) != 1 || forced.Moves[0].Move[:2] != "9-" {
		t.Errorf("a %d: moves %+v, want the piece on 9's alone", *forced.Roll, forced.Moves)
	}
	after := s.move(t, forced.ID, fg.white, forced.Moves[0].Move)
	if after.Opening != nil {
		t.Errorf("after White's first move: opening = %+v, want none", after.Opening)
	}
}
