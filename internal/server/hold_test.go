package server

import (
	"slices"
	"testing"

	"passage/agent"
	"passage/game"
	"passage/internal/catalog"
	"passage/internal/store"
)

// TestComputersReleaseHold: an Apokrif game started in a hold from a
// match (Black's piece on 26 keeps White's last piece behind it, A23,
// while Black's piece on 22 moves back and forth), played by two hard
// players, ends: the server tells them how often the game has
// been at each position, and the holder moves on. Without that history
// they keep the hold for ever (catalog's TestSearchReleasesHold), and
// this test would wait in vain.
func TestComputersReleaseHold(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create(t, createRequest{Rules: "senet-apokrif", Start: ".................w...b...b.www w off=wbbb",
		Seats: []seatRequest{{Kind: "hard"}, {Kind: "hard"}}})
	v := s.waitFor(t, c.Game.ID, "the end of the hold", func(v gameView) bool { return v.Status == "over" })
	if v.Result == nil || v.Result.Winner < 0 {
		t.Errorf("result %+v, want a winner", v.Result)
	}
	verifyGame(t, s, c.Game.ID)
}

// TestHistoryOf: the history an actor keeps counts the start and every
// turn's position, only where the game can go on for ever; the copy a
// search gets holds the moves' positions and is not changed by later
// turns.
func TestHistoryOf(t *testing.T) {
	apokrif, err := catalog.Open("senet-apokrif", nil)
	if err != nil {
		t.Fatal(err)
	}
	jequier, err := catalog.Open("senet-jequier", nil)
	if err != nil {
		t.Fatal(err)
	}
	g := store.Game{Start: "s"}
	turns := []store.Turn{{Pos: "a"}, {Pos: "s"}, {Pos: "a"}, {Pos: "b"}}
	if h := historyOf(jequier, g, turns); h != nil {
		t.Errorf("Jéquier: a history %v, want none", h)
	}
	h := historyOf(apokrif, g, turns)
	if h.Reached("s") != 2 || h.Reached("a") != 2 || h.Reached("b") != 1 || h.Reached("c") != 0 {
		t.Fatalf("reached s %d, a %d, b %d, c %d; want 2, 2, 1, 0", h.Reached("s"), h.Reached("a"), h.Reached("b"), h.Reached("c"))
	}
	a := &actor{history: h}
	seen := a.reachedAfter([]game.Transition{{Move: "1", Pos: "a"}, {Move: "2", Pos: "c"}})
	h.Add("a")
	if seen("a") != 2 || seen("c") != 0 || seen("b") != 0 {
		t.Errorf("the search's copy: a %d, c %d, b %d; want 2, 0 and 0 (b is no move's)", seen("a"), seen("c"), seen("b"))
	}
	if (&actor{}).reachedAfter(nil) != nil {
		t.Error("a game without a history gave its search one")
	}
}

// TestFallbackMove: when a computer's search fails, the move played
// instead leaves out the moves to positions the game has reached
// agent.Repeats times, unless every move is one, as the players do.
func TestFallbackMove(t *testing.T) {
	moves := []game.Transition{{Move: "a", Pos: "p"}, {Move: "b", Pos: "q"}, {Move: "c", Pos: "r"}}
	worn := func(ps ...string) func(string) int {
		return func(pos string) int {
			if slices.Contains(ps, pos) {
				return agent.Repeats
			}
			return agent.Repeats - 1
		}
	}
	for _, c := range []struct {
		name    string
		reached func(string) int
		want    string
	}{
		{"no history", nil, "a"},
		{"none worn", worn(), "a"},
		{"first worn", worn("p"), "b"},
		{"first two worn", worn("p", "q"), "c"},
		{"all worn", worn("p", "q", "r"), "a"},
	} {
		if got := fallbackMove(moves, c.reached); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	if got := fallbackMove(nil, nil); got != "" {
		t.Errorf("no moves: %q", got)
	}
}
