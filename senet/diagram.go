package senet

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"passage/game"
	"passage/internal/i18n"
)

// Board drawing: each square is a cell cellW characters wide, with its
// number and marks on a first line and its piece on a second.
const (
	cellW   = 5
	rowLen  = 10
	margin  = "    "
	boxLeft = "  "
)

// Diagram draws p for a terminal, in at most 72 columns: the board as the
// snake it is (J1, S1, A1: row 1 is squares 1-10 left to right, row 2
// squares 11-20 right to left, row 3 squares 21-30 left to right), each
// square with its number, its marks (the ruleset's houses) and its piece
// or '.'; then the pieces off the board and in hand, the side to throw or
// the result, and the pending keys such as the opening (J4). It
// implements game.Diagrammer.
func (r *Rules) Diagram(p Position) string {
	return r.DiagramIn(p, i18n.English())
}

// DiagramIn draws p like Diagram with the words of a person's language
// (the diagram.* messages of internal/i18n); the squares, pieces and
// letters are the notation's and stay as they are. It implements
// game.LocalDiagrammer.
func (r *Rules) DiagramIn(p Position, words *i18n.Printer) string {
	seat := func(side int) (string, string) {
		name, letter := r.SeatName(game.Player(side))
		if s := words.T("seat." + strings.ToLower(name)); !strings.HasPrefix(s, "!") {
			name = s
		}
		return name, letter
	}
	v := &r.Variant
	var marks [Squares + 1]string
	hs := v.kinds()
	for _, h := range hs {
		for _, s := range h.sqs {
			if h.mark != 0 {
				marks[s] += string(h.mark)
			}
		}
	}
	var b strings.Builder
	border := func(left, mid, right string) {
		b.WriteString(margin)
		b.WriteString(left)
		for i := range rowLen {
			if i > 0 {
				b.WriteString(mid)
			}
			b.WriteString(strings.Repeat("─", cellW))
		}
		b.WriteString(right)
		b.WriteByte('\n')
	}
	border("┌", "┬", "┐")
	for row := range 3 {
		sqs := make([]int, rowLen)
		for i := range sqs {
			sqs[i] = row*rowLen + i + 1
		}
		prefix, suffix := "  ", " →"
		if row == 1 {
			// Row 2 runs right to left: 11 sits under 10.
			for i, j := 0, rowLen-1; i < j; i, j = i+1, j-1 {
				sqs[i], sqs[j] = sqs[j], sqs[i]
			}
			prefix, suffix = "← ", ""
		}
		if row == 2 {
			suffix = " → " + words.T("diagram.senet.off")
		}
		// Line 1: square numbers and marks.
		b.WriteString(margin)
		b.WriteString("│")
		for _, s := range sqs {
			num := strconv.Itoa(s)
			b.WriteString(num)
			b.WriteString(strings.Repeat(" ", cellW-len(num)-len(marks[s])))
			b.WriteString(marks[s])
			b.WriteString("│")
		}
		b.WriteByte('\n')
		// Line 2: pieces.
		b.WriteString(boxLeft) // the prefix fills the rest of the margin
		b.WriteString(prefix)
		b.WriteString("│")
		for _, s := range sqs {
			b.WriteString(r.cell(p, s))
			b.WriteString("│")
		}
		b.WriteString(suffix)
		b.WriteByte('\n')
		if row < 2 {
			border("├", "┼", "┤")
		}
	}
	border("└", "┴", "┘")

	// Pieces off the board and in hand.
	showHand := v.keys&keyHand != 0 || p.Hand(White)+p.Hand(Black) > 0
	for side := range 2 {
		name, letter := seat(side)
		onBoard := v.Pieces - p.Hand(side) - p.Off(side)
		fmt.Fprintf(&b, "%s%s (%s)  %s", boxLeft, name, letter, words.T("diagram.senet.onBoard", "N", onBoard))
		if showHand {
			fmt.Fprintf(&b, "  %s", words.T("diagram.senet.inHand", "N", p.Hand(side)))
		}
		fmt.Fprintf(&b, "  %s\n", words.T("diagram.senet.borneOff", "N", p.Off(side), "Pieces", v.Pieces))
	}

	// The side to throw or the result, and the pending keys.
	b.WriteString(boxLeft)
	if p.turn < 0 {
		name, _ := seat(int(p.winner))
		b.WriteString(words.T("diagram.senet.gameOver", "Seat", name) + "\n")
	} else {
		name, _ := seat(int(p.turn))
		b.WriteString(words.T("diagram.senet.toThrow", "Seat", name) + "\n")
	}
	if p.Opening() && v.OpeningSquare != 0 {
		white, _ := seat(White)
		b.WriteString(boxLeft + words.T("diagram.senet.opening", "Seat", white, "Square", v.OpeningSquare) + "\n")
	}
	for side := range 2 {
		if p.flags&(flagSkipW<<side) != 0 {
			name, _ := seat(side)
			b.WriteString(boxLeft + words.T("diagram.senet.missesTurn", "Seat", name) + "\n")
		}
	}
	if p.bonus != 0 {
		b.WriteString(boxLeft + words.T("diagram.senet.pendingThrow", "Square", p.bonus) + "\n")
	}
	if p.asleep != 0 {
		b.WriteString(boxLeft + words.T("diagram.senet.sleeping") + "\n")
	}

	// Legend of the marked houses, wrapped within 72 columns (counted
	// in characters: the words may not be ASCII).
	head := boxLeft + words.T("diagram.senet.houses")
	line := head
	for _, h := range hs {
		nums := make([]string, len(h.sqs))
		for i, s := range h.sqs {
			nums[i] = strconv.Itoa(s)
		}
		label := words.T("diagram.senet.house." + h.key)
		if strings.HasPrefix(label, "!") {
			label = h.label // a kind of house the catalogs do not know yet
		}
		item := "  " + words.T("diagram.senet.legendItem", "House", label, "Squares", strings.Join(nums, " "))
		if h.mark != 0 {
			item = fmt.Sprintf("  %c %s", h.mark, item[2:])
		}
		if line != head && utf8.RuneCountInString(line)+utf8.RuneCountInString(item) > 72 {
			b.WriteString(line + "\n")
			line = strings.Repeat(" ", utf8.RuneCountInString(head))
		}
		line += item
	}
	b.WriteString(line + "\n")
	return b.String()
}

// cell draws the piece line of square s, cellW columns wide.
func (r *Rules) cell(p Position, s int) string {
	c := p.At(s)
	if c == '.' {
		return "  .  "
	}
	if p.asleep&(1<<s) != 0 {
		return "  " + string(c) + " z"
	}
	return "  " + string(c) + "  "
}
