package catalog

import (
	"context"
	"math/rand/v2"
	"testing"

	"passage/game"
)

// TestSearchReleasesHold replays a hold from a match (docs/strength.md,
// Apokrif): Black's piece on 26 keeps White's last piece behind it (A23)
// while Black's piece on 22 moves back and forth. Without the game's
// history two hard players keep that up for as long as they are let
// (so do hard and hard-linear, as in the match); told how often the
// game has been at each position (agent.ChooseWithHistory), the holder moves
// on and the game ends.
func TestSearchReleasesHold(t *testing.T) {
	kit, err := Open("senet-apokrif", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !kit.Prolongable {
		t.Fatal("Apokrif is not marked as a game that can go on for ever")
	}
	const hold, limit = ".................w...b...b.www w off=wbbb", 400
	play := func(history bool) (throws int, end string) {
		white, err := kit.NewPlayer("hard", 1)
		if err != nil {
			t.Fatal(err)
		}
		black, err := kit.NewPlayer("hard", 2)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(0, 9))
		reached := map[string]int{hold: 1}
		var seen func(string) int
		if history {
			seen = func(pos string) int { return reached[pos] }
		}
		pos := hold
		for n := range limit {
			if over, _, _ := kit.Result(pos); over {
				return n, pos
			}
			seat, _ := kit.ToMove(pos)
			outs, _ := kit.Outcomes(pos)
			roll := game.Sample(outs, rng)
			a := white
			if seat == 1 {
				a = black
			}
			m, err := a.ChooseWithHistory(context.Background(), pos, roll, seen)
			if err != nil {
				t.Fatal(err)
			}
			if pos, err = kit.Play(pos, roll, m); err != nil {
				t.Fatal(err)
			}
			reached[pos]++
		}
		return limit, pos
	}
	if n, pos := play(false); n < limit {
		t.Fatalf("without the history the hold ended after %d throws at %s: the test no longer shows a hold", n, pos)
	}
	if n, pos := play(true); n == limit {
		t.Fatalf("with the history the game still goes on after %d throws, at %s", n, pos)
	}
}

// TestOnlyApokrifProlongable: the rulesets marked as able to go on for
// ever are those with a compulsory stop.
func TestOnlyApokrifProlongable(t *testing.T) {
	for _, id := range []string{"senet-jequier", "senet-szenet", "senet-apokrif", "kinevet"} {
		kit, err := Open(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := id == "senet-apokrif"; kit.Prolongable != want {
			t.Errorf("%s: Prolongable %v, want %v", id, kit.Prolongable, want)
		}
	}
}
