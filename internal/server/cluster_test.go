package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jackc/pgx/v5"

	"passage/internal/store"
	"passage/internal/store/pgtest"
	"passage/internal/store/postgres"
)

// newCluster starts n nodes (n0, n1, ...) on loopback ports, each with
// its own connection pool to one fresh PostgreSQL database; tweak, if
// given, changes node i's configuration.
func newCluster(t testing.TB, n int, cfg Config, tweak ...func(i int, c *Config)) []*testServer {
	t.Helper()
	dsn := pgtest.DSN(t)
	var nodes []*testServer
	for i := range n {
		st, err := postgres.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		var h http.Handler
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { h.ServeHTTP(w, r) }))
		c := cfg
		c.Store, c.Logger = st, quietLog()
		c.Node, c.Advertise = "n"+strconv.Itoa(i), ts.URL
		if c.LeaseTTL == 0 {
			c.LeaseTTL = 3 * time.Second
		}
		c.TakeoverEvery = 100 * time.Millisecond
		for _, f := range tweak {
			f(i, &c)
		}
		srv := New(c)
		h = srv.Handler()
		if err := srv.Resume(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			srv.Close()
			ts.Close()
			st.Close()
		})
		deadline := time.Now().Add(20 * time.Second)
		for !srv.hub.listening.Load() { // relayed streams are refused until then
			if time.Now().After(deadline) {
				t.Fatalf("node n%d does not listen for the games' events", i)
			}
			time.Sleep(time.Millisecond)
		}
		nodes = append(nodes, &testServer{srv: srv, ts: ts, st: st, url: ts.URL, dsn: dsn})
	}
	return nodes
}

// playedMove is a move as its player saw it acknowledged.
type playedMove struct {
	turn int
	move string
}

// TestClusterPlayAcrossNodes: a game whose players are on two different
// nodes plays to the end, White through the API of the node that runs
// the game, Black through the WebSocket of another (its intents relayed);
// a watcher connected to the third node sees every move, in order, and
// the normal close at the end; the dice of the record verify.
func TestClusterPlayAcrossNodes(t *testing.T) {
	nodes := newCluster(t, 3, Config{})
	// Near the end of a game, so that it ends in a few dozen turns.
	id, white, black := twoPeople(t, nodes[0], "......................w.b...w. w off=wwwbbbb")
	if nodes[0].srv.inMemory(id) == nil {
		t.Fatal("n0, where the seats were taken, does not run the game")
	}
	watcher := nodes[2].dial(t, id)
	if m := watcher.read(); m.Type != "state" || m.Game == nil || m.Game.ID != id {
		t.Fatalf("watcher's first message: %+v", m)
	}
	blackWS := nodes[1].dial(t, id)
	blackWS.read()
	// The streams are served where the clients are, relayed, not passed
	// through to n0.
	for _, n := range []int{1, 2} {
		if m := nodes[n].metric(t, `passage_websocket_connections{node="n`+strconv.Itoa(n)+`"}`); m != "1" {
			t.Errorf("n%d serves %s WebSocket streams, want 1", n, m)
		}
	}
	var played []playedMove
	intent := 0
	// ask sends an intent on Black's stream and waits for its answer.
	ask := func(msg map[string]any) {
		t.Helper()
		intent++
		msg["id"] = strconv.Itoa(intent)
		msg["token"] = black
		blackWS.send(msg)
		for {
			m := blackWS.read()
			if m.ID != msg["id"] {
				continue
			}
			if m.Type != "ack" {
				t.Fatalf("intent %v relayed by n1: %+v", msg, m)
			}
			return
		}
	}
	for v := nodes[2].game(t, id); v.Status != "over"; v = nodes[2].game(t, id) {
		if len(played) > 400 {
			t.Fatal("the game did not end in 400 turns")
		}
		var move string
		if v.ToMove == 0 {
			if v.Roll == nil {
				v = nodes[0].throw(t, id, white)
			}
			move = v.Moves[0].Move
			nodes[0].move(t, id, white, move)
		} else {
			if v.Roll == nil {
				ask(map[string]any{"type": "throw"})
				v = nodes[1].game(t, id)
			}
			move = v.Moves[0].Move
			ask(map[string]any{"type": "move", "move": move, "turn": v.Turns + 1})
		}
		after := nodes[2].game(t, id)
		if after.Turns != v.Turns+1 {
			t.Fatalf("move %s: the game is at turn %d, want %d", move, after.Turns, v.Turns+1)
		}
		played = append(played, playedMove{after.Turns, move})
	}
	var seen []playedMove
	var end error
	for {
		m, err := watcher.tryRead()
		if err != nil {
			end = err
			break
		}
		if m.Event != nil && m.Event.Kind == "move" {
			seen = append(seen, playedMove{m.Game.Turns, m.Event.Move})
		}
	}
	if len(seen) != len(played) {
		t.Fatalf("the watcher on the third node saw %d moves, %d were played (%v)", len(seen), len(played), end)
	}
	for i := range played {
		if seen[i] != played[i] {
			t.Fatalf("the watcher saw move %d as %+v, it was %+v", i, seen[i], played[i])
		}
	}
	if websocket.CloseStatus(end) != websocket.StatusNormalClosure {
		t.Errorf("the watcher's stream ended with %v, want a normal close", end)
	}
	if nodes[1].srv.inMemory(id) != nil || nodes[2].srv.inMemory(id) != nil {
		t.Error("the game was loaded on a node that relays it")
	}
	var verify verifyView
	nodes[2].ok(t, http.StatusOK, "GET", "/api/games/"+id+"/verify", "", nil, &verify)
	if !verify.OK {
		t.Errorf("verify on the third node: %+v", verify)
	}
	// n1 and n2 did not run the game: they forwarded, and the metrics
	// say which node counted.
	for _, n := range []int{1, 2} {
		if m := nodes[n].metric(t, `passage_forwarded_requests_total{node="n`+strconv.Itoa(n)+`"}`); m == "0" {
			t.Errorf("n%d forwarded no request", n)
		}
	}
	for i, n := range nodes {
		var ready map[string]any
		n.ok(t, http.StatusOK, "GET", "/readyz", "", nil, &ready)
		if ready["node"] != "n"+strconv.Itoa(i) {
			t.Errorf("/readyz of node %d: %v", i, ready)
		}
	}
}

// TestClusterDrain: a draining node reports not ready, still healthy,
// and hands its games over: another node runs the game at once, with the
// throw a person made on the draining node and not yet moved with, and
// the draining node forwards to it.
func TestClusterDrain(t *testing.T) {
	// Leases of a minute: the game can move to n1 within the test only
	// if n0 released its lease, not by its expiry.
	nodes := newCluster(t, 2, Config{LeaseTTL: time.Minute})
	id, white, black := twoPeople(t, nodes[0], "")
	v := nodes[0].throw(t, id, black)
	nodes[0].move(t, id, black, v.Moves[0].Move)
	tokens := []string{white, black}
	tok := tokens[nodes[0].game(t, id).ToMove]
	thrown := nodes[0].throw(t, id, tok)
	if nodes[0].srv.inMemory(id) == nil {
		t.Fatal("the game is not in n0's memory")
	}
	w := nodes[0].dial(t, id)
	w.read()
	nodes[0].srv.Drain()
	if _, err := w.tryRead(); websocket.CloseStatus(err) != websocket.StatusTryAgainLater || !strings.Contains(err.Error(), "stopping") {
		t.Errorf("a stream of the draining node ended with %v, want try again later: stopping", err)
	}
	if status, _ := nodes[0].do(t, "GET", "/readyz", "", nil); status != http.StatusServiceUnavailable {
		t.Errorf("/readyz of a draining node: %d, want 503", status)
	}
	if status, _ := nodes[0].do(t, "GET", "/healthz", "", nil); status != http.StatusOK {
		t.Errorf("/healthz of a draining node: %d, want 200", status)
	}
	if nodes[0].srv.GamesInMemory() != 0 {
		t.Errorf("%d games in memory after draining", nodes[0].srv.GamesInMemory())
	}
	// The lease was released: n1 takes the game, long before the lease
	// would have expired, thrown as it was. A 503 (try again) may come
	// first on a loaded machine, as a client would see it; the client
	// tries again.
	if got := throwStateOf(nodes[1].game(t, id)); !reflect.DeepEqual(got, throwStateOf(thrown)) {
		t.Errorf("the game on n1 after n0 drained (-want +got):\n- %+v\n+ %+v", throwStateOf(thrown), got)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		status, b := nodes[1].do(t, "POST", "/api/games/"+id+"/move", tok, map[string]any{"move": thrown.Moves[0].Move})
		if status == http.StatusOK {
			var got gameResponse
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			v = got.Game
			break
		}
		if status != http.StatusServiceUnavailable || time.Now().After(deadline) {
			t.Fatalf("the move of n0's throw on n1 after n0 drained: %d %s", status, b)
		}
	}
	if v.Turns != 2 || v.Last == nil || v.Last.Roll != *thrown.Roll {
		t.Errorf("the move on n1: turn %d, last %+v; want turn 2 with the throw %d made on n0", v.Turns, v.Last, *thrown.Roll)
	}
	if nodes[1].srv.inMemory(id) == nil {
		t.Fatal("n1 does not run the game after n0 drained")
	}
	tok = tokens[v.ToMove]
	after := nodes[0].throw(t, id, tok) // forwarded to n1
	if after.Turns != 2 || after.Roll == nil || nodes[0].srv.inMemory(id) != nil {
		t.Errorf("a throw sent to the drained node: turn %d, throw %v, in its memory %v", after.Turns, after.Roll, nodes[0].srv.inMemory(id) != nil)
	}
	if !strings.Contains(nodes[0].metric(t, `passage_forwarded_requests_total{node="n0"}`), "1") {
		t.Error("the drained node did not forward the throw")
	}
}

// TestClusterFencedTakeover: the node running a game loses its lease
// without noticing (as after a long pause: its lease expired, another
// node took the game over, and it has not renewed since). Its actor
// keeps playing, but the fencing number stops its very next write: from
// the takeover on, it appends no turn. Without the fence check in the
// store, its computers would go on appending.
func TestClusterFencedTakeover(t *testing.T) {
	ctx := context.Background()
	nodes := newCluster(t, 2, Config{BotDelay: time.Millisecond, LeaseTTL: time.Minute})
	c := nodes[0].create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "4"},
		Seats: []seatRequest{{Kind: "random"}, {Kind: "random"}, {Kind: "random"}, {Kind: "random"}}})
	id := c.Game.ID
	nodes[0].waitFor(t, id, "some turns on n0", func(v gameView) bool { return v.Turns >= 5 })

	conn, err := pgx.Connect(ctx, nodes[0].dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	// n1 takes the lease over, as Acquire does after an expiry, in one
	// statement: it waits for a write of n0 in flight, and none of n0's
	// may follow.
	var turns int
	if err := conn.QueryRow(ctx, `WITH takeover AS (
		UPDATE leases SET node = 'n1', addr = $2, fence = fence + 1, expires = now() + interval '1 minute'
		WHERE game_id = $1 RETURNING game_id)
		SELECT turns FROM games WHERE id = (SELECT game_id FROM takeover)`, id, nodes[1].url).Scan(&turns); err != nil {
		t.Fatal(err)
	}
	// The statement's snapshot may miss a turn committed while it waited
	// for the lease: read the turns again, after it.
	if err := conn.QueryRow(ctx, "SELECT turns FROM games WHERE id = $1", id).Scan(&turns); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for nodes[0].srv.inMemory(id) != nil {
		if time.Now().After(deadline) {
			t.Fatal("n0 still runs the game: its writes were not refused")
		}
		time.Sleep(time.Millisecond)
	}
	var after int
	var status string
	if err := conn.QueryRow(ctx, "SELECT turns, status FROM games WHERE id = $1", id).Scan(&after, &status); err != nil {
		t.Fatal(err)
	}
	if after != turns {
		t.Errorf("n0 appended %d turns after losing its lease (game %s)", after-turns, status)
	}
	// The game goes on on n1 once asked for (a stream opened there), to
	// the end; every turn of its log follows from the one before, with
	// the seed's throws.
	nodes[1].dial(t, id).read()
	nodes[1].waitFor(t, id, "the end of the game", func(v gameView) bool { return v.Status == "over" })
	var verify verifyView
	nodes[1].ok(t, http.StatusOK, "GET", "/api/games/"+id+"/verify", "", nil, &verify)
	if !verify.OK {
		t.Errorf("verify: %+v", verify)
	}
}

// TestNoteEncoding: notes survive their NOTIFY payload form, the "left"
// note (no message) included; malformed payloads are refused.
func TestNoteEncoding(t *testing.T) {
	for _, n := range []note{
		{game: "abcdefghijklm", fence: 3, seq: 17, msg: []byte(`{"type":"state","game":{"pos":"a b"}}`)},
		{game: "abcdefghijklm", fence: 4, seq: 1},
	} {
		got, ok := decodeNote(n.encode())
		if !ok || got.game != n.game || got.fence != n.fence || got.seq != n.seq || string(got.msg) != string(n.msg) || (got.msg == nil) != (n.msg == nil) {
			t.Errorf("decode(encode(%+v)) = %+v, %v", n, got, ok)
		}
	}
	for _, p := range []string{"", "abc", "abc 1\n{}", "abc x 2\n{}"} {
		if _, ok := decodeNote(p); ok {
			t.Errorf("decodeNote(%q) accepted", p)
		}
	}
}

// TestClusterRelayResync: a node relaying a game's stream drops notes
// older than its snapshot, and closes the stream (the client reconnects
// to a fresh snapshot) when a note is missing.
func TestClusterRelayResync(t *testing.T) {
	ctx := context.Background()
	nodes := newCluster(t, 2, Config{})
	id, _, black := twoPeople(t, nodes[0], "")
	watcher := nodes[1].dial(t, id)
	watcher.read()
	l, ok, err := nodes[1].srv.leaser.Holder(ctx, id)
	if err != nil || !ok || l.Node != "n0" {
		t.Fatalf("holder of the game: %+v %v %v, want n0", l, ok, err)
	}
	hub := nodes[1].srv.hub
	hub.receive(note{game: id, fence: l.Fence, seq: 0, msg: []byte(`{"type":"stale"}`)}.encode())
	hub.receive(note{game: id, fence: l.Fence - 1, seq: 1 << 20, msg: []byte(`{"type":"stale"}`)}.encode())
	nodes[0].throw(t, id, black)
	if m := watcher.read(); m.Type != "state" || m.Event == nil || m.Event.Kind != "throw" {
		t.Fatalf("after stale notes, the watcher read %+v, want the throw", m)
	}
	hub.receive(note{game: id, fence: l.Fence, seq: 1 << 20, msg: []byte(`{"type":"state"}`)}.encode())
	_, err = watcher.tryRead()
	if websocket.CloseStatus(err) != websocket.StatusTryAgainLater {
		t.Errorf("after a gap in the notes the stream ended with %v, want try again later", err)
	}
}

// TestClusterFencedRequest: a person's throw that reaches a node whose
// lease was taken over is refused with 503 and Retry-After (try again:
// another node runs the game), and written nowhere: the turn is not
// thrown.
func TestClusterFencedRequest(t *testing.T) {
	ctx := context.Background()
	nodes := newCluster(t, 2, Config{LeaseTTL: time.Minute})
	id, _, black := twoPeople(t, nodes[0], "")
	if nodes[0].srv.inMemory(id) == nil {
		t.Fatal("n0 does not run the game")
	}
	conn, err := pgx.Connect(ctx, nodes[0].dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "UPDATE leases SET expires = now() WHERE game_id = $1", id); err != nil {
		t.Fatal(err)
	}
	if _, err := nodes[1].srv.leaser.Acquire(ctx, id, "n1", nodes[1].url, time.Minute); err != nil {
		t.Fatal(err)
	}
	status, body := nodes[0].do(t, "POST", "/api/games/"+id+"/throw", black, nil)
	if status != http.StatusServiceUnavailable {
		t.Errorf("a throw on the node that lost the game: %d %s, want 503", status, body)
	}
	if g, err := nodes[0].st.Game(ctx, id); err != nil || g.Turns != 0 || g.Thrown != 0 {
		t.Errorf("after the refused throw the stored game is at turn %d, thrown %d (%v); want turn 0, not thrown", g.Turns, g.Thrown, err)
	}
	if nodes[0].srv.inMemory(id) != nil {
		t.Error("n0 still runs the game")
	}
}

// TestClusterRematch: the players of a finished game ask for the rematch
// on different nodes; the second request goes to the node that runs the
// rematch, and both hold their seats in it.
func TestClusterRematch(t *testing.T) {
	nodes := newCluster(t, 2, Config{})
	id, white, black := twoPeople(t, nodes[0], "")
	nodes[0].ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	var asked, accepted takeResult
	nodes[0].ok(t, http.StatusCreated, "POST", "/api/games/"+id+"/rematch", black, nil, &asked)
	// Black's page opens the new game on n0, which then runs it.
	nodes[0].dial(t, asked.Game.ID).read()
	if nodes[0].srv.inMemory(asked.Game.ID) == nil {
		t.Fatal("the rematch does not run on n0, where its page is open")
	}
	nodes[1].ok(t, http.StatusOK, "POST", "/api/games/"+id+"/rematch", white, nil, &accepted)
	if accepted.Game.ID != asked.Game.ID || accepted.Game.Status != "live" || len(accepted.Seats) != 1 || accepted.Seats[0] != 1 {
		t.Errorf("rematch accepted on n1: %+v, want seat 1 of the live game %s", accepted, asked.Game.ID)
	}
}

// TestClusterRematchAgain: an offer made on n0, whose page runs it
// there, is withdrawn through n1 (forwarded to n0); White offers again
// on n1, where their page then runs the new rematch, and Black accepts
// on n0: the accept goes to n1, the node of the new rematch, not of the
// withdrawn one, and both hold their seats in one game.
func TestClusterRematchAgain(t *testing.T) {
	nodes := newCluster(t, 2, Config{})
	id, white, black := twoPeople(t, nodes[0], "")
	rematch := "/api/games/" + id + "/rematch"
	nodes[0].ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	var asked, again, accepted takeResult
	nodes[0].ok(t, http.StatusCreated, "POST", rematch, black, nil, &asked)
	nodes[0].dial(t, asked.Game.ID).read()
	if nodes[0].srv.inMemory(asked.Game.ID) == nil {
		t.Fatal("the first rematch does not run on n0, where its page is open")
	}
	withdraw(t, nodes[1], asked.Game.ID, asked.Token)
	nodes[1].ok(t, http.StatusCreated, "POST", rematch, white, nil, &again)
	nodes[1].dial(t, again.Game.ID).read()
	if again.Game.ID == asked.Game.ID || nodes[1].srv.inMemory(again.Game.ID) == nil {
		t.Fatalf("the second rematch %s (the first %s) does not run on n1, where its page is open", again.Game.ID, asked.Game.ID)
	}
	nodes[0].ok(t, http.StatusOK, "POST", rematch, black, nil, &accepted)
	if accepted.Game.ID != again.Game.ID || accepted.Game.Status != "live" || len(accepted.Seats) != 1 || accepted.Seats[0] != 0 {
		t.Errorf("the second rematch accepted on n0: %+v, want seat 0 of the live game %s", accepted, again.Game.ID)
	}
	if v := nodes[0].game(t, asked.Game.ID); v.Status != "over" || v.Result == nil || v.Result.How != "abort" {
		t.Errorf("the withdrawn rematch is %q, %+v", v.Status, v.Result)
	}
}

// TestClusterRematchCreatedElsewhere: White asks for the rematch on n1
// while Black creates it on n0, whose page then runs it there: White's
// create finds it made, and the accept goes to n0 (not refused as run
// elsewhere), so both hold their seats in one game.
func TestClusterRematchCreatedElsewhere(t *testing.T) {
	nodes := newCluster(t, 2, Config{})
	id, white, black := twoPeople(t, nodes[0], "")
	rematch := "/api/games/" + id + "/rematch"
	nodes[0].ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	var asked, accepted takeResult
	testHookRematchCreate = func() {
		testHookRematchCreate = nil
		nodes[0].ok(t, http.StatusCreated, "POST", rematch, black, nil, &asked)
		nodes[0].dial(t, asked.Game.ID).read()
		if nodes[0].srv.inMemory(asked.Game.ID) == nil {
			t.Error("the rematch does not run on n0, where its page is open")
		}
	}
	defer func() { testHookRematchCreate = nil }()
	nodes[1].ok(t, http.StatusOK, "POST", rematch, white, nil, &accepted)
	if asked.Game.ID == "" || accepted.Game.ID != asked.Game.ID || accepted.Game.Status != "live" || len(accepted.Seats) != 1 || accepted.Seats[0] != 1 {
		t.Errorf("White's rematch on n1, created meanwhile on n0: %+v, want seat 1 of the live game %q", accepted, asked.Game.ID)
	}
}

// TestClusterAbandonElsewhere: a waiting game that runs on n0, where a
// person follows it, is abandoned by n1's sweep; n0's follower hears of
// it at once. n1 sweeps once, when the test says (its timer would not
// fire for an hour), so that a slow machine cannot let it abandon the
// game before the test has seen it run on n0.
func TestClusterAbandonElsewhere(t *testing.T) {
	nodes := newCluster(t, 2, Config{SweepEvery: 10 * time.Millisecond}, func(i int, c *Config) {
		c.WaitingExpiry = time.Hour // n0 never abandons
		if i == 1 {
			c.SweepEvery = time.Hour
			c.WaitingExpiry = time.Nanosecond
		}
	})
	c := nodes[0].create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Anyone: true}}})
	w := nodes[0].dial(t, c.Game.ID)
	w.read()
	if nodes[0].srv.inMemory(c.Game.ID) == nil {
		t.Fatal("the waiting game does not run on n0")
	}
	// Abandon compares timestamps in milliseconds: let one pass, so that
	// the game's is before the sweep's cutoff.
	time.Sleep(2 * time.Millisecond)
	nodes[1].srv.sweep(t.Context())
	for {
		m := w.read()
		if m.Type == "state" && m.Event != nil && m.Event.Kind == "abandoned" {
			break
		}
	}
	if _, err := w.tryRead(); websocket.CloseStatus(err) != websocket.StatusNormalClosure {
		t.Errorf("the stream of the abandoned game ended with %v, want a normal close", err)
	}
}

// TestClusterRenewalNotBehindTakeover: a takeover that takes longer than
// a lease lives (here a store whose Pending hangs, as reading and
// starting the games of a dead node with thousands can) does not hold
// up the renewal of the node's own leases.
func TestClusterRenewalNotBehindTakeover(t *testing.T) {
	var hang atomic.Bool
	release := make(chan struct{})
	nodes := newCluster(t, 1, Config{LeaseTTL: 600 * time.Millisecond}, func(i int, c *Config) {
		c.Store = &hangingPending{Store: c.Store.(*postgres.Store), hang: &hang, release: release}
	})
	defer close(release)
	n := nodes[0]
	id, _, _ := twoPeople(t, n, "")
	hang.Store(true)
	time.Sleep(2 * time.Second) // over three lives of a lease, with every takeover hanging
	l, ok, err := n.srv.leaser.Holder(context.Background(), id)
	if err != nil || !ok || l.Node != "n0" {
		t.Fatalf("the game's lease after the takeover hung: %+v %v %v, want n0's", l, ok, err)
	}
}

// hangingPending is a store whose Pending waits for release while hang
// is set.
type hangingPending struct {
	*postgres.Store
	hang    *atomic.Bool
	release chan struct{}
}

func (s *hangingPending) Pending(ctx context.Context, after string, stale time.Time, limit int) ([]store.Game, error) {
	if s.hang.Load() {
		select {
		case <-s.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return s.Store.Pending(ctx, after, stale, limit)
}

// TestClusterReadWhenTheNodeIsGone: while the node that runs a game
// cannot be reached (it died, and its lease has not run out), another
// node still answers a read of the game from the store; a command is
// refused as before (503: try again once the lease has moved).
func TestClusterReadWhenTheNodeIsGone(t *testing.T) {
	ctx := context.Background()
	nodes := newCluster(t, 2, Config{LeaseTTL: time.Minute})
	id, _, black := twoPeople(t, nodes[0], "")
	conn, err := pgx.Connect(ctx, nodes[0].dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	// n0 "dies": its advertised address stops answering (TEST-NET-1,
	// RFC 5737: nothing there; a dial hangs until peerTransport's 2 s, or
	// fails at once where there is no route).
	if _, err := conn.Exec(ctx, "UPDATE leases SET addr = 'http://192.0.2.1:80' WHERE game_id = $1", id); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Game gameView `json:"game"`
	}
	nodes[1].ok(t, http.StatusOK, "GET", "/api/games/"+id, "", nil, &got)
	if got.Game.ID != id || got.Game.Status != "live" {
		t.Errorf("the read on n1: %+v", got.Game)
	}
	if status, b := nodes[1].do(t, "POST", "/api/games/"+id+"/throw", black, map[string]any{}); status != http.StatusServiceUnavailable {
		t.Errorf("a throw on n1 while n0 holds the lease: %d %s, want 503", status, b)
	}
	// Only the game's view: its review would start work on n1.
	if status, b := nodes[1].do(t, "GET", "/api/games/"+id+"/analysis", "", nil); status != http.StatusServiceUnavailable {
		t.Errorf("the review on n1 while n0 holds the lease: %d %s, want 503", status, b)
	}
}
