package senet

import (
	"strconv"
	"strings"

	"passage/game"
)

// Move is one Senet move: From and To are squares 1-30; From 0 means
// entering a waiting piece, To OffSq means bearing off. The zero Move is
// pass. A move that drowns a piece has To = 27, its landing square, and
// a bounce (J14) has its final square.
type Move struct {
	From, To int8
}

// Pass is the only move when no move is legal.
var Pass = Move{}

// IsPass reports whether m is a pass.
func (m Move) IsPass() bool { return m == Pass }

// String writes the move in notation: "12-15", "in-1", "29-off", "pass".
func (m Move) String() string {
	if m == Pass {
		return "pass"
	}
	from, to := "in", "off"
	if m.From != 0 {
		from = strconv.Itoa(int(m.From))
	}
	if m.To != OffSq {
		to = strconv.Itoa(int(m.To))
	}
	return from + "-" + to
}

// ParseMove reads a move token: FROM-TO, in-N, FROM-off or pass. It checks
// the form only; whether the move is legal is the rules' business.
func ParseMove(s string) (Move, error) {
	if s == "pass" {
		return Pass, nil
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return Pass, game.BadMove("%q: want FROM-TO, in-N, FROM-off or pass", s)
	}
	var m Move
	if a != "in" {
		n, err := parseSquare(a)
		if err != nil {
			return Pass, game.BadMove("%q: from: %v", s, err)
		}
		m.From = int8(n)
	}
	if b == "off" {
		m.To = OffSq
	} else {
		n, err := parseSquare(b)
		if err != nil {
			return Pass, game.BadMove("%q: to: %v", s, err)
		}
		m.To = int8(n)
	}
	if m.From == 0 && m.To == OffSq {
		return Pass, game.BadMove("%q: a piece cannot enter and bear off at once", s)
	}
	if m.From == m.To {
		return Pass, game.BadMove("%q: a move must change square", s)
	}
	return m, nil
}
