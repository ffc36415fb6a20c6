package senet

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"passage/game"
)

// Side indices: White throws first in notation order.
const (
	White = 0
	Black = 1
)

// Position is a Senet position: a comparable value with no pointers, so
// that == means "same position" and it can key a map. Bit s of a square
// mask stands for square s (1-30).
type Position struct {
	occ    [2]uint32 // squares holding a piece of White / Black
	ba     uint32    // squares holding a BA (a subset of occ)
	asleep uint32    // squares holding a sleeping piece
	hand   [2]uint8  // ordinary pieces waiting to enter
	off    [2]uint8  // ordinary pieces borne off
	flags  uint8     // see flag constants
	bonus  uint8     // square a pending bonus throw must move, or 0
	turn   int8      // side to throw, or -1 when the game is over
	winner int8      // the winner, or -1
}

const (
	flagOpening uint8 = 1 << iota // White has not yet made its first move (J4)
	flagSkipW                     // White misses its next turn
	flagSkipB                     // Black misses its next turn
	flagBAHandW                   // White's BA waits to enter
	flagBAHandB                   // Black's BA waits to enter
	flagBAOffW                    // White's BA is borne off
	flagBAOffB                    // Black's BA is borne off
)

// Turn is the side to throw (White or Black), or -1 when the game is over.
func (p Position) Turn() int { return int(p.turn) }

// Winner is the winning side, or -1 while the game goes on.
func (p Position) Winner() int { return int(p.winner) }

// At reports what stands on square s (1-30) in notation: '.', 'w', 'b',
// 'W' or 'B'.
func (p Position) At(s int) byte {
	bit := uint32(1) << s
	switch {
	case p.occ[White]&bit != 0 && p.ba&bit != 0:
		return 'W'
	case p.occ[White]&bit != 0:
		return 'w'
	case p.occ[Black]&bit != 0 && p.ba&bit != 0:
		return 'B'
	case p.occ[Black]&bit != 0:
		return 'b'
	}
	return '.'
}

// Off is the number of pieces of side borne off, BA included.
func (p Position) Off(side int) int {
	n := int(p.off[side])
	if p.flags&(flagBAOffW<<side) != 0 {
		n++
	}
	return n
}

// Hand is the number of pieces of side waiting to enter, BA included.
func (p Position) Hand(side int) int {
	n := int(p.hand[side])
	if p.flags&(flagBAHandW<<side) != 0 {
		n++
	}
	return n
}

// Opening reports whether White has not yet made its first move (J4).
func (p Position) Opening() bool { return p.flags&flagOpening != 0 }

var sideLetter = [2]byte{'w', 'b'}

// Format writes p in the notation of docs/notation.md.
func (v *Variant) Format(p Position) string {
	var b strings.Builder
	b.Grow(48)
	for s := 1; s <= Squares; s++ {
		b.WriteByte(p.At(s))
	}
	b.WriteByte(' ')
	if p.turn < 0 {
		b.WriteByte('-')
	} else {
		b.WriteByte(sideLetter[p.turn])
	}
	if p.Hand(White)+p.Hand(Black) > 0 {
		b.WriteString(" hand=")
		writePieces(&b, p.hand, p.flags, flagBAHandW)
	}
	if p.Off(White)+p.Off(Black) > 0 {
		b.WriteString(" off=")
		writePieces(&b, p.off, p.flags, flagBAOffW)
	}
	if p.flags&(flagSkipW|flagSkipB) != 0 {
		b.WriteString(" skip=")
		if p.flags&flagSkipW != 0 {
			b.WriteByte('w')
		}
		if p.flags&flagSkipB != 0 {
			b.WriteByte('b')
		}
	}
	if p.bonus != 0 {
		b.WriteString(" bonus=")
		b.WriteString(strconv.Itoa(int(p.bonus)))
	}
	if p.asleep != 0 {
		b.WriteString(" asleep=")
		for m, first := p.asleep, true; m != 0; m &= m - 1 {
			if !first {
				b.WriteByte(',')
			}
			first = false
			b.WriteString(strconv.Itoa(bits.TrailingZeros32(m)))
		}
	}
	if p.flags&flagOpening != 0 {
		b.WriteString(" opening=w")
	}
	if p.winner >= 0 {
		b.WriteString(" winner=")
		b.WriteByte(sideLetter[p.winner])
	}
	return b.String()
}

// writePieces writes ordinary pieces and BAs in the order w, W, b, B.
func writePieces(b *strings.Builder, n [2]uint8, flags, baFlagW uint8) {
	for side := range 2 {
		for range n[side] {
			b.WriteByte(sideLetter[side])
		}
		if flags&(baFlagW<<side) != 0 {
			b.WriteByte(sideLetter[side] - 'a' + 'A')
		}
	}
}

// keyOrder is the order keys must appear in (docs/notation.md).
var keyOrder = []struct {
	name string
	key  keySet
}{
	{"hand", keyHand}, {"off", keyOff}, {"skip", keySkip}, {"bonus", keyBonus},
	{"asleep", keyAsleep}, {"opening", keyOpening}, {"winner", 0},
}

// Parse reads a position in notation and checks that it is possible under
// the variant: the right pieces, nothing on 27, keys the ruleset uses, a
// consistent turn and result. The error names the problem.
func (v *Variant) Parse(s string) (Position, error) {
	var p Position
	fields := strings.Fields(s)
	if len(fields) < 2 {
		return p, game.BadPosition("want BOARD TURN [KEY=VALUE ...], got %q", s)
	}
	board := fields[0]
	if len(board) != Squares {
		return p, game.BadPosition("board has %d squares, want %d", len(board), Squares)
	}
	for i := range Squares {
		sq := i + 1
		bit := uint32(1) << sq
		switch c := board[i]; c {
		case '.':
		case 'w', 'W', 'b', 'B':
			if sq == Water {
				return p, game.BadPosition("square %d cannot hold a piece", Water)
			}
			side := White
			if c == 'b' || c == 'B' {
				side = Black
			}
			p.occ[side] |= bit
			if c == 'W' || c == 'B' {
				if !v.hasBA() {
					return p, game.BadPosition("%s has no BA piece (%c on square %d)", v.Name, c, sq)
				}
				p.ba |= bit
			}
		default:
			return p, game.BadPosition("square %d: unknown piece %q", sq, c)
		}
	}
	switch fields[1] {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	case "-":
		p.turn = -1
	default:
		return p, game.BadPosition("turn %q: want w, b or -", fields[1])
	}
	p.winner = -1
	next := 0
	for _, kv := range fields[2:] {
		k, val, ok := strings.Cut(kv, "=")
		if !ok {
			return p, game.BadPosition("%q is not KEY=VALUE", kv)
		}
		idx := -1
		for i, ko := range keyOrder {
			if ko.name == k {
				idx = i
			}
		}
		if idx < 0 {
			return p, game.BadPosition("unknown key %q", k)
		}
		if idx < next {
			return p, game.BadPosition("key %s= out of order or repeated (order: hand, off, skip, bonus, asleep, opening, winner)", k)
		}
		next = idx + 1
		if key := keyOrder[idx].key; key != 0 && v.keys&key == 0 {
			return p, game.BadPosition("%s does not use the key %s=", v.Name, k)
		}
		if val == "" {
			return p, game.BadPosition("key %s= is empty (omit it instead)", k)
		}
		if err := v.parseKey(&p, k, val); err != nil {
			return p, err
		}
	}
	if err := v.check(p); err != nil {
		return p, err
	}
	return p, nil
}

func (v *Variant) hasBA() bool { return v.BA }

func (v *Variant) parseKey(p *Position, k, val string) error {
	switch k {
	case "hand", "off":
		n, baFlag := &p.hand, flagBAHandW
		if k == "off" {
			n, baFlag = &p.off, flagBAOffW
		}
		// Letters in the order w, W, b, B (docs/notation.md).
		rank := map[byte]int{'w': 0, 'W': 1, 'b': 2, 'B': 3}
		last := -1
		for i := 0; i < len(val); i++ {
			c := val[i]
			r, ok := rank[c]
			if !ok {
				return game.BadPosition("%s=: unknown piece %q", k, c)
			}
			if r < last || ((c == 'W' || c == 'B') && r == last) {
				return game.BadPosition("%s=%s: letters must come in the order w, W, b, B", k, val)
			}
			last = r
			side := r / 2
			if c == 'W' || c == 'B' {
				if !v.hasBA() {
					return game.BadPosition("%s has no BA piece (%c in %s=)", v.Name, c, k)
				}
				p.flags |= baFlag << side
			} else {
				if n[side] >= 15 {
					return game.BadPosition("%s=: too many pieces", k)
				}
				n[side]++
			}
		}
	case "skip":
		switch val {
		case "w":
			p.flags |= flagSkipW
		case "b":
			p.flags |= flagSkipB
		case "wb":
			p.flags |= flagSkipW | flagSkipB
		default:
			return game.BadPosition("skip=%s: want w, b or wb", val)
		}
	case "bonus":
		n, err := parseSquare(val)
		if err != nil {
			return game.BadPosition("bonus=%s: %v", val, err)
		}
		p.bonus = uint8(n)
	case "asleep":
		last := 0
		for part := range strings.SplitSeq(val, ",") {
			n, err := parseSquare(part)
			if err != nil {
				return game.BadPosition("asleep=%s: %v", val, err)
			}
			if n <= last {
				return game.BadPosition("asleep=%s: squares must be ascending without repeats", val)
			}
			last = n
			p.asleep |= 1 << n
		}
	case "opening":
		if val != "w" {
			return game.BadPosition("opening=%s: the only value is w", val)
		}
		p.flags |= flagOpening
	case "winner":
		switch val {
		case "w":
			p.winner = White
		case "b":
			p.winner = Black
		default:
			return game.BadPosition("winner=%s: want w or b", val)
		}
	}
	return nil
}

// parseSquare reads a square number 1-30 written canonically (no sign,
// no leading zero).
func parseSquare(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > Squares || strconv.Itoa(n) != s {
		return 0, fmt.Errorf("%q is not a square 1-%d", s, Squares)
	}
	return n, nil
}

// check verifies that a parsed position is possible under the variant.
func (v *Variant) check(p Position) error {
	for side := range 2 {
		onBoard := bits.OnesCount32(p.occ[side])
		total := onBoard + p.Hand(side) + p.Off(side)
		if total != v.Pieces {
			return game.BadPosition("%c has %d pieces (board %d, hand %d, off %d), want %d",
				sideLetter[side], total, onBoard, p.Hand(side), p.Off(side), v.Pieces)
		}
	}
	// J4: opening=w says White has not moved yet, so no White piece can
	// have been borne off (this also rules out winner=w).
	if p.flags&flagOpening != 0 && p.Off(White) > 0 {
		return game.BadPosition("opening=w: White has not moved yet, so it cannot have %d pieces off", p.Off(White))
	}
	if p.asleep&^(p.occ[White]|p.occ[Black]) != 0 {
		return game.BadPosition("asleep= names an empty square")
	}
	if p.bonus != 0 && (p.turn < 0 || p.occ[p.turn]&(1<<p.bonus) == 0) {
		return game.BadPosition("bonus=%d: square %d does not hold a piece of the side to throw", p.bonus, p.bonus)
	}
	if err := v.checkHouses(p); err != nil {
		return err
	}
	over := -1
	for side := range 2 {
		if p.Off(side) == v.Pieces {
			if over >= 0 {
				return game.BadPosition("both sides have borne off every piece")
			}
			over = side
		}
	}
	switch {
	case p.turn < 0 && p.winner < 0:
		return game.BadPosition("turn - needs winner=")
	case p.turn >= 0 && p.winner >= 0:
		return game.BadPosition("winner= needs turn -")
	case p.winner >= 0 && over != int(p.winner):
		return game.BadPosition("winner=%c has not borne off all %d pieces", sideLetter[p.winner], v.Pieces)
	case p.winner < 0 && over >= 0:
		return game.BadPosition("%c has borne off all its pieces: the game is over (turn -, winner=%c)", sideLetter[over], sideLetter[over])
	}
	return nil
}

// checkHouses verifies what the Szenet rules add to a position: one BA
// per side (S6-S21), a bonus throw only where one is won (S6, S14, S16),
// sleepers only on a House of Oblivion (S15).
func (v *Variant) checkHouses(p Position) error {
	if v.BA {
		for side := range 2 {
			n := bits.OnesCount32(p.occ[side] & p.ba)
			for _, f := range [2]uint8{flagBAHandW, flagBAOffW} {
				if p.flags&(f<<side) != 0 {
					n++
				}
			}
			if n != 1 {
				return game.BadPosition("%c has %d BAs (board, hand and off), want exactly 1", sideLetter[side], n)
			}
		}
	}
	if p.bonus != 0 {
		won := v.BonusHouses
		if v.EnterBonus {
			won |= 1 << 1
		}
		if won&(1<<p.bonus) == 0 {
			return game.BadPosition("bonus=%d: no bonus throw is won on square %d", p.bonus, p.bonus)
		}
	}
	if extra := p.asleep &^ v.SleepHouses; extra != 0 {
		return game.BadPosition("asleep=: no piece falls asleep on square %d", bits.TrailingZeros32(extra))
	}
	return nil
}

// Key is a fixed 64-bit hash of the position (game.Keyer): equal
// positions have equal keys in every run, which keeps search
// deterministic.
func (p Position) Key() uint64 {
	squares := uint64(p.occ[White]) | uint64(p.occ[Black])<<32
	marks := uint64(p.ba) | uint64(p.asleep)<<32
	counts := uint64(p.hand[White]) | uint64(p.hand[Black])<<8 |
		uint64(p.off[White])<<16 | uint64(p.off[Black])<<24 |
		uint64(p.flags)<<32 | uint64(p.bonus)<<40 |
		uint64(uint8(p.turn))<<48 | uint64(uint8(p.winner))<<56
	return game.Mix64(squares ^ game.Mix64(marks^game.Mix64(counts)))
}
