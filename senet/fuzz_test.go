package senet

import (
	"errors"
	"testing"

	"passage/game"
)

// jequierFuzzPositions seed the position corpora: valid positions of every kind
// and near misses.
var jequierFuzzPositions = []string{
	"wbwbwbwbw.b................... b opening=w",
	"wbwbwbw.wbb................... w opening=w",
	".w.w.bbb..b.www.b............. w",
	"...........wbbbwbb............ w off=www",
	"..b.b.........w......b.bwb.www w",
	"..............bwbwbbw.bw.w.... w",
	"....b....b..........bw.wbw.bww w",
	"bbb................w..w.b...b. b off=www",
	"....bbbbb..................... - off=wwwww winner=w",
	"ww............................ - off=wwwbbbbb winner=b",
	"",
	"wbwbwbwbw.b...................",
	"wbwbwbwbw.b................... x",
	"wbwbwbwbw.b................... b opening=w winner=w",
	"wbwbwbwbw.b...............w... b",
	"wbwbwbwbw.b................... b hand=w",
	"Wbwbwbwbw.b................... b",
	"wbwbwbwbw.b.....................b",
	"  wbwbwbwbw.b...................   b   opening=w ",
	"wbwbwbw..bb................... b off=ww off=bb",
}

// FuzzParsePosition: parsing never panics; a rejected position wraps
// game.ErrBadPosition; an accepted one formats to a string that parses to
// the identical position and formats to itself again.
func FuzzParsePosition(f *testing.F) {
	for _, s := range jequierFuzzPositions {
		f.Add(s)
	}
	r := MustNew("senet-jequier", nil)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := r.Parse(s)
		if err != nil {
			if !errors.Is(err, game.ErrBadPosition) {
				t.Fatalf("Parse(%q): error %v does not wrap game.ErrBadPosition", s, err)
			}
			return
		}
		canon := r.Format(p)
		q, err := r.Parse(canon)
		if err != nil {
			t.Fatalf("Parse(%q) accepted, but its format %q does not parse: %v", s, canon, err)
		}
		if q != p {
			t.Fatalf("Parse(%q) = %+v, but Parse(Format) = %+v", s, p, q)
		}
		if again := r.Format(q); again != canon {
			t.Fatalf("Format is not stable: %q then %q", canon, again)
		}
	})
}

// FuzzParseMove: parsing a move never panics; a rejected token wraps
// game.ErrBadMove; an accepted token is canonical (String gives it back)
// and parses again to the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"12-15", "29-off", "30-off", "in-1", "pass", "24-27", "12-9",
		"", "12", "12-12", "in-off", "0-1", "31-1", "1-31", "01-2", "-", "12--13", "Pass", "off-12"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			if !errors.Is(err, game.ErrBadMove) {
				t.Fatalf("ParseMove(%q): error %v does not wrap game.ErrBadMove", s, err)
			}
			return
		}
		if got := m.String(); got != s {
			t.Fatalf("ParseMove(%q) = %+v, which formats as %q", s, m, got)
		}
		if again, err := ParseMove(m.String()); err != nil || again != m {
			t.Fatalf("ParseMove(%q) = %+v, %v; want %+v", m.String(), again, err, m)
		}
	})
}

// FuzzApply drives a game with the fuzz bytes, from the start or from a
// parsed position, under the option combination opts picks: each byte
// picks a throw (byte mod 5 indexes the distribution) and a move (byte/5
// modulo the number of legal moves). No call may panic; every position
// reached must format to notation that parses back to it; Apply must pass
// the turn exactly after a 2 or 3 (J5); and the engine must agree with the
// naive reference model (ref_test.go) on every throw made.
func FuzzApply(f *testing.F) {
	f.Add(uint8(0), "", []byte{})
	f.Add(uint8(0), "", []byte("the quick brown fox jumps over the lazy dog"))
	long := make([]byte, 600)
	for i := range long {
		long[i] = byte(i * 7)
	}
	for i, s := range jequierFuzzPositions {
		f.Add(uint8(i), s, long[i*13:])
	}
	f.Fuzz(func(t *testing.T, opts uint8, start string, data []byte) {
		o := jequierOptions[int(opts)%len(jequierOptions)]
		r := MustNew("senet-jequier", o)
		ref := refFor(o)
		p, err := r.Parse(start)
		if err != nil || r.Over(p) {
			p = r.Start()
		}
		buf := make([]Move, 0, 8)
		for _, b := range data {
			if r.Over(p) {
				break
			}
			outcomes := r.Outcomes(p)
			roll := outcomes[int(b)%len(outcomes)].Roll
			compareRollWithRef(t, r, ref, p, refParse(r.Format(p)), roll)
			buf = r.Moves(p, roll, buf[:0])
			m := buf[int(b)/len(outcomes)%len(buf)]
			before := p
			q := r.Apply(p, roll, m)
			if p != before {
				t.Fatalf("Apply changed its input")
			}
			s := r.Format(q)
			back, err := r.Parse(s)
			if err != nil {
				t.Fatalf("%s, throw %d, %s: the result %q does not parse: %v", r.Format(p), roll, m, s, err)
			}
			if back != q {
				t.Fatalf("%s, throw %d, %s: %q parses to another position", r.Format(p), roll, m, s)
			}
			if !r.Over(q) && (q.Turn() != p.Turn()) != (roll == 2 || roll == 3) {
				t.Fatalf("%s, throw %d, %s: turn %d then %d (J5)", r.Format(p), roll, m, p.Turn(), q.Turn())
			}
			p = q
		}
	})
}
