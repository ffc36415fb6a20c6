package agent

import (
	"context"
	"errors"
	"testing"

	"passage/senet"
)

// A search whose context has ended stops after its first check instead
// of searching to its budget, and reports the context's error; with a
// live context it returns Choose's move after the same nodes.
func TestExpectimaxChooseContextStops(t *testing.T) {
	g := senet.MustNew("senet-jequier", nil)
	p := g.Start()
	const roll = 3
	cfg := ExpectimaxConfig{Depth: 12, Nodes: 1_000_000, TableBits: 18}

	full := NewExpectimax(g, SearchEval[senet.Position](g), cfg)
	want := full.Choose(p, roll)
	if full.Nodes() < 50_000 {
		t.Fatalf("the full search visits only %d nodes: too few to show a stop", full.Nodes())
	}

	live := NewExpectimax(g, SearchEval[senet.Position](g), cfg)
	got, err := live.ChooseContext(context.Background(), p, roll)
	if err != nil || got != want || live.Nodes() != full.Nodes() {
		t.Fatalf("live context: %v, %v after %d nodes; Choose: %v after %d", got, err, live.Nodes(), want, full.Nodes())
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped := NewExpectimax(g, SearchEval[senet.Position](g), cfg)
	if _, err := stopped.ChooseContext(ctx, p, roll); !errors.Is(err, context.Canceled) {
		t.Fatalf("ended context: err %v, want context.Canceled", err)
	}
	// It stops at the first check, after stopCheckMask+1 chance nodes
	// and the leaves below them: a small part of the full search.
	if n := stopped.Nodes(); n > full.Nodes()/5 {
		t.Errorf("the stopped search visited %d nodes of the full search's %d", n, full.Nodes())
	}

	// The same player searches normally again afterwards.
	again, err := stopped.ChooseContext(context.Background(), p, roll)
	if err != nil || again != want {
		t.Errorf("after a stop: %v, %v; want %v", again, err, want)
	}

	// Through the text adapter, and before any search starts.
	txt := Text(g, NewExpectimax(g, SearchEval[senet.Position](g), cfg))
	if _, err := txt.ChooseContext(ctx, g.FormatPosition(p), roll); !errors.Is(err, context.Canceled) {
		t.Errorf("text adapter with an ended context: err %v", err)
	}
}
