package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"

	"passage/sim"
)

// simGames keeps the games of a run as they end (sim.Config.OnGame), for
// a table of them (sim --csv).
type simGames struct {
	mu    sync.Mutex
	games []sim.Finished
}

func (g *simGames) add(f sim.Finished) {
	g.mu.Lock()
	g.games = append(g.games, f)
	g.mu.Unlock()
}

// writeSimCSV writes one row a game of the run rep reports, in game
// order, to path: the game's number, each seat's player and payoff, its
// length in turns and moves, whether --max-turns stopped it, and how
// often each special rule fired, named as the report names them. It is
// the table a designer loads into R or a spreadsheet.
func writeSimCSV(path string, rep sim.Report, games []sim.Finished) error {
	games = slices.DeleteFunc(slices.Clone(games), func(f sim.Finished) bool { return f.Index >= rep.Games })
	slices.SortFunc(games, func(a, b sim.Finished) int { return a.Index - b.Index })
	labels := rep.PlayerLabels()
	head := []string{"game"}
	for _, s := range rep.BySeat {
		head = append(head, s.Seat+" player", s.Seat+" payoff")
	}
	head = append(head, "turns", "moves", "unfinished")
	for _, e := range rep.Effects {
		head = append(head, e.Name)
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("sim: csv: %w", err)
	}
	w := csv.NewWriter(f)
	w.Write(head)
	for _, g := range games {
		row := []string{strconv.Itoa(g.Index)}
		for seat, entry := range g.Order {
			row = append(row, labels[entry], strconv.FormatFloat(g.Payoffs[seat], 'g', -1, 64))
		}
		row = append(row, strconv.Itoa(g.Turns), strconv.Itoa(g.Moves), strconv.FormatBool(g.Unfinished))
		for k := range rep.Effects {
			n := 0
			if k < len(g.Effects) {
				n = g.Effects[k]
			}
			row = append(row, strconv.Itoa(n))
		}
		w.Write(row)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return fmt.Errorf("sim: csv: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("sim: csv: %w", err)
	}
	return nil
}
