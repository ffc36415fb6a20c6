package server

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"passage/game"
)

// TestAPIBlocked: a throw whose moves a rule cut short says so in the
// game (blocked, beside moves), and the turn keeps it in record.json.
// White's four ordinary pieces stand on 26, 28, 29 and 30 with the BA
// still waiting, so every throw but a 4 would bear one off were it not
// for S20; a 4 has no move at all, and Black, with every piece waiting,
// enters or passes, so White's pieces stay where they are.
func TestAPIBlocked(t *testing.T) {
	s := newTestServer(t, Config{})
	start := ".........................w.www w hand=WbbbbB"
	c := s.create(t, createRequest{Rules: "senet-szenet", Start: start,
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Take: true}}})
	id, tok := c.Game.ID, c.Token
	var v gameView
	for range 40 {
		v = s.throw(t, id, tok)
		if v.ToMove == 0 && *v.Roll != 4 {
			break
		}
		// A pass of pieces that wait for a 1 to enter is explained (S6);
		// nothing else is blocked.
		for _, b := range v.Blocked {
			if b.Kind != "needs-throw" || *v.Roll == 1 {
				t.Fatalf("%s throw %d: blocked = %+v, want none but a needs-throw", v.Pos, *v.Roll, v.Blocked)
			}
		}
		v = s.move(t, id, tok, v.Moves[0].Move)
	}
	roll := *v.Roll
	if v.ToMove != 0 || roll == 4 {
		t.Fatalf("White never threw anything but 4 in 40 throws")
	}
	want := []game.Block{{Move: fmt.Sprintf("%d-off", 31-roll), Kind: "ba-waits", Rule: "S20"}}
	if roll != 1 {
		// The BA cannot enter either: the throw leaves no move (S6).
		want = append(want, game.Block{Move: "in-1", Kind: "needs-throw", Throw: 1, Rule: "S6"})
	}
	if !slices.Equal(v.Blocked, want) {
		t.Fatalf("%s throw %d: blocked = %+v, want %+v (moves %+v)", v.Pos, roll, v.Blocked, want, v.Moves)
	}
	if got := s.game(t, id).Blocked; !slices.Equal(got, want) {
		t.Errorf("GET after the throw: blocked = %+v, want %+v", got, want)
	}
	v = s.move(t, id, tok, v.Moves[0].Move)
	if len(v.Blocked) != 0 {
		t.Errorf("after the move, blocked = %+v, want none", v.Blocked)
	}
	var rj recordJSON
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id+"/record.json", "", nil, &rj)
	if last := rj.Turns[len(rj.Turns)-1]; !slices.Equal(last.Blocked, want) {
		t.Errorf("record.json: the last turn's blocked = %+v, want %+v", last.Blocked, want)
	}
	for _, tv := range rj.Turns[:len(rj.Turns)-1] {
		// Black's passes while its pieces wait for a 1 are told as such;
		// nothing else of Black's is blocked.
		want := []game.Block(nil)
		if tv.Move == "pass" && tv.Roll != 1 {
			want = []game.Block{{Move: "in-1", Kind: "needs-throw", Throw: 1, Rule: "S6"}}
		}
		if tv.Seat == 1 && !slices.Equal(tv.Blocked, want) {
			t.Errorf("record.json: Black's turn %d (throw %d) blocked = %+v, want %+v", tv.N, tv.Roll, tv.Blocked, want)
		}
	}
}
