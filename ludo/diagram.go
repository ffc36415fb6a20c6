package ludo

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"passage/internal/i18n"
)

// The board is drawn on an 11 x 11 grid in the familiar cross shape:
// the track runs clockwise round the cross, each goal runs up the middle
// of an arm towards the centre, and each yard sits in the corner next to
// its start square (red top left, yellow top right, green bottom right,
// blue bottom left).
const gridSize = 11

// cell is a grid coordinate: row from the top, column from the left.
type cell struct{ row, col int }

// trackCells[s] is the cell of track square s (1-40); goalCells[c][k] is
// the cell of colour c's goal square gk (1-4).
var trackCells, goalCells = boardCells()

// yardCorner is the top-left cell of each colour's 4 x 4 corner.
var yardCorner = [Colors]cell{{0, 0}, {0, 7}, {7, 7}, {7, 0}}

func boardCells() (track [TrackLen + 1]cell, goals [Colors][GoalLen + 1]cell) {
	// One arm's worth of the loop, from red's start (row 4, column 0):
	// right along the arm, up the next arm, across its tip. Rotating it
	// a quarter turn three times gives the rest.
	legs := []struct{ dr, dc, n int }{{0, 1, 4}, {-1, 0, 4}, {0, 1, 2}}
	rot := func(c cell, times int) cell {
		for range times {
			c = cell{c.col, gridSize - 1 - c.row} // a quarter turn clockwise
		}
		return c
	}
	for q := range Colors {
		at := cell{4, 0}
		s := q*10 + 1
		track[s] = rot(at, q)
		for _, l := range legs {
			for range l.n {
				at = cell{at.row + l.dr, at.col + l.dc}
				s++
				if s <= TrackLen {
					track[s] = rot(at, q)
				}
			}
		}
		for k := 1; k <= GoalLen; k++ {
			goals[q][k] = rot(cell{5, k}, q)
		}
	}
	return track, goals
}

// Diagram draws p as the cross-shaped board, within 60 columns: each
// square shows its number (or gK in a goal) after the letter of the piece
// on it, upper case; each corner shows a colour's yard with its count; the
// first line says who rolls and the turn's state, and the last a legend.
func (r *Rules) Diagram(p Position) string {
	return r.DiagramIn(p, i18n.English())
}

// DiagramIn draws p like Diagram with the words of a person's language
// (the diagram.ludo.* messages of internal/i18n); squares, goals and
// piece letters are the notation's and stay as they are. It implements
// game.LocalDiagrammer.
func (r *Rules) DiagramIn(p Position, words *i18n.Printer) string {
	var grid [gridSize][gridSize]string
	for row := range grid {
		for col := range grid[row] {
			grid[row][col] = "    "
		}
	}
	for s := 1; s <= TrackLen; s++ {
		mark := ' '
		if c := p.At(s); c >= 0 {
			mark = rune(colorLetter[c] - 'a' + 'A')
		} else if startSquares&(1<<s) != 0 {
			mark = '>'
		}
		at := trackCells[s]
		grid[at.row][at.col] = fmt.Sprintf("%c%2d ", mark, s)
	}
	for c := range Colors {
		for k := 1; k <= GoalLen; k++ {
			mark := ' '
			if p.InGoal(c, k) {
				mark = rune(colorLetter[c] - 'a' + 'A')
			}
			at := goalCells[c][k]
			grid[at.row][at.col] = fmt.Sprintf("%cg%d ", mark, k)
		}
	}
	var corner [Colors][2]string
	for c := range Colors {
		if !r.inPlay(c) {
			continue
		}
		name := colorWord(words, c)
		if int(p.turn) == c {
			name = "*" + name
		}
		yard := strings.Repeat(string(colorLetter[c]-'a'+'A'), p.Yard(c))
		if yard == "" {
			yard = "-"
		}
		corner[c] = [2]string{" " + name, " " + words.T("diagram.ludo.yard", "Pieces", yard)}
	}
	var b strings.Builder
	b.WriteString(r.status(p, words))
	b.WriteByte('\n')
	for row := range gridSize {
		// Columns are counted in characters: the words of the corners
		// may not be ASCII.
		line := []rune(strings.Join(grid[row][:], ""))
		for c, at := range yardCorner {
			if row == at.row+1 || row == at.row+2 {
				text := corner[c][row-at.row-1]
				text += strings.Repeat(" ", max(0, 16-utf8.RuneCountInString(text)))
				col := at.col * 4
				line = slices.Concat(line[:col], []rune(text), line[col+16:])
			}
		}
		b.WriteString(strings.TrimRight(string(line), " "))
		b.WriteByte('\n')
	}
	b.WriteString(words.T("diagram.ludo.legend") + "\n")
	return b.String()
}

// colorWord is colour c in the diagram's words ("red").
func colorWord(words *i18n.Printer, c int) string {
	return words.T("diagram.ludo.color." + colorName[c])
}

// status is the diagram's first line: who rolls, or the result.
func (r *Rules) status(p Position, words *i18n.Printer) string {
	var b strings.Builder
	if p.turn < 0 {
		if pl := r.Placings(p); len(pl) > 1 {
			var places []string
			for i, c := range pl {
				places = append(places, fmt.Sprintf("%d. %s", i+1, colorWord(words, c)))
			}
			return words.T("diagram.ludo.gameOverPlaces", "Places", strings.Join(places, ", "))
		}
		return words.T("diagram.ludo.gameOverWins", "Color", colorWord(words, int(p.winner)))
	}
	b.WriteString(words.T("diagram.ludo.toRoll", "Color", colorWord(words, int(p.turn))))
	if p.sixes > 0 {
		b.WriteString(", " + words.N("diagram.ludo.sixes", int(p.sixes)))
	}
	if p.extra > 0 {
		b.WriteString(", " + words.N("diagram.ludo.extra", int(p.extra)))
	}
	if p.tries > 0 {
		b.WriteString(", " + words.N("diagram.ludo.tries", int(p.tries)))
	}
	if p.last > 0 {
		b.WriteString(", " + words.T("diagram.ludo.last", "Square", int(p.last)))
	}
	if d := p.Done(); len(d) > 0 {
		b.WriteString(", " + words.T("diagram.ludo.finished"))
		for _, c := range d {
			b.WriteString(" " + colorWord(words, c))
		}
	}
	return b.String()
}
