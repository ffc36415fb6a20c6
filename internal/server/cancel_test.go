package server

import (
	"context"
	"errors"
	"testing"

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
