package endgame

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"passage/senet"
)

// TestVerify solves K=1 for every supported ruleset and option value and
// K=2 for Jéquier and Apokrif, and checks the Bellman equation everywhere, for both
// colours to move.
func TestVerify(t *testing.T) {
	cases := []struct {
		name string
		opts map[string]string
		k    int
	}{
		{"senet-jequier", nil, 1},
		{"senet-jequier", map[string]string{"water": "15", "overshoot": "block"}, 1},
		{"senet-apokrif", nil, 1},
		{"senet-apokrif", map[string]string{"pieces": "7"}, 1},
		{"senet-jequier", nil, 2},
		{"senet-apokrif", nil, 2},
	}
	for _, tc := range cases {
		c := mustClass(t, tc.name, tc.opts, tc.k)
		tab := mustSolve(t, c)
		rep, err := tab.Verify(context.Background(), 0)
		if err != nil {
			t.Fatalf("%s K=%d: %v", c.Rules.ID(), tc.k, err)
		}
		if rep.Checked != 2*c.Size() {
			t.Fatalf("%s: checked %d of %d", c.Rules.ID(), rep.Checked, 2*c.Size())
		}
	}
}

// TestVerifyCatchesWrongValue: a table with one value changed fails
// the check.
func TestVerifyCatchesWrongValue(t *testing.T) {
	orig := mustSolve(t, mustClass(t, "senet-jequier", nil, 1))
	tab := &Table{Class: orig.Class, vals: append([]uint16(nil), orig.vals...)}
	tab.vals[100] ^= 0x4000
	if _, err := tab.Verify(context.Background(), 0); err == nil {
		t.Fatal("Verify accepted a damaged table")
	}
}

func pos(t *testing.T, r *senet.Rules, s string) senet.Position {
	t.Helper()
	p, err := r.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestHandValues checks values worked out by hand from the rules.
func TestHandValues(t *testing.T) {
	// Jéquier J13: a piece on 30 leaves with any throw, so the side to
	// throw with its last piece there has won.
	jq := mustClass(t, "senet-jequier", nil, 1)
	jt := mustSolve(t, jq)
	if v, _ := jt.MoverWin(pos(t, jq.Rules, "............................bw w off=wwwwbbbb")); v != 1 {
		t.Errorf("White on 30: %v, want 1", v)
	}
	// Jéquier, White on 29, Black on 30: Black's piece is safe (J12)
	// and blocks 30, so White can never bear off before its throws end
	// with a 2 or a 3; then Black leaves with any throw (J13). White's
	// chance is exactly 0.
	if v, _ := jt.MoverWin(pos(t, jq.Rules, "............................wb w off=wwwwbbbb")); v != 0 {
		t.Errorf("Jéquier White 29, Black 30: %v, want 0", v)
	}
	// Apokrif, White on 29, Black on 30: a 2 bears off, passing the one
	// piece on 30 (A24, A8): 6/16. A 3 has no forward move and goes
	// back to 26 (A16), ending the turn; Black leaves from 30 with any
	// throw. A 1 (30 is held), a 4 and a 5 go back to 28, 25 and 24 with
	// an extra throw (A16, A5). So V(29) = 6/16 + 4/16 V(28) + 1/16 V(25)
	// + 1/16 V(24).
	ap := mustClass(t, "senet-apokrif", nil, 1)
	at := mustSolve(t, ap)
	v29, _ := at.MoverWin(pos(t, ap.Rules, "............................wb w off=wwwwbbbb"))
	v28, _ := at.MoverWin(pos(t, ap.Rules, "...........................w.b w off=wwwwbbbb"))
	v25, _ := at.MoverWin(pos(t, ap.Rules, "........................w....b w off=wwwwbbbb"))
	v24, _ := at.MoverWin(pos(t, ap.Rules, ".......................w.....b w off=wwwwbbbb"))
	if want := 6.0/16 + 4.0/16*v28 + (v25+v24)/16; math.Abs(v29-want) > 2*Quantum {
		t.Errorf("Apokrif White 29, Black 30: %v, want %v", v29, want)
	}
	if v29 < 6.0/16 || v29 > 12.0/16 {
		t.Errorf("Apokrif White 29, Black 30: %v, want within [6/16, 12/16]", v29)
	}
}

// bounds is an exhaustive expectimax to a number of throws that does
// not evaluate: a line still going at the horizon counts as anything
// from 0 to 1. It returns bounds on the side to throw's chance of
// winning; they meet when every line ends within the depth.
func bounds(r *senet.Rules, p senet.Position, depth int) (lo, hi float64) {
	return memoBounds(r, p, depth, nil)
}

// boundKey is a position and a number of throws left.
type boundKey struct {
	p senet.Position
	d int
}

// memoBounds is bounds with its results kept in memo,
// unless memo is nil: in Szenet a lost throw passes the turn, so no
// line is sure to end within any depth, and bounds only meet in the
// limit; a deep search needs the positions it meets again to be
// computed once.
func memoBounds(r *senet.Rules, p senet.Position, depth int, memo map[boundKey][2]float64) (lo, hi float64) {
	if depth == 0 {
		return 0, 1
	}
	if b, ok := memo[boundKey{p, depth}]; ok {
		return b[0], b[1]
	}
	me := p.Turn()
	for _, o := range r.Outcomes(p) {
		bestLo, bestHi := 0.0, 0.0
		for _, m := range r.Moves(p, o.Roll, nil) {
			q := r.Apply(p, o.Roll, m)
			var l, h float64
			switch {
			case q.Turn() < 0:
				l = float64(boolInt(q.Winner() == me))
				h = l
			case q.Turn() == me:
				l, h = memoBounds(r, q, depth-1, memo)
			default:
				ol, oh := memoBounds(r, q, depth-1, memo)
				l, h = 1-oh, 1-ol
			}
			bestLo, bestHi = max(bestLo, l), max(bestHi, h)
		}
		lo += o.Prob() * bestLo
		hi += o.Prob() * bestHi
	}
	if memo != nil {
		memo[boundKey{p, depth}] = [2]float64{lo, hi}
	}
	return lo, hi
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestAgreesWithExpectimax compares the table with an exhaustive
// expectimax, for White and, on the colour-swapped board, for Black to
// move: on positions whose every line ends within the depth the two
// agree to two quanta, and elsewhere the table lies within the search's
// bounds.
func TestAgreesWithExpectimax(t *testing.T) {
	for _, name := range []string{"senet-jequier", "senet-apokrif"} {
		c := mustClass(t, name, nil, 1)
		tab := mustSolve(t, c)
		closed := 0
		l := Layer{1, 1}
		start, n := c.Span(l)
		for i := start; i < start+n; i++ {
			m, o := c.Boards(l, i)
			for _, turn := range []int{senet.White, senet.Black} {
				board := [2]uint32{m, o}
				if turn == senet.Black {
					board = [2]uint32{o, m}
				}
				p := c.Rules.PlainPosition(board, turn)
				lo, hi := bounds(c.Rules, p, 4)
				v, ok := tab.MoverWin(p)
				if !ok {
					t.Fatalf("%s not in the table", c.Rules.Format(p))
				}
				if v < lo-2*Quantum || v > hi+2*Quantum {
					t.Fatalf("%s: %s: table %v outside the search's [%v, %v]", name, c.Rules.Format(p), v, lo, hi)
				}
				if hi == lo {
					closed++
				}
			}
		}
		if closed < 20 {
			t.Fatalf("%s: only %d positions end within the depth; the test checks too little", name, closed)
		}
		t.Logf("%s: %d of %d positions end within 4 throws", name, closed, 2*n)
	}
}

// TestDeterministic: the table does not depend on the number of workers,
// and a solve interrupted and resumed from its checkpoint gives the
// same table as one that ran through.
func TestDeterministic(t *testing.T) {
	checkDeterministic(t, mustClass(t, "senet-jequier", nil, 2), 3, func(p Progress) bool {
		return p.Groups[0] == 1 && p.Sweep == 3 // inside the second layer group
	})
}

// checkDeterministic solves c on every core and on one, then
// interrupts a solve with the given workers where stop says so and
// resumes it from its checkpoint with three: all must give the same
// values.
func checkDeterministic(t *testing.T, c *Class, workers int, stop func(Progress) bool) {
	t.Helper()
	all := mustSolve(t, c)
	single, err := Solve(context.Background(), c, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range all.vals {
		if all.vals[i] != single.vals[i] {
			t.Fatalf("index %d: %d on every core, %d with one worker", i, all.vals[i], single.vals[i])
		}
	}
	ckpt := filepath.Join(t.TempDir(), "solve.partial")
	ctx, cancel := context.WithCancel(context.Background())
	_, err = Solve(ctx, c, Options{Workers: workers, Checkpoint: ckpt, Progress: func(p Progress) {
		if stop(p) {
			cancel()
		}
	}})
	if err != ErrInterrupted {
		t.Fatalf("interrupted solve: %v", err)
	}
	resumed, err := Solve(context.Background(), c, Options{Workers: 3, Checkpoint: ckpt})
	if err != nil {
		t.Fatal(err)
	}
	for i := range all.vals {
		if all.vals[i] != resumed.vals[i] {
			t.Fatalf("index %d: %d straight through, %d resumed with three workers", i, all.vals[i], resumed.vals[i])
		}
	}
}

// TestFileRoundTrip writes a table, reads it back, and refuses a
// damaged copy.
func TestFileRoundTrip(t *testing.T) {
	tab := mustSolve(t, mustClass(t, "senet-jequier", map[string]string{"water": "15"}, 1))
	dir := t.TempDir()
	path := filepath.Join(dir, FileName(tab.Class.Rules.ID(), 1))
	if err := tab.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	back, err := Find(dir, "senet-jequier water=15")
	if err != nil || back == nil {
		t.Fatalf("Find: %v %v", back, err)
	}
	if back.Class.Rules.ID() != "senet-jequier water=15" || back.Class.K != 1 || len(back.vals) != len(tab.vals) {
		t.Fatalf("read back %s K=%d with %d values", back.Class.Rules.ID(), back.Class.K, len(back.vals))
	}
	for i := range tab.vals {
		if tab.vals[i] != back.vals[i] {
			t.Fatalf("value %d changed", i)
		}
	}
	if none, err := Find(dir, "senet-jequier"); none != nil || err != nil {
		t.Fatalf("Find of another ruleset: %v %v", none, err)
	}
	// A table copied under another ruleset's name, or another K's, is
	// refused: the header says what it holds.
	data, _ := osReadFile(path)
	for _, name := range []string{FileName("senet-jequier", 1), FileName("senet-jequier water=15", 2)} {
		other := t.TempDir()
		if err := osWriteFile(filepath.Join(other, name), data); err != nil {
			t.Fatal(err)
		}
		id, _, _ := strings.Cut(strings.TrimSuffix(name, Ext), ".k")
		id = strings.ReplaceAll(id, "_", " ")
		if got, err := Find(other, id); got != nil || !errors.Is(err, ErrBadTable) || !strings.Contains(err.Error(), "renamed") {
			t.Errorf("Find(%q) of a copy named %s: %v, %v; want ErrBadTable naming the renaming", id, name, got, err)
		}
	}
	data, _ = osReadFile(path)
	data[len(data)/2] ^= 1
	if err := osWriteFile(path, data); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(path); err == nil {
		t.Fatal("ReadFile accepted a damaged file")
	}
}
