package agent_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"passage/agent"
	"passage/game"
	"passage/internal/catalog"
)

// rulesetsUnderTest is every ruleset in the catalog with a few option
// sets each.
var rulesetsUnderTest = []struct {
	name string
	opts []string
}{
	{"senet-jequier", nil},
	{"senet-jequier", []string{"water=15", "overshoot=block"}},
	{"senet-szenet", nil},
	{"kinevet", nil},
	{"kinevet", []string{"players=2"}},
	{"kinevet", []string{"players=3", "finish=all", "three-sixes=on", "six-rolls=2", "goal-bounce=on", "three-tries=on"}},
}

// TestAgentsAlwaysLegal is the property that every agent returns one of
// the legal moves, on positions from random games of every ruleset.
func TestAgentsAlwaysLegal(t *testing.T) {
	names := []string{"random", "greedy", "easy", "expectimax-2", "mcts-50", "hard"}
	for _, rs := range rulesetsUnderTest {
		kit, err := catalog.Open(rs.name, rs.opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(kit.ID(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(11, 12))
			players := map[string]agent.TextAgent{}
			for _, n := range names {
				if players[n], err = kit.NewPlayer(n, 5); err != nil {
					t.Fatal(err)
				}
			}
			pos, checked := kit.Start(), 0
			for checked < 60 {
				over, _, err := kit.Result(pos)
				if err != nil {
					t.Fatal(err)
				}
				if over {
					pos = kit.Start()
				}
				outs, err := kit.Outcomes(pos)
				if err != nil {
					t.Fatal(err)
				}
				roll := game.Sample(outs, rng)
				moves, err := kit.Moves(pos, roll)
				if err != nil {
					t.Fatal(err)
				}
				legal := make([]string, len(moves))
				for i, m := range moves {
					legal[i] = m.Move
				}
				if rng.IntN(4) == 0 {
					checked++
					for _, n := range names {
						got, err := players[n].Choose(pos, roll)
						if err != nil || !slices.Contains(legal, got) {
							t.Fatalf("%s in %q with %d chose %q (%v), legal %v", n, pos, roll, got, err, legal)
						}
					}
				}
				pos = moves[rng.IntN(len(moves))].Pos
			}
		})
	}
}

// TestAgentsDeterministic: the same seed gives the same choices.
func TestAgentsDeterministic(t *testing.T) {
	kit, err := catalog.Open("senet-jequier", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"random", "easy", "mcts-200", "hard"} {
		play := func() []string {
			a, err := kit.NewPlayer(n, 99)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(3, 4))
			pos := kit.Start()
			var out []string
			for range 40 {
				outs, _ := kit.Outcomes(pos)
				roll := game.Sample(outs, rng)
				m, err := a.Choose(pos, roll)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, m)
				if pos, err = kit.Play(pos, roll, m); err != nil {
					t.Fatal(err)
				}
			}
			return out
		}
		if a, b := play(), play(); !slices.Equal(a, b) {
			t.Errorf("%s: two runs with seed 99 differ:\n%v\n%v", n, a, b)
		}
	}
}

// TestTextAgentErrors: bad input to a computer player is an error.
func TestTextAgentErrors(t *testing.T) {
	kit, err := catalog.Open("senet-jequier", nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := kit.NewPlayer("hard", 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Choose("nonsense", 1); err == nil {
		t.Error("malformed position: no error")
	}
	if _, err := a.Choose(kit.Start(), 5); !errors.Is(err, game.ErrBadRoll) {
		t.Errorf("impossible throw: %v, want ErrBadRoll", err)
	}
	if _, err := a.Choose(".....b.b.b.b.b................ - off=wwwww winner=w", 1); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("finished game: %v, want ErrGameOver", err)
	}
	if _, err := kit.NewPlayer("wizard", 1); err == nil {
		t.Error("unknown player: no error")
	}
	for _, bad := range []string{"expectimax-0", "expectimax-9", "mcts-x", "mcts-"} {
		if err := agent.Check(bad); err == nil {
			t.Errorf("Check(%q): no error", bad)
		}
	}
}
