package endgame

import (
	"context"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"passage/senet"
)

// szBoard is a Szenet board in notation with pieces like "W30" (White's
// BA on 30) or "b12" (a black ordinary piece on 12).
func szBoard(pieces ...string) string {
	b := []byte(strings.Repeat(".", senet.Squares))
	for _, p := range pieces {
		s, err := strconv.Atoi(p[1:])
		if err != nil {
			panic(p)
		}
		b[s-1] = p[0]
	}
	return string(b)
}

// szenetSmall is the Szenet class with two pieces a side, solved only in
// its first two layer groups (one piece left each; one and two): the
// whole class takes a minute, these a second. Values of layer 2+2 are
// not solved and must not be read.
var szenetSmall = sync.OnceValues(func() (*Table, error) {
	c, err := NewClass(senet.MustNew("senet-szenet", nil), 2)
	if err != nil {
		return nil, err
	}
	tab, err := Solve(context.Background(), c, Options{groups: 2})
	return tab, err
})

func mustSzenetSmall(t *testing.T) *Table {
	t.Helper()
	tab, err := szenetSmall()
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// moverWin is the table's value of the position in notation s.
func moverWin(t *testing.T, tab *Table, s string) float64 {
	t.Helper()
	v, ok := tab.MoverWin(pos(t, tab.Class.Rules, s))
	if !ok {
		t.Fatalf("%s is not in the table", s)
	}
	return v
}

// TestSzenetClassSize counts the K=1 class by hand. Each side has one
// piece left: on one of the 29 cells, the BA or an ordinary piece (the
// BA then borne off), or in the hand, again the BA or not. Both on the
// board: 29 x 28 ordered pairs of cells, x 2 x 2 for the BAs, x 2 for the
// other side's missed turn (S13); the mover's piece on 1, 15 or 26 may
// carry a pending bonus throw (84 pairs) and a piece on 16 may sleep (56
// pairs, 3 of them with the mover on a bonus square): (812 + 84 + 56 +
// 3) x 8 = 7640. The mover on the board, the other in the hand: 8 x (29
// + 3 + 1) = 264. The mover in the hand: 8 x (29 + 1) = 240. Both in the
// hand: 8. In all 8152.
func TestSzenetClassSize(t *testing.T) {
	c := mustClass(t, "senet-szenet", nil, 1)
	if c.Size() != 8152 {
		t.Fatalf("K=1 class has %d positions, want 8152", c.Size())
	}
	// K=3 does not fit in memory: refused with its size, not attempted.
	_, err := NewClass(c.Rules, 3)
	if err == nil || !strings.Contains(err.Error(), "712844366 positions") {
		t.Fatalf("K=3: %v", err)
	}
}

// TestSzenetIndexRoundTrip: every index of K=1, and every 53rd of K=2,
// decodes for either colour to a position the rules' own parser accepts
// in notation, which Lookup finds at the same index; keys are distinct.
func TestSzenetIndexRoundTrip(t *testing.T) {
	for k, step := range map[int]int64{1: 1, 2: 53} {
		c := mustClass(t, "senet-szenet", nil, k)
		x := c.idx.(*szenetIndex)
		for _, l := range c.Layers() {
			keys := x.keys[l.A][l.B]
			for i := 1; i < len(keys); i++ {
				if keys[i] <= keys[i-1] {
					t.Fatalf("layer %v: keys not strictly ascending at %d", l, i)
				}
			}
			start, n := c.Span(l)
			for i := start; i < start+n; i += step {
				for _, turn := range []int{senet.White, senet.Black} {
					p := c.PositionFor(l, i, turn)
					s := c.Rules.Format(p)
					back, err := c.Rules.Parse(s)
					if err != nil || back != p {
						t.Fatalf("K=%d index %d: %s does not parse back: %v", k, i, s, err)
					}
					if j, ok := c.Lookup(p); !ok || j != i {
						t.Fatalf("K=%d index %d: %s looked up at %d %v", k, i, s, j, ok)
					}
				}
			}
		}
	}
}

// TestSzenetOutsideClass: positions the class does not hold are not
// found.
func TestSzenetOutsideClass(t *testing.T) {
	c := mustClass(t, "senet-szenet", nil, 1)
	for _, s := range []string{
		szBoard("W30", "w12", "B29") + " w off=wwwbbbb",  // two white pieces left
		szBoard("W30") + " w hand=bB off=wwwwbbb",        // two black pieces left, in the hand
		szBoard("W30", "B29") + " w off=wwwwbbbb skip=w", // the mover's own missed turn
		szBoard("B29") + " - off=wwwwWbbbb winner=w",     // over
		".............................. w hand=wwwwWbbbbB",
	} {
		if i, ok := c.Lookup(pos(t, c.Rules, s)); ok {
			t.Errorf("%s: found at %d", s, i)
		}
	}
}

// TestSzenetClosed: from every position of the K=1 class, and from
// every 7th of the layers 1+2 and 2+1 of K=2, for either colour, every move of every throw
// leads into the class or ends the game: drowning to the hand (S17),
// missed turns, bonus throws and sleepers stay inside.
func TestSzenetClosed(t *testing.T) {
	for k, step := range map[int]int64{1: 1, 2: 7} {
		c := mustClass(t, "senet-szenet", nil, k)
		r := c.Rules
		for _, g := range c.groups()[:k] {
			for _, l := range g {
				start, n := c.Span(l)
				for i := start; i < start+n; i += step {
					for _, turn := range []int{senet.White, senet.Black} {
						p := c.PositionFor(l, i, turn)
						for _, o := range r.Outcomes(p) {
							for _, m := range r.Moves(p, o.Roll, nil) {
								q := r.Apply(p, o.Roll, m)
								if _, ok := c.Lookup(q); !ok && q.Turn() >= 0 {
									t.Fatalf("%s throw %d %s leads out of the class to %s", r.Format(p), o.Roll, m, r.Format(q))
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestSzenetHandValues checks values worked out by hand from the rules
// S1-S22, one piece each (or two for White) near the end; Black's BA
// waits on 29 throughout, which it leaves with a 2 (S20) and which no
// white piece may land on (protected, S18).
func TestSzenetHandValues(t *testing.T) {
	c := mustClass(t, "senet-szenet", nil, 1)
	tab := mustSolve(t, c)
	v := func(s string) float64 { return moverWin(t, tab, s) }
	near := func(name string, got, want, tol float64) {
		t.Helper()
		if math.Abs(got-want) > tol {
			t.Errorf("%s: %.6f, want %.6f", name, got, want)
		}
	}
	const off = " off=wwwwbbbb"
	w30b29 := szBoard("W30", "B29")

	// White's BA on 30 bears off with a 1 (S20) and otherwise passes;
	// Black's on 29 bears off with a 2 and otherwise passes (30 is held
	// and protected): x = 1/4 + 3/4 (1 - y), y = 6/16 + 10/16 (1 - x),
	// so x = 8/17.
	x := v(w30b29 + " w" + off)
	near("W30 B29", x, 8.0/17, Quantum)
	near("W30 B29, Black to throw", v(w30b29+" b"+off), 6.0/16+10.0/16*(1-8.0/17), Quantum)
	// Black misses its next turn (S13): White's lost throw comes back to
	// White, now without the skip: 1/4 + 3/4 x = 41/68.
	near("W30 B29 skip=b", v(w30b29+" w"+off+" skip=b"), 41.0/68, Quantum)
	// White's BA asleep on 16 (S15) never wakes: nothing will pass 16, and
	// Black bears off for sure. Awake, it has a chance.
	near("W16 asleep", v(szBoard("W16", "B29")+" w"+off+" asleep=16"), 0, Quantum)
	if awake := v(szBoard("W16", "B29") + " w" + off); awake <= 0.01 {
		t.Errorf("W16 awake: %v", awake)
	}

	// The Bellman equation with the moves listed by hand, against the
	// table's values of the positions they lead to (each stored value is
	// rounded, hence the tolerance).
	black := func(pieces ...string) float64 {
		return 1 - v(szBoard(pieces...)+" b"+off)
	}
	// A bonus throw (S16) moves only the piece on 26: a 1 jumps the water
	// to 28, a 2 reaches 28, a 3 finds 29 held and is lost (the bonus
	// with it), a 4 reaches 30 and a 5 bears off.
	near("W26 bonus=26", v(szBoard("W26", "B29")+" w"+off+" bonus=26"),
		10.0/16*black("W28", "B29")+4.0/16*black("W26", "B29")+1.0/16*black("W30", "B29")+1.0/16, VerifyTolerance)
	// From 25: a 1 ends on 26 and wins the bonus throw, a 2 drowns the BA,
	// which waits in the hand to enter again (S17), a 4 is blocked.
	near("W25", v(szBoard("W25", "B29")+" w"+off),
		4.0/16*v(szBoard("W26", "B29")+" w"+off+" bonus=26")+
			6.0/16*(1-v(szBoard("B29")+" b hand=W off=wwwwbbbb"))+
			4.0/16*black("W28", "B29")+1.0/16*black("W25", "B29")+1.0/16*black("W30", "B29"), VerifyTolerance)
	// In the hand: a 1 enters on 1 with a bonus throw for that piece (S6),
	// anything else is lost.
	near("hand=W", v(szBoard("B29")+" w hand=W off=wwwwbbbb"),
		4.0/16*v(szBoard("W1", "B29")+" w"+off+" bonus=1")+
			12.0/16*(1-v(szBoard("B29")+" b hand=W off=wwwwbbbb")), VerifyTolerance)
}

// TestSzenetHandValuesTwoPieces: the BA's gate on bearing off (S20) and
// the BA's drowning, which takes its side along (S17), with two white
// pieces left.
func TestSzenetHandValuesTwoPieces(t *testing.T) {
	tab := mustSzenetSmall(t)
	v := func(s string) float64 { return moverWin(t, tab, s) }
	black := func(rest string, pieces ...string) float64 {
		return 1 - v(szBoard(pieces...)+" b"+rest)
	}
	near := func(name string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > VerifyTolerance {
			t.Errorf("%s: %.6f, want %.6f", name, got, want)
		}
	}
	// White's ordinary piece on 30 may not bear off while its BA waits
	// (S20): a 1 enters the BA instead, with a bonus throw; other throws
	// are lost.
	const gated = " hand=W off=wwwbbbb"
	entered := v(szBoard("W1", "w30", "B29") + " w off=wwwbbbb bonus=1")
	near("w30 hand=W", v(szBoard("w30", "B29")+" w"+gated),
		4.0/16*entered+12.0/16*black(gated, "w30", "B29"))
	if entered > 0.99 {
		t.Errorf("after entering the BA White wins %v: the gate test tells nothing", entered)
	}
	// The BA on 25 with a piece on 20: with a 2 the BA drowns and takes
	// the piece on 20 with it to the hand (S17), or the piece on 20 moves
	// to 22; the best of the moves of each throw counts.
	const two = " off=wwwbbbb"
	b := func(pieces ...string) float64 { return black(two, pieces...) }
	want := 4.0/16*max(v(szBoard("W26", "w20", "B29")+" w"+two+" bonus=26"), b("W25", "w21", "B29")) +
		6.0/16*max(1-v(szBoard("B29")+" b hand=wW off=wwwbbbb"), b("W25", "w22", "B29")) +
		4.0/16*max(b("W28", "w20", "B29"), b("W25", "w23", "B29")) +
		1.0/16*b("W25", "w24", "B29") + // 25 + 4 is Black's protected 29
		1.0/16*b("W30", "w20", "B29") // 20 + 5 is White's own 25
	near("W25 w20", v(szBoard("W25", "w20", "B29")+" w"+two), want)
}

// TestSzenetAgreesWithExpectimax compares the K=1 table with an
// exhaustive expectimax of 60 throws on every third position, for
// either colour: the table lies within the search's bounds everywhere,
// and where the lines still going after 60 throws weigh less than 10^-3
// (a quarter of the positions) the two agree to that.
func TestSzenetAgreesWithExpectimax(t *testing.T) {
	c := mustClass(t, "senet-szenet", nil, 1)
	tab := mustSolve(t, c)
	memo := map[boundKey][2]float64{}
	tight, checked := 0, 0
	for i := int64(0); i < c.Size(); i += 3 {
		for _, turn := range []int{senet.White, senet.Black} {
			p := c.PositionFor(Layer{1, 1}, i, turn)
			lo, hi := memoBounds(c.Rules, p, 60, memo)
			v, _ := tab.MoverWin(p)
			if v < lo-2*Quantum || v > hi+2*Quantum {
				t.Fatalf("%s: table %v outside the search's [%v, %v]", c.Rules.Format(p), v, lo, hi)
			}
			if hi-lo < 1e-3 {
				tight++
			}
			checked++
		}
	}
	if tight < 1000 {
		t.Fatalf("only %d positions have bounds within 1e-3; the test checks too little", tight)
	}
	t.Logf("%d of %d positions have bounds within 1e-3 after 60 throws", tight, checked)
}

// TestSzenetVerify: the K=1 table satisfies the Bellman equation for
// both colours to move (the colour swap shares entries), a damaged
// value is caught, and the table survives its file.
func TestSzenetVerify(t *testing.T) {
	c := mustClass(t, "senet-szenet", nil, 1)
	tab := mustSolve(t, c)
	rep, err := tab.Verify(context.Background(), 2)
	if err != nil || rep.Checked != 2*c.Size() {
		t.Fatalf("verify: %+v %v", rep, err)
	}
	path := filepath.Join(t.TempDir(), FileName(c.Rules.ID(), 1))
	if err := tab.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(path)
	if err != nil || back.Class.Size() != c.Size() {
		t.Fatalf("read back: %v", err)
	}
	for i := range tab.vals {
		if back.vals[i] != tab.vals[i] {
			t.Fatalf("value %d changed in the file", i)
		}
	}
	i, _ := c.Lookup(pos(t, c.Rules, szBoard("W30", "B29")+" w off=wwwwbbbb"))
	back.vals[i] = 65535 - back.vals[i]
	if _, err := back.Verify(context.Background(), 2); err == nil {
		t.Fatal("verify accepted a damaged value")
	}
}

// TestSzenetNoValueRestsOnEndlessPlay: best play ends the game from
// every position of Szenet's K=1 class, hand and sleepers included
// (docs/endgame.md, "Endless play"; the K=2 table is checked by passage
// solve --verify). With one piece a side no line can go on for ever
// whatever the throws: a lone piece must move, and some throw bears it
// off or brings it nearer.
func TestSzenetNoValueRestsOnEndlessPlay(t *testing.T) {
	tab := mustSolve(t, mustClass(t, "senet-szenet", nil, 1))
	rep, err := tab.Endless(context.Background(), 2)
	if err != nil || rep.Checked != tab.Class.Size() || rep.Endless != 0 || rep.Prolongable != 0 {
		t.Fatalf("%+v %v", rep, err)
	}
}

// TestSzenetDeterministic: the table does not depend on the number of
// workers, and a solve interrupted and resumed from its checkpoint
// gives the same table (TestDeterministic resumes across layer groups).
func TestSzenetDeterministic(t *testing.T) {
	checkDeterministic(t, mustClass(t, "senet-szenet", nil, 1), 1, func(p Progress) bool { return p.Sweep == 5 })
}

// TestSzenetHardPlaysPerfectly: with the table as the oracle, hard and
// expert choose a move of the best exact value in positions with two
// white pieces left (a choice of moves), for every throw.
func TestSzenetHardPlaysPerfectly(t *testing.T) {
	if choices := checkPlaysPerfectly(t, mustSzenetSmall(t), Layer{2, 1}, 401); choices < 50 {
		t.Fatalf("only %d decisions with a choice", choices)
	}
}
