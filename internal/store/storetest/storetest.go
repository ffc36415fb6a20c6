// Package storetest is the test suite every store.Store must pass: games,
// seats, the event log, and replaying a stored game under its rules.
//
// Usage, in an implementation's tests:
//
//	func TestStore(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) store.Store { return openTemp(t) })
//	}
package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/internal/store"
	"passage/record"
)

// Run runs the suite; open returns a new, empty store, closed by the
// suite.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, st store.Store)
	}{
		{"CreateAndRead", testCreateAndRead},
		{"CreateTwice", testCreateTwice},
		{"UnknownGame", testUnknownGame},
		{"TakeSeat", testTakeSeat},
		{"SetAway", testSetAway},
		{"End", testEnd},
		{"HandOver", testHandOver},
		{"AppendTurn", testAppendTurn},
		{"MarkThrown", testMarkThrown},
		{"List", testList},
		{"ListFiltered", testListFiltered},
		{"Joinable", testJoinable},
		{"Pending", testPending},
		{"Abandon", testAbandon},
		{"Replay", testReplay},
		{"Concurrent", testConcurrent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := open(t)
			defer st.Close()
			tt.fn(t, st)
		})
	}
}

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

// newGame is a two-seat Jéquier game: seat 0 held by a person, seat 1
// open.
func newGame(id string) store.Game {
	seed := make([]byte, fairdice.SeedSize)
	copy(seed, id)
	start := "wbwbwbwbw.b................... b opening=w"
	return store.Game{
		ID: id, Rules: "senet-jequier", Start: start, Pos: start,
		Status: store.StatusWaiting,
		Seats: []store.Seat{
			{Kind: store.Human, TokenHash: "aa"},
			{Kind: store.Human},
		},
		Commit: fairdice.Commit(seed), Seed: seed,
		TimeLimit: 30 * time.Second,
		Created:   t0, Updated: t0,
	}
}

func create(t *testing.T, st store.Store, g store.Game) {
	t.Helper()
	if err := st.CreateGame(context.Background(), g); err != nil {
		t.Fatalf("CreateGame(%s): %v", g.ID, err)
	}
}

func read(t *testing.T, st store.Store, id string) store.Game {
	t.Helper()
	g, err := st.Game(context.Background(), id)
	if err != nil {
		t.Fatalf("Game(%s): %v", id, err)
	}
	return g
}

func diff(t *testing.T, what string, want, got any) {
	t.Helper()
	if !reflect.DeepEqual(want, got) {
		t.Errorf("%s (-want +got):\n- %+v\n+ %+v", what, want, got)
	}
}

func testCreateAndRead(t *testing.T, st store.Store) {
	want := newGame("g1")
	create(t, st, want)
	diff(t, "Game", want, read(t, st, "g1"))
}

func testCreateTwice(t *testing.T, st store.Store) {
	g := newGame("g1")
	create(t, st, g)
	other := g
	other.Rules = "kinevet"
	if err := st.CreateGame(context.Background(), other); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("CreateGame with a used ID: %v, want ErrConflict", err)
	}
	diff(t, "Game after the failed create", g, read(t, st, "g1"))
}

func testUnknownGame(t *testing.T, st store.Store) {
	ctx := context.Background()
	create(t, st, newGame("g1"))
	calls := map[string]func() error{
		"Game":     func() error { _, err := st.Game(ctx, "nope"); return err },
		"Turns":    func() error { _, err := st.Turns(ctx, "nope"); return err },
		"Turn":     func() error { _, err := st.Turn(ctx, "nope", 1); return err },
		"TakeSeat": func() error { return st.TakeSeat(ctx, "nope", 1, "bb", store.StatusLive) },
		"SetAway":  func() error { return st.SetAway(ctx, "nope", 0, true) },
		"End":      func() error { return st.End(ctx, "nope", store.StatusOver, "{}") },
		"HandOver": func() error { return st.HandOver(ctx, "nope", 0, "medium", 0) },
		"AppendTurn": func() error {
			return st.AppendTurn(ctx, "nope", store.Turn{N: 1, Move: "pass", Pos: "x", By: store.Human, At: t0}, store.StatusLive, "")
		},
		"MarkThrown": func() error { return st.MarkThrown(ctx, "nope", 1) },
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			if err := call(); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("%s on an unknown game: %v, want ErrNotFound", name, err)
			}
		})
	}
}

func testTakeSeat(t *testing.T, st store.Store) {
	ctx := context.Background()
	g := newGame("g1")
	g.Seats = append(g.Seats, store.Seat{Kind: "medium"})
	create(t, st, g)
	for _, tt := range []struct {
		name string
		seat int
	}{{"held", 0}, {"computer", 2}, {"no such seat", 7}} {
		t.Run(tt.name, func(t *testing.T) {
			if err := st.TakeSeat(ctx, "g1", tt.seat, "bb", store.StatusLive); !errors.Is(err, store.ErrConflict) {
				t.Errorf("TakeSeat(%d): %v, want ErrConflict", tt.seat, err)
			}
			diff(t, "Game after the refused seat", g, read(t, st, "g1"))
		})
	}
	if err := st.TakeSeat(ctx, "g1", 1, "bb", store.StatusLive); err != nil {
		t.Fatalf("TakeSeat(1): %v", err)
	}
	got := read(t, st, "g1")
	if got.Seats[1].TokenHash != "bb" || got.Status != store.StatusLive || got.Seats[1].Open() {
		t.Errorf("after TakeSeat(1): seat %+v, status %s; want token hash bb, live", got.Seats[1], got.Status)
	}
	if err := st.TakeSeat(ctx, "g1", 1, "cc", store.StatusLive); !errors.Is(err, store.ErrConflict) {
		t.Errorf("TakeSeat(1) again: %v, want ErrConflict", err)
	}
	if h := read(t, st, "g1").Seats[1].TokenHash; h != "bb" {
		t.Errorf("token hash after the second TakeSeat = %q, want bb", h)
	}
	// Only a waiting game's seats can be taken: an abandoned (or live)
	// game keeps its open seat open.
	g2 := newGame("g2")
	g2.Status = store.StatusAbandoned
	create(t, st, g2)
	if err := st.TakeSeat(ctx, "g2", 1, "bb", store.StatusLive); !errors.Is(err, store.ErrConflict) {
		t.Errorf("TakeSeat in an abandoned game: %v, want ErrConflict", err)
	}
	diff(t, "abandoned game after the refused seat", g2, read(t, st, "g2"))
}

// testJoinable: the lobby's filter keeps games with an open seat that
// anyone may take, not those whose open seats are by invitation.
func testJoinable(t *testing.T, st store.Store) {
	ctx := context.Background()
	invite := newGame("invite")
	anyone := newGame("anyone")
	anyone.Seats[1].Anyone = true
	taken := newGame("taken") // open to anyone, but taken
	taken.Seats[1] = store.Seat{Kind: store.Human, Anyone: true, TokenHash: "cc"}
	for _, g := range []store.Game{invite, anyone, taken} {
		create(t, st, g)
	}
	diff(t, "seat open to anyone, read back", anyone, read(t, st, "anyone"))
	got, err := st.Games(ctx, store.Filter{Status: store.StatusWaiting, Joinable: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].ID != "anyone" {
		t.Errorf("joinable games: %+v, want only the game %q", got, "anyone")
	}
}

// testPending: live games with a computer seat, an away seat or a time
// limit, or not updated since stale, in ID order after the given ID;
// not person-only games without a limit updated since, nor games that
// are not live.
func testPending(t *testing.T, st store.Store) {
	ctx := context.Background()
	mk := func(id string, status store.Status, limit time.Duration, seats ...store.Seat) {
		g := newGame(id)
		g.Status, g.TimeLimit, g.Seats, g.Updated = status, limit, seats, t0.Add(2*time.Hour)
		create(t, st, g)
	}
	person := store.Seat{Kind: store.Human, TokenHash: "aa"}
	mk("a-computer", store.StatusLive, 0, person, store.Seat{Kind: "hard"})
	mk("b-people", store.StatusLive, 0, person, person)
	mk("c-limit", store.StatusLive, time.Minute, person, person)
	mk("d-away", store.StatusLive, 0, person, store.Seat{Kind: store.Human, TokenHash: "bb", Away: true})
	mk("e-over", store.StatusOver, 0, person, store.Seat{Kind: "hard"})
	mk("f-waiting", store.StatusWaiting, time.Minute, person, store.Seat{Kind: store.Human})
	mk("g-computers", store.StatusLive, 0, store.Seat{Kind: "easy"}, store.Seat{Kind: "hard"})
	left := newGame("h-people-left") // person-only, no limit, not updated since stale
	left.Status, left.Seats, left.TimeLimit, left.Updated = store.StatusLive, []store.Seat{person, person}, 0, t0
	create(t, st, left)
	old := newGame("i-over-old")
	old.Status, old.Seats, old.Updated = store.StatusOver, []store.Seat{person, person}, t0
	create(t, st, old)
	stale := t0.Add(time.Hour)
	var ids []string
	after := ""
	for {
		page, err := st.Pending(ctx, after, stale, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, g := range page {
			if len(g.Seats) != 2 {
				t.Errorf("pending game %s with %d seats, want 2", g.ID, len(g.Seats))
			}
			ids = append(ids, g.ID)
		}
		after = page[len(page)-1].ID
	}
	diff(t, "pending games", []string{"a-computer", "c-limit", "d-away", "g-computers", "h-people-left"}, ids)
	// With the zero time, no game is stale.
	page, err := st.Pending(ctx, "g-computers", time.Time{}, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(page) != 0 {
		t.Errorf("pending after g-computers with no stale time: %d games (%s, updated %v), want none", len(page), page[0].ID, page[0].Updated)
	}
}

// testAbandon: waiting games not updated since the cutoff become
// abandoned; newer waiting games and games of other statuses stay.
func testAbandon(t *testing.T, st store.Store) {
	ctx := context.Background()
	mk := func(id string, status store.Status, updated time.Time) {
		g := newGame(id)
		g.Status, g.Updated = status, updated
		create(t, st, g)
	}
	mk("old", store.StatusWaiting, t0)
	mk("new", store.StatusWaiting, t0.Add(2*time.Hour))
	mk("live", store.StatusLive, t0)
	ids, err := st.Abandon(ctx, t0.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	diff(t, "abandoned", []string{"old"}, ids)
	for id, want := range map[string]store.Status{"old": store.StatusAbandoned, "new": store.StatusWaiting, "live": store.StatusLive} {
		if got := read(t, st, id).Status; got != want {
			t.Errorf("game %s: status %s, want %s", id, got, want)
		}
	}
	if ids, err := st.Abandon(ctx, t0.Add(time.Hour)); err != nil || len(ids) != 0 {
		t.Errorf("second Abandon: %v, %v; want nothing", ids, err)
	}
}

func testSetAway(t *testing.T, st store.Store) {
	ctx := context.Background()
	create(t, st, newGame("g1"))
	for _, away := range []bool{true, false} {
		if err := st.SetAway(ctx, "g1", 1, away); err != nil {
			t.Fatalf("SetAway(%v): %v", away, err)
		}
		if got := read(t, st, "g1").Seats[1].Away; got != away {
			t.Errorf("Away = %v, want %v", got, away)
		}
	}
}

func testEnd(t *testing.T, st store.Store) {
	ctx := context.Background()
	create(t, st, newGame("g1"))
	if err := st.End(ctx, "g1", store.StatusOver, `{"how":"abort"}`); err != nil {
		t.Fatalf("End: %v", err)
	}
	g := read(t, st, "g1")
	if g.Status != store.StatusOver || g.Result != `{"how":"abort"}` {
		t.Errorf("after End: status %q result %q", g.Status, g.Result)
	}
	if err := st.End(ctx, "g1", store.StatusOver, `{"how":"resign"}`); !errors.Is(err, store.ErrConflict) {
		t.Errorf("End of an ended game: %v, want ErrConflict", err)
	}
	if got := read(t, st, "g1").Result; got != `{"how":"abort"}` {
		t.Errorf("a refused End changed the result to %q", got)
	}
}

func testHandOver(t *testing.T, st store.Store) {
	ctx := context.Background()
	create(t, st, newGame("g1"))
	if err := st.SetAway(ctx, "g1", 0, true); err != nil {
		t.Fatal(err)
	}
	if err := st.HandOver(ctx, "g1", 0, "medium", 0); err != nil {
		t.Fatalf("HandOver: %v", err)
	}
	if got := read(t, st, "g1").Seats[0]; got != (store.Seat{Kind: "medium"}) {
		t.Errorf("seat after HandOver: %+v, want a medium computer's", got)
	}
	if err := st.HandOver(ctx, "g1", 0, "medium", 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("HandOver of a computer's seat: %v, want ErrNotFound", err)
	}
	// A seat whose person resigned (the game goes on): its token hash
	// stays, for the person to watch as its holder, and the throw is kept.
	g := newGame("g2")
	g.Seats[1].TokenHash = "bb"
	create(t, st, g)
	if err := st.HandOver(ctx, "g2", 1, "medium", 7); err != nil {
		t.Fatalf("HandOver of a resigned seat: %v", err)
	}
	if got := read(t, st, "g2").Seats[1]; got != (store.Seat{Kind: "medium", TokenHash: "bb", Resigned: 7}) {
		t.Errorf("seat after a resignation: %+v, want a medium computer's with its token hash, resigned on throw 7", got)
	}
	if err := st.HandOver(ctx, "g2", 0, "medium", -1); err == nil {
		t.Error("HandOver resigned on throw -1: no error")
	}
	// A game created with a resigned seat (a copy) keeps it.
	g = newGame("g3")
	g.Seats[0] = store.Seat{Kind: "easy", TokenHash: "cc", Resigned: 3}
	create(t, st, g)
	if got := read(t, st, "g3").Seats[0]; got != g.Seats[0] {
		t.Errorf("created resigned seat read back as %+v, want %+v", got, g.Seats[0])
	}
}

func testAppendTurn(t *testing.T, st store.Store) {
	ctx := context.Background()
	g := newGame("g1")
	create(t, st, g)
	turns := []store.Turn{
		{N: 1, Seat: 1, Roll: 3, Move: "11-14", Pos: "wbwbwbwbw....b................ w opening=w", By: store.Human, At: t0.Add(time.Second)},
		{N: 2, Seat: 0, Roll: 2, Move: "9-11", Pos: "wbwbwbwb..w..b................ b", By: "medium", At: t0.Add(2 * time.Second)},
	}
	for _, tt := range turns {
		if err := st.AppendTurn(ctx, "g1", tt, store.StatusLive, ""); err != nil {
			t.Fatalf("AppendTurn(%d): %v", tt.N, err)
		}
	}
	want := g
	want.Pos, want.Turns, want.Status, want.Updated = turns[1].Pos, 2, store.StatusLive, turns[1].At
	diff(t, "Game", want, read(t, st, "g1"))
	got, err := st.Turns(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	diff(t, "Turns", turns, got)
	for _, want := range turns {
		one, err := st.Turn(ctx, "g1", want.N)
		if err != nil {
			t.Fatalf("Turn(%d): %v", want.N, err)
		}
		diff(t, fmt.Sprintf("Turn(%d)", want.N), want, one)
	}
	if _, err := st.Turn(ctx, "g1", 3); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Turn(3) of a game of 2 turns: %v, want ErrNotFound", err)
	}

	for _, n := range []int{0, 1, 2, 4} {
		t.Run(fmt.Sprintf("turn %d out of sequence", n), func(t *testing.T) {
			bad := store.Turn{N: n, Move: "pass", Pos: "x", By: store.Human, At: t0.Add(time.Hour)}
			if err := st.AppendTurn(ctx, "g1", bad, store.StatusOver, "w"); !errors.Is(err, store.ErrConflict) {
				t.Errorf("AppendTurn(%d): %v, want ErrConflict", n, err)
			}
			diff(t, "Game after the refused turn", want, read(t, st, "g1"))
			got, _ := st.Turns(ctx, "g1")
			diff(t, "Turns after the refused turn", turns, got)
		})
	}

	end := store.Turn{N: 3, Seat: 1, Roll: 1, Move: "14-15", Pos: "end", By: store.Human, At: t0.Add(3 * time.Second)}
	if err := st.AppendTurn(ctx, "g1", end, store.StatusOver, "b wins"); err != nil {
		t.Fatal(err)
	}
	if g := read(t, st, "g1"); g.Status != store.StatusOver || g.Result != "b wins" || g.Turns != 3 {
		t.Errorf("after the last turn: status %s, result %q, turns %d; want over, %q, 3", g.Status, g.Result, g.Turns, "b wins")
	}
}

// testMarkThrown: a live game's next turn can be marked thrown, and
// reads back so (nothing else changes, not even the time of the last
// change, which starts the turn's clock); marking it again changes
// nothing; a turn that is not the next one, or a game not live, is a
// conflict. After the turn is played, the mark is of a past turn.
func testMarkThrown(t *testing.T, st store.Store) {
	ctx := context.Background()
	waiting := newGame("waiting")
	create(t, st, waiting)
	if err := st.MarkThrown(ctx, "waiting", 1); !errors.Is(err, store.ErrConflict) {
		t.Errorf("MarkThrown of a waiting game: %v, want ErrConflict", err)
	}
	diff(t, "waiting game after the refused mark", waiting, read(t, st, "waiting"))

	g := newGame("g1")
	g.Status = store.StatusLive
	create(t, st, g)
	if got := read(t, st, "g1"); got.Thrown != 0 || got.ThrowPending() {
		t.Fatalf("a new game: thrown %d (pending %v), want 0", got.Thrown, got.ThrowPending())
	}
	for _, n := range []int{0, 2} {
		if err := st.MarkThrown(ctx, "g1", n); !errors.Is(err, store.ErrConflict) {
			t.Errorf("MarkThrown(%d) of a game at turn 1: %v, want ErrConflict", n, err)
		}
	}
	diff(t, "Game after the refused marks", g, read(t, st, "g1"))
	want := g
	want.Thrown = 1
	for range 2 {
		if err := st.MarkThrown(ctx, "g1", 1); err != nil {
			t.Fatalf("MarkThrown(1): %v", err)
		}
		got := read(t, st, "g1")
		diff(t, "Game after MarkThrown(1)", want, got)
		if !got.ThrowPending() {
			t.Error("after MarkThrown(1): no throw pending")
		}
	}

	turn := store.Turn{N: 1, Seat: 1, Roll: 3, Move: "11-14", Pos: "wbwbwbwbw....b................ w opening=w", By: store.Human, At: t0.Add(time.Second)}
	if err := st.AppendTurn(ctx, "g1", turn, store.StatusLive, ""); err != nil {
		t.Fatal(err)
	}
	if got := read(t, st, "g1"); got.Thrown != 1 || got.Turns != 1 || got.ThrowPending() {
		t.Errorf("after the turn: thrown %d, turns %d, pending %v; want thrown 1 of turn 1, none pending", got.Thrown, got.Turns, got.ThrowPending())
	}
	if err := st.MarkThrown(ctx, "g1", 1); !errors.Is(err, store.ErrConflict) {
		t.Errorf("MarkThrown(1) of a turn played: %v, want ErrConflict", err)
	}
	if err := st.MarkThrown(ctx, "g1", 2); err != nil {
		t.Fatalf("MarkThrown(2): %v", err)
	}
	if got := read(t, st, "g1"); got.Thrown != 2 || !got.ThrowPending() {
		t.Errorf("after MarkThrown(2): thrown %d, pending %v", got.Thrown, got.ThrowPending())
	}
	if err := st.End(ctx, "g1", store.StatusOver, `{"how":"resign"}`); err != nil {
		t.Fatal(err)
	}
	if got := read(t, st, "g1"); got.ThrowPending() {
		t.Error("a game over: a throw pending")
	}
	if err := st.MarkThrown(ctx, "g1", 2); !errors.Is(err, store.ErrConflict) {
		t.Errorf("MarkThrown of a game over: %v, want ErrConflict", err)
	}
}

func testList(t *testing.T, st store.Store) {
	ctx := context.Background()
	statuses := []store.Status{store.StatusWaiting, store.StatusLive, store.StatusOver, store.StatusLive}
	for i, s := range statuses {
		g := newGame(fmt.Sprintf("g%d", i))
		g.Status = s
		g.Updated = t0.Add(time.Duration(i) * time.Minute)
		create(t, st, g)
	}
	ids := func(gs []store.Game) []string {
		out := []string{}
		for _, g := range gs {
			out = append(out, g.ID)
		}
		return out
	}
	tests := []struct {
		f    store.Filter
		want []string
	}{
		{store.Filter{}, []string{"g3", "g2", "g1", "g0"}},
		{store.Filter{Status: store.StatusLive}, []string{"g3", "g1"}},
		{store.Filter{Status: store.StatusWaiting}, []string{"g0"}},
		{store.Filter{Limit: 2}, []string{"g3", "g2"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.f), func(t *testing.T) {
			got, err := st.Games(ctx, tt.f)
			if err != nil {
				t.Fatal(err)
			}
			diff(t, "Games", tt.want, ids(got))
			for _, g := range got {
				if len(g.Seats) != 2 {
					t.Errorf("game %s listed with %d seats, want 2", g.ID, len(g.Seats))
				}
			}
		})
	}
}

// testListFiltered lists games by ruleset, by the time of their last
// update and page by page after a cursor, as the bulk download of
// records does.
func testListFiltered(t *testing.T, st store.Store) {
	ctx := context.Background()
	games := []struct {
		id, rules string
		status    store.Status
		minute    int
	}{
		{"a0", "senet-jequier", store.StatusOver, 0},
		{"a1", "senet-jequier water=15", store.StatusOver, 1},
		{"a2", "senet-jequierx", store.StatusOver, 2}, // a name that starts with another's
		{"a3", "senet-kendall", store.StatusOver, 3},
		{"b3", "senet-jequier", store.StatusOver, 3}, // the same time as a3: ID order
		{"c3", "senet-jequier", store.StatusLive, 3},
		{"a4", "senet-jequier", store.StatusOver, 4},
	}
	for _, g := range games {
		sg := newGame(g.id)
		sg.Rules, sg.Status = g.rules, g.status
		sg.Updated = t0.Add(time.Duration(g.minute) * time.Minute)
		create(t, st, sg)
	}
	at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	over := store.StatusOver
	tests := []struct {
		name string
		f    store.Filter
		want []string
	}{
		{"over", store.Filter{Status: over}, []string{"a4", "a3", "b3", "a2", "a1", "a0"}},
		{"name, any options", store.Filter{Status: over, Rules: "senet-jequier"}, []string{"a4", "b3", "a1", "a0"}},
		{"exact ID", store.Filter{Status: over, RulesID: "senet-jequier"}, []string{"a4", "b3", "a0"}},
		{"exact ID with options", store.Filter{Status: over, RulesID: "senet-jequier water=15"}, []string{"a1"}},
		{"unknown name", store.Filter{Status: over, Rules: "senet"}, []string{}},
		{"since", store.Filter{Status: over, Since: at(3)}, []string{"a4", "a3", "b3"}},
		{"until", store.Filter{Status: over, Until: at(3)}, []string{"a2", "a1", "a0"}},
		{"since and until", store.Filter{Status: over, Since: at(1), Until: at(4)}, []string{"a3", "b3", "a2", "a1"}},
		{"after a game", store.Filter{Status: over, After: store.Cursor{Updated: at(3), ID: "a3"}}, []string{"b3", "a2", "a1", "a0"}},
		{"after the last of a time", store.Filter{Status: over, After: store.Cursor{Updated: at(3), ID: "b3"}}, []string{"a2", "a1", "a0"}},
		{"after, with the rest", store.Filter{Status: over, Rules: "senet-jequier", Since: at(1), Limit: 1,
			After: store.Cursor{Updated: at(4), ID: "a4"}}, []string{"b3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := st.Games(ctx, tt.f)
			if err != nil {
				t.Fatal(err)
			}
			ids := []string{}
			for _, g := range got {
				ids = append(ids, g.ID)
			}
			diff(t, "Games", tt.want, ids)
		})
	}
	// Page by page, two at a time, from each page's last game: every
	// game over once, in order.
	var paged []string
	f := store.Filter{Status: over, Limit: 2}
	for range 10 {
		page, err := st.Games(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, g := range page {
			paged = append(paged, g.ID)
		}
		last := page[len(page)-1]
		f.After = store.Cursor{Updated: last.Updated, ID: last.ID}
	}
	diff(t, "paged", []string{"a4", "a3", "b3", "a2", "a1", "a0"}, paged)
}

// testReplay stores a whole game played with fair dice and replays the
// stored log under the ruleset: it must reach the stored position, and
// every throw must be the seed's.
func testReplay(t *testing.T, st store.Store) {
	ctx := context.Background()
	for _, id := range []string{"senet-szenet", "kinevet players=3"} {
		t.Run(id, func(t *testing.T) {
			kit, err := catalog.OpenID(id)
			if err != nil {
				t.Fatal(err)
			}
			seed := fairdice.NewSeed()
			g := store.Game{
				ID: "r-" + kit.ID(), Rules: kit.ID(), Start: kit.Start(), Pos: kit.Start(),
				Status: store.StatusLive, Commit: fairdice.Commit(seed), Seed: seed,
				Created: t0, Updated: t0,
			}
			for range kit.Players() {
				g.Seats = append(g.Seats, store.Seat{Kind: "random"})
			}
			create(t, st, g)
			bot, err := kit.NewPlayer("random", 1)
			if err != nil {
				t.Fatal(err)
			}
			pos := kit.Start()
			status := store.StatusLive
			for n := 1; status != store.StatusOver && n <= 3000; n++ {
				seat, _ := kit.ToMove(pos)
				outcomes, _ := kit.Outcomes(pos)
				roll, err := fairdice.Throw(seed, uint64(n-1), outcomes)
				if err != nil {
					t.Fatal(err)
				}
				move, err := bot.Choose(pos, roll)
				if err != nil {
					t.Fatal(err)
				}
				if pos, err = kit.Play(pos, roll, move); err != nil {
					t.Fatal(err)
				}
				if over, _, _ := kit.Result(pos); over {
					status = store.StatusOver
				}
				tt := store.Turn{N: n, Seat: int(seat), Roll: roll, Move: move, Pos: pos, By: "random", At: t0}
				if err := st.AppendTurn(ctx, g.ID, tt, status, ""); err != nil {
					t.Fatal(err)
				}
			}
			stored := read(t, st, g.ID)
			turns, err := st.Turns(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			rec := record.Record{Rules: stored.Rules, Start: stored.Start, End: stored.Pos,
				Commit: stored.Commit, DiceSeed: fmt.Sprintf("%x", stored.Seed)}
			for _, tt := range turns {
				_, letter := game.SeatName(kit.Ruleset, game.Player(tt.Seat))
				rec.Turns = append(rec.Turns, record.Turn{Seat: letter, Roll: tt.Roll, Move: tt.Move})
			}
			rep, err := fairdice.Verify(kit.Ruleset, rec)
			if err != nil {
				t.Fatalf("Verify of the stored game: %v", err)
			}
			if rep.Final != pos || stored.Turns != len(turns) {
				t.Errorf("stored game replays to %q after %d turns, want %q after %d", rep.Final, len(turns), pos, stored.Turns)
			}
		})
	}
}

// testConcurrent appends turns to several games at once.
func testConcurrent(t *testing.T, st store.Store) {
	ctx := context.Background()
	const games, turns = 8, 20
	for i := range games {
		create(t, st, newGame(fmt.Sprintf("c%d", i)))
	}
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 1; n <= turns; n++ {
				tt := store.Turn{N: n, Move: "pass", Pos: fmt.Sprintf("p%d", n), By: store.Human, At: t0}
				if err := st.AppendTurn(ctx, fmt.Sprintf("c%d", i), tt, store.StatusLive, ""); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for i := range games {
		if g := read(t, st, fmt.Sprintf("c%d", i)); g.Turns != turns || g.Pos != fmt.Sprintf("p%d", turns) {
			t.Errorf("game c%d: %d turns at %q, want %d at p%d", i, g.Turns, g.Pos, turns, turns)
		}
	}
}
