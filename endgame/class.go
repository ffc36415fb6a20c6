// Package endgame solves Senet endgames exactly: every position of a
// closed class (at most K pieces of each side on the board, the others
// borne off) gets the probability that the side to throw wins under
// perfect play by both sides, stored as a 16-bit number in a table file.
//
// The class, its indexing and the solver are described in
// docs/endgame.md. In short: a position of the class of senet-jequier
// or senet-apokrif is the set of squares of the side to throw (the
// mover) and the set of the other side, both non-empty, of at most K
// squares each from the 29 squares a piece can rest on (1-30 without
// 27). A layer is the positions with a pieces of the mover and b of the
// other side; its positions are numbered by the combinatorial number
// system, so the table has no holes. In senet-szenet pieces go back to
// the hand and turns carry state, so a layer there is the positions
// with a pieces of the mover and b of the other side left, on the board
// or in the hand, with BAs, missed turns, bonus throws and sleepers,
// numbered by sorted keys (szenetIndex). Colours do not appear: the
// rules are the same for both colours once the opening is over, so a
// position and its colour swap share one entry (the tests check this).
//
// Usage:
//
//	c, err := endgame.NewClass(rules, 3)
//	t, err := endgame.Solve(ctx, c, endgame.Options{})
//	v, ok := t.MoverWin(position)
package endgame

import (
	"fmt"
	"math/bits"

	"passage/senet"
)

// Cells is the number of squares a piece can rest on: 1-30 without the
// House of Water.
const Cells = 29

// binom[n][k] is n choose k for n, k <= Cells.
var binom [Cells + 1][Cells + 1]int64

func init() {
	for n := 0; n <= Cells; n++ {
		binom[n][0] = 1
		for k := 1; k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
}

// Class is the closed class of endgame positions of one ruleset with at
// most K pieces of each side left: on the board (senet-jequier,
// senet-apokrif), or on the board or in the hand (senet-szenet).
type Class struct {
	Rules *senet.Rules
	K     int
	// layer[a][b] is where the positions with a mover pieces and b other
	// pieces start in the table, and how many there are.
	layer [][]span
	size  int64
	idx   indexing
}

// indexing numbers the positions of each layer of a class: two sets of
// squares by the combinatorial number system (plainIndex), or the sorted
// keys of positions that carry a hand, a BA and turn state (szenetIndex).
// An offset is a position's number within its layer.
type indexing interface {
	// layerSize is the number of positions of layer l.
	layerSize(l Layer) int64
	// position is the position at offset off of layer l with turn to
	// throw (the mover is that side).
	position(l Layer, off int64, turn int) senet.Position
	// boards are the squares of the mover and of the other side at
	// offset off of layer l.
	boards(l Layer, off int64) (mover, other uint32)
	// locate is the layer and offset of p with the side to throw as the
	// mover, or false when p is outside the class.
	locate(p senet.Position) (Layer, int64, bool)
}

type span struct{ start, n int64 }

// plainState reports whether no position state other than the squares
// outlives a turn in r: no hand, BA, missed turns, bonus throws or
// sleepers (senet-jequier, senet-apokrif). Then the class "at most K
// pieces on the board, the others borne off" is closed, and its
// positions are two sets of squares (plainIndex).
func plainState(v *senet.Variant) bool {
	return !v.BA && v.EnterThrow == 0 && v.Drown != senet.DrownToHand && v.SkipHouses == 0 &&
		v.BonusHouses == 0 && v.SleepHouses == 0 && !v.EnterBonus
}

// NewClass is the class of r's endgames with at most k pieces of each
// side left, 1 <= k < pieces. Where pieces can go back to the hand
// (Szenet) the pieces in the hand count, and the class is numbered by
// szenetIndex, which refuses a k whose class does not fit in memory.
func NewClass(r *senet.Rules, k int) (*Class, error) {
	if k < 1 || k >= r.Pieces {
		return nil, fmt.Errorf("pieces %d: want 1 to %d for %s", k, r.Pieces-1, r.ID())
	}
	c := &Class{Rules: r, K: k, layer: make([][]span, k+1)}
	for a := range c.layer {
		c.layer[a] = make([]span, k+1)
	}
	if plainState(&r.Variant) {
		c.idx = plainIndex{c}
	} else {
		idx, err := newSzenetIndex(r, k)
		if err != nil {
			return nil, err
		}
		c.idx = idx
	}
	for _, l := range c.Layers() {
		n := c.idx.layerSize(l)
		c.layer[l.A][l.B] = span{c.size, n}
		c.size += n
	}
	return c, nil
}

// Size is the number of positions in the class (each a board with the
// mover to throw).
func (c *Class) Size() int64 { return c.size }

// Layer is the positions with A pieces of the mover and B of the other
// side left (on the board, or for Szenet on the board or in the hand).
type Layer struct{ A, B int }

// Layers lists the layers in table order: by pieces on the board, then
// by the mover's pieces. A move never adds a piece to the board, so a
// layer depends only on itself, its colour swap and earlier layers.
func (c *Class) Layers() []Layer {
	var out []Layer
	for total := 2; total <= 2*c.K; total++ {
		for a := max(1, total-c.K); a <= min(c.K, total-1); a++ {
			out = append(out, Layer{a, total - a})
		}
	}
	return out
}

// Span is the first index and the number of positions of layer l.
func (c *Class) Span(l Layer) (start, n int64) {
	s := c.layer[l.A][l.B]
	return s.start, s.n
}

// cells maps a board mask (bit s for square s) to a mask of cells (bit
// i for the i-th square a piece can rest on).
func cells(board uint32) uint32 {
	return (board>>1)&(1<<26-1) | (board>>2)&(7<<26)
}

// board is the inverse of cells.
func board(cellMask uint32) uint32 {
	return (cellMask&(1<<26-1))<<1 | (cellMask&(7<<26))<<2
}

// rank is the index of a set of cells among the sets of its size, in
// the combinatorial number system (colex order).
func rank(set uint32) int64 {
	var r int64
	for k := 1; set != 0; k++ {
		r += binom[bits.TrailingZeros32(set)][k]
		set &= set - 1
	}
	return r
}

// unrank is the set of k cells with index r among n cells.
func unrank(r int64, k, n int) uint32 {
	var set uint32
	for ; k > 0; k-- {
		c := k - 1
		for c+1 < n && binom[c+1][k] <= r {
			c++
		}
		r -= binom[c][k]
		set |= 1 << c
		n = c
	}
	return set
}

// squeeze removes the cells of taken from set's numbering: cell i of set
// becomes i minus the taken cells below it.
func squeeze(set, taken uint32) uint32 {
	var out uint32
	for m := set; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		out |= 1 << (i - bits.OnesCount32(taken&(1<<i-1)))
	}
	return out
}

// spread is the inverse of squeeze.
func spread(set, taken uint32) uint32 {
	var out uint32
	free := ^taken
	for m := set; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		// the j-th free cell
		f := free
		for range j {
			f &= f - 1
		}
		out |= 1 << bits.TrailingZeros32(f)
	}
	return out
}

// restingSquares are the squares a piece can rest on: 1-30 without 27.
const restingSquares = uint32(1<<31-2) &^ (1 << senet.Water)

// plainIndex numbers the positions of a plain class: a layer's
// positions are two disjoint sets of A and B cells, numbered by
// rank(mover) * C(29-A, B) + rank(other among the cells left).
type plainIndex struct{ c *Class }

func (x plainIndex) layerSize(l Layer) int64 { return binom[Cells][l.A] * binom[Cells-l.A][l.B] }

func (x plainIndex) boards(l Layer, off int64) (mover, other uint32) {
	per := binom[Cells-l.A][l.B]
	m := unrank(off/per, l.A, Cells)
	o := spread(unrank(off%per, l.B, Cells-l.A), m)
	return board(m), board(o)
}

func (x plainIndex) position(l Layer, off int64, turn int) senet.Position {
	m, o := x.boards(l, off)
	b := [2]uint32{m, o}
	if turn == senet.Black {
		b = [2]uint32{o, m}
	}
	return x.c.Rules.PlainPosition(b, turn)
}

func (x plainIndex) locate(p senet.Position) (Layer, int64, bool) {
	if !p.Plain() {
		return Layer{}, 0, false
	}
	t := p.Turn()
	i, ok := x.c.Index(p.Board(t), p.Board(1-t))
	if !ok {
		return Layer{}, 0, false
	}
	l := Layer{bits.OnesCount32(p.Board(t)), bits.OnesCount32(p.Board(1 - t))}
	return l, i - x.c.layer[l.A][l.B].start, true
}

// Index is the table index of the position of a plain class with the
// mover on the squares of mover and the other side on those of other,
// or false when that is outside the class (always for a Szenet class,
// whose positions are more than two sets of squares).
func (c *Class) Index(mover, other uint32) (int64, bool) {
	a, b := bits.OnesCount32(mover), bits.OnesCount32(other)
	if _, plain := c.idx.(plainIndex); !plain || a < 1 || b < 1 || a > c.K || b > c.K ||
		mover&other != 0 || (mover|other)&^restingSquares != 0 {
		return 0, false
	}
	m, o := cells(mover), cells(other)
	s := c.layer[a][b]
	return s.start + rank(m)*binom[Cells-a][b] + rank(squeeze(o, m)), true
}

// Boards are the squares of the mover and of the other side at index i
// of layer l.
func (c *Class) Boards(l Layer, i int64) (mover, other uint32) {
	return c.idx.boards(l, i-c.layer[l.A][l.B].start)
}

// Position is the position at index i of layer l with White as the
// mover.
func (c *Class) Position(l Layer, i int64) senet.Position {
	return c.PositionFor(l, i, senet.White)
}

// PositionFor is the position at index i of layer l with turn (White or
// Black) as the mover: the same table entry for either colour.
func (c *Class) PositionFor(l Layer, i int64, turn int) senet.Position {
	return c.idx.position(l, i-c.layer[l.A][l.B].start, turn)
}

// Lookup is the index of a position of the class, with the side to
// throw as the mover, or false when p is not in the class.
func (c *Class) Lookup(p senet.Position) (int64, bool) {
	l, off, ok := c.idx.locate(p)
	if !ok {
		return 0, false
	}
	return c.layer[l.A][l.B].start + off, true
}
