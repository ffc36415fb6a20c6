package game

import "strconv"

// SeatNamer is implemented by games that name their seats: name is for
// people ("White"), letter is the seat's letter in the ruleset's
// notation ("w"). The text adapter forwards it.
type SeatNamer interface {
	SeatName(p Player) (name, letter string)
}

// SeatName returns the name and letter of seat p under r: the ruleset's
// own when it names its seats, otherwise "Player N" and "N", counting
// seats from 1. Game records and the terminal game use it, so that they
// work for every ruleset.
func SeatName(r Ruleset, p Player) (name, letter string) {
	if n, ok := r.(SeatNamer); ok {
		return n.SeatName(p)
	}
	return defaultSeatName(p)
}

func defaultSeatName(p Player) (name, letter string) {
	n := strconv.Itoa(int(p) + 1)
	return "Player " + n, n
}

// SeatName forwards to the typed game when it names its seats.
func (t textRules[P, M]) SeatName(p Player) (name, letter string) {
	if n, ok := t.g.(SeatNamer); ok {
		return n.SeatName(p)
	}
	return defaultSeatName(p)
}
