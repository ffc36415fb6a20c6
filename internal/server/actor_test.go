package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/internal/store"
	"passage/internal/store/sqlite"
	"passage/record"
)

// verifyGame checks a finished game's record with the fair dice.
func verifyGame(t *testing.T, s *testServer, id string) record.Record {
	t.Helper()
	_, text := s.do(t, "GET", "/api/games/"+id+"/record", "", nil)
	rec, err := record.Read(strings.NewReader(string(text)))
	if err != nil {
		t.Fatalf("record of %s: %v", id, err)
	}
	rules, err := catalog.ByID(rec.Rules)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fairdice.Verify(rules, rec); err != nil {
		t.Fatalf("record of %s does not verify: %v\n%s", id, err, text)
	}
	return rec
}

// TestComputerGames: every ruleset, computers on every seat, plays to
// the end on its own; the record verifies and the actor is gone.
func TestComputerGames(t *testing.T) {
	// No automatic review: a review at level hard of each long game took
	// most of the test's CPU, and its own tests are in review_test.go.
	s := newTestServer(t, Config{Review: ReviewConfig{OnRequestOnly: true}})
	for _, sp := range catalog.Specs() {
		t.Run(sp.Name, func(t *testing.T) {
			kit, err := catalog.Open(sp.Name, nil)
			if err != nil {
				t.Fatal(err)
			}
			seats := make([]seatRequest, kit.Players())
			for i := range seats {
				seats[i] = seatRequest{Kind: "medium"}
			}
			c := s.create(t, createRequest{Rules: sp.Name, Seats: seats})
			if c.Game.Status != "live" || len(c.Invites) != 0 || c.Token != "" {
				t.Fatalf("computer game: status %s, invites %v, token %q", c.Game.Status, c.Invites, c.Token)
			}
			v := s.waitFor(t, c.Game.ID, "the end", func(v gameView) bool { return v.Status == "over" })
			if v.Result == nil || v.Result.Winner < 0 {
				t.Errorf("result %+v, want a winner", v.Result)
			}
			rec := verifyGame(t, s, c.Game.ID)
			if len(rec.Turns) != v.Turns || rec.Seats[0] != "medium" {
				t.Errorf("record: %d turns, seats %v; want %d turns by medium", len(rec.Turns), rec.Seats, v.Turns)
			}
		})
	}
	s.waitForActors(t, 0)
}

// waitForActors waits until n actors are left (an actor leaves just
// after its game's last broadcast).
func (s *testServer) waitForActors(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for s.srv.GamesInMemory() != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d actors, want %d", s.srv.GamesInMemory(), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestTimeLimit: a person who does not play in time, after a first
// turn, has the seat played by the computer while another person plays
// (TestStandInWaitsForPeople), and gets it back by acting.
func TestTimeLimit(t *testing.T) {
	// 10 units of 50 ms: long enough that the game's creation answers
	// and both play a first turn before the time runs out, also under
	// the race detector.
	s := newTestServer(t, Config{TimeUnit: 50 * time.Millisecond, BotDelay: time.Millisecond})
	id, _, black := twoPeopleTimed(t, s, 10)
	w := s.dial(t, id)
	for {
		m := w.readType("state")
		if m.Event == nil && m.Game.Seats[1].Away {
			break // Black went away before the stream opened
		}
		if m.Event != nil && m.Event.Kind == "away" {
			if m.Event.Seat != 1 || !m.Game.Seats[1].Away {
				t.Fatalf("away event %+v with seats %+v", m.Event, m.Game.Seats)
			}
			break
		}
	}
	v := s.waitFor(t, id, "the computer playing Black", func(v gameView) bool {
		return v.Last != nil && v.Last.Seat == 1 && v.Last.By == "medium"
	})
	if !v.Seats[1].Away {
		t.Errorf("seat 1 after the computer played it: %+v, want away", v.Seats[1])
	}
	w.send(map[string]any{"type": "hello", "token": black})
	for {
		m := w.read()
		if m.Type == "state" && m.Event != nil && m.Event.Kind == "back" {
			if m.Event.Seat != 1 || m.Game.Seats[1].Away {
				t.Errorf("back event %+v with seats %+v", m.Event, m.Game.Seats)
			}
			break
		}
	}
}

// restartable returns a function that starts a server with cfg on one
// SQLite file and one address, the same at every call, as a restart
// does: the pages open on the first connect again to the next.
func restartable(t *testing.T, cfg Config) func() *testServer {
	path := filepath.Join(t.TempDir(), "passage.db")
	addr := ""
	return func() *testServer {
		st, err := sqlite.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		c := cfg
		c.Store = st
		s := newTestServerAt(t, c, addr)
		addr = s.ts.Listener.Addr().String()
		return s
	}
}

// TestResume: games in play survive a server restart on the same store
// and continue from their last move.
func TestResume(t *testing.T) {
	open := restartable(t, Config{BotDelay: time.Millisecond})
	a := open()
	id, white, black := twoPeople(t, a, "")
	tokens := []string{white, black}
	a.playFirst(t, id, tokens, 3)
	before := a.game(t, id)
	// A game between computers, stopped mid-game.
	bots := a.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "2"},
		Seats: []seatRequest{{Kind: "random"}, {Kind: "random"}}})
	a.waitFor(t, bots.Game.ID, "some moves", func(v gameView) bool { return v.Turns >= 3 })
	a.srv.Close()
	a.ts.Close()
	a.st.Close()

	b := open()
	after := b.game(t, id)
	if after.Pos != before.Pos || after.Turns != before.Turns || after.Last.Move != before.Last.Move {
		t.Fatalf("after the restart: %+v, want %+v", stateOf(after), stateOf(before))
	}
	tok := tokens[after.ToMove]
	v := b.throw(t, id, tok)
	if v = b.move(t, id, tok, v.Moves[0].Move); v.Turns != before.Turns+1 {
		t.Errorf("turns after one more move: %d, want %d", v.Turns, before.Turns+1)
	}
	b.waitFor(t, bots.Game.ID, "the computers to finish", func(v gameView) bool { return v.Status == "over" })
	verifyGame(t, b, bots.Game.ID)
}

// throwState is what a page shows of a throw: whose turn, the throw,
// its moves, what it blocks and how the first-move rule stands.
type throwState struct {
	Turns, ToMove int
	Pos           string
	Roll          *int
	Moves         []moveView
	Blocked       []game.Block
	Opening       *game.Opening
}

func throwStateOf(v gameView) throwState {
	return throwState{Turns: v.Turns, ToMove: v.ToMove, Pos: v.Pos, Roll: v.Roll, Moves: v.Moves, Blocked: v.Blocked, Opening: v.Opening}
}

// TestThrowSurvivesRestart (player review): a person's throw not yet
// moved with is kept across a restart of the server on the same store:
// the game reads back thrown, with the same throw, moves and seat to
// move, from the store and on a stream opened after the restart; a
// second throw is refused as already made, and the move is played
// without one. The next turn, once the move is played, is not thrown.
func TestThrowSurvivesRestart(t *testing.T) {
	open := restartable(t, Config{BotDelay: time.Millisecond})
	a := open()
	id, white, black := twoPeople(t, a, "")
	tokens := []string{white, black}
	a.playFirst(t, id, tokens, 2)
	tok := tokens[a.game(t, id).ToMove]
	thrown := a.throw(t, id, tok)
	if thrown.Roll == nil || len(thrown.Moves) == 0 {
		t.Fatalf("after the throw: %+v", throwStateOf(thrown))
	}
	want := throwStateOf(thrown)
	a.srv.Close()
	a.ts.Close()
	a.st.Close()

	b := open()
	if got := throwStateOf(b.game(t, id)); !reflect.DeepEqual(got, want) {
		t.Errorf("after the restart, from the store (-want +got):\n- %+v\n+ %+v", want, got)
	}
	w := b.dial(t, id)
	if got := throwStateOf(*w.readType("state").Game); !reflect.DeepEqual(got, want) {
		t.Errorf("after the restart, on a new stream (-want +got):\n- %+v\n+ %+v", want, got)
	}
	status, body := b.do(t, "POST", "/api/games/"+id+"/throw", tok, nil)
	var e errorBody
	if json.Unmarshal(body, &e); status != http.StatusConflict || e.Code != "already_thrown" {
		t.Errorf("a throw after the restart: %d %s, want 409 already_thrown", status, body)
	}
	moved := b.move(t, id, tok, thrown.Moves[0].Move)
	if moved.Turns != thrown.Turns+1 || moved.Pos != thrown.Moves[0].Pos || moved.Last == nil || moved.Last.Roll != *thrown.Roll {
		t.Errorf("the move after the restart: turns %d, position %s, last %+v; want turn %d to %s with the throw %d",
			moved.Turns, moved.Pos, moved.Last, thrown.Turns+1, thrown.Moves[0].Pos, *thrown.Roll)
	}
	b.srv.Close()
	b.ts.Close()
	b.st.Close()

	c := open()
	if v := c.game(t, id); v.Roll != nil || v.Turns != moved.Turns {
		t.Errorf("after a restart past the move: %+v, want turn %d not thrown", throwStateOf(v), moved.Turns+1)
	}
}

// throwFails is a store whose MarkThrown fails while fail is set.
type throwFails struct {
	store.Store
	fail atomic.Bool
}

func (f *throwFails) MarkThrown(ctx context.Context, id string, n int) error {
	if f.fail.Load() {
		return errors.New("the database is away")
	}
	return f.Store.MarkThrown(ctx, id, n)
}

// TestThrowWriteFails: a throw whose store write fails is answered as
// the server's fault and leaves the game as it was, not thrown, in
// memory as in the store; the throw made once the store is back is the
// same.
func TestThrowWriteFails(t *testing.T) {
	sq, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "passage.db"))
	if err != nil {
		t.Fatal(err)
	}
	st := &throwFails{Store: sq}
	s := newTestServer(t, Config{Store: st})
	id, _, black := twoPeople(t, s, "")
	before := stateOf(s.game(t, id))
	st.fail.Store(true)
	if status, body := s.do(t, "POST", "/api/games/"+id+"/throw", black, nil); status != http.StatusInternalServerError {
		t.Errorf("a throw the store failed to write: %d %s, want 500", status, body)
	}
	s.unchanged(t, id, before)
	if g, err := sq.Game(context.Background(), id); err != nil || g.Thrown != 0 {
		t.Errorf("stored game after the failed throw: thrown %d, %v; want 0", g.Thrown, err)
	}
	st.fail.Store(false)
	v := s.throw(t, id, black)
	g, err := sq.Game(context.Background(), id)
	if err != nil || !g.ThrowPending() || v.Roll == nil {
		t.Errorf("the throw once the store is back: %+v, stored %+v, %v", throwStateOf(v), g, err)
	}
}

// TestDowntimeDoesNotCount: a person's turn whose time limit ran out
// while the server was down has the whole limit again from the restart,
// instead of going to the computer as soon as the game is loaded; the
// clock then runs as usual.
func TestDowntimeDoesNotCount(t *testing.T) {
	// 100 units of 30 ms: a turn of 3 s, so that the restart (which on
	// two busy cores with the race detector took over a second) is well
	// inside the limit it gives again.
	open := restartable(t, Config{TimeUnit: 30 * time.Millisecond, BotDelay: time.Millisecond, SweepEvery: 10 * time.Millisecond})
	a := open()
	c := a.create(t, createRequest{Rules: "senet-jequier", TimeLimit: 100,
		Seats: []seatRequest{{Kind: "medium"}, {Kind: "human", Take: true}}})
	id := c.Game.ID
	a.firstTurns(t, id, map[int]string{1: c.Token})
	a.waitFor(t, id, "Black to play", func(v gameView) bool { return v.ToMove == 1 })
	a.srv.Close()
	a.ts.Close()
	a.st.Close()
	time.Sleep(3200 * time.Millisecond) // Black's 3-second turn runs out while no server runs

	restart := time.Now()
	b := open()
	v := b.game(t, id)
	if v.Seats[1].Away || v.Deadline == nil || v.Deadline.Before(restart.Add(3*time.Second)) {
		t.Fatalf("after the restart: Black %+v, deadline %v, want the whole 3 s from %v", v.Seats[1], v.Deadline, restart)
	}
	b.waitFor(t, id, "Black's time to run out after the restart", func(v gameView) bool { return v.Seats[1].Away })
}

// TestClosedServer: after Close, intents are refused with 503 and the
// store is untouched.
func TestClosedServer(t *testing.T) {
	s := newTestServer(t, Config{})
	id, _, black := twoPeople(t, s, "")
	s.srv.Close()
	status, body := s.do(t, "POST", "/api/games/"+id+"/throw", black, nil)
	if status != http.StatusServiceUnavailable || !strings.Contains(errorOf(t, body), "shutting down") {
		t.Errorf("throw after Close: %d %s, want 503", status, body)
	}
	g, err := s.st.Game(context.Background(), id)
	if err != nil || g.Turns != 0 {
		t.Errorf("stored game after Close: %+v, %v", g, err)
	}
}

// TestCommandNames: every command kind has a name of its own for the
// log (the "no return" command had none, and naming it panicked).
func TestCommandNames(t *testing.T) {
	seen := map[string]commandKind{}
	for c := range cmdKinds {
		name := c.String()
		if commandNames[c] == "" {
			t.Errorf("command kind %d has no name (%q)", c, name)
		}
		if d, ok := seen[name]; ok {
			t.Errorf("command kinds %d and %d are both named %q", d, c, name)
		}
		seen[name] = c
	}
	if got, want := cmdKinds.String(), fmt.Sprintf("command %d", int(cmdKinds)); got != want {
		t.Errorf("a kind past the last is named %q, want %q", got, want)
	}
}

// TestComputersPlayOutUnpaced (player review): with finish=all, once the
// one person of a game has finished, the computers play the places left
// out without the pace meant for people (here an hour a throw, which
// would hold the game for days), and the game ends with every place.
func TestComputersPlayOutUnpaced(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: time.Hour})
	start := "........y.........g.........b........... rrrr/yyy./ggg./bbb. y done=r"
	c := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"finish": "all"}, Start: start,
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}, {Kind: "easy"}, {Kind: "easy"}}})
	v := s.waitFor(t, c.Game.ID, "the computers to play the places out", func(v gameView) bool { return v.Status != "live" })
	if v.Status != "over" || !strings.Contains(v.Pos, "done=r") || v.Turns == 0 {
		t.Errorf("game %s: %s after %d turns at %q, want over with red first", c.Game.ID, v.Status, v.Turns, v.Pos)
	}
}
