package main

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"passage/internal/fairdice"
	"passage/internal/store"
	"passage/internal/store/sqlite"
)

// TestPrune: passage prune forgets the games over before --older-than,
// counts them first with --dry-run, and keeps the rest; a database that
// is not there is an error, not a new empty file.
func TestPrune(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "passage.db")
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-48 * time.Hour)
	for id, status := range map[string]store.Status{"over": store.StatusOver, "live": store.StatusLive} {
		seed := make([]byte, fairdice.SeedSize)
		start := "wbwbwbwbw.b................... b opening=w"
		g := store.Game{ID: id, Rules: "senet-jequier", Start: start, Pos: start, Status: status,
			Seats:  []store.Seat{{Kind: store.Human, TokenHash: "aa"}, {Kind: "random"}},
			Commit: fairdice.Commit(seed), Seed: seed, Created: old, Updated: old}
		if err := st.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--dry-run"}, "would forget 1 game "},
		{nil, "forgot 1 game "},
		{nil, "forgot 0 games"},
	} {
		code, stdout, stderr := runCLI(t, "", append([]string{"prune", "--db", path, "--older-than", "24h"}, c.args...)...)
		if code != 0 || !strings.Contains(stdout, c.want) {
			t.Errorf("prune %v: exit %d, %q %q; want %q", c.args, code, stdout, stderr, c.want)
		}
	}
	st, err = sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Game(ctx, "over"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the old finished game: %v, want it forgotten", err)
	}
	if _, err := st.Game(ctx, "live"); err != nil {
		t.Errorf("the old live game: %v, want it kept", err)
	}
	missing := filepath.Join(t.TempDir(), "typo.db")
	if code, _, stderr := runCLI(t, "", "prune", "--db", missing, "--older-than", "24h"); code != 2 || !strings.Contains(stderr, "no database") {
		t.Errorf("prune of a missing file: exit %d, %q", code, stderr)
	}
}
