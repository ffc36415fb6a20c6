package server

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

// presence is the seats' present flags, "01" for seat 1 present.
func presence(v gameView) string {
	s := ""
	for _, seat := range v.Seats {
		if seat.Present {
			s += "1"
		} else {
			s += "0"
		}
	}
	return s
}

// waitPresence waits until the game's view shows want (presence).
func (s *testServer) waitPresence(t *testing.T, id, want string) {
	t.Helper()
	s.waitFor(t, id, "presence "+want, func(v gameView) bool { return presence(v) == want })
}

// hello says hello on w with token and waits for its answer.
func (w *wsClient) hello(token string) message {
	w.t.Helper()
	w.send(map[string]any{"type": "hello", "token": token, "id": "h"})
	for {
		if m := w.read(); m.ID == "h" {
			return m
		}
	}
}

// readPresence skips messages until a state with event presence, and
// returns its presence.
func (w *wsClient) readPresence() string {
	w.t.Helper()
	for {
		m := w.read()
		if m.Type == "state" && m.Event != nil && m.Event.Kind == "presence" {
			return presence(*m.Game)
		}
	}
}

// TestPresence: a seat is present while a stream that said hello with
// its token is open, and the other pages are told; two tabs keep it
// present until both close; a stranger's hello, or a stream without
// one, marks nothing.
func TestPresence(t *testing.T) {
	s := newTestServer(t, Config{HereDelay: 20 * time.Millisecond})
	id, white, black := twoPeople(t, s, "")
	if p := presence(s.game(t, id)); p != "00" {
		t.Fatalf("nobody connected: presence %s", p)
	}

	// A watcher, and a stranger who says hello with a made-up token and
	// with none: nobody is present.
	watcher := s.dial(t, id)
	watcher.read()
	stranger := s.dial(t, id)
	stranger.read()
	for _, token := range []string{newToken(), ""} {
		if m := stranger.hello(token); m.Type != "error" {
			t.Fatalf("a stranger's hello (%q) answered %+v", token, m)
		}
	}
	time.Sleep(100 * time.Millisecond)
	if p := presence(s.game(t, id)); p != "00" {
		t.Fatalf("after a stranger's hello: presence %s", p)
	}

	// White opens the game: present, and the watcher is told.
	alice := s.dial(t, id)
	alice.read()
	if m := alice.hello(white); m.Type != "hello" || fmt.Sprint(m.Seats) != "[0]" {
		t.Fatalf("white's hello: %+v", m)
	}
	if p := watcher.readPresence(); p != "10" {
		t.Fatalf("the watcher is told presence %s, want 10", p)
	}

	// Black in two tabs: present until both have closed.
	tab1, tab2 := s.dial(t, id), s.dial(t, id)
	tab1.read()
	tab2.read()
	tab1.hello(black)
	tab2.hello(black)
	if p := watcher.readPresence(); p != "11" {
		t.Fatalf("the watcher is told presence %s, want 11", p)
	}
	tab1.c.CloseNow()
	time.Sleep(200 * time.Millisecond)
	if p := presence(s.game(t, id)); p != "11" {
		t.Fatalf("one of black's two tabs closed: presence %s, want 11", p)
	}
	tab2.c.CloseNow()
	s.waitPresence(t, id, "10")
	if p := watcher.readPresence(); p != "10" {
		t.Fatalf("the watcher is told presence %s, want 10", p)
	}

	// A stream that only watches, with black's token unsaid, marks
	// nothing; black back on one tab is present again.
	back := s.dial(t, id)
	back.read()
	time.Sleep(100 * time.Millisecond)
	if p := presence(s.game(t, id)); p != "10" {
		t.Fatalf("a stream without hello: presence %s, want 10", p)
	}
	back.hello(black)
	s.waitPresence(t, id, "11")
	alice.c.CloseNow()
	s.waitPresence(t, id, "01")
}

// TestPresenceNoStorm: a page that reconnects again and again within
// the delay sends the other pages no state at all, as its seat's
// presence, when the delay has passed, is what they were shown.
func TestPresenceNoStorm(t *testing.T) {
	s := newTestServer(t, Config{HereDelay: time.Second})
	id, white, black := twoPeople(t, s, "")
	alice := s.dial(t, id)
	alice.read()
	alice.hello(white)
	bob := s.dial(t, id)
	bob.read()
	bob.hello(black)
	if p := alice.readPresence(); p != "11" {
		t.Fatalf("alice is told presence %s, want 11", p)
	}
	for range 5 {
		bob.c.CloseNow()
		bob = s.dial(t, id)
		bob.read()
		bob.hello(black)
	}
	time.Sleep(1500 * time.Millisecond) // the delay has passed
	// A move: the next state alice gets is its own, not a presence.
	v := s.throw(t, id, black)
	for {
		m := alice.read()
		if m.Type != "state" || m.Event == nil {
			continue
		}
		if m.Event.Kind == "presence" {
			t.Fatalf("bob reconnecting sent alice a presence (%s)", presence(*m.Game))
		}
		if m.Event.Kind == "throw" {
			if presence(*m.Game) != "11" || v.Roll == nil {
				t.Fatalf("after the reconnects: presence %s", presence(*m.Game))
			}
			break
		}
	}
}

// TestPresenceKeepsNoGame: a game whose players' pages are gone leaves
// memory as before; presence keeps nothing.
func TestPresenceKeepsNoGame(t *testing.T) {
	s := newTestServer(t, Config{HereDelay: 10 * time.Millisecond, IdleAfter: 50 * time.Millisecond, SweepEvery: 10 * time.Millisecond})
	id, white, _ := twoPeople(t, s, "")
	alice := s.dial(t, id)
	alice.read()
	alice.hello(white)
	s.waitPresence(t, id, "10")
	alice.c.CloseNow()
	deadline := time.Now().Add(10 * time.Second)
	for s.srv.inMemory(id) != nil {
		if time.Now().After(deadline) {
			t.Fatal("the game stays in memory after its page closed")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if p := presence(s.game(t, id)); p != "00" {
		t.Fatalf("a game not in memory: presence %s", p)
	}
}

// pump reads w's messages on a goroutine of its own, so that its pings
// are answered while the test waits, into the channel it returns
// (closed when the stream ends).
func (w *wsClient) pump() <-chan message {
	ch := make(chan message, 256)
	go func() {
		defer close(ch)
		for {
			_, b, err := w.c.Read(context.Background())
			if err != nil {
				return
			}
			var m message
			if json.Unmarshal(b, &m) == nil {
				ch <- m
			}
		}
	}()
	return ch
}

// nextPresence is the presence of the next state with event presence
// on ch.
func nextPresence(t *testing.T, ch <-chan message) string {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case m, ok := <-ch:
			if !ok {
				t.Fatal("the stream ended")
			}
			if m.Type == "state" && m.Event != nil && m.Event.Kind == "presence" {
				return presence(*m.Game)
			}
		case <-timeout:
			t.Fatal("no presence came")
		}
	}
}

// TestClusterPresenceRelayed: Black's page on another node than the
// game's (its stream relayed) is present on the game's node while it is
// open, beyond the expiry of a relayed stream's presence (its node
// renews it), and not once it closes; the relayed stream still plays.
func TestClusterPresenceRelayed(t *testing.T) {
	nodes := newCluster(t, 2, Config{HereDelay: 20 * time.Millisecond, PingEvery: 100 * time.Millisecond, PongWait: 200 * time.Millisecond})
	id, white, black := twoPeople(t, nodes[0], "")
	if nodes[0].srv.inMemory(id) == nil {
		t.Fatal("n0, where the seats were taken, does not run the game")
	}
	alice := nodes[0].dial(t, id)
	alice.read()
	alice.hello(white)
	bob := nodes[1].dial(t, id)
	bob.read()
	// A stranger on n1 marks nothing.
	if m := bob.hello(newToken()); m.Type != "error" {
		t.Fatalf("a stranger's relayed hello answered %+v", m)
	}
	if m := bob.hello(black); m.Type != "hello" || fmt.Sprint(m.Seats) != "[1]" {
		t.Fatalf("black's relayed hello: %+v", m)
	}
	fromA, fromB := alice.pump(), bob.pump()
	nodes[0].waitPresence(t, id, "11")
	for p := nextPresence(t, fromA); p != "11"; p = nextPresence(t, fromA) {
	}
	// Three times the relayed presence's expiry (2*PingEvery+PongWait).
	time.Sleep(1200 * time.Millisecond)
	for i, n := range nodes {
		if p := presence(n.game(t, id)); p != "11" {
			t.Fatalf("black's relayed stream still open: n%d says presence %s", i, p)
		}
	}
	// The relayed stream still plays: Black throws first.
	bob.send(map[string]any{"type": "throw", "token": black, "id": "t"})
	for m := range fromB {
		if m.ID == "t" {
			if m.Type != "ack" {
				t.Fatalf("black's relayed throw: %+v", m)
			}
			break
		}
	}
	if v := nodes[0].game(t, id); v.Roll == nil {
		t.Fatal("black's relayed throw was not made")
	}
	bob.c.CloseNow()
	nodes[0].waitPresence(t, id, "10")
	if p := nextPresence(t, fromA); p != "10" {
		t.Fatalf("alice on n0 is told presence %s, want 10", p)
	}
}
