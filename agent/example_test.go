package agent_test

import (
	"fmt"

	"passage/agent"
	"passage/senet"
)

// A computer player by level name; the same name and seed choose the same
// move on any machine.
func ExampleNew() {
	g := senet.MustNew("senet-jequier", nil)
	a, err := agent.New(g, g, "expectimax-3", 1)
	if err != nil {
		panic(err)
	}
	fmt.Println(a.Choose(g.Start(), 1))
	// Output:
	// 2-3
}

// An expectimax player with a node budget reports how deep it searched.
func ExampleNewExpectimax() {
	g := senet.MustNew("senet-jequier", nil)
	a := agent.NewExpectimax(g, agent.SearchEval[senet.Position](g), agent.ExpectimaxConfig{Depth: 8, Nodes: 20_000})
	m := a.Choose(g.Start(), 1)
	fmt.Printf("%s after %d throws deep, %d positions\n", m, a.Depth(), a.Nodes())
	// Output:
	// 2-3 after 3 throws deep, 2201 positions
}
