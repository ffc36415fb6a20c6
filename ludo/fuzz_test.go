package ludo

import (
	"testing"
)

// fuzzRules are the rulesets the fuzz targets run under: every option
// that adds a notation key, two and three players, the house rules.
var fuzzRules = []*Rules{
	MustNew("kinevet", nil),
	MustNew("kinevet", map[string]string{"players": "2"}),
	MustNew("kinevet", map[string]string{"colors": "byr"}),
	MustNew("kinevet", map[string]string{"finish": "all", "six-rolls": "2", "three-sixes": "on", "three-tries": "on"}),
	MustNew("kinevet", map[string]string{"safe-start": "on", "goal-bounce": "on", "goal-jump": "on"}),
	MustNew("kinevet", map[string]string{"finish": "all", "players": "3", "goal-bounce": "on"}),
}

// checkPosition fails unless p round-trips through notation and obeys
// the piece counts.
func checkPosition(t *testing.T, r *Rules, p Position) {
	t.Helper()
	s := r.FormatPosition(p)
	q, err := r.ParsePosition(s)
	if err != nil {
		t.Fatalf("%s: %q does not parse: %v", r.ID(), s, err)
	}
	if q != p {
		t.Fatalf("%s: %q does not round-trip", r.ID(), s)
	}
	for c := range Colors {
		if n := p.OnTrack(c) + p.Home(c) + p.Yard(c); n != Pieces || p.Yard(c) < 0 {
			t.Fatalf("%s: %q: colour %d has %d pieces", r.ID(), s, c, n)
		}
	}
}

// FuzzParsePosition: whatever the input, parsing returns a position or
// an error; a parsed position formats to a canonical string that parses
// back to the same value, and every roll and move from it leads to a
// valid position.
func FuzzParsePosition(f *testing.F) {
	for _, p := range perftPositions(f, "") {
		f.Add(p)
	}
	f.Add(pos("", "rrrr/yyyy/gggg/....", "- done=rygb winner=r"))
	f.Add(pos("5r", "", "r sixes=2 last=5 extra=2 tries=1"))
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range fuzzRules {
			p, err := r.ParsePosition(s)
			if err != nil {
				continue
			}
			checkPosition(t, r, p)
			if r.Over(p) {
				continue
			}
			var buf [8]Move
			for roll := 1; roll <= 6; roll++ {
				for _, m := range r.Moves(p, roll, buf[:0]) {
					checkPosition(t, r, r.Apply(p, roll, m))
				}
			}
		}
	})
}

// FuzzParseMove: a token that parses is canonical and round-trips.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"pass", "in-1", "in-31", "38-3", "38-g2", "g1-g4", "g2-g1", "in-5", "05-9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		if got := m.String(); got != s {
			t.Fatalf("ParseMove(%q).String() = %q", s, got)
		}
		if back, err := ParseMove(m.String()); err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %v, %v; want %v", m.String(), back, err, m)
		}
	})
}

// FuzzApply plays a game driven by the fuzz bytes: the first picks the
// ruleset, then each pair a roll and a move among the legal ones. Every
// position reached must be valid, the mover must be the colour to roll,
// and Apply must leave its input unchanged.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 5, 0, 5, 0, 2, 1})
	f.Add([]byte{3, 5, 0, 5, 0, 5, 0, 5, 0, 1, 0, 1, 0})
	f.Add([]byte{4, 5, 0, 5, 0, 0, 0, 3, 1, 5, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		r := fuzzRules[int(data[0])%len(fuzzRules)]
		p := r.Start()
		var buf [8]Move
		for i := 1; i+1 < len(data) && !r.Over(p); i += 2 {
			roll := int(data[i])%6 + 1
			moves := r.Moves(p, roll, buf[:0])
			if len(moves) == 0 || len(moves) > 5 {
				t.Fatalf("%s: %d moves for %d in %q", r.ID(), len(moves), roll, r.FormatPosition(p))
			}
			m := moves[int(data[i+1])%len(moves)]
			before := p
			next := r.Apply(p, roll, m)
			if p != before {
				t.Fatalf("%s: Apply changed its input", r.ID())
			}
			checkPosition(t, r, next)
			p = next
		}
	})
}
