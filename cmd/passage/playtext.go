package main

import (
	"strings"

	"passage/game"
)

// firstThrow explains, per ruleset, why the side that throws first in
// the engine's initial position does so when that surprises a player:
// the position is the one after an opening ceremony that the rules
// settle before the first throw a person sees (the rules pages say the
// same). Rulesets whose first seat simply starts have no entry.
var firstThrow = map[string]string{
	"senet-jequier": "Black throws first: the opening (J4) is already played. The first player to\n" +
		"throw a 1 took Black and used it to move 10 to 11, and a 1 gives another throw (J5).",
	"senet-apokrif": "White throws first: the opening (A4) is already played. The first player to\n" +
		"throw a 1 took White and used it to move its front piece one square (A5: another throw).",
}

// withThrowShown rewrites the status line of a diagram drawn for seat
// name's turn. The diagrams say "White to throw." or "red to roll, ..."
// with the state that goes with the turn; when the throw is printed
// under the diagram, "to throw" is no longer true, so that part goes and
// only the state stays ("Red: 2 six(es) in a row"). Without a throw the
// line stays, with the seat's name capitalised as everywhere else.
func withThrowShown(diagram, name string, shown bool) string {
	lines := strings.SplitAfter(diagram, "\n")
	out := lines[:0]
	for _, line := range lines {
		body := strings.TrimLeft(line, " ")
		indent := line[:len(line)-len(body)]
		text, nl := strings.CutSuffix(body, "\n")
		rest, ok := afterToMove(text, name)
		switch {
		case !ok:
			out = append(out, line)
			continue
		case !shown:
			text = name + text[len(name):]
		case rest == "":
			continue // the throw line under the diagram says it all
		default:
			text = name + ": " + rest
		}
		line = indent + text
		if nl {
			line += "\n"
		}
		out = append(out, line)
	}
	return strings.Join(out, "")
}

// afterToMove reports whether text is a "NAME to throw" or "NAME to
// roll" status line (the name in any case), and returns what follows
// that: the state of the turn, without the separators.
func afterToMove(text, name string) (string, bool) {
	for _, verb := range []string{" to throw", " to roll"} {
		head := name + verb
		if len(text) >= len(head) && strings.EqualFold(text[:len(head)], head) {
			rest := strings.TrimPrefix(text[len(head):], ".")
			return strings.TrimPrefix(rest, ", "), true
		}
	}
	return "", false
}

// seatName is the capitalised name of seat p ("White", "Red").
func seatName(rules game.Ruleset, p game.Player) string {
	name, _ := game.SeatName(rules, p)
	return name
}
