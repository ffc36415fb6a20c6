package sqlite

import (
	"context"
	"errors"
	"path/filepath"
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
