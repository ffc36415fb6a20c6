package senet

import (
	"testing"
)

// FuzzParseSzenet feeds positions to the senet-szenet parser. Whatever it
// accepts must format back to a string that parses to the same position
// (so the validation and the formatter agree), and every move from it,
// for every throw, must lead to a position the parser accepts again.
func FuzzParseSzenet(f *testing.F) {
	for _, s := range []string{
		".............................. w hand=wwwwWbbbbB",
		"w............................. w hand=wwwWbbbbB bonus=1",
		".........w.........b.......... w hand=wwwWbbbB skip=b",
		".........w.........b.......... w hand=wwWbbbB skip=wb",
		"..............wb.............. w hand=wwwWbbbB bonus=15 asleep=16",
		"...............w.........B.... b hand=wwwWbbbb bonus=26 asleep=16",
		".......................b..wW.w b hand=wbbbB off=w",
		"....b......................... - hand=bbbB off=wwwwW skip=b winner=w",
		"..bbb........w.wB.wwW......... b off=b asleep=16",
		// rejected: for the fuzzer to mutate
		".............................. w hand=wwwwWWbbbB",
		"....w......................... w hand=wwwWbbbbB bonus=5",
		"....w......................... w hand=wwwWbbbbB asleep=5",
		"..........................w... w hand=wwwWbbbbB",
		".............................. w hand=wwwwWbbbbB opening=w",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := szenet.ParsePosition(s)
		if err != nil {
			return
		}
		out := szenet.FormatPosition(p)
		q, err := szenet.ParsePosition(out)
		if err != nil || q != p {
			t.Fatalf("%q formats as %q, which parses to %v (same: %v)", s, out, err, q == p)
		}
		if szenet.Over(p) {
			return
		}
		var buf [8]Move
		for _, o := range szenet.Outcomes(p) {
			for _, m := range szenet.Moves(p, o.Roll, buf[:0]) {
				next := szenet.FormatPosition(szenet.Apply(p, o.Roll, m))
				if _, err := szenet.ParsePosition(next); err != nil {
					t.Fatalf("%q throw %d %s: invalid result %q: %v", out, o.Roll, m, next, err)
				}
			}
		}
	})
}

// FuzzSzenetPlay plays senet-szenet from the start, driven by the fuzz
// bytes: each byte picks a throw (low nibble) and a move (high nibble).
// Every position reached must be valid and round-trip through notation,
// and the pieces of each side must stay five.
func FuzzSzenetPlay(f *testing.F) {
	f.Add([]byte{0, 0, 0x10, 1, 2, 0x31, 0x44, 0, 0, 0x20})
	f.Add([]byte("the game of crossing, with the BA"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := szenet.Start()
		var buf [8]Move
		for _, c := range data {
			if szenet.Over(p) {
				return
			}
			outs := szenet.Outcomes(p)
			roll := outs[int(c&0x0f)%len(outs)].Roll
			moves := szenet.Moves(p, roll, buf[:0])
			m := moves[int(c>>4)%len(moves)]
			p = szenet.Apply(p, roll, m)
			s := szenet.FormatPosition(p)
			q, err := szenet.ParsePosition(s)
			if err != nil || q != p {
				t.Fatalf("after %s with %d: %q does not round-trip: %v", m, roll, s, err)
			}
		}
	})
}
