package server

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestAPIResignAbort: the endpoints' status codes, JSON errors and the
// events watchers receive.
func TestAPIResignAbort(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	w := s.dial(t, id)
	w.readType("state")
	before := stateOf(s.game(t, id))
	refusals := []struct {
		path, token string
		body        any
		want        int
	}{
		{"/abort", "", nil, http.StatusUnauthorized},
		{"/abort", "not-a-seat", nil, http.StatusForbidden},
		{"/resign", "not-a-seat", nil, http.StatusForbidden},
		{"/claim", white, nil, http.StatusConflict}, // nobody left
		{"/resign", white, map[string]any{"surprise": 1}, http.StatusBadRequest},
	}
	for _, r := range refusals {
		status, b := s.do(t, "POST", "/api/games/"+id+r.path, r.token, r.body)
		if status != r.want {
			t.Errorf("POST %s with token %q: status %d (%s), want %d", r.path, r.token, status, b, r.want)
		}
		errorOf(t, b)
	}
	s.unchanged(t, id, before)

	// Both sides move; then an abort is too late and a resignation ends it.
	tokens := []string{white, black}
	moved := map[int]bool{}
	for v := s.game(t, id); len(moved) < 2; v = s.game(t, id) {
		seat := v.ToMove
		thrown := s.throw(t, id, tokens[seat])
		s.move(t, id, tokens[seat], thrown.Moves[0].Move)
		moved[seat] = true
	}
	v := s.game(t, id)
	if status, b := s.do(t, "POST", "/api/games/"+id+"/abort", white, nil); status != http.StatusConflict {
		t.Fatalf("abort after both moved: %d %s, want 409", status, b)
	}
	var resp gameResponse
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", black, nil, &resp)
	r := resp.Game.Result
	if resp.Game.Status != "over" || r == nil || r.Winner != 0 || r.How != "resign" || r.Turn != v.Turns+1 || !strings.HasPrefix(r.Text, "Black resigned on throw ") {
		t.Fatalf("after resigning: status %q result %+v", resp.Game.Status, r)
	}
	if resp.Game.DiceSeed == "" {
		t.Error("a resigned game keeps its dice seed secret")
	}
	for {
		m := w.readType("state")
		if m.Event != nil && m.Event.Kind == "resign" {
			if m.Event.Seat != 1 || m.Game.Result == nil || m.Game.Result.How != "resign" {
				t.Errorf("watcher's resign event %+v with result %+v", m.Event, m.Game.Result)
			}
			break
		}
	}
	if got := s.game(t, id).Result; got == nil || got.Text != r.Text {
		t.Errorf("the stored game's result %+v, want %q", got, r.Text)
	}
	var rec recordJSON
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id+"/record.json", "", nil, &rec)
	if rec.Result == nil || rec.Result.How != "resign" || rec.Result.Winner != 0 {
		t.Errorf("the record's result %+v, want White's win by resignation", rec.Result)
	}
	if status, b := s.do(t, "POST", "/api/games/"+id+"/resign", white, nil); status != http.StatusConflict {
		t.Errorf("resign a finished game: %d %s, want 409", status, b)
	}

	// A fresh game is aborted with no winner.
	id2, white2, _ := twoPeople(t, s, "")
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id2+"/abort", white2, map[string]any{}, &resp)
	if r := resp.Game.Result; resp.Game.Status != "over" || r == nil || r.Winner != -1 || r.How != "abort" {
		t.Errorf("abort: status %q result %+v", resp.Game.Status, r)
	}
}

// TestAPIClaim: after the opponent's time ran out, the other person
// claims the win.
func TestAPIClaim(t *testing.T) {
	s := newTestServer(t, Config{TimeUnit: 10 * time.Millisecond})
	c := s.create(t, createRequest{Rules: "senet-jequier", TimeLimit: 20,
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	id, white := c.Game.ID, c.Token
	var taken takeResult
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/seats/1", "", map[string]string{"invite": c.Invites[0].Secret}, &taken)
	s.firstTurns(t, id, map[int]string{0: white, 1: taken.Token})
	s.waitFor(t, id, "Black's time to run out", func(v gameView) bool { return v.Seats[1].Away })
	// (A claim by the one who left is refused: TestMachineClaim. Here
	// White's own time may run out too, which would make it allowed.)
	var resp gameResponse
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/claim", white, nil, &resp)
	if r := resp.Game.Result; resp.Game.Status != "over" || r == nil || r.Winner != 0 || r.How != "claim" {
		t.Errorf("claim: status %q result %+v", resp.Game.Status, r)
	}
}

// TestAPIHandOver: after the opponent's time ran out, the other person
// hands their seat to the computer, which plays it from then on.
func TestAPIHandOver(t *testing.T) {
	s := newTestServer(t, Config{TimeUnit: 10 * time.Millisecond})
	c := s.create(t, createRequest{Rules: "senet-jequier", TimeLimit: 20,
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	id, white := c.Game.ID, c.Token
	var taken takeResult
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/seats/1", "", map[string]string{"invite": c.Invites[0].Secret}, &taken)
	s.firstTurns(t, id, map[int]string{0: white, 1: taken.Token})
	if status, b := s.do(t, "POST", "/api/games/"+id+"/handover", "not-a-seat", nil); status != http.StatusForbidden {
		t.Errorf("hand over with a token of no seat: %d %s, want 403", status, b)
	}
	s.waitFor(t, id, "Black's time to run out", func(v gameView) bool { return v.Seats[1].Away })
	var resp gameResponse
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/handover", white, nil, &resp)
	if seat := resp.Game.Seats[1]; seat.Kind == "human" || seat.Away || resp.Game.Status != "live" {
		t.Errorf("Black's seat after the hand-over: %+v, game %q", seat, resp.Game.Status)
	}
	s.waitFor(t, id, "the computer to play Black's seat", func(v gameView) bool {
		return v.Last != nil && v.Last.Seat == 1 && v.Last.By == resp.Game.Seats[1].Kind
	})
}

// TestNoFirstMoveAborts: against a computer that moves first, a person
// who never plays a first turn has the game aborted when their time runs
// out, rather than left to the computers: such a game would be one
// between computers that no client's cap counts.
func TestNoFirstMoveAborts(t *testing.T) {
	s := newTestServer(t, Config{TimeUnit: 5 * time.Millisecond, BotDelay: time.Millisecond})
	c := s.create(t, createRequest{Rules: "senet-jequier", TimeLimit: minTimeLimit,
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "medium"}}})
	w := s.dial(t, c.Game.ID)
	m := w.readType("state")
	for m.Game.Status == "live" {
		m = w.readType("state")
	}
	if m.Game.Deadline != nil {
		t.Errorf("the state of the game over shows a deadline, %v", m.Game.Deadline)
	}
	v := s.waitFor(t, c.Game.ID, "the game to end", func(v gameView) bool { return v.Status != "live" })
	if r := v.Result; v.Status != "over" || r == nil || r.How != "noStart" || r.Seat != 0 || r.Winner != -1 {
		t.Fatalf("White never played: status %q result %+v", v.Status, v.Result)
	}
	if v.Turns == 0 || v.Last.Seat != 1 {
		t.Errorf("the computer's first turn was not played: %+v", stateOf(v))
	}
	s.waitForActors(t, 0)
}
