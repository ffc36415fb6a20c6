package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"passage/internal/store"
	"passage/internal/store/sqlite"
)

func TestRematchGame(t *testing.T) {
	old := machine(t, store.Seat{Kind: "medium"}, store.Seat{Kind: store.Human, TokenHash: hashToken("black")}).g
	old.TimeLimit = 7
	g := rematchGame(old, 0, []int{1}, "new", machineT0)
	if g.ID != rematchID(old.Seed, 0) || g.Rules != old.Rules || g.Start != old.Start || g.Pos != old.Start || g.TimeLimit != 7 {
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

// answerCode is the error code of an error answer.
func answerCode(t *testing.T, b []byte) string {
	t.Helper()
	var e errorBody
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatalf("error body %q: %v", b, err)
	}
	return e.Code
}

// withdraw withdraws the rematch offer of game id as the game page does:
// an abort while the game waits for players.
func withdraw(t *testing.T, s *testServer, id, token string) gameView {
	t.Helper()
	var aborted gameResponse
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/abort", token, map[string]bool{"ifWaiting": true}, &aborted)
	if aborted.Game.Status != "over" || aborted.Game.Result == nil || aborted.Game.Result.How != "abort" {
		t.Fatalf("the withdrawn rematch: %+v", aborted.Game)
	}
	return aborted.Game
}

// TestRematchWithdrawn: the asker withdraws the offer by aborting the
// new game, which nobody else joined (the game page's "Withdraw the
// offer"); it can no longer be accepted, but either player may offer a
// rematch again from the finished game: a new game, which the other
// accepts, while the withdrawn one stays aborted. A stream waiting on
// the finished game (?wait=rematch, opened after the withdrawal) brings
// the new offer.
func TestRematchWithdrawn(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	rematch := "/api/games/" + id + "/rematch"
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	var asked takeResult
	s.ok(t, http.StatusCreated, "POST", rematch, black, nil, &asked)
	if v := withdraw(t, s, asked.Game.ID, asked.Token); !v.Seats[1].Open {
		t.Fatalf("the withdrawn rematch's other seat is taken: %+v", v.Seats)
	}
	if v := s.game(t, id); v.Rematch != asked.Game.ID || v.RematchLast {
		t.Errorf("the old game's rematch is %q (last %v), want the withdrawn %q, not the last", v.Rematch, v.RematchLast, asked.Game.ID)
	}

	waiting := s.dialPath(t, "/api/games/"+id+"/events?wait=rematch")
	if m := waiting.read(); m.Game == nil || m.Game.Rematch != asked.Game.ID {
		t.Fatalf("the waiting stream's first message %+v, want the state naming the withdrawn rematch", m)
	}
	// White, who was offered it, offers one in turn.
	var again takeResult
	s.ok(t, http.StatusCreated, "POST", rematch, white, nil, &again)
	if again.Game.ID == asked.Game.ID || again.Game.Status != "waiting" || len(again.Seats) != 1 || again.Seats[0] != 1 {
		t.Fatalf("offered again by White: %+v, want seat 1 of a new waiting game", again)
	}
	if m := waiting.read(); m.Event == nil || m.Event.Kind != "rematch" || m.Game.Rematch != again.Game.ID {
		t.Fatalf("after the second offer the waiting stream says %+v (event %+v), want the state naming %s", m, m.Event, again.Game.ID)
	}
	if v := s.game(t, id); v.Rematch != again.Game.ID {
		t.Errorf("the old game's rematch is %q, want the second %q", v.Rematch, again.Game.ID)
	}
	var accepted takeResult
	s.ok(t, http.StatusOK, "POST", rematch, black, nil, &accepted)
	if accepted.Game.ID != again.Game.ID || accepted.Game.Status != "live" || len(accepted.Seats) != 1 || accepted.Seats[0] != 0 {
		t.Fatalf("accepted by Black: %+v, want seat 0 of the live %s", accepted, again.Game.ID)
	}
	if v := s.game(t, asked.Game.ID); v.Status != "over" || v.Result == nil || v.Result.How != "abort" || !v.Seats[1].Open {
		t.Errorf("the withdrawn rematch is now %q, %+v", v.Status, v.Result)
	}
	// Accepted and played, it is the game's rematch: no third one.
	v := s.game(t, again.Game.ID)
	s.throw(t, again.Game.ID, []string{accepted.Token, again.Token}[v.ToMove])
	for name, tok := range map[string]string{"white": white, "black": black} {
		if status, b := s.do(t, "POST", rematch, tok, nil); status != http.StatusConflict || answerCode(t, b) != "seat_taken" {
			t.Errorf("%s asking once more: %d %s, want 409 seat_taken", name, status, b)
		}
	}
}

// TestRematchBothAfterWithdrawal: after a withdrawal both players press
// Rematch at once: they meet in one new game. Black's request runs
// between White's choosing to create the new rematch and creating it,
// so that White's create finds it made (the create-conflict path) and
// accepts it.
func TestRematchBothAfterWithdrawal(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	rematch := "/api/games/" + id + "/rematch"
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	var asked takeResult
	s.ok(t, http.StatusCreated, "POST", rematch, black, nil, &asked)
	withdraw(t, s, asked.Game.ID, asked.Token)
	var first, second takeResult
	testHookRematchCreate = func() {
		testHookRematchCreate = nil
		s.ok(t, http.StatusCreated, "POST", rematch, black, nil, &first)
	}
	defer func() { testHookRematchCreate = nil }()
	s.ok(t, http.StatusOK, "POST", rematch, white, nil, &second)
	if first.Game.ID == "" || second.Game.ID != first.Game.ID || first.Game.ID == asked.Game.ID || second.Game.Status != "live" {
		t.Fatalf("both asking at once: games %q and %q (%s), want one new live game", first.Game.ID, second.Game.ID, second.Game.Status)
	}
	if len(first.Seats) != 1 || first.Seats[0] != 0 || len(second.Seats) != 1 || second.Seats[0] != 1 {
		t.Errorf("both asking at once: Black holds %v, White %v, want [0] and [1]", first.Seats, second.Seats)
	}
}

// TestRematchCap: rematches are called off and offered again at most
// rematchMax times in all; the last is marked in the old game's view,
// one more is refused (409 no_more_rematches), and no stream waits for
// it.
func TestRematchCap(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	rematch := "/api/games/" + id + "/rematch"
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	old, err := s.st.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i := range rematchMax {
		var asked takeResult
		s.ok(t, http.StatusCreated, "POST", rematch, []string{black, white}[i%2], nil, &asked)
		if seen[asked.Game.ID] || asked.Game.ID != rematchID(old.Seed, i) {
			t.Fatalf("offer %d is game %s, seen before: %v", i, asked.Game.ID, seen[asked.Game.ID])
		}
		seen[asked.Game.ID] = true
		if v := s.game(t, id); v.Rematch != asked.Game.ID || v.RematchLast != (i == rematchMax-1) {
			t.Errorf("after offer %d the old game's rematch is %q, last %v", i, v.Rematch, v.RematchLast)
		}
		withdraw(t, s, asked.Game.ID, asked.Token)
	}
	for name, tok := range map[string]string{"white": white, "black": black} {
		if status, b := s.do(t, "POST", rematch, tok, nil); status != http.StatusConflict || answerCode(t, b) != "no_more_rematches" {
			t.Errorf("%s offering a rematch once more: %d %s, want 409 no_more_rematches", name, status, b)
		}
	}
	waiting := s.dialPath(t, "/api/games/"+id+"/events?wait=rematch")
	waiting.read()
	if _, err := waiting.tryRead(); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("a stream waiting for a rematch after the last: %v, want a normal close after the state", err)
	}
}

// TestRematchWithdrawAccepted: the asker withdraws the offer just as the
// other side accepts it. Once they have joined, the withdrawal (an abort
// ifWaiting) is refused, 409 not_waiting, and the new game goes on; the
// other way round, an accept that finds the offer withdrawn meanwhile
// offers a new rematch instead of failing. ifWaiting is for an abort
// only.
func TestRematchWithdrawAccepted(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	rematch := "/api/games/" + id + "/rematch"
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	var asked, accepted takeResult
	s.ok(t, http.StatusCreated, "POST", rematch, black, nil, &asked)
	s.ok(t, http.StatusOK, "POST", rematch, white, nil, &accepted)
	status, b := s.do(t, "POST", "/api/games/"+asked.Game.ID+"/abort", asked.Token, map[string]bool{"ifWaiting": true})
	if status != http.StatusConflict || answerCode(t, b) != "not_waiting" {
		t.Fatalf("withdrawing an accepted offer: %d %s, want 409 not_waiting", status, b)
	}
	if v := s.game(t, asked.Game.ID); v.Status != "live" {
		t.Fatalf("after the refused withdrawal the rematch is %q, want live", v.Status)
	}
	if status, b := s.do(t, "POST", "/api/games/"+asked.Game.ID+"/resign", asked.Token, map[string]bool{"ifWaiting": true}); status != http.StatusBadRequest {
		t.Errorf("a resign ifWaiting: %d %s, want 400", status, b)
	}

	// The other way round: the accept chose the waiting offer, which
	// is withdrawn before the accept takes its seat.
	id2, white2, black2 := twoPeople(t, s, "")
	rematch2 := "/api/games/" + id2 + "/rematch"
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id2+"/resign", white2, nil, nil)
	var offer takeResult
	s.ok(t, http.StatusCreated, "POST", rematch2, black2, nil, &offer)
	testHookRematchJoin = func() {
		testHookRematchJoin = nil
		withdraw(t, s, offer.Game.ID, offer.Token)
	}
	defer func() { testHookRematchJoin = nil }()
	var late takeResult
	s.ok(t, http.StatusCreated, "POST", rematch2, white2, nil, &late)
	if late.Game.ID == offer.Game.ID || late.Game.Status != "waiting" || len(late.Seats) != 1 || late.Seats[0] != 1 {
		t.Fatalf("an accept that found the offer withdrawn: %+v, want White's new offer", late)
	}
	if v := s.game(t, id2); v.Rematch != late.Game.ID {
		t.Errorf("the old game's rematch is %q, want White's offer %q", v.Rematch, late.Game.ID)
	}
}

// TestRematchOfCalledOff: only a game whose every seat was taken has
// rematches. A withdrawn offer (aborted, its other seat never taken) has
// none, even for its asker, who holds a seat of it: 409 no_rematch, and
// no stream waits for one. So one person alone makes at most rematchMax
// games from one finished game (code review: withdrawn offers had
// rematches of their own, a tree). A game aborted after both sides sat
// down keeps its rematch (TestBrowserAbort).
func TestRematchOfCalledOff(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	var asked takeResult
	s.ok(t, http.StatusCreated, "POST", "/api/games/"+id+"/rematch", black, nil, &asked)
	withdraw(t, s, asked.Game.ID, asked.Token)

	// A game aborted after both sides sat down keeps its rematch.
	aborted, white2, _ := twoPeople(t, s, "")
	s.ok(t, http.StatusOK, "POST", "/api/games/"+aborted+"/abort", white2, nil, nil)
	s.ok(t, http.StatusCreated, "POST", "/api/games/"+aborted+"/rematch", white2, nil, nil)

	// Each game's view says whether it was called off: the page reads
	// the server's rule rather than repeat it (flow.js).
	for _, tt := range []struct {
		id   string
		want bool
	}{{asked.Game.ID, true}, {aborted, true}, {id, false}} {
		if v := s.game(t, tt.id); v.CalledOff != tt.want {
			t.Errorf("game %s (%s, %v): calledOff %v, want %v", tt.id, v.Status, v.Result, v.CalledOff, tt.want)
		}
	}
	if status, b := s.do(t, "POST", "/api/games/"+asked.Game.ID+"/rematch", asked.Token, nil); status != http.StatusConflict || answerCode(t, b) != "no_rematch" {
		t.Errorf("a rematch of the withdrawn offer: %d %s, want 409 no_rematch", status, b)
	}
	waiting := s.dialPath(t, "/api/games/"+asked.Game.ID+"/events?wait=rematch")
	waiting.read()
	if _, err := waiting.tryRead(); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Errorf("a stream waiting for a rematch of the withdrawn offer: %v, want a normal close after the state", err)
	}
}

// failingGames is a store whose game reads fail while fail is set, and
// which tells the failed reads on failed and counts the reads of each
// game.
type failingGames struct {
	store.Store
	fail   atomic.Bool
	failed chan struct{}
	mu     sync.Mutex
	reads  map[string]int
}

func newFailingGames(t *testing.T) *failingGames {
	sq, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "passage.db"))
	if err != nil {
		t.Fatal(err)
	}
	return &failingGames{Store: sq, failed: make(chan struct{}), reads: map[string]int{}}
}

// readsOf is how many times game id was read since the last call.
func (f *failingGames) readsOf(id string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := f.reads[id]
	f.reads[id] = 0
	return n
}

func (f *failingGames) Game(ctx context.Context, id string) (store.Game, error) {
	f.mu.Lock()
	f.reads[id]++
	f.mu.Unlock()
	if f.fail.Load() {
		select {
		case f.failed <- struct{}{}:
		default:
		}
		return store.Game{}, errors.New("the database is away")
	}
	return f.Store.Game(ctx, id)
}

// TestWSRematchWaitStoreFails: a stream waiting for a new rematch after
// a withdrawn one reads the store at each ping; a read that fails says
// nothing (it is not "no rematch", which would differ from the withdrawn
// one and end the stream with a rematch event naming none): the stream
// waits on and brings the next offer.
func TestWSRematchWaitStoreFails(t *testing.T) {
	st := newFailingGames(t)
	s := newTestServer(t, Config{Store: st, PingEvery: 20 * time.Millisecond, PongWait: time.Second})
	id, white, black := twoPeople(t, s, "")
	rematch := "/api/games/" + id + "/rematch"
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	var asked takeResult
	s.ok(t, http.StatusCreated, "POST", rematch, black, nil, &asked)
	withdraw(t, s, asked.Game.ID, asked.Token)

	waiting := s.dialPath(t, "/api/games/"+id+"/events?wait=rematch")
	if m := waiting.read(); m.Game == nil || m.Game.Rematch != asked.Game.ID {
		t.Fatalf("the waiting stream's first message %+v, want the state naming the withdrawn rematch", m)
	}
	// Read on, so that the pings are answered.
	type got struct {
		b   []byte
		err error
	}
	next := make(chan got, 1)
	go func() {
		_, b, err := waiting.c.Read(context.Background())
		next <- got{b, err}
	}()
	st.fail.Store(true)
	for range 3 { // reads at three pings fail
		select {
		case <-st.failed:
		case r := <-next:
			t.Fatalf("while reads failed the waiting stream said %s (%v)", r.b, r.err)
		}
	}
	st.fail.Store(false)
	var again takeResult
	s.ok(t, http.StatusCreated, "POST", rematch, white, nil, &again)
	r := <-next
	var m message
	if r.err != nil || json.Unmarshal(r.b, &m) != nil {
		t.Fatalf("the waiting stream after reads failed: %v %s", r.err, r.b)
	}
	if m.Event == nil || m.Event.Kind != "rematch" || m.Game.Rematch != again.Game.ID {
		t.Fatalf("after reads failed and a new offer: %s, want the state naming %s", r.b, again.Game.ID)
	}
}

// TestRematchReadsOnce: a finished game's rematches are read once per
// view or stream, not again for each thing said of them, and not at all
// for a game that may have none.
func TestRematchReadsOnce(t *testing.T) {
	st := newFailingGames(t)
	s := newTestServer(t, Config{Store: st})
	id, white, black := twoPeople(t, s, "")
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	var asked takeResult
	s.ok(t, http.StatusCreated, "POST", "/api/games/"+id+"/rematch", black, nil, &asked)
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/rematch", white, nil, nil)
	g, err := st.Store.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	first, second := rematchID(g.Seed, 0), rematchID(g.Seed, 1)
	st.readsOf(first)
	st.readsOf(second)

	// The rematch was accepted: the stream closes after the state.
	c := s.dialPath(t, "/api/games/"+id+"/events?wait=rematch")
	if m := c.read(); m.Game == nil || m.Game.Rematch != first {
		t.Fatalf("the stream's state %+v, want the rematch %s", m, first)
	}
	if _, err := c.tryRead(); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Fatalf("the stream: %v, want a normal close after the state", err)
	}
	if a, b := st.readsOf(first), st.readsOf(second); a != 1 || b != 1 {
		t.Errorf("a stream of the finished game read its rematches %d and %d times, want once each", a, b)
	}

	// A game aborted before its other seat was taken may have none.
	lone := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	s.ok(t, http.StatusOK, "POST", "/api/games/"+lone.Game.ID+"/abort", lone.Token, nil, nil)
	g, err = st.Store.Game(context.Background(), lone.Game.ID)
	if err != nil {
		t.Fatal(err)
	}
	s.game(t, lone.Game.ID)
	if n := st.readsOf(rematchID(g.Seed, 0)); n != 0 {
		t.Errorf("the view of a game aborted before anyone joined read its rematch %d times, want none", n)
	}
}
