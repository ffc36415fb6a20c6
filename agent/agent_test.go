package agent

import (
	"math/rand/v2"
	"testing"

	"passage/game"
	"passage/senet"
)

// playOut plays one game between two agents (seat 0 first) and returns
// the winner's seat.
func playOut[P comparable, M comparable](g game.Game[P, M], seats [2]Agent[P, M], seed uint64) game.Player {
	rng := rand.New(rand.NewPCG(seed, 1))
	p := g.Start()
	for !g.Over(p) {
		roll := game.Sample(g.Outcomes(p), rng)
		p = g.Apply(p, roll, seats[g.ToMove(p)].Choose(p, roll))
	}
	for i, v := range g.Payoffs(p) {
		if v == 1 {
			return game.Player(i)
		}
	}
	return game.NoPlayer
}

func TestStrengthSmoke(t *testing.T) {
	g := senet.MustNew("senet-jequier", nil)
	mk := map[string]func() Agent[senet.Position, senet.Move]{
		"random": func() Agent[senet.Position, senet.Move] { return NewRandom(g, 3) },
		"greedy": func() Agent[senet.Position, senet.Move] { return NewGreedy(g, g) },
		"exp2":   func() Agent[senet.Position, senet.Move] { return NewExpectimax(g, g, ExpectimaxConfig{Depth: 2}) },
		"exp3":   func() Agent[senet.Position, senet.Move] { return NewExpectimax(g, g, ExpectimaxConfig{Depth: 3}) },
	}
	pairs := [][2]string{{"greedy", "random"}, {"exp2", "greedy"}, {"exp3", "greedy"}}
	for _, pr := range pairs {
		wins, n := 0, 40
		for i := range n {
			a, b := mk[pr[0]](), mk[pr[1]]()
			seats := [2]Agent[senet.Position, senet.Move]{a, b}
			me := game.Player(0)
			if i%2 == 1 {
				seats = [2]Agent[senet.Position, senet.Move]{b, a}
				me = 1
			}
			if playOut(g, seats, uint64(i)) == me {
				wins++
			}
		}
		t.Logf("%s vs %s: %d/%d", pr[0], pr[1], wins, n)
	}
}
