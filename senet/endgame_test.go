package senet

import "testing"

// TestSidesCompose: Sides splits a position into what the endgame tables
// number, and Compose puts it back together, for positions with BAs on
// the board, in the hand and borne off, a missed turn, a bonus throw and
// a sleeper, with either colour to throw.
func TestSidesCompose(t *testing.T) {
	r := MustNew("senet-szenet", nil)
	mustParse := func(s string) Position {
		p, err := r.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, s := range []string{
		szPos("1W 16b 29B", "w hand=ww off=wwbbb bonus=1 asleep=16"),
		szPos("15w 20b", "b hand=wWB off=wwbbb skip=w"),
		szPos("26w 28W", "w hand=bbbbB off=www bonus=26"),
		szPos("", "b hand=wwwwWbbbbB"),
		szPos("30w 29b", "w off=wwwWbbbB"),
	} {
		p := mustParse(s)
		m, o, st, ok := p.Sides()
		if !ok {
			t.Fatalf("%s: Sides refused", s)
		}
		if got := r.Compose(p.Turn(), m, o, st); got != p {
			t.Fatalf("%s: composed back as %s", s, r.Format(got))
		}
		if m.Left()+p.Off(p.Turn()) != r.Pieces || o.Left()+p.Off(1-p.Turn()) != r.Pieces {
			t.Fatalf("%s: %d and %d left", s, m.Left(), o.Left())
		}
	}
	got := func(s string) (SideState, SideState, TurnState) {
		m, o, st, ok := mustParse(s).Sides()
		if !ok {
			t.Fatalf("%s: Sides refused", s)
		}
		return m, o, st
	}
	m, o, st := got(szPos("1W 16b 29B", "w hand=ww off=wwbbb bonus=1 asleep=16"))
	if m.BA != 1 || m.Hand != 2 || o.BA != 29 || o.Hand != 0 || st.Bonus != 1 || st.Asleep != 1<<16 || st.SkipOther {
		t.Fatalf("White to throw: %+v %+v %+v", m, o, st)
	}
	m, o, st = got(szPos("15w 20b", "b hand=wWB off=wwbbb skip=w"))
	if m.BA != BAInHand || m.Hand != 0 || o.BA != BAInHand || o.Hand != 1 || !st.SkipOther {
		t.Fatalf("Black to throw: %+v %+v %+v", m, o, st)
	}
	// What Sides does not describe: the side to throw's own missed turn,
	// a finished game, Jéquier's opening rule.
	for _, s := range []string{szPos("15w 20b", "w hand=wWB off=wwbbb skip=w"), szPos("20B", "- off=wwwwWbbbb winner=w")} {
		if _, _, _, ok := mustParse(s).Sides(); ok {
			t.Errorf("%s: Sides accepted", s)
		}
	}
	if _, _, _, ok := MustNew("senet-jequier", nil).Start().Sides(); ok {
		t.Error("Jéquier's start (opening=w): Sides accepted")
	}
}
