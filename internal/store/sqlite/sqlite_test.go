package sqlite

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"passage/internal/store"
	"passage/internal/store/storetest"
)

func openTemp(t *testing.T, path string) *Store {
	t.Helper()
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	return st
}

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		return openTemp(t, filepath.Join(t.TempDir(), "passage.db"))
	})
}

// TestReopen: what one Store wrote, another opened on the same file
// reads; migrations run once.
func TestReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "odd ?#% name.db")
	st := openTemp(t, path)
	g := store.Game{ID: "g1", Rules: "kinevet", Start: "s", Pos: "s", Status: store.StatusLive,
		Seats: []store.Seat{{Kind: "easy"}, {Kind: "hard"}}, Commit: "c", Seed: []byte{1, 2},
		Created: time.UnixMilli(1000).UTC(), Updated: time.UnixMilli(1000).UTC()}
	if err := st.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	turn := store.Turn{N: 1, Seat: 0, Roll: 6, Move: "in-1", Pos: "p1", By: "easy", At: time.UnixMilli(2000).UTC()}
	if err := st.AppendTurn(ctx, "g1", turn, store.StatusLive, ""); err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	st = openTemp(t, path)
	defer st.Close()
	got, err := st.Game(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Pos != "p1" || got.Turns != 1 || len(got.Seats) != 2 {
		t.Errorf("after reopening: %+v, want position p1 after 1 turn with 2 seats", got)
	}
	var version int
	if err := st.r.QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != 1 {
		t.Errorf("user_version = %d, %v; want 1", version, err)
	}
	var mode string
	if err := st.r.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
}

func TestOpenFailure(t *testing.T) {
	_, err := Open(context.Background(), filepath.Join(t.TempDir(), "no", "such", "dir", "x.db"))
	if err == nil {
		t.Fatal("Open in a missing directory: nil error")
	}
	if errors.Is(err, store.ErrNotFound) {
		t.Errorf("Open error %v should not be ErrNotFound", err)
	}
}

// TestGroupCommit writes one batch holding turns of two games and a turn
// out of sequence: the good turns are written in one transaction, the
// bad one is refused alone.
func TestGroupCommit(t *testing.T) {
	ctx := context.Background()
	st := openTemp(t, filepath.Join(t.TempDir(), "passage.db"))
	defer st.Close()
	for _, id := range []string{"a", "b"} {
		g := store.Game{ID: id, Rules: "kinevet", Start: "s", Pos: "s", Status: store.StatusLive,
			Seats: []store.Seat{{Kind: "easy"}}, Commit: "c", Seed: []byte{1}}
		if err := st.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	at := time.UnixMilli(5000).UTC()
	batch := []turnWrite{
		{id: "a", t: store.Turn{N: 1, Move: "pass", Pos: "a1", By: "easy", At: at}, status: store.StatusLive},
		{id: "b", t: store.Turn{N: 2, Move: "pass", Pos: "b2", By: "easy", At: at}, status: store.StatusLive}, // not the next turn
		{id: "b", t: store.Turn{N: 1, Move: "pass", Pos: "b1", By: "easy", At: at}, status: store.StatusOver},
		{id: "a", t: store.Turn{N: 2, Move: "pass", Pos: "a2", By: "easy", At: at}, status: store.StatusLive},
	}
	for i := range batch {
		batch[i].done = make(chan error, 1)
	}
	before := st.batches.Load()
	st.writeBatch(batch)
	for i, w := range batch {
		err := <-w.done
		if wantErr := i == 1; (err != nil) != wantErr || (wantErr && !errors.Is(err, store.ErrConflict)) {
			t.Errorf("turn %d of %s: error %v, want conflict %v", w.t.N, w.id, err, wantErr)
		}
	}
	if n := st.batches.Load() - before; n != 1 {
		t.Errorf("%d transactions, want 1", n)
	}
	for id, want := range map[string]string{"a": "a2", "b": "b1"} {
		g, err := st.Game(ctx, id)
		if err != nil || g.Pos != want {
			t.Errorf("game %s at %q (%v), want %q", id, g.Pos, err, want)
		}
	}
}

// TestClosedStore: a turn after Close fails instead of hanging.
func TestClosedStore(t *testing.T) {
	st := openTemp(t, filepath.Join(t.TempDir(), "passage.db"))
	st.Close()
	err := st.AppendTurn(context.Background(), "a", store.Turn{N: 1}, store.StatusLive, "")
	if err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("AppendTurn after Close: %v, want a closed-store error", err)
	}
}
