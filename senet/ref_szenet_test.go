package senet_test

// A deliberately naive model of senet-szenet, written from the rule text
// (rules/szenet.md, S1-S22) and the interpretations of
// docs/rules/senet-szenet.md, and never from the engine's code: a square
// array, counters, and one plain loop per rule. The differential test at
// the end compares its legal moves, resulting positions and the special
// rules each move sets off, exchanged in notation only, with the engine's
// on random games and random positions.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"passage/game"
	"passage/senet"
)

// szrPos is a Szenet position: the board, the pieces waiting and borne
// off, pending missed turns, the square a bonus throw is bound to and the
// sleeping pieces.
type szrPos struct {
	sq     [32]byte // squares 1-30: '.', 'w', 'W', 'b', 'B'
	turn   byte     // 'w', 'b', or '-' when the game is over
	hand   [2]int   // ordinary pieces waiting to enter, White then Black
	handBA [2]bool  // the BA waits to enter
	off    [2]int   // ordinary pieces borne off
	offBA  [2]bool  // the BA is borne off
	skip   [2]bool  // S13: the side misses its next turn
	bonus  int      // S6, S14, S16: the pending throw may only move this square's piece
	asleep [32]bool // S15
	winner byte
}

// szrFired counts how often each rule decided something in the model, so
// the test can show that its random games and positions reach every rule.
var szrFired = map[string]int{}

// szrMove is a move: from 0 is entering, to 31 is bearing off, from -1 a pass.
type szrMove struct{ from, to int }

func (m szrMove) String() string {
	switch {
	case m.from < 0:
		return "pass"
	case m.from == 0:
		return "in-1"
	case m.to == 31:
		return fmt.Sprintf("%d-off", m.from)
	}
	return fmt.Sprintf("%d-%d", m.from, m.to)
}

func szrSide(c byte) int {
	if c == 'w' || c == 'W' {
		return 0
	}
	return 1
}

// szrColour is the side letter of a piece ('w' for 'W').
func szrColour(c byte) byte {
	switch c {
	case 'W':
		return 'w'
	case 'B':
		return 'b'
	}
	return c
}

func szrOther(c byte) byte {
	if c == 'w' {
		return 'b'
	}
	return 'w'
}

func szrIsBA(c byte) bool { return c == 'W' || c == 'B' }

// szrParse reads canonical notation; it trusts its input.
func szrParse(s string) szrPos {
	f := strings.Fields(s)
	p := szrPos{turn: f[1][0]}
	for i := range 30 {
		p.sq[i+1] = f[0][i]
	}
	for _, kv := range f[2:] {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "hand", "off":
			for i := 0; i < len(v); i++ {
				side := szrSide(v[i])
				switch {
				case k == "hand" && szrIsBA(v[i]):
					p.handBA[side] = true
				case k == "hand":
					p.hand[side]++
				case szrIsBA(v[i]):
					p.offBA[side] = true
				default:
					p.off[side]++
				}
			}
		case "skip":
			for i := 0; i < len(v); i++ {
				p.skip[szrSide(v[i])] = true
			}
		case "bonus":
			p.bonus, _ = strconv.Atoi(v)
		case "asleep":
			for _, n := range strings.Split(v, ",") {
				x, _ := strconv.Atoi(n)
				p.asleep[x] = true
			}
		case "winner":
			p.winner = v[0]
		}
	}
	return p
}

// pieces writes ordinary pieces and BAs in the order w, W, b, B.
func szrPieces(n [2]int, ba [2]bool) string {
	s := strings.Repeat("w", n[0])
	if ba[0] {
		s += "W"
	}
	s += strings.Repeat("b", n[1])
	if ba[1] {
		s += "B"
	}
	return s
}

func (p szrPos) String() string {
	var b strings.Builder
	b.Write(p.sq[1:31])
	b.WriteByte(' ')
	b.WriteByte(p.turn)
	if h := szrPieces(p.hand, p.handBA); h != "" {
		b.WriteString(" hand=" + h)
	}
	if o := szrPieces(p.off, p.offBA); o != "" {
		b.WriteString(" off=" + o)
	}
	if p.skip[0] || p.skip[1] {
		b.WriteString(" skip=")
		if p.skip[0] {
			b.WriteByte('w')
		}
		if p.skip[1] {
			b.WriteByte('b')
		}
	}
	if p.bonus != 0 {
		b.WriteString(" bonus=" + strconv.Itoa(p.bonus))
	}
	var sleepers []string
	for s := 1; s <= 30; s++ {
		if p.asleep[s] {
			sleepers = append(sleepers, strconv.Itoa(s))
		}
	}
	if len(sleepers) > 0 {
		b.WriteString(" asleep=" + strings.Join(sleepers, ","))
	}
	if p.winner != 0 {
		b.WriteString(" winner=" + string(p.winner))
	}
	return b.String()
}

// colourAt is the side letter of the piece on s, or '.'.
func (p *szrPos) colourAt(s int) byte {
	if s < 1 || s > 30 {
		return '.'
	}
	return szrColour(p.sq[s])
}

// inUnit: the piece on s is one of three or more adjacent pieces of its
// colour, the BA counting as one of them (S11).
func (p *szrPos) inUnit(s int) bool {
	c := p.colourAt(s)
	if c == '.' {
		return false
	}
	n := 1
	for i := s - 1; p.colourAt(i) == c; i-- {
		n++
	}
	for i := s + 1; p.colourAt(i) == c; i++ {
		n++
	}
	return n >= 3
}

// szrProtected are the houses where nobody can be attacked and that a
// piece must leave when it can (S9, S12, S14, S16, S18, S19).
func szrProtected(s int) bool {
	switch s {
	case 1, 15, 26, 28, 29, 30:
		return true
	}
	return false
}

// attackable: the opponent piece on s may be attacked (S9, S10, S11, S19).
func (p *szrPos) attackable(s int) bool {
	c := p.colourAt(s)
	return !szrProtected(s) && p.colourAt(s-1) != c && p.colourAt(s+1) != c
}

// dest is where the piece on s goes with roll, if it may (S7, S9, S11,
// S15, S16, S20); 31 is off the board.
func (p *szrPos) dest(s, roll int) (int, bool) {
	piece := p.sq[s]
	me := szrColour(piece)
	side := szrSide(me)
	if p.asleep[s] {
		szrFired["S15 asleep"]++
		return 0, false // S15: a sleeper cannot move
	}
	d := s + roll
	if s == 26 && roll == 1 {
		d = 28 // S16: the jump over the water
		szrFired["S16 jump"]++
	}
	if d > 31 {
		return 0, false // S20: a larger throw does not bear off
	}
	last := d - 1 // the squares passed over are s+1 .. last
	if d == 31 {
		last = 30
	}
	for x := s + 1; x <= last; x++ {
		if p.colourAt(x) == szrOther(me) && p.inUnit(x) {
			szrFired["S11 unit blocks"]++
			if d == 31 {
				szrFired["S20 S11 unit blocks bearing off"]++
			}
			return 0, false // S7, S11: never over an opponent unit
		}
	}
	if d == 31 { // S20: the BA gates bearing off
		if szrIsBA(piece) && p.hand[side] > 0 {
			szrFired["S20 BA waits for its pieces"]++
			return 0, false
		}
		if !szrIsBA(piece) && p.handBA[side] {
			szrFired["S20 piece waits for its BA"]++
			return 0, false
		}
		return 31, true
	}
	switch p.colourAt(d) {
	case '.':
		return d, true
	case szrOther(me):
		if p.attackable(d) {
			return d, true // S9
		}
		szrFired["S9 S10 protected"]++
	}
	return 0, false
}

func (p szrPos) moves(roll int) []szrMove {
	me := p.turn
	side := szrSide(me)
	if p.bonus != 0 { // S6, S14, S16: only the bound piece, else lost
		if d, ok := p.dest(p.bonus, roll); ok {
			return []szrMove{{p.bonus, d}}
		}
		szrFired["S6 S14 S16 bonus lost"]++
		return []szrMove{{-1, 0}}
	}
	var all, fromHouses []szrMove
	if roll == 1 && p.sq[1] == '.' && (p.hand[side] > 0 || p.handBA[side]) {
		all = append(all, szrMove{0, 1}) // S6
	}
	for s := 1; s <= 30; s++ {
		if p.colourAt(s) != me {
			continue
		}
		if d, ok := p.dest(s, roll); ok {
			all = append(all, szrMove{s, d})
			if szrProtected(s) {
				fromHouses = append(fromHouses, szrMove{s, d})
			}
		}
	}
	if len(fromHouses) > 0 {
		if len(fromHouses) < len(all) {
			szrFired["S19 must leave"]++
		}
		return fromHouses // S19: protected houses must be left
	}
	if len(all) == 0 {
		return []szrMove{{-1, 0}} // S8
	}
	return all
}

// passTurn hands the throw to the other side, passing over a side that
// misses its turn (S13).
func (q *szrPos) passTurn(me byte) {
	next := szrOther(me)
	if q.skip[0] && q.skip[1] {
		szrFired["S13 both miss a turn"]++
	}
	for q.skip[szrSide(next)] {
		szrFired["S13 missed turn"]++
		q.skip[szrSide(next)] = false
		next = szrOther(next)
	}
	q.turn = next
}

func (p szrPos) apply(roll int, m szrMove) szrPos {
	q := p
	me := p.turn
	side := szrSide(me)
	q.bonus = 0
	switch {
	case m.from < 0: // a lost throw
		szrFired["S8 pass"]++
		q.passTurn(me)
		return q
	case m.from == 0: // S6: ordinary pieces before the BA
		szrFired["S6 enter"]++
		if q.hand[side] > 0 {
			q.hand[side]--
			q.sq[1] = me
		} else {
			q.handBA[side] = false
			q.sq[1] = me - 'a' + 'A'
		}
		q.bonus = 1
		return q
	}
	piece := q.sq[m.from]
	q.sq[m.from] = '.'
	if m.from < 16 && m.to > 16 {
		if q.asleep[16] {
			szrFired["S15 wakes"]++
		}
		q.asleep[16] = false // S15: passing over 16 wakes the sleeper
	}
	switch {
	case m.to == 31: // S20
		szrFired["S20 bear off"]++
		if szrIsBA(piece) {
			q.offBA[side] = true
		} else {
			q.off[side]++
		}
	case m.to == 27: // S17
		if !szrIsBA(piece) {
			szrFired["S17 drowns"]++
			q.hand[side]++
			break
		}
		szrFired["S17 BA drowns"]++
		q.handBA[side] = true
		for s := 1; s <= 30; s++ {
			if q.colourAt(s) == me {
				if szrIsBA(q.sq[s]) {
					q.handBA[side] = true
				} else {
					q.hand[side]++
				}
				q.sq[s] = '.'
				if q.asleep[s] {
					szrFired["S17 sleeper dragged off"]++
				}
				q.asleep[s] = false // drowned pieces forget their sleep
			}
		}
	default:
		if victim := q.sq[m.to]; victim != '.' { // S9: swap
			q.sq[m.from] = victim
			szrFired["S9 attack"]++
			if q.asleep[m.to] {
				szrFired["S15 sleeper attacked"]++
			}
			q.asleep[m.to] = false // S15: the attacked piece goes back awake
		}
		q.sq[m.to] = piece
		switch m.to { // S22: the mover's own move ends here
		case 10, 20:
			q.skip[side] = true // S13
			szrFired["S13 heavy"]++
		case 15, 26:
			q.bonus = m.to // S14, S16
			szrFired[fmt.Sprintf("S14 S16 bonus on %d", m.to)]++
		case 16:
			q.asleep[16] = true // S15
			szrFired["S15 falls asleep"]++
		}
	}
	if q.off[side] == 4 && q.offBA[side] { // S21
		szrFired["S21 win"]++
		if q.skip[0] || q.skip[1] || q.asleep[16] {
			szrFired["S21 win with keys kept"]++ // notation: the other keys keep their values
		}
		q.turn, q.winner, q.bonus = '-', me, 0
		return q
	}
	if q.bonus == 0 {
		q.passTurn(me)
	}
	return q
}

// effects names the special rules move m sets off, as the simulation
// lab counts them (game.Effecter): q is the position after it.
func (p szrPos) effects(roll int, m szrMove, q szrPos) []string {
	var out []string
	switch {
	case m.from < 0:
		out = append(out, "throw lost (pass)") // S8
	case m.from == 0:
		out = append(out, "entering") // S6
		if p.hand[szrSide(p.turn)] == 0 {
			out = append(out, "BA entering (S6)") // S6: the last to enter
		}
	case m.to == 31:
		out = append(out, "bearing off") // S20
	case m.to == 27:
		out = append(out, "drowning (27)") // S17
		if szrIsBA(p.sq[m.from]) {
			out = append(out, "BA drowning (S17)") // S17: its followers go back too
		}
	default:
		if p.sq[m.to] != '.' {
			out = append(out, "attack (swap)") // S9
		}
		switch m.to {
		case 10, 20:
			out = append(out, "missed turn (10, 20)") // S13
		case 16:
			out = append(out, "falls asleep (16)") // S15
		}
		if m.from == 26 && roll == 1 {
			out = append(out, "jump over the water") // S16
		}
	}
	if q.bonus != 0 {
		out = append(out, "extra or bonus throw") // S6, S14, S16: the only extra throws (S5)
	}
	return out
}

// szrEngineEffects names the effects the engine reports for m.
func szrEngineEffects(r *senet.Rules, pos senet.Position, roll int, m senet.Move) []string {
	var out []string
	bits := r.Effects(pos, roll, m)
	for i, name := range r.EffectNames() {
		if bits&(1<<i) != 0 {
			out = append(out, name)
		}
	}
	return out
}

// szrRandomPosition places each side's four pieces and its BA on the
// board, in hand or off at random, with random missed turns, a random
// bonus and sleeper where one is possible, and often everything crowded
// into the last row so that units, houses, drowning and bearing off meet.
func szrRandomPosition(rng *rand.Rand) string {
	var p szrPos
	for i := range p.sq {
		p.sq[i] = '.'
	}
	lo := 1
	if rng.IntN(3) == 0 {
		lo = 12 + rng.IntN(6) // 13 or more free squares for 10 pieces
	}
	for side, c := range []byte{'w', 'b'} {
		for i := range 5 {
			ba := i == 4
			switch rng.IntN(8) {
			case 0:
				if ba {
					p.handBA[side] = true
				} else {
					p.hand[side]++
				}
				continue
			case 1:
				if ba {
					p.offBA[side] = true
				} else {
					p.off[side]++
				}
				continue
			}
			for {
				s := lo + rng.IntN(31-lo)
				if s != 27 && p.sq[s] == '.' {
					p.sq[s] = c
					if ba {
						p.sq[s] = c - 'a' + 'A'
					}
					break
				}
			}
		}
	}
	for side := range 2 {
		if p.off[side] == 4 && p.offBA[side] {
			return szrRandomPosition(rng) // a finished game has no throws
		}
	}
	p.turn = "wb"[rng.IntN(2)]
	p.skip = [2]bool{rng.IntN(5) == 0, rng.IntN(5) == 0}
	if p.colourAt(16) != '.' && rng.IntN(2) == 0 {
		p.asleep[16] = true
	}
	if rng.IntN(3) == 0 {
		h := []int{1, 15, 26}[rng.IntN(3)]
		if p.colourAt(h) == p.turn {
			p.bonus = h
		}
	}
	return p.String()
}

// szrCompare checks every throw in pos against the model.
func szrCompare(t *testing.T, r *senet.Rules, pos senet.Position) {
	t.Helper()
	s := r.FormatPosition(pos)
	rp := szrParse(s)
	if rp.String() != s {
		t.Fatalf("model cannot read %q (reads %q)", s, rp.String())
	}
	if want := game.Player(strings.IndexByte("wb", rp.turn)); r.ToMove(pos) != want {
		t.Fatalf("%s: engine says seat %d throws, model %d", s, r.ToMove(pos), want)
	}
	for _, o := range r.Outcomes(pos) {
		var got, want []string
		for _, m := range r.Moves(pos, o.Roll, nil) {
			effects := szrEngineEffects(r, pos, o.Roll, m)
			slices.Sort(effects)
			got = append(got, fmt.Sprintf("%s %s %q", r.FormatMove(m), r.FormatPosition(r.Apply(pos, o.Roll, m)), effects))
		}
		for _, m := range rp.moves(o.Roll) {
			q := rp.apply(o.Roll, m)
			effects := rp.effects(o.Roll, m, q)
			slices.Sort(effects)
			want = append(want, fmt.Sprintf("%s %s %q", m, q, effects))
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s, throw %d:\nwant (model)  %q\ngot  (engine) %q", s, o.Roll, want, got)
		}
	}
}

// szrCheckResult checks the payoffs of a finished game: 1 for the side
// that bore off all five pieces, 0 for the other (S21).
func szrCheckResult(t *testing.T, r *senet.Rules, p senet.Position) {
	t.Helper()
	if !r.Over(p) {
		return
	}
	var want game.Payoffs
	want[strings.IndexByte("wb", szrParse(r.FormatPosition(p)).winner)] = 1
	if got := r.Payoffs(p); got != want || r.ToMove(p) != game.NoPlayer {
		t.Fatalf("%s: payoffs %v and seat %d to throw, want %v and none", r.FormatPosition(p), got, r.ToMove(p), want)
	}
}

// TestSzenetMatchesReference plays random games and visits random
// positions, and checks that the engine's start, throws, legal moves,
// resulting positions and the special rules each move sets off agree
// exactly with szrPos, an independent naive reading of
// S1-S22.
func TestSzenetMatchesReference(t *testing.T) {
	r := senet.MustNew("senet-szenet", nil)
	rng := rand.New(rand.NewPCG(12, 4))
	clear(szrFired)
	games := 100
	if testing.Short() {
		games = 10
	}
	// S3: marked sides 1-4 count 1-4, none counts 5; sixteenths.
	want := []game.Outcome{{Roll: 1, Num: 4, Den: 16}, {Roll: 2, Num: 6, Den: 16},
		{Roll: 3, Num: 4, Den: 16}, {Roll: 4, Num: 1, Den: 16}, {Roll: 5, Num: 1, Den: 16}}
	if got := r.Outcomes(r.Start()); !slices.Equal(got, want) {
		t.Fatalf("throws %v, want %v", got, want)
	}
	// S2, S4: every piece waits to enter; White throws first.
	start := szrPos{turn: 'w', hand: [2]int{4, 4}, handBA: [2]bool{true, true}}
	for s := range start.sq {
		start.sq[s] = '.'
	}
	if got := r.FormatPosition(r.Start()); got != start.String() {
		t.Fatalf("start %q, want %q", got, start.String())
	}
	for range games {
		p := r.Start()
		for n := 0; !r.Over(p) && n < 2000; n++ {
			szrCompare(t, r, p)
			roll := game.Sample(r.Outcomes(p), rng)
			ms := r.Moves(p, roll, nil)
			p = r.Apply(p, roll, ms[rng.IntN(len(ms))])
		}
		szrCheckResult(t, r, p)
	}
	for range 20 * games {
		s := szrRandomPosition(rng)
		p, err := r.ParsePosition(s)
		if err != nil {
			t.Fatalf("random position %q: %v", s, err)
		}
		szrCompare(t, r, p)
	}
	for _, rule := range []string{"S6 enter", "S6 S14 S16 bonus lost", "S8 pass", "S9 attack",
		"S9 S10 protected", "S11 unit blocks", "S13 heavy", "S13 missed turn",
		"S14 S16 bonus on 15", "S14 S16 bonus on 26", "S15 asleep", "S15 falls asleep",
		"S15 wakes", "S16 jump", "S17 drowns", "S17 BA drowns", "S19 must leave",
		"S20 bear off", "S21 win with keys kept", "S20 S11 unit blocks bearing off", "S15 sleeper attacked",
		"S17 sleeper dragged off", "S13 both miss a turn", "S20 BA waits for its pieces", "S20 piece waits for its BA", "S21 win"} {
		if szrFired[rule] == 0 {
			t.Errorf("no game or position reached %s: the comparison does not cover it", rule)
		}
	}
	t.Logf("rules reached: %v", szrFired)
}
