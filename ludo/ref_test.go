package ludo_test

// A deliberately naive model of kinevet, written from the rule text
// (rules/kinevet.md, K1-K9 and the house rules H1-H5) and the
// interpretations of docs/rules/kinevet.md, and never from the engine's
// code: a track array, goal arrays, counters and one plain loop per rule.
// The differential test at the end compares its legal moves, resulting
// positions and the special rules each move sets off, exchanged in
// notation only, with the engine's on random games and random positions
// for 2, 3 and 4 players under every combination of the options.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"passage/game"
	"passage/ludo"
)

// lrColours are the colour letters in clockwise order; a colour's index
// here gives its start square 1 + 10*index and its goal group (K1).
const lrColours = "rygb"

// lrRules are the options of one kinevet ruleset.
type lrRules struct {
	order      string // K1: the colours in play in turn order
	goalJump   bool   // K7
	finishAll  bool   // K9
	safeStart  bool   // H1
	sixRolls   int    // K4, H2: extra rolls a 6 gives
	threeSixes bool   // H3
	bounce     bool   // H4
	threeTries bool   // H5
}

// lrPos is a kinevet position.
type lrPos struct {
	track  [41]byte   // squares 1-40: '.' or a colour letter
	goal   [4][5]bool // goal[colour index][1..4]
	turn   byte       // the colour to roll, '-' when over
	sixes  int        // H3: sixes in a row this turn
	last   int        // H3: track square of the piece moved last this turn
	extra  int        // H2: rolls still due, the next one included
	tries  int        // H5: failed tries towards a 6
	done   string     // K9 finish=all: colours finished, in order
	winner byte
}

// lrMove is a move. from 0 enters; from 41-44 and to 41-44 are g1-g4;
// from -1 is a pass.
type lrMove struct{ from, to int }

func lrSquare(s int) string {
	if s > 40 {
		return "g" + strconv.Itoa(s-40)
	}
	return strconv.Itoa(s)
}

func (m lrMove) String() string {
	switch {
	case m.from < 0:
		return "pass"
	case m.from == 0:
		return "in-" + strconv.Itoa(m.to)
	}
	return lrSquare(m.from) + "-" + lrSquare(m.to)
}

// lrFired counts how often each rule decided something in the model, so
// the test can show that its random games and positions reach every rule.
var lrFired = map[string]int{}

func lrIndex(c byte) int { return strings.IndexByte(lrColours, c) }

func lrStart(c byte) int { return 1 + 10*lrIndex(c) }

// lrParse reads canonical notation; it trusts its input.
func lrParse(s string) lrPos {
	f := strings.Fields(s)
	p := lrPos{turn: f[2][0]}
	for i := range 40 {
		p.track[i+1] = f[0][i]
	}
	for ci, g := range strings.Split(f[1], "/") {
		for k := 1; k <= 4; k++ {
			p.goal[ci][k] = g[k-1] != '.'
		}
	}
	for _, kv := range f[3:] {
		k, v, _ := strings.Cut(kv, "=")
		n, _ := strconv.Atoi(v)
		switch k {
		case "sixes":
			p.sixes = n
		case "last":
			p.last = n
		case "extra":
			p.extra = n
		case "tries":
			p.tries = n
		case "done":
			p.done = v
		case "winner":
			p.winner = v[0]
		}
	}
	return p
}

func (r lrRules) format(p lrPos) string {
	var b strings.Builder
	b.Write(p.track[1:])
	b.WriteByte(' ')
	for ci := range 4 {
		if ci > 0 {
			b.WriteByte('/')
		}
		for k := 1; k <= 4; k++ {
			if p.goal[ci][k] {
				b.WriteByte(lrColours[ci])
			} else {
				b.WriteByte('.')
			}
		}
	}
	b.WriteByte(' ')
	b.WriteByte(p.turn)
	if r.order != "rygb" {
		b.WriteString(" colors=" + r.order)
	}
	for _, kv := range []struct {
		k string
		n int
	}{{"sixes", p.sixes}, {"last", p.last}, {"extra", p.extra}, {"tries", p.tries}} {
		if kv.n != 0 {
			fmt.Fprintf(&b, " %s=%d", kv.k, kv.n)
		}
	}
	if p.done != "" {
		b.WriteString(" done=" + p.done)
	}
	if p.winner != 0 {
		b.WriteString(" winner=" + string(p.winner))
	}
	return b.String()
}

// onTrack counts colour c's pieces on the track.
func (p *lrPos) onTrack(c byte) int {
	n := 0
	for s := 1; s <= 40; s++ {
		if p.track[s] == c {
			n++
		}
	}
	return n
}

// home counts colour c's pieces in its goal.
func (p *lrPos) home(c byte) int {
	n := 0
	for k := 1; k <= 4; k++ {
		if p.goal[lrIndex(c)][k] {
			n++
		}
	}
	return n
}

func (p *lrPos) yard(c byte) int { return 4 - p.onTrack(c) - p.home(c) }

// safe: a piece on track square s cannot be captured (H1).
func (r lrRules) safe(s int) bool {
	return r.safeStart && (s == 1 || s == 11 || s == 21 || s == 31)
}

// mayLand: a piece of c may end a move on track square s (K5, K6, H1).
func (r lrRules) mayLand(p *lrPos, c byte, s int) bool {
	switch p.track[s] {
	case '.':
		return true
	case c:
		return false // K5
	}
	if r.safe(s) {
		lrFired["H1 safe start"]++
		return false // H1, interpretation 4
	}
	return true // K6
}

// goalPath: a piece of c may pass goal squares passed and end on goal
// square k (K7).
func (r lrRules) goalPath(p *lrPos, c byte, passed []int, k int) bool {
	g := p.goal[lrIndex(c)]
	if g[k] {
		return false
	}
	for _, x := range passed {
		if g[x] && !r.goalJump {
			lrFired["K7 no jump in the goal"]++
			return false
		}
	}
	return true
}

func (r lrRules) moves(p lrPos, roll int) []lrMove {
	c := p.turn
	if r.threeSixes && roll == 6 && p.sixes == 2 {
		return []lrMove{{-1, 0}} // H3: the third 6 is not played
	}
	var out []lrMove
	start := lrStart(c)
	if roll == 6 && p.yard(c) > 0 && r.mayLand(&p, c, start) {
		out = append(out, lrMove{0, start}) // K3
	}
	for s := 1; s <= 40; s++ {
		if p.track[s] != c {
			continue
		}
		steps := (s - start + 40) % 40 // 0 on the start square, 39 on the last
		n := steps + roll
		if n <= 39 { // K5: still on the track
			d := (start-1+n)%40 + 1
			if r.mayLand(&p, c, d) {
				out = append(out, lrMove{s, d})
			}
			continue
		}
		k := n - 39 // into the goal: 40 steps is g1
		var passed []int
		for x := 1; x < k && x <= 4; x++ {
			passed = append(passed, x)
		}
		if k > 4 {
			if !r.bounce {
				continue // K7: never beyond g4
			}
			passed = append(passed, 4) // H4: to g4 and back
			for x := 3; x > 8-k; x-- {
				passed = append(passed, x)
			}
			k = 8 - k
			lrFired["H4 bounce"]++
		}
		if r.goalPath(&p, c, passed, k) {
			out = append(out, lrMove{s, 40 + k})
		}
	}
	for j := 1; j <= 4; j++ {
		if !p.goal[lrIndex(c)][j] || j+roll > 4 {
			continue // K7: exact rolls only inside the goal
		}
		var passed []int
		for x := j + 1; x < j+roll; x++ {
			passed = append(passed, x)
		}
		if r.goalPath(&p, c, passed, j+roll) {
			out = append(out, lrMove{40 + j, 40 + j + roll})
		}
	}
	if len(out) == 0 {
		return []lrMove{{-1, 0}} // K8
	}
	return out
}

// next is the colour after c in turn order that has not finished.
func (r lrRules) next(p *lrPos, c byte) byte {
	i := strings.IndexByte(r.order, c)
	for {
		i = (i + 1) % len(r.order)
		if n := r.order[i]; !strings.ContainsRune(p.done, rune(n)) {
			return n
		}
	}
}

// passTurn ends c's turn.
func (r lrRules) passTurn(q *lrPos, c byte) {
	q.turn = r.next(q, c)
	q.sixes, q.last, q.extra, q.tries = 0, 0, 0, 0
}

func (r lrRules) apply(p lrPos, roll int, m lrMove) lrPos {
	q := p
	c := p.turn
	ci := lrIndex(c)
	if r.threeSixes && roll == 6 && p.sixes == 2 { // H3
		lrFired["H3 third six"]++
		if q.last != 0 {
			q.track[q.last] = '.'
			lrFired["H3 piece sent home"]++
		}
		r.passTurn(&q, c)
		return q
	}
	trackBefore := p.onTrack(c)
	switch {
	case m.from < 0:
		lrFired["K8 pass"]++
	case m.from == 0 || m.from <= 40:
		if m.from == 0 {
			lrFired["K3 enter"]++
		} else {
			q.track[m.from] = '.'
		}
		if m.to <= 40 {
			if q.track[m.to] != '.' {
				lrFired["K6 capture"]++ // the captured piece goes to its yard
			}
			q.track[m.to] = c
			q.last = m.to
		} else {
			q.goal[ci][m.to-40] = true
			q.last = 0 // H3: a piece in the goal is never sent back
			lrFired["K7 into the goal"]++
		}
	default:
		q.goal[ci][m.from-40] = false
		q.goal[ci][m.to-40] = true
		q.last = 0 // H3: the piece moved last is in the goal
		lrFired["K7 inside the goal"]++
	}
	if !r.threeSixes {
		q.last = 0
	}
	if q.home(c) == 4 { // K9: the last piece home ends the turn
		lrFired["K9 finished"]++
		if !r.finishAll {
			q.turn, q.winner = '-', c
			q.sixes, q.last, q.extra, q.tries = 0, 0, 0, 0
			return q
		}
		q.done += string(c)
		if len(q.done) == len(r.order)-1 {
			q.done += string(r.next(&q, c)) // the one left takes the last place
			q.turn, q.winner = '-', q.done[0]
			q.sixes, q.last, q.extra, q.tries = 0, 0, 0, 0
			lrFired["K9 all placed"]++
			return q
		}
		r.passTurn(&q, c)
		return q
	}
	if r.threeTries && trackBefore == 0 && m.from < 0 && roll != 6 { // H5
		q.tries++
		if q.tries < 3 {
			lrFired["H5 try again"]++
			q.sixes = 0 // a roll other than 6 ends a run of sixes (H3)
			return q    // the failed try spends no roll
		}
		lrFired["H5 third failure"]++
	}
	q.tries = 0
	due := max(p.extra-1, 0)
	if r.sixRolls == 1 {
		due = 0 // one extra roll per 6: nothing else can be due
	}
	if roll == 6 {
		due += r.sixRolls // K4, H2
		if r.threeSixes {
			q.sixes++
		}
	} else {
		q.sixes = 0
	}
	if due == 0 {
		r.passTurn(&q, c)
		return q
	}
	if r.sixRolls == 2 {
		q.extra = min(due, 255)
		if due > 2 {
			lrFired["H2 rolls add up"]++
		}
	}
	return q
}

// effects names the special rules move m after roll sets off, as the
// simulation lab counts them (game.Effecter): q is the position after it.
func (r lrRules) effects(p lrPos, roll int, m lrMove, q lrPos) []string {
	var out []string
	switch {
	case m.from < 0:
		out = append(out, "roll lost (pass)") // K8
	case m.from == 0:
		out = append(out, "entering (K3)")
	}
	if m.from >= 0 && m.to <= 40 && p.track[m.to] != '.' && p.track[m.to] != p.turn {
		out = append(out, "capture (K6)")
	}
	if m.from >= 1 && m.from <= 40 && m.to > 40 {
		out = append(out, "into the goal (K7)")
	}
	switch {
	case r.threeSixes && roll == 6 && p.sixes == 2:
		out = append(out, "third six: turn lost (H3)")
	case roll == 6 && q.turn == p.turn:
		out = append(out, "roll again after a 6 (K4, H2)")
	}
	if start := lrStart(p.turn); r.safeStart && roll == 6 && !(r.threeSixes && p.sixes == 2) && p.yard(p.turn) > 0 && p.track[start] != '.' && p.track[start] != p.turn {
		out = append(out, "start square safe (H1)") // the 6 cannot bring a piece out
	}
	if m.from >= 1 && m.from <= 40 && m.to > 40 && (m.from-lrStart(p.turn)+40)%40+roll-39 > 4 {
		out = append(out, "goal bounce (H4)") // counted to g4 and back
	}
	if q.tries > p.tries {
		out = append(out, "another try for a 6 (H5)")
	}
	return out
}

// randomPosition scatters each colour's pieces over yard, track and goal,
// with the turn keys each option allows, in the shapes a game can reach.
func (r lrRules) randomPosition(rng *rand.Rand) string {
	var p lrPos
	for s := range p.track {
		p.track[s] = '.'
	}
	var complete []byte
	for i := 0; i < len(r.order); i++ {
		c := r.order[i]
		ci := lrIndex(c)
		if r.finishAll && rng.IntN(4) == 0 && len(complete) < len(r.order)-2 {
			p.goal[ci] = [5]bool{false, true, true, true, true}
			complete = append(complete, c)
			continue
		}
		for range 4 {
			switch rng.IntN(5) {
			case 0: // in the yard
			case 1: // in the goal, unless that completes it
				k := 1 + rng.IntN(4)
				if !p.goal[ci][k] && p.home(c) < 3 {
					p.goal[ci][k] = true
				}
			default:
				for {
					s := 1 + rng.IntN(40)
					if rng.IntN(2) == 0 { // often near the goal's entrance
						s = (lrStart(c)-2-rng.IntN(8)+80)%40 + 1
					}
					if p.track[s] == '.' {
						p.track[s] = c
						break
					}
				}
			}
		}
	}
	rng.Shuffle(len(complete), func(i, j int) { complete[i], complete[j] = complete[j], complete[i] })
	p.done = string(complete)
	for {
		p.turn = r.order[rng.IntN(len(r.order))]
		if !strings.ContainsRune(p.done, rune(p.turn)) {
			break
		}
	}
	if r.threeSixes {
		p.sixes = rng.IntN(3)
	}
	if r.sixRolls == 2 {
		if p.sixes > 0 {
			p.extra = 2 + rng.IntN(3)
		} else {
			p.extra = rng.IntN(3)
		}
	}
	if r.threeSixes && (p.sixes > 0 || p.extra > 0) && rng.IntN(3) > 0 {
		for s := 1; s <= 40; s++ {
			if p.track[s] == p.turn && (p.last == 0 || rng.IntN(2) == 0) {
				p.last = s
			}
		}
	}
	if r.threeTries && p.sixes == 0 && p.onTrack(p.turn) == 0 {
		p.tries = rng.IntN(3)
	}
	return r.format(p)
}

// payoffs is the result by seat, the seat being the colour's place in
// the turn order: 1 for the winner with finish=first; with finish=all,
// place i of n scores (n-i) / (n(n-1)/2) (K9, interpretation 9).
func (r lrRules) payoffs(p lrPos) game.Payoffs {
	var out game.Payoffs
	n := len(r.order)
	if !r.finishAll {
		out[strings.IndexByte(r.order, p.winner)] = 1
		return out
	}
	for i := 0; i < len(p.done); i++ {
		place := i + 1
		out[strings.IndexByte(r.order, p.done[i])] = float64(n-place) / float64(n*(n-1)/2)
	}
	return out
}

// compare checks the given rolls in pos against the model.
func (r lrRules) compare(t *testing.T, e *ludo.Rules, pos ludo.Position, rolls ...int) {
	t.Helper()
	s := e.FormatPosition(pos)
	rp := lrParse(s)
	if r.format(rp) != s {
		t.Fatalf("model cannot read %q (reads %q)", s, r.format(rp))
	}
	if want := game.Player(strings.IndexByte(r.order, rp.turn)); e.ToMove(pos) != want {
		t.Fatalf("%s (%s): engine says seat %d rolls, model %d", s, e.ID(), e.ToMove(pos), want)
	}
	for _, roll := range rolls {
		var got, want []string
		for _, m := range e.Moves(pos, roll, nil) {
			var effects []string
			bits := e.Effects(pos, roll, m)
			for i, name := range e.EffectNames() {
				if bits&(1<<i) != 0 {
					effects = append(effects, name)
				}
			}
			slices.Sort(effects)
			got = append(got, fmt.Sprintf("%s %s %q", e.FormatMove(m), e.FormatPosition(e.Apply(pos, roll, m)), effects))
		}
		for _, m := range r.moves(rp, roll) {
			q := r.apply(rp, roll, m)
			effects := r.effects(rp, roll, m, q)
			slices.Sort(effects)
			want = append(want, fmt.Sprintf("%s %s %q", m, r.format(q), effects))
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s (%s), roll %d:\nwant (model)  %q\ngot  (engine) %q", s, e.ID(), roll, want, got)
		}
	}
}

// lrDie is one fair six-sided die.
var lrDie = []game.Outcome{{Roll: 1, Num: 1, Den: 6}, {Roll: 2, Num: 1, Den: 6}, {Roll: 3, Num: 1, Den: 6},
	{Roll: 4, Num: 1, Den: 6}, {Roll: 5, Num: 1, Den: 6}, {Roll: 6, Num: 1, Den: 6}}

// lrOrders are turn orders for colors=, by number of players: K1's
// choice first, then others.
var lrOrders = map[int][]string{
	2: {"rg", "gr", "ry", "yb"},
	3: {"ryg", "byr", "ygb"},
	4: {"rygb", "bgyr", "gbry"},
}

// lrOptions builds option combination combo (one bit per rule option)
// for the number of players, with K1's turn order or, half the time,
// another one: the model's rules and the engine's options.
func lrOptions(players, combo int, rng *rand.Rand) (lrRules, map[string]string) {
	on := func(i int) bool { return combo&(1<<i) != 0 }
	r := lrRules{order: lrOrders[players][0], goalJump: on(0), finishAll: on(1),
		safeStart: on(2), sixRolls: 1, threeSixes: on(4), bounce: on(5), threeTries: on(6)}
	if on(3) {
		r.sixRolls = 2
	}
	if rng.IntN(2) == 0 {
		r.order = lrOrders[players][rng.IntN(len(lrOrders[players]))]
	}
	onOff := map[bool]string{false: "off", true: "on"}
	opts := map[string]string{"players": strconv.Itoa(players), "colors": r.order,
		"goal-jump": onOff[r.goalJump], "finish": "first", "safe-start": onOff[r.safeStart],
		"six-rolls": strconv.Itoa(r.sixRolls), "three-sixes": onOff[r.threeSixes],
		"goal-bounce": onOff[r.bounce], "three-tries": onOff[r.threeTries]}
	if r.finishAll {
		opts["finish"] = "all"
	}
	return r, opts
}

// checkStart compares the engine's start, die and seats with the rules:
// every piece in its yard, the first colour of the turn order to roll
// (K1, K2), one fair die.
func (r lrRules) checkStart(t *testing.T, e *ludo.Rules) {
	t.Helper()
	if got := e.Outcomes(e.Start()); !slices.Equal(got, lrDie) {
		t.Fatalf("%s: die %v, want %v", e.ID(), got, lrDie)
	}
	start := lrPos{turn: r.order[0]}
	for s := range start.track {
		start.track[s] = '.'
	}
	if got := e.FormatPosition(e.Start()); got != r.format(start) {
		t.Fatalf("start %q, want %q", got, r.format(start))
	}
	if e.ToMove(e.Start()) != 0 || e.Players() != len(r.order) {
		t.Fatalf("%s: %d players, seat %d starts; want %d, seat 0", e.ID(), e.Players(), e.ToMove(e.Start()), len(r.order))
	}
}

// checkResult compares the payoffs and placings of a finished game with
// the model's (K9).
func (r lrRules) checkResult(t *testing.T, e *ludo.Rules, p ludo.Position) {
	t.Helper()
	s := e.FormatPosition(p)
	rp := lrParse(s)
	if e.Payoffs(p) != r.payoffs(rp) {
		t.Fatalf("%s (%s): payoffs %v, model %v", s, e.ID(), e.Payoffs(p), r.payoffs(rp))
	}
	want := []int{lrIndex(rp.winner)} // the winner, or every place in order
	if r.finishAll {
		want = want[:0]
		for _, c := range []byte(rp.done) {
			want = append(want, lrIndex(c))
		}
	}
	if got := e.Placings(p); !slices.Equal(got, want) {
		t.Fatalf("%s (%s): placings %v, model %v", s, e.ID(), got, want)
	}
}

// TestKinevetMatchesReference runs, for 2, 3 and 4 players and every
// combination of the seven rule options (with K1's or another turn
// order), a random game, checking the roll thrown at each step, and
// random positions, checking every roll; it checks that the engine's
// start, die, legal moves, resulting positions, seat to roll, payoffs and
// the special rules each move sets off agree exactly with lrRules, an
// independent naive reading of K1-K9 and H1-H5.
func TestKinevetMatchesReference(t *testing.T) {
	clear(lrFired)
	rng := rand.New(rand.NewPCG(2, 9))
	positions := 15
	if testing.Short() {
		positions = 5
	}
	for players := 2; players <= 4; players++ {
		for combo := range 1 << 7 {
			r, opts := lrOptions(players, combo, rng)
			e := ludo.MustNew("kinevet", opts)
			r.checkStart(t, e)
			p := e.Start()
			for n := 0; !e.Over(p) && n < 3000; n++ {
				roll := game.Sample(e.Outcomes(p), rng)
				r.compare(t, e, p, roll) // the roll the game goes on with
				ms := e.Moves(p, roll, nil)
				p = e.Apply(p, roll, ms[rng.IntN(len(ms))])
			}
			if e.Over(p) {
				r.checkResult(t, e, p)
			}
			for range positions {
				s := r.randomPosition(rng)
				p, err := e.ParsePosition(s)
				if err != nil {
					t.Fatalf("random position %q (%s): %v", s, e.ID(), err)
				}
				r.compare(t, e, p, 1, 2, 3, 4, 5, 6)
			}
		}
	}
	for _, rule := range []string{"K3 enter", "K6 capture", "K7 into the goal",
		"K7 inside the goal", "K7 no jump in the goal", "K8 pass", "K9 finished", "K9 all placed",
		"H1 safe start", "H2 rolls add up", "H3 third six", "H3 piece sent home", "H4 bounce",
		"H5 try again", "H5 third failure"} {
		if lrFired[rule] == 0 {
			t.Errorf("no game or position reached %s: the comparison does not cover it", rule)
		}
	}
	t.Logf("rules reached: %v", lrFired)
}
