package senet

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"passage/game"
)

// refPos is a deliberately naive model of a Jéquier position, written
// straight from rules/jequier.md with a square array instead of bitboards
// and a step-by-step walk instead of masks, to cross-check the engine.
type refPos struct {
	sq      [31]byte // squares 1-30: '.', 'w' or 'b'
	turn    byte     // 'w', 'b' or '-'
	off     [2]int   // borne off, White then Black
	opening bool
	winner  byte
}

// refRules holds the two options of senet-jequier.
type refRules struct {
	water  int  // J11: 1 or 15
	bounce bool // J14: overshoot=bounce
}

// refParse reads canonical notation; it trusts its input.
func refParse(s string) refPos {
	f := strings.Fields(s)
	p := refPos{turn: f[1][0]}
	for i := range 30 {
		p.sq[i+1] = f[0][i]
	}
	for _, kv := range f[2:] {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "off":
			for i := 0; i < len(v); i++ {
				p.off[refSide(v[i])]++
			}
		case "opening":
			p.opening = true
		case "winner":
			p.winner = v[0]
		}
	}
	return p
}

func (p refPos) String() string {
	var b strings.Builder
	b.Write(p.sq[1:])
	b.WriteByte(' ')
	b.WriteByte(p.turn)
	if p.off[0]+p.off[1] > 0 {
		b.WriteString(" off=" + strings.Repeat("w", p.off[0]) + strings.Repeat("b", p.off[1]))
	}
	if p.opening {
		b.WriteString(" opening=w")
	}
	if p.winner != 0 {
		b.WriteString(" winner=" + string(p.winner))
	}
	return b.String()
}

func refSide(c byte) int {
	if c == 'w' {
		return 0
	}
	return 1
}

func refOther(c byte) byte {
	if c == 'w' {
		return 'b'
	}
	return 'w'
}

// inWall: the piece on s is one of three or more contiguous pieces of its
// colour (J9).
func (p *refPos) inWall(s int) bool {
	c := p.sq[s]
	if c == '.' {
		return false
	}
	n := 1
	for i := s - 1; i >= 1 && p.sq[i] == c; i-- {
		n++
	}
	for i := s + 1; i <= 30 && p.sq[i] == c; i++ {
		n++
	}
	return n >= 3
}

// attackable: the piece on s may be attacked (J7, J8, J9, J12).
func (p *refPos) attackable(s int) bool {
	c := p.sq[s]
	switch {
	case s == 26 || s == 28 || s == 29 || s == 30: // J12
		return false
	case s > 1 && p.sq[s-1] == c, s < 30 && p.sq[s+1] == c: // J8 (and J9)
		return false
	}
	return true
}

// mayBearOff: every piece of c on the board stands in 21-30 (J13).
func (p *refPos) mayBearOff(c byte) bool {
	for s := 1; s <= 20; s++ {
		if p.sq[s] == c {
			return false
		}
	}
	return true
}

type refMove struct{ from, to int } // to 31: off; {0,0}: pass

func (m refMove) String() string {
	switch {
	case m.from == 0:
		return "pass"
	case m.to == 31:
		return fmt.Sprintf("%d-off", m.from)
	}
	return fmt.Sprintf("%d-%d", m.from, m.to)
}

func (r refRules) forward(p *refPos, s, roll int) (int, bool) {
	me := p.sq[s]
	opp := refOther(me)
	bearing := p.mayBearOff(me)
	if bearing && s == 30 {
		return 31, true // J13: a waiting piece leaves with any throw
	}
	// Walk the piece one square at a time; past 30 it bounces (J14).
	var path []int
	for k := 1; k <= roll; k++ {
		x := s + k
		if x > 30 {
			if !r.bounce {
				return 0, false // J14 overshoot=block
			}
			x = 60 - x
		}
		path = append(path, x)
	}
	for _, x := range path[:len(path)-1] {
		if p.sq[x] == opp && p.inWall(x) {
			return 0, false // J9, J14: never over an opponent wall
		}
	}
	d := path[len(path)-1]
	if d == s {
		return 0, false // J14: a bounce back to the start is no move
	}
	if bearing && s+roll == 30 {
		if p.sq[30] != '.' {
			return 0, false // J13: 30 must be empty
		}
		return 31, true // J13
	}
	switch p.sq[d] {
	case '.':
		return d, true
	case opp:
		if p.attackable(d) {
			return d, true // J7
		}
	}
	return 0, false
}

func (r refRules) moves(p refPos, roll int) []refMove {
	me := p.turn
	var out []refMove
	for s := 1; s <= 30; s++ {
		if p.sq[s] == me {
			if d, ok := r.forward(&p, s, roll); ok {
				out = append(out, refMove{s, d})
			}
		}
	}
	if len(out) == 0 { // J10
		for s := 1; s <= 30; s++ {
			d := s - roll
			if p.sq[s] != me || d < 1 || p.sq[d] != '.' {
				continue
			}
			ok := true
			for x := d + 1; x < s; x++ {
				if p.sq[x] == refOther(me) && p.inWall(x) {
					ok = false
				}
			}
			if ok {
				out = append(out, refMove{s, d})
			}
		}
	}
	if me == 'w' && p.opening { // J4
		for _, m := range out {
			if m.from == 9 {
				out = []refMove{m}
				break
			}
		}
	}
	if len(out) == 0 {
		out = []refMove{{}}
	}
	return out
}

func (r refRules) apply(p refPos, roll int, m refMove) refPos {
	q := p
	me := p.turn
	if m.from != 0 {
		q.sq[m.from] = '.'
		switch {
		case m.to == 31:
			q.off[refSide(me)]++ // J13
		default:
			to := m.to
			if q.sq[to] == refOther(me) {
				q.sq[m.from] = refOther(me) // J7: swap
			}
			if to == 27 { // J11
				to = r.water
				for q.sq[to] != '.' || to == 27 {
					to++
				}
			}
			q.sq[to] = me
		}
		if me == 'w' {
			q.opening = false
		}
	}
	if q.off[refSide(me)] == 5 {
		q.turn, q.winner = '-', me // J16
		return q
	}
	if roll == 2 || roll == 3 {
		q.turn = refOther(me) // J5
	}
	return q
}

// jequierOptions lists every option combination of senet-jequier.
var jequierOptions = []map[string]string{
	{"water": "1", "overshoot": "bounce"},
	{"water": "15", "overshoot": "bounce"},
	{"water": "1", "overshoot": "block"},
	{"water": "15", "overshoot": "block"},
}

func refFor(opts map[string]string) refRules {
	r := refRules{water: 1, bounce: opts["overshoot"] != "block"}
	if opts["water"] == "15" {
		r.water = 15
	}
	return r
}

// compareWithRef checks every throw in pos against the reference model.
func compareWithRef(t *testing.T, r *Rules, ref refRules, pos Position) {
	t.Helper()
	s := r.Format(pos)
	rp := refParse(s)
	if rp.String() != s {
		t.Fatalf("reference cannot read %q (reads %q)", s, rp.String())
	}
	for _, o := range r.Outcomes(pos) {
		compareRollWithRef(t, r, ref, pos, rp, o.Roll)
	}
}

// compareRollWithRef checks one throw in pos (rp in the reference model).
func compareRollWithRef(t *testing.T, r *Rules, ref refRules, pos Position, rp refPos, roll int) {
	t.Helper()
	var got, want []string
	for _, m := range r.Moves(pos, roll, nil) {
		got = append(got, m.String()+" "+r.Format(r.Apply(pos, roll, m)))
	}
	for _, m := range ref.moves(rp, roll) {
		want = append(want, m.String()+" "+ref.apply(rp, roll, m).String())
	}
	if !slices.Equal(got, want) {
		t.Fatalf("%s, throw %d:\nwant (reference) %q\ngot  (engine)    %q", r.Format(pos), roll, want, got)
	}
}

// refRandomPosition places each side's five pieces at random, some borne
// off, often crowded into the last row so that walls, bounces, drowning
// and bearing off all come up.
func refRandomPosition(rng *rand.Rand) string {
	var sq [31]byte
	for i := range sq {
		sq[i] = '.'
	}
	var off [2]int
	lo := 1
	if rng.IntN(2) == 0 {
		lo = 16
	}
	for _, c := range []byte{'w', 'b'} {
		for range 5 {
			if rng.IntN(6) == 0 {
				off[refSide(c)]++
				continue
			}
			for {
				s := lo + rng.IntN(31-lo)
				if s != 27 && sq[s] == '.' {
					sq[s] = c
					break
				}
			}
		}
	}
	if off[0] == 5 || off[1] == 5 {
		return refRandomPosition(rng) // a finished game has no throws
	}
	p := refPos{sq: sq, turn: "wb"[rng.IntN(2)], off: off}
	p.opening = p.turn == 'w' && off[0] == 0 && rng.IntN(4) == 0 // J4: White has not moved
	return p.String()
}

// TestJequierMatchesReference plays random games and visits random
// positions under every option combination, and checks that the engine's
// legal moves and resulting positions agree exactly with refRules, an
// independent naive reading of J1-J17.
func TestJequierMatchesReference(t *testing.T) {
	for _, opts := range jequierOptions {
		r := MustNew("senet-jequier", opts)
		ref := refFor(opts)
		t.Run(r.ID(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 7))
			for range 20 {
				p := r.Start()
				for n := 0; !r.Over(p) && n < 5000; n++ {
					compareWithRef(t, r, ref, p)
					roll := game.Sample(r.Outcomes(p), rng)
					ms := r.Moves(p, roll, nil)
					p = r.Apply(p, roll, ms[rng.IntN(len(ms))])
				}
			}
			for range 3000 {
				s := refRandomPosition(rng)
				p, err := r.Parse(s)
				if err != nil {
					t.Fatalf("random position %q: %v", s, err)
				}
				compareWithRef(t, r, ref, p)
			}
		})
	}
}
