package ludo

import (
	"fmt"
	"strconv"
	"strings"

	"passage/game"
)

// Move is one Ludo move of the colour to roll. From and To are squares:
// 1-40 on the track, goalBase+k for the mover's own goal square gk; From
// 0 means entering from the yard (To is then the start square). The zero
// Move is pass.
type Move struct {
	From, To int8
}

// goalBase+k (k = 1-4) stands for goal square gk in a Move.
const goalBase = TrackLen

// Pass is the only move when no move is legal.
var Pass = Move{}

// IsPass reports whether m is a pass.
func (m Move) IsPass() bool { return m == Pass }

// String writes the move in notation: "in-11", "38-3", "38-g2", "g1-g3",
// "pass".
func (m Move) String() string {
	if m == Pass {
		return "pass"
	}
	from := "in"
	if m.From != 0 {
		from = squareName(int(m.From))
	}
	return from + "-" + squareName(int(m.To))
}

// squareName writes a Move square: "12" or "g3".
func squareName(s int) string {
	if s > goalBase {
		return "g" + strconv.Itoa(s-goalBase)
	}
	return strconv.Itoa(s)
}

// ParseMove reads a move token: in-N, A-B, A-gK, gJ-gK or pass. It checks
// the form only (N a start square, squares 1-40 and g1-g4, goal squares
// only forward and never back to the track); whether the move is legal
// is the rules' business.
func ParseMove(s string) (Move, error) {
	if s == "pass" {
		return Pass, nil
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return Pass, game.BadMove("%q: want in-N, A-B, A-gK, gJ-gK or pass", s)
	}
	to, err := parseSquare(b)
	if err != nil {
		return Pass, game.BadMove("%q: to: %v", s, err)
	}
	var m Move
	m.To = int8(to)
	if a == "in" {
		if to > goalBase {
			return Pass, game.BadMove("%q: a piece enters on its start square, not in the goal", s)
		}
		if startSquares&(1<<to) == 0 {
			return Pass, game.BadMove("%q: %d is not a start square (1, 11, 21, 31)", s, to)
		}
		return m, nil
	}
	from, err := parseSquare(a)
	if err != nil {
		return Pass, game.BadMove("%q: from: %v", s, err)
	}
	m.From = int8(from)
	switch {
	case from == to:
		return Pass, game.BadMove("%q: a move must change square", s)
	case from > goalBase && to <= goalBase:
		return Pass, game.BadMove("%q: a piece never leaves its goal", s)
	case from > goalBase && to < from:
		return Pass, game.BadMove("%q: pieces in the goal only move forward", s)
	}
	return m, nil
}

// parseSquare reads a track square 1-40 or a goal square g1-g4, written
// canonically, as a Move square.
func parseSquare(s string) (int, error) {
	if g, ok := strings.CutPrefix(s, "g"); ok {
		n, err := strconv.Atoi(g)
		if err != nil || n < 1 || n > GoalLen || strconv.Itoa(n) != g {
			return 0, fmt.Errorf("%q is not a goal square g1-g%d", s, GoalLen)
		}
		return goalBase + n, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > TrackLen || strconv.Itoa(n) != s {
		return 0, fmt.Errorf("%q is not a square 1-%d or g1-g%d", s, TrackLen, GoalLen)
	}
	return n, nil
}
