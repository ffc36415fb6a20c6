package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/internal/store"
)

// One test (at least) per numbered finding of issue 11; each fails on
// the server as it was when the issue was filed.

// storedGame is a game for the store directly: people on every seat
// (seat 1 open while waiting), or the computers given.
func storedGame(id string, status store.Status, kinds ...string) store.Game {
	start := "wbwbwbwbw.b................... b opening=w"
	seed := fairdice.NewSeed()
	g := store.Game{ID: id, Rules: "senet-jequier", Start: start, Pos: start, Status: status,
		Commit: fairdice.Commit(seed), Seed: seed, Created: time.Now().UTC(), Updated: time.Now().UTC()}
	if len(kinds) == 0 {
		kinds = []string{store.Human, store.Human}
	}
	for i, k := range kinds {
		s := store.Seat{Kind: k}
		if k == store.Human && (i == 0 || status != store.StatusWaiting) {
			s.TokenHash = hashToken(fmt.Sprintf("%s-%d", id, i))
		}
		g.Seats = append(g.Seats, s)
	}
	return g
}

// gameID is a valid game ID made from n.
func gameID(prefix string, n int) string {
	return fmt.Sprintf("%s%0*d", prefix, 13-len(prefix), n)
}

// Finding 1 (restart) and the lazy loading: after a restart only the
// games with an automatic action due are in memory; the others load
// when asked for.
func TestRestartLoadsLazily(t *testing.T) {
	ctx := context.Background()
	s := newTestServer(t, Config{BotDelay: time.Hour})
	s.srv.Close() // a server to restart: the store stays
	var people, computers []string
	for i := range 60 {
		var g store.Game
		switch i % 3 {
		case 0:
			g = storedGame(gameID("waitg", i), store.StatusWaiting)
		case 1:
			g = storedGame(gameID("livep", i), store.StatusLive)
			people = append(people, g.ID)
		case 2:
			g = storedGame(gameID("livec", i), store.StatusLive, store.Human, "easy") // Black, the computer, to play
			computers = append(computers, g.ID)
		}
		if err := s.st.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	srv := New(Config{Store: s.st, Logger: quietLog(), BotDelay: time.Hour})
	defer srv.Close()
	if err := srv.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	if n := srv.GamesInMemory(); n != len(computers) {
		t.Errorf("after the restart %d games in memory, want the %d with a computer to play", n, len(computers))
	}
	for _, id := range computers {
		if srv.inMemory(id) == nil {
			t.Errorf("computer game %s not resumed", id)
		}
	}
	tok := people[0] + "-1" // Black, to throw
	if _, err := withActor(ctx, srv, people[0], func(a *actor) (gameView, error) { return a.doThrow(tok) }); err != nil {
		t.Fatalf("throw in a game not in memory: %v", err)
	}
	if srv.inMemory(people[0]) == nil || srv.GamesInMemory() != len(computers)+1 {
		t.Errorf("the game played was not loaded: %d in memory", srv.GamesInMemory())
	}
}

// Finding 2: idle games leave memory (and come back on request, with a
// throw made and not yet moved with), finished games leave at once,
// waiting games expire as abandoned and leave the lobby, and the number
// of games in memory is capped with a 503.
func TestIdleGamesLeaveMemory(t *testing.T) {
	s := newTestServer(t, Config{IdleAfter: 30 * time.Millisecond, SweepEvery: 10 * time.Millisecond})
	id, white, black := twoPeople(t, s, "")
	w := s.dial(t, id)
	w.readType("state")
	time.Sleep(100 * time.Millisecond)
	if s.srv.inMemory(id) == nil {
		t.Fatal("a game followed over WebSocket left memory")
	}
	w.c.Close(websocket.StatusNormalClosure, "")
	s.waitForActors(t, 0)
	v := s.throw(t, id, black) // loads the game again
	s.waitForActors(t, 0)
	if g := s.game(t, id); g.Roll == nil || *g.Roll != *v.Roll || !reflect.DeepEqual(g.Moves, v.Moves) {
		t.Errorf("thrown, after leaving memory: %+v, want the throw %d with %+v", throwStateOf(g), *v.Roll, v.Moves)
	}
	s.move(t, id, black, v.Moves[0].Move) // loads the game again, thrown
	if g := s.game(t, id); g.Turns != 1 {
		t.Errorf("after reloading: %+v", stateOf(g))
	}
	_ = white
}

func TestWaitingGamesExpire(t *testing.T) {
	s := newTestServer(t, Config{WaitingExpiry: 50 * time.Millisecond, SweepEvery: 10 * time.Millisecond})
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Anyone: true}}})
	w := s.dial(t, c.Game.ID)
	// The stream tells of it: by an event, or, where the game expired
	// before the stream began (a loaded machine takes more than the 50 ms
	// to connect), by its first snapshot, after which no event comes.
	for {
		m := w.read()
		if m.Type == "state" && (m.Event != nil && m.Event.Kind == "abandoned" ||
			m.Event == nil && m.Game != nil && m.Game.Status == "abandoned") {
			break
		}
	}
	g := s.waitFor(t, c.Game.ID, "abandoned", func(v gameView) bool { return v.Status == "abandoned" })
	if g.DiceSeed != "" {
		t.Error("an abandoned game revealed its seed")
	}
	var list gameList
	s.ok(t, http.StatusOK, "GET", "/api/games?status=waiting", "", nil, &list)
	if len(list.Games) != 0 {
		t.Errorf("lobby lists %d waiting games, want none", len(list.Games))
	}
	status, body := s.do(t, "POST", "/api/games/"+c.Game.ID+"/seats/1", "", nil)
	if status != http.StatusConflict || !strings.Contains(errorOf(t, body), "abandoned") {
		t.Errorf("take a seat of an abandoned game: %d %s", status, body)
	}
	s.waitForActors(t, 0)
	if m := s.metric(t, "passage_games_abandoned_total"); m != "1" {
		t.Errorf("passage_games_abandoned_total %s, want 1", m)
	}
}

// A waiting game that the sweep abandons while its actor starts (read
// from the store before, registered after the sweep looked for an actor
// to tell) is abandoned in memory too, not left waiting for ever.
func TestAbandonedWhileStarting(t *testing.T) {
	s := newTestServer(t, Config{WaitingExpiry: time.Hour, SweepEvery: time.Hour})
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Anyone: true}}})
	ctx := context.Background()
	g, err := s.st.Game(ctx, c.Game.ID) // as load reads it
	if err != nil || g.Status != store.StatusWaiting {
		t.Fatalf("stored game: %v, status %q", err, g.Status)
	}
	if ids, err := s.st.Abandon(ctx, time.Now().Add(time.Minute)); err != nil || len(ids) != 1 {
		t.Fatalf("abandon: %v %v", ids, err) // the sweep, with no actor to tell
	}
	if _, err := s.srv.start(ctx, g); err != nil {
		t.Fatal(err)
	}
	s.waitFor(t, c.Game.ID, "abandoned", func(v gameView) bool { return v.Status == "abandoned" })
}

func TestMaxGames(t *testing.T) {
	s := newTestServer(t, Config{MaxGames: 2, BotDelay: time.Hour, MaxComputerGames: 10})
	computers := createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "easy"}, {Kind: "easy"}}}
	s.create(t, computers)
	s.create(t, computers)
	status, body := s.do(t, "POST", "/api/games", "", computers)
	if status != http.StatusServiceUnavailable || !strings.Contains(errorOf(t, body), "as many games") {
		t.Errorf("a third game in memory: %d %s, want 503", status, body)
	}
	// A person's game needs no memory until it is played or followed.
	c := s.create(t, createRequest{Rules: "senet-jequier"})
	status, body = s.do(t, "GET", "/api/games/"+c.Game.ID+"/events", "", nil)
	if status != http.StatusServiceUnavailable {
		t.Errorf("following a game beyond the cap: %d %s, want 503", status, body)
	}
	if n := s.srv.GamesInMemory(); n != 2 {
		t.Errorf("%d games in memory, want 2", n)
	}
}

// Finding 3: searches run on a bounded pool, first come first served,
// cancelled ones dropped; one client's computer-only games are capped.
//
// The searches are released one at a time, so that only one worker is
// ever free: the search it takes next is then the queue's head and
// nothing else (releasing them all at once would let the two workers
// race to report which search they started).
func TestSearchPoolBound(t *testing.T) {
	p := newSearchPool(2)
	defer p.close()
	var mu sync.Mutex
	running, most := 0, 0
	started := make(chan int, 8)
	release := make([]chan struct{}, 8)
	var wg sync.WaitGroup
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	p.submit(cancelled, func() { t.Error("a cancelled search ran") })
	for i := range 8 {
		release[i] = make(chan struct{})
		wg.Add(1)
		p.submit(context.Background(), func() {
			defer wg.Done()
			mu.Lock()
			running++
			most = max(most, running)
			mu.Unlock()
			started <- i
			<-release[i]
			mu.Lock()
			running--
			mu.Unlock()
		})
	}
	if a, b := <-started, <-started; min(a, b) != 0 || max(a, b) != 1 {
		t.Fatalf("the first searches to start were %d and %d, want 0 and 1", a, b)
	}
	if q, r := p.counts(); q != 6 || r != 2 {
		t.Errorf("%d searches queued and %d running, want 6 and 2", q, r)
	}
	for i := 2; i < 8; i++ {
		close(release[i-2])
		if got := <-started; got != i {
			t.Errorf("search %d started when search %d was next: not first come first served", got, i)
		}
	}
	close(release[6])
	close(release[7])
	wg.Wait()
	if most != 2 {
		t.Errorf("at most %d searches at once, want 2", most)
	}
}

func TestComputerGamesPerClient(t *testing.T) {
	s := newTestServer(t, Config{MaxComputerGames: 2, BotDelay: time.Hour})
	computers := createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "expert"}, {Kind: "expert"}}}
	s.create(t, computers)
	s.create(t, computers)
	status, body := s.do(t, "POST", "/api/games", "", computers)
	if status != http.StatusTooManyRequests || !strings.Contains(errorOf(t, body), "games between computers") {
		t.Errorf("a third computer-only game: %d %s, want 429", status, body)
	}
	// A game with a person in it is not capped.
	s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "expert"}}})
}

// TestSearchesDoNotBlockPeople: with every search slot taken and games
// between computers queued behind them, a person's move and the health
// check are answered (they never enter the search queue).
func TestSearchesDoNotBlockPeople(t *testing.T) {
	s := newTestServer(t, Config{Searches: 1, BotDelay: time.Millisecond, MaxComputerGames: 10})
	block := make(chan struct{})
	s.srv.pool.submit(context.Background(), func() { <-block }) // the one slot, held
	defer close(block)
	for range 3 {
		s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "expert"}, {Kind: "expert"}}})
	}
	for {
		if q, _ := s.srv.pool.counts(); q == 3 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	s.ok(t, http.StatusOK, "GET", "/healthz", "", nil, nil)
	id, _, black := twoPeople(t, s, "")
	v := s.throw(t, id, black)
	if v = s.move(t, id, black, v.Moves[0].Move); v.Turns != 1 {
		t.Errorf("a person's move while searches wait: %+v", stateOf(v))
	}
}

// Rate limits: per client, 429 with Retry-After, counted; another
// client (by the trusted proxy header) is not affected.
func TestRateLimits(t *testing.T) {
	s := newTestServer(t, Config{CreateRate: rate.Every(time.Hour), CreateBurst: 2, TakeRate: rate.Every(time.Hour), TakeBurst: 1,
		ClientHeader: "X-Forwarded-For"})
	create := func(client string) (int, http.Header, string) {
		req, _ := http.NewRequest("POST", s.url+"/api/games", strings.NewReader(`{"rules":"senet-jequier","seats":[{"kind":"human","take":true},{"kind":"human","anyone":true}]}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", "198.51.100.7, "+client)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header, string(b)
	}
	for range 2 {
		if status, _, body := create("192.0.2.1"); status != http.StatusCreated {
			t.Fatalf("create within the burst: %d %s", status, body)
		}
	}
	status, h, body := create("192.0.2.1")
	if status != http.StatusTooManyRequests || !strings.Contains(body, "too many new games") {
		t.Fatalf("create past the burst: %d %s, want 429", status, body)
	}
	if secs, err := strconv.Atoi(h.Get("Retry-After")); err != nil || secs < 1 {
		t.Errorf("Retry-After %q, want a number of seconds", h.Get("Retry-After"))
	}
	if status, _, body := create("192.0.2.2"); status != http.StatusCreated {
		t.Errorf("another client: %d %s", status, body)
	}
	if m := s.metric(t, `passage_refused_requests_total{reason="rate_limit"}`); m != "1" {
		t.Errorf("refused for rate: %s, want 1", m)
	}
	var list gameList
	s.ok(t, http.StatusOK, "GET", "/api/games?status=waiting", "", nil, &list)
	id := list.Games[0].ID
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/seats/1", "", nil, nil)
	status, body2 := s.do(t, "POST", "/api/games/"+list.Games[1].ID+"/seats/1", "", nil)
	if status != http.StatusTooManyRequests {
		t.Errorf("a second seat past the burst: %d %s, want 429", status, body2)
	}
}

func TestClientID(t *testing.T) {
	direct := &Server{cfg: Config{}}
	proxied := &Server{cfg: Config{ClientHeader: "X-Forwarded-For"}}
	for _, tt := range []struct {
		srv    *Server
		remote string
		header string
		want   string
	}{
		{direct, "192.0.2.1:5555", "203.0.113.9", "192.0.2.1"},
		{direct, "[2001:db8:1:2:3:4:5:6]:443", "", "2001:db8:1:2::/64"},
		{direct, "[::ffff:192.0.2.3]:80", "", "192.0.2.3"},
		{proxied, "10.0.0.1:1", "203.0.113.9, 198.51.100.1", "198.51.100.1"},
		{proxied, "10.0.0.1:1", "", "10.0.0.1"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tt.remote
		if tt.header != "" {
			r.Header.Set("X-Forwarded-For", tt.header)
		}
		if got := tt.srv.clientID(r); got != tt.want {
			t.Errorf("clientID(%s, %q) = %q, want %q", tt.remote, tt.header, got, tt.want)
		}
	}
}

// Finding 4: read, write and idle timeouts close slow and idle
// connections, while a WebSocket stream outlives them; a stream whose
// client no longer answers pings is closed.
func TestTimeouts(t *testing.T) {
	s := newTestServer(t, Config{})
	cfg := Config{Store: s.st, Logger: quietLog(), ReadHeaderTimeout: 100 * time.Millisecond, ReadTimeout: 200 * time.Millisecond,
		WriteTimeout: 200 * time.Millisecond, IdleTimeout: 200 * time.Millisecond, PingEvery: 100 * time.Millisecond, PongWait: 100 * time.Millisecond}
	srv := New(cfg)
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := srv.HTTPServer()
	go hs.Serve(ln)
	defer hs.Close()
	addr := ln.Addr().String()

	closedWithin := func(what string, c net.Conn) {
		t.Helper()
		c.SetReadDeadline(time.Now().Add(5 * time.Second)) // a safety net, not a measurement
		_, err := io.Copy(io.Discard, c)
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Errorf("%s: the server kept the connection open", what)
		}
	}
	// A body that trickles in.
	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(slow, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
	go func() {
		for range 20 {
			time.Sleep(50 * time.Millisecond)
			if _, err := slow.Write([]byte(" ")); err != nil {
				return
			}
		}
	}()
	closedWithin("trickled body", slow)
	// A connection that never sends a request.
	silent, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	closedWithin("silent connection", silent)
	// An idle keep-alive connection.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	closedWithin("idle keep-alive", c)

	// A WebSocket stream outlives the timeouts and gets the game's moves.
	// (made by the other server on the same store, whose client keeps
	// no connection to this one's idle timeout)
	id, _, black := twoPeople(t, s, "")
	ws, _, err := websocket.Dial(context.Background(), "ws://"+addr+"/api/games/"+id+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	go func() {
		time.Sleep(500 * time.Millisecond)
		if _, err := withActor(context.Background(), srv, id, func(a *actor) (gameView, error) { return a.doThrow(black) }); err != nil {
			t.Error(err)
		}
	}()
	for {
		_, b, err := ws.Read(ctx) // also answers the server's pings
		if err != nil {
			t.Fatalf("the stream ended: %v", err)
		}
		if strings.Contains(string(b), `"kind":"throw"`) {
			break
		}
	}
	// A client that never reads (so never answers a ping) is closed.
	raw, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(raw, "GET /api/games/%s/events HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", id, addr)
	br := bufio.NewReader(raw)
	resp, err = http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %v %v", resp, err)
	}
	raw.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err = io.Copy(io.Discard, br) // frames (state, pings) until the server closes
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Error("a client that answers no ping was kept")
	}
}

// Finding 5: creating a game without seats gives the creator seat 0 and
// a token, as the docs say, and invites for the others.
func TestCreateWithoutSeats(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "3"}})
	if c.Token == "" || len(c.Seats) != 1 || c.Seats[0] != 0 {
		t.Fatalf("create without seats: token %q seats %v, want a token for seat 0", c.Token, c.Seats)
	}
	if len(c.Invites) != 2 || c.Invites[0].Secret == "" || c.Invites[0].Anyone {
		t.Errorf("invites %+v, want two by invitation", c.Invites)
	}
	var resp gameResponse
	s.ok(t, http.StatusOK, "GET", "/api/games/"+c.Game.ID, c.Token, nil, &resp)
	if len(resp.Seats) != 1 || resp.Seats[0] != 0 {
		t.Errorf("the creator's token holds %v, want [0]", resp.Seats)
	}
}

// Finding 6: an invited seat is taken only with its link's secret; the
// lobby lists only seats open to anyone; the creator sees the invites
// again.
func TestInvites(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "3"},
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}, {Kind: "human", Anyone: true}}})
	id := c.Game.ID
	if len(c.Invites) != 2 || c.Invites[0].Seat != 1 || !strings.Contains(c.Invites[0].Path, "invite="+c.Invites[0].Secret) ||
		c.Invites[1].Seat != 2 || !c.Invites[1].Anyone || c.Invites[1].Secret != "" {
		t.Fatalf("invites %+v", c.Invites)
	}
	before := stateOf(s.game(t, id))
	for _, body := range []any{nil, map[string]string{"invite": "guess"}, map[string]string{"invite": inviteSecret([]byte("x"), 1)}} {
		status, b := s.do(t, "POST", "/api/games/"+id+"/seats/1", "", body)
		if status != http.StatusForbidden || !strings.Contains(errorOf(t, b), "invitation") {
			t.Errorf("take the invited seat with %v: %d %s, want 403", body, status, b)
		}
	}
	s.unchanged(t, id, before)
	var lobby gameList
	s.ok(t, http.StatusOK, "GET", "/api/games?status=waiting", "", nil, &lobby)
	if len(lobby.Games) != 1 || !lobby.Games[0].Seats[2].Anyone || lobby.Games[0].Seats[1].Anyone {
		t.Errorf("lobby %+v", lobby.Games)
	}
	var again gameResponse
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id, c.Token, nil, &again)
	if len(again.Invites) != 2 || again.Invites[0].Secret != c.Invites[0].Secret {
		t.Errorf("invites for the creator: %+v", again.Invites)
	}
	var anon gameResponse
	s.ok(t, http.StatusOK, "GET", "/api/games/"+id, "", nil, &anon)
	if len(anon.Invites) != 0 {
		t.Errorf("invites shown without a token: %+v", anon.Invites)
	}
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/seats/1", "", map[string]string{"invite": c.Invites[0].Secret}, nil)
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/seats/2", "", nil, nil)
	if g := s.game(t, id); g.Status != "live" {
		t.Errorf("after both seats were taken: %s", g.Status)
	}
	// Over the WebSocket too.
	c = s.create(t, createRequest{Rules: "senet-jequier"})
	w := s.dial(t, c.Game.ID)
	w.readType("state")
	w.send(map[string]any{"type": "take", "seat": 1})
	if m := w.readType("error"); m.Status != http.StatusForbidden {
		t.Errorf("WebSocket take without the secret: %+v", m)
	}
	w.send(map[string]any{"type": "take", "seat": 1, "invite": c.Invites[0].Secret})
	if m := w.readType("taken"); m.Token == "" {
		t.Errorf("WebSocket take with the secret: %+v", m)
	}
}

// Finding 7: a state-changing request must be declared JSON and may not
// come from another site's page.
func TestCrossSiteRequests(t *testing.T) {
	s := newTestServer(t, Config{})
	body := `{"rules":"senet-jequier"}`
	send := func(header map[string]string) (int, string) {
		req, _ := http.NewRequest("POST", s.url+"/api/games", strings.NewReader(body))
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, tt := range []struct {
		name   string
		header map[string]string
		want   int
	}{
		{"no content type", nil, http.StatusUnsupportedMediaType},
		{"text/plain", map[string]string{"Content-Type": "text/plain"}, http.StatusUnsupportedMediaType},
		{"form", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, http.StatusUnsupportedMediaType},
		{"foreign origin", map[string]string{"Content-Type": "application/json", "Origin": "https://evil.example"}, http.StatusForbidden},
		{"cross-site fetch", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"text/plain from a foreign origin", map[string]string{"Content-Type": "text/plain", "Origin": "https://evil.example"}, http.StatusForbidden},
		{"same origin", map[string]string{"Content-Type": "application/json", "Origin": s.url, "Sec-Fetch-Site": "same-origin"}, http.StatusCreated},
		{"a program", map[string]string{"Content-Type": "application/json; charset=utf-8"}, http.StatusCreated},
	} {
		status, b := send(tt.header)
		if status != tt.want {
			t.Errorf("%s: %d %s, want %d", tt.name, status, b, tt.want)
		}
	}
	var list gameList
	s.ok(t, http.StatusOK, "GET", "/api/games", "", nil, &list)
	if len(list.Games) != 2 {
		t.Errorf("%d games created, want 2 (the refused ones changed something)", len(list.Games))
	}
	// A WebSocket from a foreign page is refused too.
	h := http.Header{"Origin": {"https://evil.example"}}
	if _, resp, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(s.url, "http")+"/api/games/"+list.Games[0].ID+"/events",
		&websocket.DialOptions{HTTPHeader: h}); err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Errorf("WebSocket from a foreign origin: %v", err)
	}
	h = http.Header{"Origin": {s.url}}
	ws, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(s.url, "http")+"/api/games/"+list.Games[0].ID+"/events",
		&websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Errorf("WebSocket from the server's own page: %v", err)
	} else {
		ws.CloseNow()
	}
	if m := s.metric(t, `passage_refused_requests_total{reason="cross_origin"}`); m != "4" {
		t.Errorf("cross-origin refusals counted: %s, want 4", m)
	}
}

// Finding 8: security headers on every response, pages, files, API and
// errors alike.
func TestSecurityHeaders(t *testing.T) {
	s := newTestServer(t, Config{})
	for _, path := range []string{"/", "/g/abcdefghijklm", "/static/app.js", "/api/rulesets", "/api/games/abcdefghijklm", "/healthz", "/no/such/page", "/rules/senet-jequier"} {
		resp, err := http.Get(s.url + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		h := resp.Header
		csp := h.Get("Content-Security-Policy")
		directives := map[string]string{}
		for d := range strings.SplitSeq(csp, ";") {
			name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
			directives[name] = value
		}
		if directives["script-src"] != "'self'" || directives["frame-ancestors"] != "'none'" {
			t.Errorf("%s: CSP %q, want script-src 'self' alone and frame-ancestors 'none'", path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: headers %v", path, h)
		}
	}
}

// metric is the value of a metric line (name with labels) at /metrics.
func (s *testServer) metric(t *testing.T, name string) string {
	t.Helper()
	_, body := s.do(t, "GET", "/metrics", "", nil)
	for line := range strings.SplitSeq(string(body), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			return v
		}
	}
	t.Fatalf("no metric %s", name)
	return ""
}

// TestLimiterForgets: a client whose bucket is full again is dropped
// from the map, so that it does not grow with every address seen; one
// still limited is kept.
func TestLimiterForgets(t *testing.T) {
	l := newLimiter(rate.Every(time.Second), 2)
	t0 := time.Now()
	for _, c := range []string{"a", "b", "b", "b"} {
		l.allow(c, t0)
	}
	if ok, retry := l.allow("b", t0); ok || retry <= 0 {
		t.Fatalf("b past its burst: allowed %v, retry %v", ok, retry)
	}
	l.forget(t0.Add(1500 * time.Millisecond))
	if _, ok := l.clients["a"]; ok {
		t.Error("a, full again, is still remembered")
	}
	if _, ok := l.clients["b"]; !ok {
		t.Error("b, still limited, was forgotten")
	}
}

// TestTakeAsTheGameExpires: a seat taken in memory while the store has
// just abandoned the game is refused with 409 and changes nothing.
func TestTakeAsTheGameExpires(t *testing.T) {
	s := newTestServer(t, Config{})
	c := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Anyone: true}}})
	w := s.dial(t, c.Game.ID) // the game in memory, as waiting
	w.readType("state")
	if ids, err := s.st.Abandon(context.Background(), time.Now().Add(time.Hour)); err != nil || len(ids) != 1 {
		t.Fatalf("abandon in the store: %v %v", ids, err)
	}
	status, body := s.do(t, "POST", "/api/games/"+c.Game.ID+"/seats/1", "", nil)
	if status != http.StatusConflict || !strings.Contains(errorOf(t, body), "changed meanwhile") {
		t.Errorf("take as the game expires: %d %s, want 409", status, body)
	}
	if g := s.game(t, c.Game.ID); g.Status != "abandoned" || !g.Seats[1].Open {
		t.Errorf("after the refused take: %+v", stateOf(g))
	}
}

// TestTimeLimitWakesIdleGame: a game whose person to play is gone leaves memory
// when idle; when the time limit runs out the sweeper brings it back
// and the computer takes the seat over.
func TestTimeLimitWakesIdleGame(t *testing.T) {
	s := newTestServer(t, Config{TimeUnit: 10 * time.Millisecond, IdleAfter: 20 * time.Millisecond, SweepEvery: 10 * time.Millisecond, BotDelay: time.Millisecond})
	id, _, _ := twoPeopleTimed(t, s, 50)
	s.waitForActors(t, 0) // idle before the deadline
	v := s.waitFor(t, id, "the computer playing Black", func(v gameView) bool {
		return v.Last != nil && v.Last.Seat == 1 && v.Last.By == "medium"
	})
	if !v.Seats[1].Away {
		t.Errorf("seat 1 after the computer played it: %+v, want away", v.Seats[1])
	}
}

// TestFailuresAreLogged: every refused request and intent goes through
// the one error path, which logs it (a client's mistake at info level).
func TestFailuresAreLogged(t *testing.T) {
	var buf syncBuffer
	s := newTestServer(t, Config{Logger: slog.New(slog.NewTextHandler(&buf, nil))})
	s.do(t, "POST", "/api/games", "", `{"rules":"no-such-rules"}`)
	c := s.create(t, createRequest{Rules: "senet-jequier"})
	w := s.dial(t, c.Game.ID)
	w.readType("state")
	w.send(map[string]any{"type": "throw", "token": "nobody"})
	w.readType("error")
	log := buf.String()
	for _, want := range []string{"path=/api/games status=400", "path=/api/games/" + c.Game.ID + "/events status=403"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestIdleActorsHoldNoGoroutine: a game in memory with nothing to do
// costs its state, not a goroutine (one per game kept 33,000 games'
// goroutines alive).
func TestIdleActorsHoldNoGoroutine(t *testing.T) {
	s := newTestServer(t, unlimited(Config{}))
	var ids []string
	for range 200 {
		ids = append(ids, s.create(t, createRequest{Rules: "senet-jequier"}).Game.ID)
	}
	time.Sleep(50 * time.Millisecond)
	before := runtime.NumGoroutine()
	for _, id := range ids {
		if _, _, err := s.srv.load(context.Background(), id); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		grown := runtime.NumGoroutine() - before
		if grown < 20 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("200 idle games in memory hold %d more goroutines", grown)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if n := s.srv.GamesInMemory(); n != 200 {
		t.Errorf("%d games in memory, want 200", n)
	}
}

// TestRefusedCommandsKeepNothing: a stranger's refused commands load a
// game only until the next sweep, however many they send, where a
// command that is done keeps the game for the idle time.
func TestRefusedCommandsKeepNothing(t *testing.T) {
	s := newTestServer(t, Config{IdleAfter: time.Hour, SweepEvery: 10 * time.Millisecond})
	id, _, black := twoPeople(t, s, "")
	a := s.srv.inMemory(id)
	a.post(a.stop)
	s.waitForActors(t, 0)
	for range 3 {
		if status, b := s.do(t, "POST", "/api/games/"+id+"/throw", "not-a-token", map[string]any{}); status != http.StatusForbidden {
			t.Fatalf("a stranger's throw: %d %s", status, b)
		}
	}
	s.waitForActors(t, 0)
	s.throw(t, id, black)
	time.Sleep(100 * time.Millisecond)
	if s.srv.inMemory(id) == nil {
		t.Error("a game played a moment ago left memory before its idle time")
	}
}

// TestCommandAsGameLeavesMemory: a command that reaches a game's actor
// while a sweep is stopping it (the actor refuses work but is still in
// the server's map, until its stop has run to the end) waits for the
// stop and is done on a new actor, rather than refused as if the server
// were shutting down. The test holds that moment open: the actor is
// marked stopped, with no mailbox running, and finished by hand.
func TestCommandAsGameLeavesMemory(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	mover := map[int]string{0: white, 1: black}[s.game(t, id).ToMove]
	a := s.srv.inMemory(id)
	stopHalfway(t, a)
	answer := make(chan int, 1)
	go func() {
		code, b := s.do(t, "POST", "/api/games/"+id+"/throw", mover, map[string]any{})
		if code != http.StatusOK {
			t.Errorf("throw: %d %s", code, b)
		}
		answer <- code
	}()
	select {
	case code := <-answer:
		t.Fatalf("the throw was answered (%d) while the stopped actor was still in the map: it did not wait for the stop", code)
	case <-time.After(300 * time.Millisecond):
	}
	finishStop(s, a)
	if <-answer != http.StatusOK {
		return
	}
	if b := s.srv.inMemory(id); b == nil || b == a {
		t.Errorf("after the throw the game's actor is %p, want a new one (the stopped one was %p)", b, a)
	}
}

// stopHalfway marks an idle actor stopped while it stays in the server's
// map: the moment between a sweep's stop and its end, held open by hand.
func stopHalfway(t *testing.T, a *actor) {
	t.Helper()
	// Let the mailbox run dry, then stop the actor halfway.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		a.mu.Lock()
		idle := !a.running && len(a.queue) == 0
		if idle {
			a.stopped = true
		}
		a.mu.Unlock()
		if idle {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the actor's mailbox never ran dry")
		}
	}
}

// finishStop ends what stopHalfway began: the server forgets the actor,
// done closes.
func finishStop(s *testServer, a *actor) {
	a.cancel()
	s.srv.forget(a)
	close(a.done)
}

// TestStreamAsGameLeavesMemory: a game's event stream opened while its
// stopped actor is still in the map waits for the stop to end and
// subscribes to the game loaded again (withActor, as a command).
func TestStreamAsGameLeavesMemory(t *testing.T) {
	s := newTestServer(t, Config{})
	id, _, _ := twoPeople(t, s, "")
	a := s.srv.inMemory(id)
	stopHalfway(t, a)
	w := s.dial(t, id)
	got := make(chan message, 1)
	go func() {
		m, err := w.tryRead()
		if err != nil {
			t.Errorf("the stream: %v", err)
		}
		got <- m
	}()
	select {
	case m := <-got:
		t.Fatalf("the stream sent %q while the stopped actor was still in the map: it did not wait for the stop", m.Type)
	case <-time.After(300 * time.Millisecond):
	}
	finishStop(s, a)
	if m := <-got; m.Type != "state" {
		t.Errorf("the first message is %q, want the state", m.Type)
	}
	if b := s.srv.inMemory(id); b == nil || b == a {
		t.Errorf("after the stream opened the game's actor is %p, want a new one (the stopped one was %p)", b, a)
	}
}

// TestDrainMissesNoStart: a game whose start was under way when Drain
// began (past start's own check) is refused rather than registered
// after Drain listed the games to hand over, where it would stay.
func TestDrainMissesNoStart(t *testing.T) {
	s := newTestServer(t, Config{})
	id, _, _ := twoPeople(t, s, "")
	a := s.srv.inMemory(id)
	a.post(a.stop)
	s.waitForActors(t, 0)
	ctx := context.Background()
	g, err := s.st.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	kit, err := catalog.OpenID(g.Rules)
	if err != nil {
		t.Fatal(err)
	}
	s.srv.Drain()
	if _, err := s.srv.startClaimed(ctx, kit, g, nil, s.st); !errors.Is(err, errDraining) {
		t.Errorf("a start finishing after the drain began: %v, want errDraining", err)
	}
	if n := s.srv.GamesInMemory(); n != 0 {
		t.Errorf("%d games in memory after the drain", n)
	}
}

// TestStrangersDoNotLoadGames (operator review, finding 1): an intent
// whose token holds no seat of a stored game is refused as before
// (403 bad_token, 401 missing_token) without loading the game, so that
// game IDs and made-up tokens cannot fill --max-games; the holder's
// intent still loads it.
func TestStrangersDoNotLoadGames(t *testing.T) {
	ctx := context.Background()
	s := newTestServer(t, Config{MaxGames: 2, BotDelay: time.Hour, SweepEvery: time.Hour})
	var ids []string
	for i := range 3 {
		g := storedGame("strangergame"+string(rune('a'+i)), store.StatusLive)
		if err := s.st.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	for _, id := range ids {
		for _, intent := range []string{"throw", "resign", "abort", "claim", "handover"} {
			status, b := s.do(t, "POST", "/api/games/"+id+"/"+intent, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", nil)
			if status != http.StatusForbidden || !strings.Contains(string(b), `"bad_token"`) {
				t.Errorf("%s with a stranger's token: %d %s, want 403 bad_token", intent, status, b)
			}
		}
		status, b := s.do(t, "POST", "/api/games/"+id+"/move", "", map[string]any{"move": "1-2"})
		if status != http.StatusUnauthorized || !strings.Contains(string(b), `"missing_token"`) {
			t.Errorf("move without a token: %d %s, want 401 missing_token", status, b)
		}
	}
	if n := s.srv.GamesInMemory(); n != 0 {
		t.Fatalf("strangers' intents loaded %d games", n)
	}
	s.throw(t, ids[0], ids[0]+"-1") // Black, to throw, holds seat 1
	if s.srv.inMemory(ids[0]) == nil {
		t.Error("the holder's throw did not load the game")
	}
}

// TestStrangersTakesDoNotLoadGames (diff review): a take the stored game
// refuses (a wrong invite secret, a seat taken) is refused without
// loading the game, with the actor's own answer; a good one is made.
func TestStrangersTakesDoNotLoadGames(t *testing.T) {
	s := newTestServer(t, Config{SweepEvery: time.Hour})
	c := s.create(t, createRequest{Rules: "senet-jequier"}) // seat 1 by invitation
	id := c.Game.ID
	s.waitForActors(t, 0)
	status, b := s.do(t, "POST", "/api/games/"+id+"/seats/1", "", map[string]any{"invite": "wrong"})
	if status != http.StatusForbidden || !strings.Contains(string(b), `"invite_only"`) {
		t.Errorf("a take with a wrong secret: %d %s, want 403 invite_only", status, b)
	}
	status, b = s.do(t, "POST", "/api/games/"+id+"/seats/0", "", map[string]any{})
	if status != http.StatusConflict || !strings.Contains(string(b), `"seat_taken"`) {
		t.Errorf("a take of the creator's seat: %d %s, want 409 seat_taken", status, b)
	}
	if n := s.srv.GamesInMemory(); n != 0 {
		t.Fatalf("refused takes loaded %d games", n)
	}
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/seats/1", "", map[string]any{"invite": c.Invites[0].Secret}, nil)
}

// TestPublicURL (operator review, finding 2): behind a proxy that
// terminates TLS the request says http, so the invite links start with
// Config.PublicURL when it is set; without it, with the request's scheme
// and host as before.
func TestPublicURL(t *testing.T) {
	s := newTestServer(t, Config{PublicURL: "https://passage.example.org/"})
	c := s.create(t, createRequest{Rules: "senet-jequier"})
	if want := "https://passage.example.org" + c.Invites[0].Path; c.Invites[0].URL != want {
		t.Errorf("invite url %q, want %q", c.Invites[0].URL, want)
	}
	var again gameResponse
	s.ok(t, http.StatusOK, "GET", "/api/games/"+c.Game.ID, c.Token, nil, &again)
	if want := "https://passage.example.org" + c.Invites[0].Path; len(again.Invites) != 1 || again.Invites[0].URL != want {
		t.Errorf("invites for the creator: %+v, want url %q", again.Invites, want)
	}
	plain := newTestServer(t, Config{})
	c = plain.create(t, createRequest{Rules: "senet-jequier"})
	if want := plain.url + c.Invites[0].Path; c.Invites[0].URL != want {
		t.Errorf("invite url without a public URL %q, want %q", c.Invites[0].URL, want)
	}
}

// TestEchoesAreShort (operator review, findings 4 and 10): what a client
// sent comes back in an error, and goes to the log, at most maxEcho
// bytes of it; JSON errors name the field, not the server's Go types;
// a request's headers are bounded (431 past maxHeaderBytes).
func TestEchoesAreShort(t *testing.T) {
	var buf syncBuffer
	s := newTestServer(t, Config{Logger: slog.New(slog.NewTextHandler(&buf, nil))})
	long := strings.Repeat("w", 60000)
	id, _, black := twoPeople(t, s, "")
	s.throw(t, id, black)
	for _, tt := range []struct{ method, path, token, body string }{
		{"GET", "/api/nothing/" + long, "", ""},
		{"POST", "/api/games", "", `{"rules":"senet-jequier","start":"` + long + `"}`},
		{"POST", "/api/games", "", `{"rules":"` + long + `"}`},
		{"POST", "/api/games", "", `{"rules":"senet-jequier","seats":[{"kind":"` + long + `"},{"kind":"easy"}]}`},
		{"POST", "/api/games", "", `{"rules":"senet-jequier","` + long + `":1}`},
		{"POST", "/api/games/" + id + "/move", black, `{"move":"` + long + `"}`},
		{"GET", "/api/games?status=" + long, "", ""},
	} {
		var body any
		if tt.body != "" {
			body = tt.body
		}
		status, b := s.do(t, tt.method, tt.path, tt.token, body)
		if msg := errorOf(t, b); status < 400 || len(msg) > maxEcho+200 || !strings.Contains(msg, "…") {
			t.Errorf("%s %.40s: %d, message of %d bytes, want a 4xx with the input cut short: %.300s", tt.method, tt.path, status, len(msg), msg)
		}
	}
	for _, line := range strings.Split(buf.String(), "\n") {
		if len(line) > 4*maxEcho+400 {
			t.Errorf("log line of %d bytes: %.300s…", len(line), line)
		}
	}
	for body, want := range map[string]string{
		`{"rules":7}`:                              `malformed JSON: field "rules" must be a string`,
		`{"rules":"kinevet","timeLimit":"30"}`:     `malformed JSON: field "timeLimit" must be a whole number`,
		`{"rules":"kinevet","seats":[{"kind":1}]}`: `malformed JSON: field "seats.kind" must be a string`,
		`[1]`: `malformed JSON: the body must be an object`,
	} {
		status, b := s.do(t, "POST", "/api/games", "", body)
		if msg := errorOf(t, b); status != http.StatusBadRequest || msg != want {
			t.Errorf("create %s: %d %q, want 400 %q", body, status, msg, want)
		}
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := s.srv.HTTPServer()
	go hs.Serve(ln)
	defer hs.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: %s\r\n\r\n", strings.Repeat("a", 64<<10))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("64 KiB of headers: %d, want 431", resp.StatusCode)
	}
}

// TestNotFoundPageEchoIsShort: the page for an unknown address names it,
// cut to maxEcho bytes as the API's errors do (its language switch keeps
// the whole path, as the page's own address, within the 16 KiB bound of
// a request's headers).
func TestNotFoundPageEchoIsShort(t *testing.T) {
	s := newTestServer(t, Config{})
	long := strings.Repeat("q", 8000)
	for _, p := range []string{"/nothing/" + long, "/rules/" + long} {
		status, b := s.do(t, "GET", p, "", nil)
		if status != http.StatusNotFound || !strings.Contains(string(b), strings.Repeat("q", maxEcho-10)+"…") {
			t.Errorf("GET %.30s…: %d, the page does not name the path cut to %d bytes", p, status, maxEcho)
		}
	}
}

// TestStandInWaitsForPeople (operator review, finding 5a): a game whose
// every person's seat is away is not played out by the stand-in, which
// no --max-computer-games counts (one address ran 16 such games against
// a cap of 4): it waits, leaves memory when idle, and goes on when a
// person acts again.
func TestStandInWaitsForPeople(t *testing.T) {
	s := newTestServer(t, Config{TimeUnit: 10 * time.Millisecond, IdleAfter: 20 * time.Millisecond,
		SweepEvery: 10 * time.Millisecond, BotDelay: time.Millisecond})
	c := s.create(t, createRequest{Rules: "senet-jequier", TimeLimit: 30,
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Take: true}}})
	id := c.Game.ID
	s.firstTurns(t, id, map[int]string{0: c.Token, 1: c.Token})
	s.waitFor(t, id, "both seats away", func(v gameView) bool { return v.Seats[0].Away && v.Seats[1].Away })
	s.waitForActors(t, 0) // nothing to play: the game left memory
	v := s.game(t, id)
	if v.Status != "live" || v.Deadline != nil {
		t.Fatalf("the game waiting for people: %+v, deadline %v", stateOf(v), v.Deadline)
	}
	var back gameResponse
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/throw", c.Token, nil, &back)
	if !slices.ContainsFunc(back.Game.Seats, func(s seatView) bool { return !s.Away }) {
		t.Errorf("after the person's throw: seats %+v, want theirs back", back.Game.Seats)
	}
}

// TestNoReturnEndsTheGame (diff review): a game whose people all went
// away waits for them --waiting-expiry, as a game waits for its first
// players, and is then called off, no winner, so that it ends (and can
// be pruned) instead of staying in play for ever.
func TestNoReturnEndsTheGame(t *testing.T) {
	s := newTestServer(t, Config{TimeUnit: 10 * time.Millisecond, IdleAfter: 20 * time.Millisecond,
		SweepEvery: 10 * time.Millisecond, BotDelay: time.Millisecond, WaitingExpiry: 300 * time.Millisecond})
	c := s.create(t, createRequest{Rules: "senet-jequier", TimeLimit: 30,
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Take: true}}})
	id := c.Game.ID
	s.firstTurns(t, id, map[int]string{0: c.Token, 1: c.Token})
	v := s.waitFor(t, id, "the game called off", func(v gameView) bool { return v.Status == "over" })
	if v.Result == nil || v.Result.How != "noReturn" || v.Result.Winner != -1 {
		t.Errorf("the result %+v, want noReturn with no winner", v.Result)
	}
	status, body := s.do(t, "GET", "/metrics", "", nil)
	if status != http.StatusOK || !strings.Contains(string(body), `passage_games_finished_total{how="noReturn"} 1`) {
		t.Errorf("metrics: %d, no noReturn ending counted", status)
	}
}

// TestNoReturnWithoutTimeLimit (player review 6: "live games without a
// time limit never end"): a game without a time limit, where no time
// runs out and so nobody is ever away, is called off the same way once
// it waits for a person who has not played for --waiting-expiry: between
// two people, and against the computer. Before, such a game stayed live
// in the store for ever, and `passage prune` could never forget it.
func TestNoReturnWithoutTimeLimit(t *testing.T) {
	s := newTestServer(t, Config{IdleAfter: 20 * time.Millisecond, SweepEvery: 10 * time.Millisecond,
		BotDelay: time.Millisecond, WaitingExpiry: 300 * time.Millisecond})
	people := s.create(t, createRequest{Rules: "senet-jequier",
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Take: true}}})
	s.firstTurns(t, people.Game.ID, map[int]string{0: people.Token, 1: people.Token})
	computer := s.create(t, createRequest{Rules: "kinevet", Options: map[string]string{"players": "2"},
		Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "easy"}}})
	for _, id := range []string{people.Game.ID, computer.Game.ID} {
		v := s.waitFor(t, id, "the game called off", func(v gameView) bool { return v.Status == "over" })
		if v.Result == nil || v.Result.How != "noReturn" || v.Result.Winner != -1 {
			t.Errorf("%s: the result %+v, want noReturn with no winner", id, v.Result)
		}
	}
}

// TestOpenGamesPerClient (operator review, finding 7): one client may
// have only MaxOpenGames games waiting in the lobby (a seat open to
// anyone); one more is refused with 429 too_many_open_games, until one
// of its games starts or ends. Games by invitation do not count, and
// another client may still open one.
func TestOpenGamesPerClient(t *testing.T) {
	s := newTestServer(t, Config{MaxOpenGames: 2})
	open := createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Anyone: true}}}
	first := s.create(t, open)
	second := s.create(t, open)
	status, b := s.do(t, "POST", "/api/games", "", open)
	var e errorBody
	json.Unmarshal(b, &e)
	if status != http.StatusTooManyRequests || e.Code != "too_many_open_games" || !strings.Contains(e.Error, "2 games open to anyone") {
		t.Fatalf("a third open game: %d %s, want 429 too_many_open_games", status, b)
	}
	s.create(t, createRequest{Rules: "senet-jequier"}) // by invitation: not in the lobby
	s.ok(t, http.StatusOK, "POST", "/api/games/"+first.Game.ID+"/seats/1", "", nil, nil)
	s.ok(t, http.StatusOK, "POST", "/api/games/"+second.Game.ID+"/abort", second.Token, nil, nil)
	s.create(t, open) // one started, one aborted: room again
	s.create(t, open)
	if err := s.srv.lobby.reserve(context.Background(), s.st, "another client", "anothergame22", 2, time.Now()); err != nil {
		t.Errorf("another client's open game: %v", err)
	}
	// Creates sent at once (diff review): a reservation whose game is
	// not stored yet counts, so that three parallel creates cannot all
	// pass a cap of two; a minute later an unstored one no longer does.
	now := time.Now()
	ctx := context.Background()
	for i, id := range []string{"racing1", "racing2", "racing3"} {
		err := s.srv.lobby.reserve(ctx, s.st, "racer", id, 2, now)
		if wantRefused := i == 2; (err != nil) != wantRefused {
			t.Errorf("reservation %d of games not yet stored: %v", i+1, err)
		}
	}
	if err := s.srv.lobby.reserve(ctx, s.st, "racer", "racing4", 2, now.Add(reserveGrace)); err != nil {
		t.Errorf("after the grace, with neither game stored: %v", err)
	}
}

// blockingGames is a store whose reads of one game wait until release
// is closed: a slow database, for the lobby cap's locks.
type blockingGames struct {
	store.Store
	id      string
	reading chan struct{} // closed when the read of id has begun
	release chan struct{}
}

func (b *blockingGames) Game(ctx context.Context, id string) (store.Game, error) {
	if id == b.id {
		close(b.reading)
		<-b.release
	}
	return b.Store.Game(ctx, id)
}

// TestOpenGamesClientDroppedMeanwhile: an entry forget drops between
// client's lookup and its lock (marked gone) is not used: client takes
// a fresh one from the map, so that a reservation is never counted in
// an entry no longer counted (which would lift the client's cap).
func TestOpenGamesClientDroppedMeanwhile(t *testing.T) {
	l := newOpenGames()
	first := l.client("c") // an entry without games: forget drops it
	first.mu.Unlock()
	lookups := 0
	testHookClientLookedUp = func() {
		if lookups++; lookups == 1 {
			l.forget(time.Now())
		}
	}
	defer func() { testHookClientLookedUp = nil }()
	c := l.client("c")
	defer c.mu.Unlock()
	if !first.gone || c == first || c.gone || l.byClient["c"] != c {
		t.Fatalf("the dropped entry gone: %v; client gave it back: %v; the entry given gone: %v, in the map: %v", first.gone, c == first, c.gone, l.byClient["c"] == c)
	}
}

// TestOpenGamesClientsDoNotWaitForEachOther (diff review, S3): the lobby
// cap reads the store for one client's games under that client's lock
// only. Another client's create, and the sweep's forget, go through
// while the first client's read is slow.
func TestOpenGamesClientsDoNotWaitForEachOther(t *testing.T) {
	s := newTestServer(t, Config{})
	st := &blockingGames{Store: s.st, id: "slowgame", reading: make(chan struct{}), release: make(chan struct{})}
	l := newOpenGames()
	ctx, now := context.Background(), time.Now()
	if err := l.reserve(ctx, st, "slow", "slowgame", 3, now); err != nil {
		t.Fatal(err)
	}
	slow := make(chan error, 1)
	go func() { slow <- l.reserve(ctx, st, "slow", "second", 3, now) }() // reads slowgame
	<-st.reading
	other := make(chan error, 1)
	go func() {
		l.forget(now.Add(-time.Hour))
		other <- l.reserve(ctx, st, "other", "othergame", 3, now)
	}()
	select {
	case err := <-other:
		if err != nil {
			t.Errorf("another client's reservation: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("another client's reservation waited for a slow read of the first client's game")
	}
	close(st.release)
	if err := <-slow; err != nil {
		t.Errorf("the slow client's second reservation: %v", err)
	}
	if n := len(l.byClient["slow"].games); n != 2 {
		t.Errorf("the slow client has %d reservations, want 2 (its first and the one made while forget ran)", n)
	}
	l.forget(now.Add(time.Second)) // every reservation older: all dropped
	if len(l.byClient) != 0 {
		t.Errorf("%d clients left after forget, want none", len(l.byClient))
	}
}

// TestDrainRefusesNewGames (operator review, docs 2): once the node
// drains, a new game or a rematch is refused with 503 unavailable, as
// deploy.md says, instead of created on a node that is stopping.
func TestDrainRefusesNewGames(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", white, nil, nil)
	s.srv.Drain()
	for _, req := range []struct{ path, token string }{{"/api/games", ""}, {"/api/games/" + id + "/rematch", black}} {
		var body any = map[string]any{"rules": "senet-jequier"}
		if req.token != "" {
			body = nil
		}
		status, b := s.do(t, "POST", req.path, req.token, body)
		if status != http.StatusServiceUnavailable || !strings.Contains(string(b), `"unavailable"`) {
			t.Errorf("POST %s while draining: %d %s, want 503 unavailable", req.path, status, b)
		}
	}
}
