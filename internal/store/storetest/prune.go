package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"passage/internal/store"
)

// RunPrune is the suite of a store that forgets old games
// (store.Pruner); open returns a new, empty store, closed by the suite.
// Games over or abandoned before the cutoff go, with their turns and
// reviews; newer ones and games waiting or live stay, whatever their age.
func RunPrune(t *testing.T, open func(t *testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	defer st.Close()
	pr, ok := st.(store.Pruner)
	if !ok {
		t.Fatalf("%T does not prune", st)
	}
	mk := func(id string, status store.Status, updated time.Time) {
		g := newGame(id)
		g.Status, g.Updated = status, updated
		create(t, st, g)
	}
	// An old game played to its end: a turn, then its review.
	mk("old-over", store.StatusLive, t0)
	if err := st.AppendTurn(ctx, "old-over", store.Turn{N: 1, Move: "pass", Pos: "x", By: store.Human, At: t0}, store.StatusOver, `{"winner":0}`); err != nil {
		t.Fatal(err)
	}
	an, reviews := st.(store.Analyses)
	if reviews {
		if err := an.SaveAnalysis(ctx, "old-over", "hard", []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
	}
	// A node ran it (PostgreSQL): its lease row must go with it.
	if l, ok := st.(store.Leaser); ok {
		if _, err := l.Acquire(ctx, "old-over", "n0", "http://n0", time.Minute); err != nil {
			t.Fatal(err)
		}
	}
	mk("old-abandoned", store.StatusAbandoned, t0)
	mk("new-over", store.StatusOver, t0.Add(2*time.Hour))
	mk("old-live", store.StatusLive, t0)
	mk("old-waiting", store.StatusWaiting, t0)
	cutoff := t0.Add(time.Hour)
	if n, err := pr.Prune(ctx, t0.Add(-time.Hour), false); err != nil || n != 0 {
		t.Errorf("Prune before every game: %d, %v; want 0", n, err)
	}
	if n, err := pr.Prune(ctx, cutoff, true); err != nil || n != 2 {
		t.Errorf("a dry run: %d, %v; want 2", n, err)
	}
	if _, err := st.Game(ctx, "old-over"); err != nil {
		t.Errorf("a dry run deleted a game: %v", err)
	}
	// One game a transaction: two batches and an empty one.
	defer func(b int) { store.PruneBatch = b }(store.PruneBatch)
	store.PruneBatch = 1
	if n, err := pr.Prune(ctx, cutoff, false); err != nil || n != 2 {
		t.Fatalf("Prune: %d, %v; want 2", n, err)
	}
	if l, ok := st.(store.Leaser); ok {
		if _, held, err := l.Holder(ctx, "old-over"); err != nil || held {
			t.Errorf("the pruned game's lease: held %v, %v", held, err)
		}
	}
	for _, id := range []string{"old-over", "old-abandoned"} {
		if _, err := st.Game(ctx, id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("game %s after the prune: %v, want ErrNotFound", id, err)
		}
	}
	if turns, err := st.Turns(ctx, "old-over"); err == nil && len(turns) > 0 {
		t.Errorf("the pruned game's turns stay: %v", turns)
	}
	if reviews {
		if _, err := an.Analysis(ctx, "old-over", "hard"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the pruned game's review: %v, want ErrNotFound", err)
		}
	}
	for _, id := range []string{"new-over", "old-live", "old-waiting"} {
		if _, err := st.Game(ctx, id); err != nil {
			t.Errorf("game %s after the prune: %v, want it kept", id, err)
		}
	}
	if n, err := pr.Prune(ctx, cutoff, false); err != nil || n != 0 {
		t.Errorf("a second Prune: %d, %v; want 0", n, err)
	}
}
