package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"passage/internal/store"
	"passage/internal/store/sqlite"
)

// testServer is a server on a loopback port with a fresh SQLite file.
type testServer struct {
	srv *Server
	ts  *httptest.Server
	st  store.Store
	url string
	dsn string // the PostgreSQL database of a cluster's node (cluster_test.go)
}

// quietLog discards logs below errors.
func quietLog() *slog.Logger {
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

func newTestServer(t testing.TB, cfg Config) *testServer {
	t.Helper()
	return newTestServerAt(t, cfg, "")
}

// newTestServerAt is newTestServer listening on addr ("" for a free
// port): a server restarted where its pages connect again.
func newTestServerAt(t testing.TB, cfg Config, addr string) *testServer {
	t.Helper()
	if cfg.Store == nil {
		st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "passage.db"))
		if err != nil {
			t.Fatal(err)
		}
		cfg.Store = st
	}
	if cfg.Logger == nil {
		cfg.Logger = quietLog()
	}
	srv := New(cfg)
	if err := srv.Resume(context.Background()); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(srv.Handler())
	if addr != "" {
		ts.Listener.Close()
		l, err := net.Listen("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		ts.Listener = l
	}
	ts.Start()
	t.Cleanup(func() {
		srv.Close()
		ts.Close()
		cfg.Store.Close()
	})
	return &testServer{srv: srv, ts: ts, st: cfg.Store, url: ts.URL}
}

// do sends a request with an optional token and JSON body (a string is
// sent as is) and returns the status and body.
func (s *testServer) do(t testing.TB, method, path, token string, body any) (int, []byte) {
	t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		enc, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(enc)
	}
	req, err := http.NewRequest(method, s.url+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if method != "GET" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, out
}

// ok sends a request that must succeed with want and decodes its answer.
func (s *testServer) ok(t testing.TB, want int, method, path, token string, body, out any) {
	t.Helper()
	status, b := s.do(t, method, path, token, body)
	if status != want {
		t.Fatalf("%s %s: status %d (%s), want %d", method, path, status, b, want)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, b)
		}
	}
}

func (s *testServer) create(t testing.TB, req createRequest) createResponse {
	t.Helper()
	var resp createResponse
	s.ok(t, http.StatusCreated, "POST", "/api/games", "", req, &resp)
	return resp
}

func (s *testServer) game(t testing.TB, id string) gameView {
	t.Helper()
	var resp gameResponse
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id, "", nil, &resp)
	return resp.Game
}

func (s *testServer) throw(t testing.TB, id, token string) gameView {
	t.Helper()
	var resp gameResponse
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/throw", token, nil, &resp)
	return resp.Game
}

func (s *testServer) move(t testing.TB, id, token, move string) gameView {
	t.Helper()
	var resp gameResponse
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/move", token, map[string]any{"move": move}, &resp)
	return resp.Game
}

// playFirst plays n turns of a game of people, each the first legal
// move of the seat to move (tokens by seat).
func (s *testServer) playFirst(t testing.TB, id string, tokens []string, n int) {
	t.Helper()
	for range n {
		tok := tokens[s.game(t, id).ToMove]
		s.move(t, id, tok, s.throw(t, id, tok).Moves[0].Move)
	}
}

// state is what must not change when an intent fails.
type state struct {
	Pos    string
	Turns  int
	Status string
	Roll   int
	Moves  []moveView
	Seats  []seatView
}

// stateOf is the game's state, without the seats' presence: whose page
// is open (presence.go) is no part of the game.
func stateOf(v gameView) state {
	seats := slices.Clone(v.Seats)
	for i := range seats {
		seats[i].Present = false
	}
	st := state{Pos: v.Pos, Turns: v.Turns, Status: v.Status, Roll: -1, Moves: v.Moves, Seats: seats}
	if v.Roll != nil {
		st.Roll = *v.Roll
	}
	return st
}

// unchanged fails unless game id is still in state before.
func (s *testServer) unchanged(t testing.TB, id string, before state) {
	t.Helper()
	if after := stateOf(s.game(t, id)); !reflect.DeepEqual(before, after) {
		t.Errorf("game changed (-want +got):\n- %+v\n+ %+v", before, after)
	}
}

// waitFor polls game id until cond holds, failing after a generous
// bound (the bound is a safety net, not a timing assertion). A whole
// game between computers can take 300-500 turns: under the race
// detector that took 27 s on two cores and more than a minute on two
// busy ones (CI beside other work), so the bound is three minutes; a
// passing test never waits for it.
func (s *testServer) waitFor(t testing.TB, id string, what string, cond func(v gameView) bool) gameView {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		v := s.game(t, id)
		if cond(v) {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s: waited in vain for %s; state %+v", id, what, stateOf(v))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// firstTurns has each person of tokens (seat: token) play a turn, the
// first legal move of every throw, while computers play their seats, so
// that a time limit running out later hands a seat to the computer; a
// seat whose first turn runs out aborts the game instead
// (TestMachineNoFirstMove).
func (s *testServer) firstTurns(t testing.TB, id string, tokens map[int]string) {
	t.Helper()
	played := map[int]bool{}
	deadline := time.Now().Add(time.Minute)
	for len(played) < len(tokens) {
		v := s.game(t, id)
		token, ok := tokens[v.ToMove]
		if v.Status != "live" || !ok {
			if v.Status != "live" || time.Now().After(deadline) {
				t.Fatalf("game %s: the first turns: %+v", id, stateOf(v))
			}
			time.Sleep(5 * time.Millisecond) // a computer is to play
			continue
		}
		seat := v.ToMove
		v = s.throw(t, id, token)
		s.move(t, id, token, v.Moves[0].Move)
		played[seat] = true
	}
}

// playTurnsOf plays seat's turns with token, the first legal move of
// every throw, until another seat is to play (or the game is not live).
func (s *testServer) playTurnsOf(t testing.TB, id string, seat int, token string) {
	t.Helper()
	for {
		v := s.game(t, id)
		if v.Status != "live" || v.ToMove != seat {
			return
		}
		if v.Roll == nil {
			v = s.throw(t, id, token)
		}
		s.move(t, id, token, v.Moves[0].Move)
	}
}

// twoPeopleTimed is a Jéquier game with a time limit of limit units
// between two people, White and Black, once both have played a turn
// (their time running out then hands their seats to the computer) and
// White has played up to Black's turn.
func twoPeopleTimed(t testing.TB, s *testServer, limit int) (id, white, black string) {
	t.Helper()
	c := s.create(t, createRequest{Rules: "senet-jequier", TimeLimit: limit,
		Seats: []seatRequest{{Kind: "human"}, {Kind: "human", Take: true}}})
	var taken takeResult
	s.ok(t, http.StatusOK, "POST", "/api/games/"+c.Game.ID+"/seats/0", "", map[string]string{"invite": c.Invites[0].Secret}, &taken)
	if taken.Game.Deadline == nil || taken.Game.TimeLimit != limit {
		t.Fatalf("a person to play with a time limit: deadline %v, limit %d", taken.Game.Deadline, taken.Game.TimeLimit)
	}
	s.firstTurns(t, c.Game.ID, map[int]string{0: taken.Token, 1: c.Token})
	s.playTurnsOf(t, c.Game.ID, 0, taken.Token)
	return c.Game.ID, taken.Token, c.Token
}

// errorOf decodes an error body.
func errorOf(t testing.TB, b []byte) string {
	t.Helper()
	var e errorBody
	if err := json.Unmarshal(b, &e); err != nil || e.Error == "" {
		t.Fatalf("error body %q is not {\"error\": ...}", b)
	}
	return e.Error
}

// twoPeople is a Jéquier game between two people holding tokens a and b
// (seats 0 and 1); Black (seat 1) throws first.
func twoPeople(t testing.TB, s *testServer, start string) (id, white, black string) {
	t.Helper()
	c := s.create(t, createRequest{Rules: "senet-jequier", Start: start,
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	var taken takeResult
	s.ok(t, http.StatusOK, "POST", "/api/games/"+c.Game.ID+"/seats/1", "", map[string]string{"invite": c.Invites[0].Secret}, &taken)
	return c.Game.ID, c.Token, taken.Token
}
