package catalog_test

import (
	"fmt"

	"passage/internal/catalog"
)

// Open a ruleset with options, list its moves in notation and ask a
// computer player for one.
func ExampleOpen() {
	kit, err := catalog.Open("senet-jequier", []string{"water=15"})
	if err != nil {
		panic(err)
	}
	moves, err := kit.Moves(kit.Start(), 2)
	if err != nil {
		panic(err)
	}
	fmt.Println(kit.ID(), moves[0].Move, moves[0].Pos)
	bot, err := kit.NewPlayer("hard", 1)
	if err != nil {
		panic(err)
	}
	fmt.Println(bot.Choose(kit.Start(), 2))
	_, err = catalog.Open("senet-jequier", []string{"water=3"})
	fmt.Println(err)
	// Output:
	// senet-jequier water=15 8-10 wbwbwbw.wbb................... w opening=w
	// 8-10 <nil>
	// invalid option: water=3: want one of 1, 15
}
