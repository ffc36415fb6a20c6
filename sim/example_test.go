package sim_test

import (
	"context"
	"fmt"

	"passage/agent"
	"passage/senet"
	"passage/sim"
)

// A run of 200 Szenet games between the greedy and the random player.
// The factory makes each seat's player for one game from its own seed;
// the players swap seats from game to game.
func Example_run() {
	g := senet.MustNew("senet-szenet", nil)
	factory := func(name string, seed uint64) (agent.Agent[senet.Position, senet.Move], error) {
		return agent.New(g, g, name, seed)
	}
	rep, err := sim.Run(context.Background(), g, factory, sim.Config{
		Seats: []string{"greedy", "random"},
		Games: 200,
		Seed:  7,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, pl := range rep.Players {
		// Win.Low and Win.High bound the win rate with 95% confidence.
		fmt.Printf("%s: better than even %v\n", pl.Name, pl.Win.Low > 0.5)
	}
	// Lengths has the moves of every game, in the order they were played.
	fmt.Printf("%d games, %d lengths\n", rep.Games, len(rep.Lengths))
	// Output:
	// greedy: better than even true
	// random: better than even false
	// 200 games, 200 lengths
}
