package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// wsClient is a test client of a game's event stream.
type wsClient struct {
	t *testing.T
	c *websocket.Conn
}

func (s *testServer) dial(t *testing.T, id string) *wsClient {
	t.Helper()
	return s.dialPath(t, "/api/games/"+id+"/events")
}

// dialPath opens a WebSocket to path (with its query).
func (s *testServer) dialPath(t *testing.T, path string) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.url, "http")+path, nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return &wsClient{t: t, c: c}
}

// read reads the next message; it fails the test after a generous bound.
func (w *wsClient) read() message {
	w.t.Helper()
	m, err := w.tryRead()
	if err != nil {
		w.t.Fatalf("read: %v", err)
	}
	return m
}

func (w *wsClient) tryRead() (message, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, b, err := w.c.Read(ctx)
	if err != nil {
		return message{}, err
	}
	var m message
	if err := json.Unmarshal(b, &m); err != nil {
		w.t.Fatalf("message %s: %v", b, err)
	}
	return m, nil
}

// readType skips messages until one of type typ.
func (w *wsClient) readType(typ string) message {
	w.t.Helper()
	for {
		if m := w.read(); m.Type == typ {
			return m
		}
	}
}

func (w *wsClient) send(v any) {
	w.t.Helper()
	var b []byte
	switch x := v.(type) {
	case string:
		b = []byte(x)
	default:
		var err error
		if b, err = json.Marshal(v); err != nil {
			w.t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := w.c.Write(ctx, websocket.MessageText, b); err != nil {
		w.t.Fatalf("write: %v", err)
	}
}

// TestWSErrors sends bad intents over the WebSocket: each gets an error
// to that client only, the game does not change, and the connection
// stays usable.
func TestWSErrors(t *testing.T) {
	s := newTestServer(t, Config{})
	f := newFixture(t, s)
	tests := []struct {
		name    string
		game    string
		msg     any
		status  int
		wantErr string
	}{
		{"malformed JSON", f.live, `{"type":"throw",`, 400, "malformed JSON"},
		{"not an object", f.live, `[1,2]`, 400, "malformed JSON"},
		{"unknown field", f.live, `{"type":"throw","tokn":"x"}`, 400, "unknown field"},
		{"unknown type", f.live, map[string]any{"type": "resign", "token": f.liveB}, 400, "unknown message type"},
		{"missing token", f.live, map[string]any{"type": "throw"}, 401, "missing seat token"},
		{"wrong token", f.live, map[string]any{"type": "throw", "token": "bad"}, 403, "holds no seat"},
		{"hello wrong token", f.live, map[string]any{"type": "hello", "token": "bad"}, 403, "holds no seat"},
		{"out of turn", f.live, map[string]any{"type": "throw", "token": f.liveW}, 409, "not your turn"},
		{"move before throw", f.live, map[string]any{"type": "move", "token": f.liveB, "move": "11-12"}, 409, "throw first"},
		{"throw twice", f.thrown, map[string]any{"type": "throw", "token": f.thrownB}, 409, "already thrown"},
		{"illegal move", f.thrown, map[string]any{"type": "move", "token": f.thrownB, "move": "3-30"}, 422, "illegal move"},
		{"malformed move", f.thrown, map[string]any{"type": "move", "token": f.thrownB, "move": "x"}, 422, "malformed move"},
		{"stale move", f.thrown, map[string]any{"type": "move", "token": f.thrownB, "move": "11-12", "turn": 3}, 409, "stale move"},
		{"take without seat", f.waiting, map[string]any{"type": "take"}, 400, "missing seat"},
		{"take held seat", f.live, map[string]any{"type": "take", "seat": 0}, 409, "not open"},
		{"throw while waiting", f.waiting, map[string]any{"type": "throw", "token": f.waitingW}, 409, "waits for players"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := stateOf(s.game(t, tt.game))
			w := s.dial(t, tt.game)
			if m := w.read(); m.Type != "state" || m.Game == nil || m.Game.ID != tt.game {
				t.Fatalf("first message %+v, want the game's state", m)
			}
			w.send(tt.msg)
			m := w.read()
			if m.Type != "error" || m.Status != tt.status || !strings.Contains(m.Error, tt.wantErr) {
				t.Errorf("answer %+v, want an error %d containing %q", m, tt.status, tt.wantErr)
			}
			if !documentedCodes(t)[m.Code] {
				t.Errorf("error event %+v: code %q is not in docs/api.md", m, m.Code)
			}
			s.unchanged(t, tt.game, before)
			// The connection still works.
			w.send(map[string]any{"type": "hello", "token": f.liveB, "id": "h1"})
			if m := w.read(); m.ID != "h1" {
				t.Errorf("after the error: %+v, want the answer to h1", m)
			}
		})
	}

	t.Run("binary message", func(t *testing.T) {
		before := stateOf(s.game(t, f.live))
		w := s.dial(t, f.live)
		w.read()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := w.c.Write(ctx, websocket.MessageBinary, []byte(`{"type":"throw"}`)); err != nil {
			t.Fatal(err)
		}
		if m := w.read(); m.Type != "error" || m.Status != 400 {
			t.Errorf("answer %+v, want error 400", m)
		}
		s.unchanged(t, f.live, before)
	})

	t.Run("oversized message", func(t *testing.T) {
		before := stateOf(s.game(t, f.live))
		w := s.dial(t, f.live)
		w.read()
		w.send(`{"type":"throw","token":"` + strings.Repeat("a", maxMessage) + `"}`)
		_, err := w.tryRead()
		if got := websocket.CloseStatus(err); got != websocket.StatusMessageTooBig {
			t.Errorf("after an oversized message: %v (close status %d), want close status %d", err, got, websocket.StatusMessageTooBig)
		}
		s.unchanged(t, f.live, before)
	})

	t.Run("game over", func(t *testing.T) {
		w := s.dial(t, f.over)
		m := w.read()
		if m.Type != "state" || m.Game.Status != "over" || m.Game.DiceSeed == "" {
			t.Errorf("first message of a finished game: %+v", m)
		}
		_, err := w.tryRead()
		var ce websocket.CloseError
		if !errors.As(err, &ce) || ce.Code != websocket.StatusNormalClosure || ce.Reason != "game over" {
			t.Errorf("then %v, want a normal close \"game over\"", err)
		}
	})

	t.Run("unknown game", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.url, "http")+"/api/games/aaaaaaaaaaaaa/events", nil)
		if err == nil || resp == nil || resp.StatusCode != http.StatusNotFound {
			t.Errorf("dial an unknown game: %v, %v; want a 404", err, resp)
		}
	})
}

// TestWSPlay: two players and a watcher on their streams; every move
// reaches all three, and a bad intent from one reaches only that one.
func TestWSPlay(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	tokens := []string{white, black}
	clients := []*wsClient{s.dial(t, id), s.dial(t, id), s.dial(t, id)}
	for i, c := range clients {
		if m := c.read(); m.Type != "state" {
			t.Fatalf("client %d: first message %+v", i, m)
		}
	}
	clients[0].send(map[string]any{"type": "hello", "token": white, "id": "a"})
	if m := clients[0].read(); m.Type != "hello" || len(m.Seats) != 1 || m.Seats[0] != 0 || m.ID != "a" {
		t.Fatalf("hello: %+v, want seats [0]", m)
	}
	v := s.game(t, id)
	for turn := 0; turn < 6; turn++ {
		seat := v.ToMove
		c := clients[seat]
		c.send(map[string]any{"type": "throw", "token": tokens[seat], "id": "t"})
		var thrown *gameView
		for thrown == nil {
			switch m := c.read(); m.Type {
			case "state":
				if m.Event != nil && m.Event.Kind == "throw" {
					thrown = m.Game
				}
			case "error":
				t.Fatalf("throw: %+v", m)
			}
		}
		move := thrown.Moves[0].Move
		c.send(map[string]any{"type": "move", "token": tokens[seat], "move": move, "turn": thrown.Turns + 1})
		for i, cl := range clients {
			for {
				m := cl.read()
				if m.Type == "error" {
					t.Fatalf("client %d: %+v", i, m)
				}
				if m.Type == "state" && m.Event != nil && m.Event.Kind == "move" {
					if m.Event.Move != move || m.Game.Turns != thrown.Turns+1 {
						t.Errorf("client %d: move event %+v at turn %d, want %s at %d", i, m.Event, m.Game.Turns, move, thrown.Turns+1)
					}
					v = *m.Game
					break
				}
			}
		}
	}
	// An error goes to its sender only: the watcher's next message is
	// the next real change.
	clients[2].send(map[string]any{"type": "throw", "token": "bad"})
	if m := clients[2].read(); m.Type != "error" {
		t.Fatalf("watcher's bad throw: %+v", m)
	}
	seat := v.ToMove
	clients[seat].send(map[string]any{"type": "throw", "token": tokens[seat]})
	other := clients[1-seat]
	m := other.read()
	for m.Type == "ack" { // the answer to its own last move may come late
		m = other.read()
	}
	if m.Type != "state" || m.Event == nil || m.Event.Kind != "throw" {
		t.Errorf("the other player's next message: %+v, want the throw", m)
	}
}

// TestStreamsPerClient: one address may hold MaxStreams streams open at
// once; one more is refused with 429 too_many_streams before anything
// is loaded, and a stream closed frees its place.
func TestStreamsPerClient(t *testing.T) {
	s := newTestServer(t, Config{MaxStreams: 2})
	id, _, _ := twoPeople(t, s, "")
	first, second := s.dial(t, id), s.dial(t, id)
	first.read()
	second.read()
	url := "ws" + strings.TrimPrefix(s.url, "http") + "/api/games/" + id + "/events"
	dial := func() (*websocket.Conn, *http.Response, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return websocket.Dial(ctx, url, nil)
	}
	_, resp, err := dial()
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a third stream from one address: %v %v, want 429", resp, err)
	}
	if resp.Header.Get("Retry-After") == "" {
		t.Error("the refusal has no Retry-After")
	}
	first.c.Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, _, err := dial()
		if err == nil {
			c.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a stream after one closed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestWSDeadlineFollowsTurn: the state sent after a computer's move
// carries the deadline of the person's turn that begins, and the state
// after the person's move none (a computer is to play).
func TestWSDeadlineFollowsTurn(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: time.Millisecond})
	c := s.create(t, createRequest{Rules: "senet-jequier", TimeLimit: 300,
		Seats: []seatRequest{{Kind: "medium"}, {Kind: "human", Take: true}}})
	w := s.dial(t, c.Game.ID)
	w.readType("state")
	s.firstTurns(t, c.Game.ID, map[int]string{1: c.Token})
	for {
		m := w.readType("state")
		if m.Event == nil || m.Event.Kind != "move" {
			continue
		}
		if m.Game.ToMove == 1 {
			if m.Game.Deadline == nil {
				t.Fatalf("after the move of seat %d, Black to play: no deadline", m.Event.Seat)
			}
			if m.Event.Seat == 0 {
				return // the computer's move
			}
			// Black plays again (an extra throw): play it, so that the
			// computer comes to play.
			v := s.throw(t, c.Game.ID, c.Token)
			s.move(t, c.Game.ID, c.Token, v.Moves[0].Move)
		} else if m.Game.Deadline != nil {
			t.Fatalf("after the move of seat %d, the computer to play: deadline %v", m.Event.Seat, m.Game.Deadline)
		}
	}
}
