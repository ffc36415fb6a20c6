package senet_test

// A deliberately naive model of senet-apokrif, written from the rule text
// (rules/apokrif.md, A1-A24) and the interpretations of
// docs/rules/senet-apokrif.md, and never from the engine's code: a square
// array and one plain loop per rule. The differential test at the end
// compares its legal moves, touch-move commitments, resulting positions
// and the special rules each move sets off, exchanged in notation only,
// with the engine's on random games and random positions under both
// values of option pieces.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"passage/game"
	"passage/senet"
)

// aprPos is an Apokrif position.
type aprPos struct {
	sq     [31]byte // squares 1-30: '.', 'w' or 'b'
	turn   byte     // 'w', 'b', or '-' when the game is over
	off    [2]int   // borne off, White then Black
	winner byte
	pieces int // per side: 5 or 7 (A2)
}

// aprMove is a move: to 31 is bearing off, from 0 a pass.
type aprMove struct{ from, to int }

func (m aprMove) String() string {
	switch {
	case m.from == 0:
		return "pass"
	case m.to == 31:
		return fmt.Sprintf("%d-off", m.from)
	}
	return fmt.Sprintf("%d-%d", m.from, m.to)
}

// aprFired counts how often each rule decided something in the model, so
// the test can show that its random games and positions reach every rule.
var aprFired = map[string]int{}

func aprSide(c byte) int {
	if c == 'w' {
		return 0
	}
	return 1
}

func aprOther(c byte) byte {
	if c == 'w' {
		return 'b'
	}
	return 'w'
}

// aprParse reads canonical notation; it trusts its input.
func aprParse(s string, pieces int) aprPos {
	f := strings.Fields(s)
	p := aprPos{turn: f[1][0], pieces: pieces}
	for i := range 30 {
		p.sq[i+1] = f[0][i]
	}
	for _, kv := range f[2:] {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "off":
			for i := 0; i < len(v); i++ {
				p.off[aprSide(v[i])]++
			}
		case "winner":
			p.winner = v[0]
		}
	}
	return p
}

func (p aprPos) String() string {
	var b strings.Builder
	b.Write(p.sq[1:])
	b.WriteByte(' ')
	b.WriteByte(p.turn)
	if p.off[0]+p.off[1] > 0 {
		b.WriteString(" off=" + strings.Repeat("w", p.off[0]) + strings.Repeat("b", p.off[1]))
	}
	if p.winner != 0 {
		b.WriteString(" winner=" + string(p.winner))
	}
	return b.String()
}

func (p *aprPos) at(s int) byte {
	if s < 1 || s > 30 {
		return '.'
	}
	return p.sq[s]
}

// aprHouse: the eight Houses where no piece can be attacked (A21).
func aprHouse(s int) bool {
	switch s {
	case 1, 15, 16, 26, 27, 28, 29, 30:
		return true
	}
	return false
}

// attackable: the opponent piece on s may be attacked (A10, A12, A13, A21).
func (p *aprPos) attackable(s int) bool {
	c := p.sq[s]
	if aprHouse(s) {
		return false // A21
	}
	left, right := p.at(s-1) == c, p.at(s+1) == c
	if !left && !right {
		return true // A10: a lone piece
	}
	if left && right && p.at(s-2) != c && p.at(s+2) != c {
		aprFired["A13 triple broken"]++
		return true // A13: the middle of exactly three
	}
	return false // A12, A14
}

// passable: the squares strictly between a and b never hold two
// adjacent occupied squares (A8, A14).
func (p *aprPos) passable(a, b int) bool {
	lo, hi := min(a, b)+1, max(a, b)-1
	for x := lo; x < hi; x++ {
		if p.sq[x] != '.' && p.sq[x+1] != '.' {
			aprFired["A8 cannot pass"]++
			return false
		}
	}
	return true
}

// land: the piece of colour me may end a move on d (A9, A10, A15).
func (p *aprPos) land(me byte, d int) bool {
	switch p.sq[d] {
	case '.':
		return true
	case me:
		return false // A15
	}
	return p.attackable(d)
}

// forward is the forward move of the piece on s, if legal (A7, A8, A23, A24).
func (p *aprPos) forward(s, roll int) (int, bool) {
	d := s + roll
	exit := s == 30 || (s == 28 && roll == 3) || (s == 29 && roll == 2) || (s == 26 && roll == 5)
	if exit { // A24
		if s < 30 && !p.passable(s, 31) {
			return 0, false
		}
		return 31, true
	}
	if d > 30 {
		return 0, false // A24: an inexact exit is no forward move
	}
	if s < 26 && d > 26 {
		aprFired["A23 stop on 26"]++
		return 0, false
	}
	if !p.passable(s, d) || !p.land(p.sq[s], d) {
		return 0, false
	}
	return d, true
}

// backward is the backward move of the piece on s, if legal (A16).
func (p *aprPos) backward(s, roll int) (int, bool) {
	d := s - roll
	if d < 1 || !p.passable(d, s) || !p.land(p.sq[s], d) {
		return 0, false
	}
	return d, true
}

func (p aprPos) moves(roll int) []aprMove {
	var out []aprMove
	for s := 1; s <= 30; s++ {
		if p.sq[s] != p.turn {
			continue
		}
		if d, ok := p.forward(s, roll); ok {
			out = append(out, aprMove{s, d})
		} else if d, ok := p.backward(s, roll); ok {
			aprFired["A16 backward"]++
			out = append(out, aprMove{s, d})
		}
	}
	if len(out) == 0 {
		return []aprMove{{}} // A17
	}
	return out
}

// touched: of the legal moves, those touching square sq commits to (A18): the move of an
// own piece there, or the moves that attack an opponent piece there.
func (p aprPos) touched(legal []aprMove, sq int) []string {
	var out []string
	for _, m := range legal {
		own := p.sq[sq] == p.turn && m.from == sq
		attack := p.sq[sq] == aprOther(p.turn) && m.to == sq
		if m.from != 0 && (own || attack) {
			out = append(out, m.String())
		}
	}
	return out
}

func (p aprPos) apply(roll int, m aprMove) aprPos {
	q := p
	me := p.turn
	again := roll == 1 || roll == 4 || roll == 5 // A5
	if m.from != 0 {
		q.sq[m.from] = '.'
		switch {
		case m.to == 31:
			q.off[aprSide(me)]++ // A24
			aprFired["A24 bear off"]++
		case m.to == 27: // A22: drown and restart on 15 or below
			r := 15
			for q.sq[r] != '.' {
				r--
			}
			q.sq[r] = me
			aprFired["A22 drowns"]++
			if r < 15 {
				aprFired["A22 restarts below 15"]++
			}
		default:
			if q.sq[m.to] != '.' {
				q.sq[m.from] = q.sq[m.to] // A10: swap
				aprFired["A10 attack"]++
				if aprHouse(m.from) {
					aprFired["A21 victim into a House"]++
				}
			}
			q.sq[m.to] = me
			if m.to == 15 {
				again = true // A20
				aprFired["A20 extra throw"]++
			}
		}
	} else {
		aprFired["A17 pass"]++
	}
	if q.off[aprSide(me)] == q.pieces {
		q.turn, q.winner = '-', me // A19
		aprFired["A19 win"]++
		return q
	}
	if !again {
		q.turn = aprOther(me)
	}
	return q
}

// effects names the special rules move m sets off, as the simulation
// lab counts them (game.Effecter): q is the position after it.
func (p aprPos) effects(roll int, m aprMove, q aprPos) []string {
	var out []string
	switch {
	case m.from == 0:
		out = append(out, "throw lost (pass)") // A17
	case m.to == 31:
		out = append(out, "bearing off") // A24
	case m.to == 27:
		out = append(out, "drowning (27)") // A22
	case p.sq[m.to] != '.':
		out = append(out, "attack (swap)") // A10
		if p.sq[m.to-1] == p.sq[m.to] || p.sq[m.to+1] == p.sq[m.to] {
			out = append(out, "middle of three attacked (A13)")
		}
	}
	if m.to == 15 {
		out = append(out, "extra throw on 15 (A20)")
	}
	if m.from != 0 && m.to < m.from {
		out = append(out, "backward move") // A16
	}
	if q.turn == p.turn {
		out = append(out, "extra or bonus throw") // A5, A20
	}
	return out
}

// aprEngineEffects names the effects the engine reports for m.
func aprEngineEffects(r *senet.Rules, pos senet.Position, roll int, m senet.Move) []string {
	var out []string
	bits := r.Effects(pos, roll, m)
	for i, name := range r.EffectNames() {
		if bits&(1<<i) != 0 {
			out = append(out, name)
		}
	}
	return out
}

// aprRandomPosition places each side's pieces at random, some borne off,
// often crowded into the second half so that pairs, triples, fours,
// the stop on 26, drowning and bearing off all come up.
func aprRandomPosition(rng *rand.Rand, pieces int) string {
	p := aprPos{pieces: pieces}
	for i := range p.sq {
		p.sq[i] = '.'
	}
	lo := 1
	if rng.IntN(2) == 0 {
		lo = 11 + rng.IntN(6) // 14 or more squares for 14 pieces
	}
	for _, c := range []byte{'w', 'b'} {
		for range pieces {
			if rng.IntN(6) == 0 {
				p.off[aprSide(c)]++
				continue
			}
			for {
				s := lo + rng.IntN(31-lo)
				if s != 27 && p.sq[s] == '.' {
					p.sq[s] = c
					break
				}
			}
		}
	}
	if p.off[0] == pieces || p.off[1] == pieces {
		return aprRandomPosition(rng, pieces) // a finished game has no throws
	}
	p.turn = "wb"[rng.IntN(2)]
	return p.String()
}

// aprCompare checks every throw in pos, and every touch, against the model.
func aprCompare(t *testing.T, r *senet.Rules, pieces int, pos senet.Position) {
	t.Helper()
	s := r.FormatPosition(pos)
	rp := aprParse(s, pieces)
	if rp.String() != s {
		t.Fatalf("model cannot read %q (reads %q)", s, rp.String())
	}
	if want := game.Player(strings.IndexByte("wb", rp.turn)); r.ToMove(pos) != want {
		t.Fatalf("%s: engine says seat %d throws, model %d", s, r.ToMove(pos), want)
	}
	for _, o := range r.Outcomes(pos) {
		var got, want []string
		for _, m := range r.Moves(pos, o.Roll, nil) {
			effects := aprEngineEffects(r, pos, o.Roll, m)
			slices.Sort(effects)
			got = append(got, fmt.Sprintf("%s %s %q", r.FormatMove(m), r.FormatPosition(r.Apply(pos, o.Roll, m)), effects))
		}
		legal := rp.moves(o.Roll)
		for _, m := range legal {
			q := rp.apply(o.Roll, m)
			effects := rp.effects(o.Roll, m, q)
			slices.Sort(effects)
			want = append(want, fmt.Sprintf("%s %s %q", m, q, effects))
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s, throw %d:\nwant (model)  %q\ngot  (engine) %q", s, o.Roll, want, got)
		}
		for sq := 1; sq <= 30; sq++ {
			var got []string
			for _, m := range r.Touched(pos, o.Roll, sq, nil) {
				got = append(got, r.FormatMove(m))
			}
			if want := rp.touched(legal, sq); !slices.Equal(got, want) {
				t.Fatalf("%s, throw %d, touching %d:\nwant (model)  %q\ngot  (engine) %q", s, o.Roll, sq, want, got)
			}
		}
	}
}

// TestApokrifMatchesReference plays random games and visits random
// positions with five and with seven pieces, and checks that the engine's
// start, throws, legal moves, touch-move commitments, resulting positions
// and the special rules each move sets off agree
// exactly with aprPos, an independent naive reading of A1-A24.
func TestApokrifMatchesReference(t *testing.T) {
	clear(aprFired)
	games := 10
	if testing.Short() {
		games = 2
	}
	for _, pieces := range []int{5, 7} {
		r := senet.MustNew("senet-apokrif", map[string]string{"pieces": fmt.Sprint(pieces)})
		rng := rand.New(rand.NewPCG(85, uint64(pieces)))
		// A2: Black on the odd squares, White on the even ones; A4: White's
		// front piece has moved one square, and White throws again.
		start := aprPos{turn: 'w', pieces: pieces}
		for s := 1; s <= 30; s++ {
			start.sq[s] = '.'
			if s <= 2*pieces {
				start.sq[s] = "wb"[s%2]
			}
		}
		start.sq[2*pieces], start.sq[2*pieces+1] = '.', 'w'
		if got := r.FormatPosition(r.Start()); got != start.String() {
			t.Fatalf("start %q, want %q", got, start.String())
		}
		// A3: marked sides 1-4 count 1-4, none counts 5; sixteenths.
		want := []game.Outcome{{Roll: 1, Num: 4, Den: 16}, {Roll: 2, Num: 6, Den: 16},
			{Roll: 3, Num: 4, Den: 16}, {Roll: 4, Num: 1, Den: 16}, {Roll: 5, Num: 1, Den: 16}}
		if got := r.Outcomes(r.Start()); !slices.Equal(got, want) {
			t.Fatalf("throws %v, want %v", got, want)
		}
		for range games {
			p := r.Start()
			for n := 0; !r.Over(p) && n < 3000; n++ {
				aprCompare(t, r, pieces, p)
				roll := game.Sample(r.Outcomes(p), rng)
				ms := r.Moves(p, roll, nil)
				p = r.Apply(p, roll, ms[rng.IntN(len(ms))])
			}
			if r.Over(p) { // A19: 1 for the side that bore off every piece
				var want game.Payoffs
				want[strings.IndexByte("wb", aprParse(r.FormatPosition(p), pieces).winner)] = 1
				if got := r.Payoffs(p); got != want || r.ToMove(p) != game.NoPlayer {
					t.Fatalf("%s: payoffs %v and seat %d to throw, want %v and none", r.FormatPosition(p), got, r.ToMove(p), want)
				}
			}
		}
		for range 150 * games {
			s := aprRandomPosition(rng, pieces)
			p, err := r.ParsePosition(s)
			if err != nil {
				t.Fatalf("random position %q: %v", s, err)
			}
			aprCompare(t, r, pieces, p)
		}
	}
	for _, rule := range []string{"A8 cannot pass", "A10 attack", "A13 triple broken",
		"A16 backward", "A17 pass", "A19 win", "A20 extra throw", "A21 victim into a House",
		"A22 drowns", "A22 restarts below 15", "A23 stop on 26", "A24 bear off"} {
		if aprFired[rule] == 0 {
			t.Errorf("no game or position reached %s: the comparison does not cover it", rule)
		}
	}
	t.Logf("rules reached: %v", aprFired)
}
