package server

import (
	"net/http"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"passage/internal/store"
)

func TestRematchGame(t *testing.T) {
	old := machine(t, store.Seat{Kind: "medium"}, store.Seat{Kind: store.Human, TokenHash: hashToken("black")}).g
	old.TimeLimit = 7
	g := rematchGame(old, []int{1}, "new", machineT0)
	if g.ID != rematchID(old.Seed) || g.Rules != old.Rules || g.Start != old.Start || g.Pos != old.Start || g.TimeLimit != 7 {
		t.Errorf("rematch header %+v", g)
	}
	want := []store.Seat{{Kind: store.Human, TokenHash: hashToken("new")}, {Kind: "medium"}}
	if len(g.Seats) != 2 || g.Seats[0] != want[0] || g.Seats[1] != want[1] || g.Status != store.StatusLive {
		t.Errorf("rematch seats %+v status %q, want %+v live", g.Seats, g.Status, want)
	}
	if string(g.Seed) == string(old.Seed) || g.Commit == old.Commit {
		t.Error("the rematch throws the old game's dice again")
	}
}

// TestAPIRematch: the requester gets the new game's token, the other
// person accepts over the same link with their old token, spectators
// see that a rematch exists and nothing secret.
func TestAPIRematch(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	rematch := "/api/games/" + id + "/rematch"
	if status, b := s.do(t, "POST", rematch, black, nil); status != http.StatusConflict {
		t.Fatalf("rematch of a live game: %d %s, want 409", status, b)
	}
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	for _, r := range []struct {
		token string
		want  int
	}{{"", http.StatusUnauthorized}, {"not-a-seat", http.StatusForbidden}} {
		status, b := s.do(t, "POST", rematch, r.token, nil)
		if status != r.want {
			t.Errorf("rematch with token %q: %d %s, want %d", r.token, status, b, r.want)
		}
		errorOf(t, b)
	}
	if s.game(t, id).Rematch != "" {
		t.Fatal("a rematch shown before anyone asked for one")
	}

	var asked takeResult
	s.ok(t, http.StatusCreated, "POST", rematch, black, nil, &asked)
	if asked.Token == "" || asked.Token == black || len(asked.Seats) != 1 || asked.Seats[0] != 0 ||
		asked.Game.Status != "waiting" || asked.Game.Rules != s.game(t, id).Rules {
		t.Fatalf("rematch asked by Black: %+v", asked)
	}
	newID := asked.Game.ID
	status, body := s.do(t, "GET", "/api/games/"+id, "", nil)
	if status != http.StatusOK || !strings.Contains(string(body), `"rematch":"`+newID+`"`) {
		t.Errorf("the old game's view %d %s does not name the rematch %s", status, body, newID)
	}
	if strings.Contains(string(body), asked.Token) || strings.Contains(string(body), "invite") {
		t.Errorf("the old game's public view shows a secret: %s", body)
	}
	if status, b := s.do(t, "POST", rematch, black, nil); status != http.StatusConflict {
		t.Errorf("Black asking twice: %d %s, want 409", status, b)
	}

	var accepted takeResult
	s.ok(t, http.StatusOK, "POST", rematch, white, map[string]any{}, &accepted)
	if accepted.Token == "" || accepted.Token == white || accepted.Token == asked.Token ||
		len(accepted.Seats) != 1 || accepted.Seats[0] != 1 || accepted.Game.ID != newID || accepted.Game.Status != "live" {
		t.Fatalf("rematch accepted by White: %+v", accepted)
	}
	if status, b := s.do(t, "POST", rematch, white, nil); status != http.StatusConflict {
		t.Errorf("White accepting twice: %d %s, want 409", status, b)
	}
	// The new tokens play the new game; the old ones do not.
	tokens := []string{asked.Token, accepted.Token}
	v := s.game(t, newID)
	if status, _ := s.do(t, "POST", "/api/games/"+newID+"/throw", []string{black, white}[v.ToMove], nil); status != http.StatusForbidden {
		t.Errorf("an old token throwing in the rematch: %d, want 403", status)
	}
	s.throw(t, newID, tokens[v.ToMove])
}

// TestWSRematchWait: a finished game's stream opened with ?wait=rematch
// stays open after the final state and brings the rematch as soon as it
// is asked for (event kind "rematch"), then closes; without the query,
// or once the rematch exists, the stream closes after the state.
func TestWSRematchWait(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	waiting := s.dialPath(t, "/api/games/"+id+"/events?wait=rematch")
	if m := waiting.read(); m.Type != "state" || m.Game.Status != "over" || m.Game.Rematch != "" {
		t.Fatalf("first message %+v, want the finished game's state without a rematch", m)
	}
	plain := s.dial(t, id)
	plain.read()
	if _, err := plain.tryRead(); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("the stream without ?wait=rematch: %v, want a normal close after the state", err)
	}

	var asked takeResult
	s.ok(t, http.StatusCreated, "POST", "/api/games/"+id+"/rematch", black, nil, &asked)
	m := waiting.read()
	if m.Type != "state" || m.Event == nil || m.Event.Kind != "rematch" || m.Game.Rematch != asked.Game.ID {
		t.Fatalf("after the rematch was asked for: %+v (event %+v), want the state naming %s", m, m.Event, asked.Game.ID)
	}
	if _, err := waiting.tryRead(); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("after the rematch: %v, want a normal close", err)
	}

	late := s.dialPath(t, "/api/games/"+id+"/events?wait=rematch")
	if m := late.read(); m.Game == nil || m.Game.Rematch != asked.Game.ID {
		t.Fatalf("a stream opened after the rematch: %+v", m)
	}
	if _, err := late.tryRead(); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("a stream opened after the rematch: %v, want a normal close after the state", err)
	}
}

// TestRematchAgain: asking for or accepting a rematch with a token of
// one's own making can be sent again when the answer was lost: the same
// seats come back, where without it the second try finds them taken.
func TestRematchAgain(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	rematch := "/api/games/" + id + "/rematch"
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	blackOwn, whiteOwn := newToken(), newToken()
	var asked, again takeResult
	s.ok(t, http.StatusCreated, "POST", rematch, black, map[string]string{"newToken": blackOwn}, &asked)
	s.ok(t, http.StatusOK, "POST", rematch, black, map[string]string{"newToken": blackOwn}, &again)
	if asked.Token != blackOwn || again.Token != blackOwn || again.Game.ID != asked.Game.ID || len(again.Seats) != 1 || again.Seats[0] != asked.Seats[0] {
		t.Fatalf("asked %+v, then again %+v", asked, again)
	}
	var accepted, acceptedAgain takeResult
	s.ok(t, http.StatusOK, "POST", rematch, white, map[string]string{"newToken": whiteOwn}, &accepted)
	s.ok(t, http.StatusOK, "POST", rematch, white, map[string]string{"newToken": whiteOwn}, &acceptedAgain)
	if accepted.Token != whiteOwn || acceptedAgain.Token != whiteOwn || acceptedAgain.Game.Status != "live" || len(acceptedAgain.Seats) != 1 || acceptedAgain.Seats[0] != accepted.Seats[0] {
		t.Fatalf("accepted %+v, then again %+v", accepted, acceptedAgain)
	}
	if status, b := s.do(t, "POST", rematch, white, map[string]string{"newToken": "short"}); status != http.StatusBadRequest {
		t.Errorf("a malformed newToken: %d %s, want 400", status, b)
	}
}

// TestRematchWithdrawn: the asker withdraws the offer by aborting the
// new game, which nobody else joined (the game page's "Withdraw the
// offer"); the finished game has one rematch, so it can be neither
// accepted nor asked for again then.
func TestRematchWithdrawn(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	rematch := "/api/games/" + id + "/rematch"
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	var asked takeResult
	s.ok(t, http.StatusCreated, "POST", rematch, black, nil, &asked)
	var aborted gameResponse
	s.ok(t, http.StatusOK, "POST", "/api/games/"+asked.Game.ID+"/abort", asked.Token, nil, &aborted)
	if aborted.Game.Status != "over" || aborted.Game.Result == nil || aborted.Game.Result.How != "abort" || !aborted.Game.Seats[1].Open {
		t.Fatalf("the withdrawn rematch: %+v", aborted.Game)
	}
	for name, tok := range map[string]string{"white (accepting)": white, "black (asking again)": black} {
		if status, b := s.do(t, "POST", rematch, tok, nil); status != http.StatusConflict {
			t.Errorf("%s after the withdrawal: %d %s, want 409", name, status, b)
		}
	}
	if v := s.game(t, id); v.Rematch != asked.Game.ID {
		t.Errorf("the old game's rematch is %q, want the withdrawn %q", v.Rematch, asked.Game.ID)
	}
}
