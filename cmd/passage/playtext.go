package main

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"passage/game"
	"passage/internal/i18n"
)

// firstThrow lists the rulesets whose first throw surprises a player:
// the side that throws first in the engine's initial position does so
// because the position is the one after an opening ceremony that the
// rules settle before the first throw a person sees (the rules pages
// say the same). The catalogs explain it (play.firstThrow.ID); rulesets
// whose first seat simply starts have no entry.
var firstThrow = map[string]bool{
	"senet-jequier": true,
	"senet-apokrif": true,
}

// throwHeads are the ways a diagram starts the status line of seat
// english's turn ("White to throw.", "red to roll"), in the words of the
// player's language; name is the seat's name in that language.
func throwHeads(words *i18n.Printer, english, name string) []string {
	return []string{
		words.T("diagram.senet.toThrow", "Seat", name),
		words.T("diagram.ludo.toRoll", "Color", words.T("diagram.ludo.color."+strings.ToLower(english))),
	}
}

// withThrowShown rewrites the status line of a diagram drawn for the
// turn of the seat called name. The diagrams say "White to throw." or
// "red to roll, ..." (heads, in the player's language) with the state
// that goes with the turn; when the throw is printed under the diagram,
// "to throw" is no longer true, so that part goes and only the state
// stays ("Red: 2 six(es) in a row"). Without a throw the line stays,
// capitalised as everywhere else.
func withThrowShown(diagram, name string, heads []string, shown bool) string {
	lines := strings.SplitAfter(diagram, "\n")
	out := lines[:0]
	for _, line := range lines {
		body := strings.TrimLeft(line, " ")
		indent := line[:len(line)-len(body)]
		text, nl := strings.CutSuffix(body, "\n")
		rest, ok := afterHead(text, heads)
		switch {
		case !ok:
			out = append(out, line)
			continue
		case !shown:
			r, size := utf8.DecodeRuneInString(text)
			text = string(unicode.ToUpper(r)) + text[size:]
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

// afterHead reports whether text is a status line that starts with one
// of heads (in any case), and returns what follows: the state of the
// turn, without the separators.
func afterHead(text string, heads []string) (string, bool) {
	for _, head := range heads {
		head = strings.TrimSuffix(head, ".")
		if len(text) >= len(head) && strings.EqualFold(text[:len(head)], head) {
			rest := strings.TrimPrefix(text[len(head):], ".")
			return strings.TrimPrefix(rest, ", "), true
		}
	}
	return "", false
}

// seatName is the capitalised English name of seat p ("White", "Red").
func seatName(rules game.Ruleset, p game.Player) string {
	name, _ := game.SeatName(rules, p)
	return name
}
