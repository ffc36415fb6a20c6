package server

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"passage/agent"
	"passage/internal/catalog"
)

// A computer's search stops when its game's context ends (the game is
// abandoned or leaves memory, the server shuts down) instead of running
// to its budget on a core that people's games need.
func TestSearchStopsWithItsGame(t *testing.T) {
	s := newTestServer(t, Config{})
	kit, err := catalog.Open("senet-jequier", nil)
	if err != nil {
		t.Fatal(err)
	}
	newPlayer := func(seed uint64) (agent.TextAgent, error) { return kit.NewPlayer("expert", seed) }
	pos := kit.Start()

	move, err := s.srv.choose(context.Background(), kit.ID(), "expert", pos, 3, nil, newPlayer)
	if err != nil || move == "" {
		t.Fatalf("a search with a live context: %q, %v", move, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if move, err := s.srv.choose(ctx, kit.ID(), "expert", pos, 3, nil, newPlayer); !errors.Is(err, context.Canceled) {
		t.Errorf("a search whose game has stopped: %q, %v; want context.Canceled", move, err)
	}
}

// TestShutdownPlaysNoMove: a server that shuts down while a computer
// searches does not play the move a cut-short search leaves (before,
// the first legal move was played and stored in its place); the game
// keeps its turns and goes on when the server starts again.
func TestShutdownPlaysNoMove(t *testing.T) {
	var logs syncBuffer
	s := newTestServer(t, Config{Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "expert"}, {Kind: "expert"}}})
	s.waitFor(t, c.Game.ID, "a few turns", func(v gameView) bool { return v.Turns >= 6 })
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, running := s.srv.pool.counts(); running > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no search running")
		}
		time.Sleep(time.Millisecond)
	}
	s.srv.Close()
	if out := logs.String(); strings.Contains(out, "computer move") {
		t.Errorf("the shutdown played a move for the computer:\n%s", out)
	}
}

// TestHelloKeepsSearch: a page saying hello (as it does on every
// connect) changes nothing, so the actor's epoch stays: a computer's
// search under way is not thrown away, and a page that says hello over
// and over cannot stall it.
func TestHelloKeepsSearch(t *testing.T) {
	s := newTestServer(t, Config{})
	// Black (the person) throws first: nothing moves while they wait.
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "medium"}, {Kind: "human", Take: true}}})
	ctx := context.Background()
	epoch := func() uint64 {
		e, err := withActor(ctx, s.srv, c.Game.ID, func(a *actor) (uint64, error) { return a.epoch, nil })
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	before := epoch()
	for range 3 {
		if _, err := withActor(ctx, s.srv, c.Game.ID, func(a *actor) ([]int, error) { return a.hello(c.Token) }); err != nil {
			t.Fatal(err)
		}
	}
	if after := epoch(); after != before {
		t.Errorf("three hellos moved the epoch from %d to %d", before, after)
	}
}
