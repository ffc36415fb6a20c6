package postgres

import (
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"passage/internal/store"
	"passage/internal/store/pgtest"
	"passage/internal/store/schema"
	"passage/internal/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

func openTemp(t *testing.T) *Store {
	t.Helper()
	st, err := Open(context.Background(), pgtest.DSN(t))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return st
}

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openTemp(t) })
}

func TestAnalyses(t *testing.T) {
	storetest.RunAnalyses(t, func(t *testing.T) store.Store { return openTemp(t) })
}

func TestPrune(t *testing.T) {
	storetest.RunPrune(t, func(t *testing.T) store.Store { return openTemp(t) })
}

// TestMigrations: a second Open (another node) finds the schema done;
// a newer schema than the binary's is refused and left alone.
func TestMigrations(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		wg.Add(1)
		go func() { // nodes starting together migrate once
			defer wg.Done()
			st, err := Open(ctx, dsn)
			if err == nil {
				st.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatalf("Open by several nodes at once: %v", err)
		}
	}
	st, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	var version int
	if err := st.pool.QueryRow(ctx, "SELECT version FROM schema_version").Scan(&version); err != nil || version != 5 {
		t.Errorf("schema_version = %d, %v; want 5", version, err)
	}
	if _, err := st.pool.Exec(ctx, "UPDATE schema_version SET version = 99"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if _, err := Open(ctx, dsn); !errors.Is(err, schema.ErrTooNew) {
		t.Fatalf("Open of a newer schema: %v, want schema.ErrTooNew", err)
	}
}

func newLive(t *testing.T, st *Store, id string) {
	t.Helper()
	g := store.Game{ID: id, Rules: "kinevet", Start: "s", Pos: "s", Status: store.StatusLive,
		Seats: []store.Seat{{Kind: "easy"}, {Kind: "easy"}}, Commit: "c", Seed: []byte{1}}
	if err := st.CreateGame(context.Background(), g); err != nil {
		t.Fatal(err)
	}
}

// TestLeases: a lease is exclusive while it lasts, renewed by its holder
// only, taken over after its expiry or release with a higher fencing
// number, and the same node taking it again gets a new number too.
func TestLeases(t *testing.T) {
	ctx := context.Background()
	st := openTemp(t)
	defer st.Close()
	newLive(t, st, "g1")
	a, err := st.Acquire(ctx, "g1", "a", "http://a", time.Minute)
	if err != nil || a.Fence != 1 || a.Node != "a" {
		t.Fatalf("first Acquire: %+v, %v", a, err)
	}
	held, err := st.Acquire(ctx, "g1", "b", "http://b", time.Minute)
	if !errors.Is(err, store.ErrHeld) || held.Node != "a" || held.Addr != "http://a" {
		t.Fatalf("Acquire of a held lease: %+v, %v; want ErrHeld by a", held, err)
	}
	if s1, err := st.ClusterSecret(ctx); err != nil || len(s1) != 64 {
		t.Errorf("ClusterSecret: %q, %v; want 64 hex digits", s1, err)
	}
	if h, ok, err := st.Holder(ctx, "g1"); !ok || err != nil || h != a {
		t.Errorf("Holder: %+v %v %v, want %+v", h, ok, err, a)
	}
	kept, err := st.Renew(ctx, "a", []store.Lease{a}, time.Minute)
	if err != nil || len(kept) != 1 || kept[0] != a {
		t.Errorf("Renew by the holder: %+v, %v", kept, err)
	}
	if kept, err := st.Renew(ctx, "b", []store.Lease{a}, time.Minute); err != nil || len(kept) != 0 {
		t.Errorf("Renew by another node: %+v, %v; want nothing kept", kept, err)
	}
	if p, err := st.Pending(ctx, "", time.Time{}, 10); err != nil || len(p) != 0 {
		t.Errorf("Pending while a node runs the game: %d games, %v; want none", len(p), err)
	}
	if err := st.Release(ctx, a); err != nil {
		t.Fatal(err)
	}
	// A renewal that read a's leases before the release (a drain) does
	// not bring the released lease back.
	if kept, err := st.Renew(ctx, "a", []store.Lease{a}, time.Minute); err != nil || len(kept) != 0 {
		t.Errorf("Renew after the release: %+v, %v; want nothing kept", kept, err)
	}
	if p, err := st.Pending(ctx, "", time.Time{}, 10); err != nil || len(p) != 1 {
		t.Errorf("Pending once the lease is released: %d games, %v; want g1", len(p), err)
	}
	if _, ok, _ := st.Holder(ctx, "g1"); ok {
		t.Error("a released lease still has a holder")
	}
	b, err := st.Acquire(ctx, "g1", "b", "http://b", 50*time.Millisecond)
	if err != nil || b.Fence != 2 {
		t.Fatalf("Acquire after the release: %+v, %v; want fence 2", b, err)
	}
	if kept, err := st.Renew(ctx, "a", []store.Lease{a}, time.Minute); err != nil || len(kept) != 0 {
		t.Errorf("Renew of a lease taken over: %+v, %v; want nothing kept", kept, err)
	}
	time.Sleep(100 * time.Millisecond) // b's lease expires
	c, err := st.Acquire(ctx, "g1", "c", "http://c", time.Minute)
	if err != nil || c.Fence != 3 {
		t.Fatalf("Acquire after the expiry: %+v, %v; want fence 3", c, err)
	}
	again, err := st.Acquire(ctx, "g1", "c", "http://c", time.Minute)
	if err != nil || again.Fence != 4 {
		t.Errorf("Acquire by the holder again (a restart): %+v, %v; want fence 4", again, err)
	}
}

// TestFencedWrites: a node whose lease was taken over cannot write to
// the game, whatever the write; the new holder can.
func TestFencedWrites(t *testing.T) {
	ctx := context.Background()
	st := openTemp(t)
	defer st.Close()
	newLive(t, st, "g1")
	old, err := st.Acquire(ctx, "g1", "a", "http://a", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	turn := func(n int) store.Turn {
		return store.Turn{N: n, Move: "pass", Pos: "p", By: "easy", At: time.UnixMilli(int64(n)).UTC()}
	}
	if err := st.Fenced(old).AppendTurn(ctx, "g1", turn(1), store.StatusLive, ""); err != nil {
		t.Fatalf("a write under the lease: %v", err)
	}
	st.Release(ctx, old)
	cur, err := st.Acquire(ctx, "g1", "b", "http://b", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	stale := st.Fenced(old)
	writes := map[string]func() error{
		"AppendTurn": func() error { return stale.AppendTurn(ctx, "g1", turn(2), store.StatusLive, "") },
		"End":        func() error { return stale.End(ctx, "g1", store.StatusOver, "x") },
		"SetAway":    func() error { return stale.SetAway(ctx, "g1", 0, true) },
		"HandOver":   func() error { return stale.HandOver(ctx, "g1", 0, "hard", 0) },
		"TakeSeat":   func() error { return stale.TakeSeat(ctx, "g1", 0, "aa", store.StatusLive) },
		"MarkThrown": func() error { return stale.MarkThrown(ctx, "g1", 2) },
	}
	for name, w := range writes {
		if err := w(); !errors.Is(err, store.ErrFenced) {
			t.Errorf("%s under a lease taken over: %v, want ErrFenced", name, err)
		}
	}
	g, _ := st.Game(ctx, "g1")
	if g.Turns != 1 || g.Status != store.StatusLive || g.Seats[0].Away || g.Thrown != 0 {
		t.Errorf("game after the refused writes: %+v", g)
	}
	if err := st.Fenced(cur).AppendTurn(ctx, "g1", turn(2), store.StatusLive, ""); err != nil {
		t.Errorf("a write under the new lease: %v", err)
	}
}

// TestNotify: payloads sent by one store reach the listener of another
// on the same database, in order.
func TestNotify(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dsn := pgtest.DSN(t)
	sender, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer sender.Close()
	listener, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	ready := make(chan struct{})
	got := make(chan string, 10)
	done := make(chan error, 1)
	go func() {
		done <- listener.Listen(ctx, "test_events", func() { close(ready) }, func(p string) { got <- p })
	}()
	<-ready
	want := []string{"one", "two", "three"}
	if err := sender.Notify(ctx, "test_events", want[:2]); err != nil {
		t.Fatal(err)
	}
	if err := sender.Notify(ctx, "test_events", want[2:]); err != nil {
		t.Fatal(err)
	}
	for _, w := range want {
		select {
		case p := <-got:
			if p != w {
				t.Fatalf("received %q, want %q", p, w)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("waited in vain for %q", w)
		}
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Listen after its context ended: %v", err)
	}
}

// TestPoolSize: the pool has 16 connections unless the connection string
// names its size.
func TestPoolSize(t *testing.T) {
	dsn := pgtest.DSN(t)
	for _, tt := range []struct {
		dsn  string
		want int32
	}{{dsn, defaultPoolSize}, {dsn + " pool_max_conns=3", 3}} {
		st, err := Open(context.Background(), tt.dsn)
		if err != nil {
			t.Fatal(err)
		}
		if got := st.pool.Config().MaxConns; got != tt.want {
			t.Errorf("Open(%q): pool of %d, want %d", tt.dsn, got, tt.want)
		}
		st.Close()
	}
}
