package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"passage/internal/store"
	"passage/internal/store/schema"
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

func TestAnalyses(t *testing.T) {
	storetest.RunAnalyses(t, func(t *testing.T) store.Store {
		return openTemp(t, filepath.Join(t.TempDir(), "passage.db"))
	})
}

func TestPrune(t *testing.T) {
	storetest.RunPrune(t, func(t *testing.T) store.Store {
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
	if err := st.r.QueryRow("SELECT version FROM schema_version").Scan(&version); err != nil || version != 5 {
		t.Errorf("schema_version = %d, %v; want 5", version, err)
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
// out of sequence, and throws among them: the good turns and throws are
// written in one transaction, the bad ones are refused alone.
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
		{id: "a", t: store.Turn{N: 3}, thrown: true},
		{id: "b", t: store.Turn{N: 2}, thrown: true}, // b is over
	}
	for i := range batch {
		batch[i].done = make(chan error, 1)
	}
	before := st.batches.Load()
	st.writeBatch(batch)
	for i, w := range batch {
		err := <-w.done
		if wantErr := i == 1 || i == 5; (err != nil) != wantErr || (wantErr && !errors.Is(err, store.ErrConflict)) {
			t.Errorf("%s: error %v, want conflict %v", w, err, wantErr)
		}
	}
	if n := st.batches.Load() - before; n != 1 {
		t.Errorf("%d transactions, want 1", n)
	}
	for id, want := range map[string]store.Game{"a": {Pos: "a2", Thrown: 3}, "b": {Pos: "b1"}} {
		g, err := st.Game(ctx, id)
		if err != nil || g.Pos != want.Pos || g.Thrown != want.Thrown {
			t.Errorf("game %s at %q, thrown %d (%v); want %q, thrown %d", id, g.Pos, g.Thrown, err, want.Pos, want.Thrown)
		}
	}
}

// TestClosedStore: a turn or throw after Close fails instead of hanging.
func TestClosedStore(t *testing.T) {
	st := openTemp(t, filepath.Join(t.TempDir(), "passage.db"))
	st.Close()
	err := st.AppendTurn(context.Background(), "a", store.Turn{N: 1}, store.StatusLive, "")
	if err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("AppendTurn after Close: %v, want a closed-store error", err)
	}
	err = st.MarkThrown(context.Background(), "a", 1)
	if err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("MarkThrown after Close: %v, want a closed-store error", err)
	}
}

// TestManyGames: listing and paging through more games than SQLite
// allows SQL variables in one statement (32,766) works; the server's
// restart once failed here with "too many SQL variables".
func TestManyGames(t *testing.T) {
	ctx := context.Background()
	st := openTemp(t, filepath.Join(t.TempDir(), "passage.db"))
	defer st.Close()
	const n = 33000
	// One statement each (a recursive count), so that the test is quick.
	for _, q := range []string{
		`WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < ? - 1)
		 INSERT INTO games (id, rules, start, pos, status, commit_hash, seed, created, updated)
		 SELECT printf('g%06d', i), 'kinevet', 's', 's', 'live', 'c', x'01', 0, i FROM c`,
		`WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < ? - 1)
		 INSERT INTO seats (game_id, seat, kind) SELECT printf('g%06d', i), s.seat, s.kind FROM c,
		 (SELECT 0 AS seat, 'easy' AS kind UNION ALL SELECT 1, 'human') AS s`,
	} {
		if _, err := st.w.ExecContext(ctx, q, n); err != nil {
			t.Fatal(err)
		}
	}
	games, err := st.Games(ctx, store.Filter{Status: store.StatusLive, Limit: n})
	if err != nil || len(games) != n {
		t.Fatalf("Games: %d games, %v; want %d", len(games), err, n)
	}
	if g := games[0]; g.ID != fmt.Sprintf("g%06d", n-1) || len(g.Seats) != 2 || g.Seats[0].Kind != "easy" {
		t.Errorf("first game %+v, want the latest with its two seats", g)
	}
	pending, err := st.Pending(ctx, "", time.Time{}, n)
	if err != nil || len(pending) != n {
		t.Fatalf("Pending: %d games, %v; want %d", len(pending), err, n)
	}
}

// TestMigrateFromVersion1: a database made by the first schema keeps its
// games, seats and turns through the later migrations.
func TestMigrateFromVersion1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	body, err := migrations.ReadFile("migrations/0001_init.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{string(body), "PRAGMA user_version = 1",
		"INSERT INTO games (id, rules, start, pos, turns, status, commit_hash, seed, created, updated) VALUES ('g1', 'kinevet', 's', 'p', 1, 'waiting', 'c', x'01', 0, 0)",
		"INSERT INTO seats (game_id, seat, kind, token_hash) VALUES ('g1', 0, 'human', 'aa'), ('g1', 1, 'human', '')",
		"INSERT INTO turns (game_id, n, seat, roll, move, pos, by, at) VALUES ('g1', 1, 0, 6, 'in', 'p', 'human', 0)"} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	st := openTemp(t, path)
	defer st.Close()
	g, err := st.Game(ctx, "g1")
	if err != nil || g.Pos != "p" || len(g.Seats) != 2 || g.Seats[1].Anyone || !g.Seats[1].Open() {
		t.Fatalf("after migrating: %+v, %v", g, err)
	}
	if turns, err := st.Turns(ctx, "g1"); err != nil || len(turns) != 1 {
		t.Errorf("turns after migrating: %v, %v", turns, err)
	}
	if ids, err := st.Abandon(ctx, time.UnixMilli(1)); err != nil || len(ids) != 1 {
		t.Errorf("abandon after migrating: %v, %v", ids, err)
	}
}

// TestCreateGames: a batch is stored whole, or not at all when one game
// of it conflicts.
func TestCreateGames(t *testing.T) {
	ctx := context.Background()
	st := openTemp(t, filepath.Join(t.TempDir(), "passage.db"))
	defer st.Close()
	mk := func(id string) store.Game {
		return store.Game{ID: id, Rules: "kinevet", Start: "s", Pos: "s", Status: store.StatusWaiting,
			Seats: []store.Seat{{Kind: "human", Anyone: true}, {Kind: "easy"}}, Commit: "c", Seed: []byte{1}}
	}
	if err := st.CreateGames(ctx, []store.Game{mk("a"), mk("b")}); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateGames(ctx, []store.Game{mk("c"), mk("a")}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a batch with a used ID: %v, want ErrConflict", err)
	}
	games, err := st.Games(ctx, store.Filter{})
	if err != nil || len(games) != 2 || !games[0].Seats[0].Anyone {
		t.Errorf("after the batches: %+v, %v; want games a and b only", games, err)
	}
}

// TestCheckpointer: what is written reaches the database file within a
// few checkpoint periods, with the writer's own checkpoints far away
// (10,000 pages).
func TestCheckpointer(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "passage.db")
	st := openTemp(t, path)
	defer st.Close()
	size := func() int64 {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	before := size()
	var games []store.Game
	for i := range 200 {
		games = append(games, store.Game{ID: fmt.Sprintf("g%d", i), Rules: "kinevet", Start: strings.Repeat("s", 200), Pos: "s",
			Status: store.StatusLive, Seats: []store.Seat{{Kind: "easy"}}, Commit: "c", Seed: []byte{1}})
	}
	if err := st.CreateGames(ctx, games); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * checkpointEvery)
	for size() <= before {
		if time.Now().After(deadline) {
			t.Fatalf("the database file stayed at %d bytes: no checkpoint", before)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestTooNewSchema: a database whose schema is newer than the binary's
// migrations is refused, and left as it was.
func TestTooNewSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "passage.db")
	st := openTemp(t, path)
	if _, err := st.w.ExecContext(ctx, "UPDATE schema_version SET version = 99"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if _, err := Open(ctx, path); !errors.Is(err, schema.ErrTooNew) {
		t.Fatalf("Open of a newer schema: %v, want schema.ErrTooNew", err)
	}
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var version int
	if err := db.QueryRow("SELECT version FROM schema_version").Scan(&version); err != nil || version != 99 {
		t.Errorf("schema_version after the refusal = %d, %v; want 99", version, err)
	}
}
