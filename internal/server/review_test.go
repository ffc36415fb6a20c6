package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"passage/analysis"
	"passage/internal/store"
	"passage/internal/store/sqlite"
)

// twoLeft is a Jéquier position with two pieces a side left, so that a
// game from it ends in a few dozen turns.
const twoLeft = "..........w.w........b.b...... w off=wwwbbb"

// finishedGame plays a game between two people from twoLeft, each
// playing the first legal move, and returns its ID. Such games run from
// about 20 to over 300 turns by the dice, and an expert review of the
// longest took over three minutes under the race detector on busy cores
// (CI), so the side to move resigns after reviewTurns turns: a finished
// game all the same, whose review is short whatever the dice.
func finishedGame(t *testing.T, s *testServer) string {
	t.Helper()
	id, white, black := twoPeople(t, s, twoLeft)
	tokens := []string{white, black}
	for {
		v := s.game(t, id)
		if v.Status == "over" {
			return id
		}
		if v.Turns >= reviewTurns {
			s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", tokens[v.ToMove], nil, nil)
			continue
		}
		thrown := s.throw(t, id, tokens[v.ToMove])
		s.move(t, id, tokens[v.ToMove], thrown.Moves[0].Move)
	}
}

// reviewTurns is the most turns finishedGame plays.
const reviewTurns = 60

// holdPool occupies every search worker of srv until the returned
// function is called (or the server shuts down), so that background
// work waits.
func holdPool(t *testing.T, srv *Server) (release func()) {
	t.Helper()
	ch := make(chan struct{})
	for range srv.cfg.Searches {
		srv.pool.submit(context.Background(), func() {
			select {
			case <-ch:
			case <-srv.ctx.Done():
			}
		})
	}
	for {
		if _, running := srv.pool.counts(); running == srv.cfg.Searches {
			break
		}
		time.Sleep(time.Millisecond)
	}
	var once sync.Once
	return func() { once.Do(func() { close(ch) }) }
}

// wantReview computes the review of game id as `passage analyze` does.
func wantReview(t *testing.T, srv *Server, id, level string) []byte {
	t.Helper()
	rec, _, _, _, err := srv.recordAt(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	j, err := analysis.Open(rec.Rules, level, srv.cfg.Review.Tables)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := j.Analyze(rec)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// waitReview polls the review until it is done and returns it; every
// answer before is a 202 with progress.
func waitReview(t *testing.T, s *testServer, id, query string) []byte {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute) // a safety net, not a timing assertion: an expert review under the race detector on two busy cores took over a minute
	for {
		status, b := s.do(t, "GET", "/api/games/"+id+"/analysis"+query, "", nil)
		switch status {
		case http.StatusOK:
			return b
		case http.StatusAccepted:
			var p reviewProgress
			if err := json.Unmarshal(b, &p); err != nil || (p.Status != "queued" && p.Status != "running") || p.Done > p.Total {
				t.Fatalf("202 with %s", b)
			}
		default:
			t.Fatalf("GET analysis: %d %s", status, b)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the review of %s was not done in time", id)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestReviewRefusedDuringPlay: a game waiting for players or in play is
// never reviewed, for anyone (409, nothing queued); bad requests are
// refused plainly.
func TestReviewRefusedDuringPlay(t *testing.T) {
	s := newTestServer(t, Config{})
	live, white, _ := twoPeople(t, s, "")
	waiting := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}})
	for _, c := range []struct{ id, token string }{{live, ""}, {live, white}, {waiting.Game.ID, waiting.Token}} {
		status, b := s.do(t, "GET", "/api/games/"+c.id+"/analysis", c.token, nil)
		if status != http.StatusConflict || !strings.Contains(errorOf(t, b), "no review during play") {
			t.Errorf("review of a game not over (token %q): %d %s, want 409", c.token, status, b)
		}
	}
	if status, b := s.do(t, "GET", "/api/games/"+live+"/analysis?level=medium", "", nil); status != http.StatusBadRequest {
		t.Errorf("unknown level: %d %s, want 400", status, b)
	}
	if status, b := s.do(t, "GET", "/api/games/aaaaaaaaaaaaa/analysis", "", nil); status != http.StatusNotFound {
		t.Errorf("unknown game: %d %s, want 404", status, b)
	}
	s.srv.reviews.mu.Lock()
	defer s.srv.reviews.mu.Unlock()
	if n := len(s.srv.reviews.jobs); n != 0 {
		t.Errorf("%d reviews queued for games not over", n)
	}
}

// TestReviewQueuedThenStored: asked for, a finished game's review waits
// (202 with its progress) while searches hold the pool, then runs, is
// stored with the game, and is what `passage analyze` gives.
func TestReviewQueuedThenStored(t *testing.T) {
	s := newTestServer(t, Config{Review: ReviewConfig{OnRequestOnly: true}})
	id := finishedGame(t, s)
	turns := s.game(t, id).Turns
	release := holdPool(t, s.srv)
	var p reviewProgress
	s.ok(t, http.StatusAccepted, "GET", "/api/games/"+id+"/analysis", "", nil, &p)
	if p != (reviewProgress{Status: "queued", Level: "hard", Done: 0, Total: turns, Ahead: 0}) {
		t.Errorf("progress while the pool is busy: %+v", p)
	}
	if _, err := s.st.(store.Analyses).Analysis(context.Background(), id, "hard"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("stored before it ran: %v", err)
	}
	release()
	got := waitReview(t, s, id, "")
	if want := wantReview(t, s.srv, id, "hard"); string(got) != string(want) {
		t.Errorf("served review differs from analyze's:\n%s\n%s", got, want)
	}
	var rep analysis.Report
	if err := json.Unmarshal(got, &rep); err != nil || len(rep.Decisions) != turns || len(rep.Players) != 2 {
		t.Fatalf("review: %d decisions, %d players, %v; want %d and 2", len(rep.Decisions), len(rep.Players), err, turns)
	}
	stored, err := s.st.(store.Analyses).Analysis(context.Background(), id, "hard")
	if err != nil || string(stored) != string(got) {
		t.Errorf("stored review: %v, equal to the served one: %v", err, string(stored) == string(got))
	}
	// Another level is another review.
	if got := waitReview(t, s, id, "?level=expert"); string(got) != string(wantReview(t, s.srv, id, "expert")) {
		t.Error("the expert review differs from analyze's")
	}
}

// TestReviewOlderVersionMadeAgain: a review stored by an older server
// (before versions: its accuracy had another meaning; or version 3,
// before Apokrif was judged with its review network) is not served; the
// first read queues the review again (202), which is then stored over
// the old one and served, the same as analyze's.
func TestReviewOlderVersionMadeAgain(t *testing.T) {
	for _, version := range []int{0, 3} {
		s := newTestServer(t, Config{Review: ReviewConfig{OnRequestOnly: true}})
		id := finishedGame(t, s)
		want := wantReview(t, s.srv, id, "hard")
		// The document as it was stored before: no version (0) and
		// accuracy 98, or version 3 (its first field) with this review.
		var old map[string]any
		if err := json.Unmarshal(want, &old); err != nil {
			t.Fatal(err)
		}
		delete(old, "version")
		for _, p := range old["players"].([]any) {
			p.(map[string]any)["accuracy"] = 98.0
		}
		doc, err := json.Marshal(old)
		if err != nil {
			t.Fatal(err)
		}
		if version > 0 {
			var rep analysis.Report
			if err := json.Unmarshal(want, &rep); err != nil {
				t.Fatal(err)
			}
			rep.Version = version
			for i := range rep.Players {
				rep.Players[i].Accuracy = 98
			}
			if doc, err = json.Marshal(rep); err != nil {
				t.Fatal(err)
			}
			if v, err := analysis.StoredVersion(doc); v != version || err != nil {
				t.Fatalf("the old review's version reads as %d, %v", v, err)
			}
		}
		analyses := s.st.(store.Analyses)
		if err := analyses.SaveAnalysis(context.Background(), id, "hard", doc); err != nil {
			t.Fatal(err)
		}
		release := holdPool(t, s.srv)
		var p reviewProgress
		s.ok(t, http.StatusAccepted, "GET", "/api/games/"+id+"/analysis", "", nil, &p)
		release()
		got := waitReview(t, s, id, "")
		if string(got) != string(want) {
			t.Errorf("version %d: after an old stored review, served\n%s\nwant\n%s", version, got, want)
		}
		if stored, err := analyses.Analysis(context.Background(), id, "hard"); err != nil || string(stored) != string(want) {
			t.Errorf("version %d: stored after: %v, the new review: %v", version, err, string(stored) == string(want))
		}
	}
}

// TestReviewQueueBounded: past MaxQueued reviews waiting, a request is
// refused with 503, a clear message and Retry-After; one client may not
// start reviews faster than its rate (429); asking about a queued
// review again costs nothing.
func TestReviewQueueBounded(t *testing.T) {
	s := newTestServer(t, Config{Review: ReviewConfig{OnRequestOnly: true, MaxQueued: 2, Rate: rate.Every(time.Hour), Burst: 2}})
	ids := []string{finishedGame(t, s), finishedGame(t, s), finishedGame(t, s)}
	release := holdPool(t, s.srv)
	defer release()
	for i, id := range ids[:2] {
		var p reviewProgress
		s.ok(t, http.StatusAccepted, "GET", "/api/games/"+id+"/analysis", "", nil, &p)
		if p.Status != "queued" && p.Status != "running" {
			t.Errorf("review %d: %+v", i, p)
		}
	}
	s.ok(t, http.StatusAccepted, "GET", "/api/games/"+ids[0]+"/analysis", "", nil, nil) // asked again: free
	req, _ := http.NewRequest("GET", s.url+"/api/games/"+ids[2]+"/analysis", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var e errorBody
	json.NewDecoder(resp.Body).Decode(&e)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || !strings.Contains(e.Error, "too many games are waiting for their review") {
		t.Errorf("a third review: %d %q Retry-After %q, want 503", resp.StatusCode, e.Error, resp.Header.Get("Retry-After"))
	}
	s.srv.reviews.mu.Lock()
	s.srv.reviews.cfg.MaxQueued = 10 // room again: now the client's rate refuses
	s.srv.reviews.mu.Unlock()
	if status, b := s.do(t, "GET", "/api/games/"+ids[2]+"/analysis", "", nil); status != http.StatusTooManyRequests {
		t.Errorf("a third review started by the same client: %d %s, want 429", status, b)
	}
}

// TestReviewWhenGameEnds: without being asked, a game is reviewed and
// its review stored as it ends.
func TestReviewWhenGameEnds(t *testing.T) {
	s := newTestServer(t, Config{})
	id := finishedGame(t, s)
	want := wantReview(t, s.srv, id, "hard")
	deadline := time.Now().Add(60 * time.Second) // a safety net
	for {
		doc, err := s.st.(store.Analyses).Analysis(context.Background(), id, "hard")
		if err == nil {
			if string(doc) != string(want) {
				t.Errorf("stored review differs from analyze's")
			}
			return
		}
		if !errors.Is(err, store.ErrNotFound) || time.Now().After(deadline) {
			t.Fatalf("no review stored after the game ended: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestReviewSurvivesRestart: a review cut short by the server's shutdown
// is not stored half done; the next server reviews the game when asked,
// and a stored review is served at once after a restart.
func TestReviewSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "passage.db")
	open := func() (*testServer, func()) {
		st, err := sqlite.Open(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		srv := New(Config{Store: st, Logger: quietLog(), Review: ReviewConfig{OnRequestOnly: true}})
		ts := httptest.NewServer(srv.Handler())
		return &testServer{srv: srv, ts: ts, st: st, url: ts.URL}, func() { srv.Close(); ts.Close(); st.Close() }
	}
	s, stop := open()
	id := finishedGame(t, s)
	holdPool(t, s.srv) // released by the shutdown
	s.ok(t, http.StatusAccepted, "GET", "/api/games/"+id+"/analysis", "", nil, nil)
	stop()

	s, stop = open()
	if _, err := s.st.(store.Analyses).Analysis(context.Background(), id, "hard"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a review cut short was stored: %v", err)
	}
	want := wantReview(t, s.srv, id, "hard")
	if got := waitReview(t, s, id, ""); string(got) != string(want) {
		t.Error("review after a restart differs from analyze's")
	}
	stop()

	s, stop = open()
	defer stop()
	status, b := s.do(t, "GET", "/api/games/"+id+"/analysis", "", nil)
	if status != http.StatusOK || string(b) != string(want) {
		t.Errorf("a stored review after a restart: %d, want 200 with it", status)
	}
}

// TestPoolRunsSearchesFirst: background work waits for every search,
// queued before or after it.
func TestPoolRunsSearchesFirst(t *testing.T) {
	p := newSearchPool(1)
	defer p.close()
	var mu sync.Mutex
	var order []string
	var wg sync.WaitGroup
	note := func(s string) func() {
		wg.Add(1)
		return func() { mu.Lock(); order = append(order, s); mu.Unlock(); wg.Done() }
	}
	hold := make(chan struct{})
	p.submit(context.Background(), func() { <-hold })
	for {
		if _, r := p.counts(); r == 1 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	p.submitLow(context.Background(), note("low1"))
	p.submit(context.Background(), note("search1"))
	p.submitLow(context.Background(), note("low2"))
	p.submit(context.Background(), note("search2"))
	close(hold)
	wg.Wait()
	if got := strings.Join(order, " "); got != "search1 search2 low1 low2" {
		t.Errorf("order %q, want the searches first", got)
	}
}

// TestReviewStopsOnShutdown: a review running when the server shuts
// down stops after the turn it is judging (Close returns) and leaves
// nothing stored.
func TestReviewStopsOnShutdown(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "passage.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := New(Config{Store: st, Logger: quietLog(), Review: ReviewConfig{OnRequestOnly: true}})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	s := &testServer{srv: srv, ts: ts, st: st, url: ts.URL}
	storeLongGame(t, st, "aaaaaaaaaaaaa", 250)
	deadline := time.Now().Add(60 * time.Second) // a safety net
	for {
		var p reviewProgress
		s.ok(t, http.StatusAccepted, "GET", "/api/games/aaaaaaaaaaaaa/analysis", "", nil, &p)
		if p.Status == "running" && p.Done > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the review did not start: %+v", p)
		}
		time.Sleep(time.Millisecond)
	}
	srv.Close()
	if _, err := st.Analysis(context.Background(), "aaaaaaaaaaaaa", "hard"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a review stopped half-way was stored: %v", err)
	}
	if q, r := srv.pool.counts(); q != 0 || r != 0 {
		t.Errorf("after Close: %d searches queued, %d running", q, r)
	}
}

// panicStepper is a judge with a bug: its first step panics.
type panicStepper struct{}

func (panicStepper) Next() (bool, error)     { panic("a bug in a judge") }
func (panicStepper) Progress() (int, int)    { return 0, 1 }
func (panicStepper) Report() analysis.Report { return analysis.Report{} }

// TestReviewPanicFails: a review whose judge panics fails, as a review
// that returns an error does, instead of taking the server down.
func TestReviewPanicFails(t *testing.T) {
	s := newTestServer(t, Config{})
	rv := s.srv.reviews
	j := &reviewJob{key: reviewKey{"g", "hard"}}
	rv.mu.Lock()
	rv.jobs[j.key], rv.current = j, j
	rv.mu.Unlock()
	rv.guarded(j, func() { rv.step(j, panicStepper{}) })()
	rv.mu.Lock()
	defer rv.mu.Unlock()
	if _, running := rv.jobs[j.key]; running || rv.current != nil || !rv.failed[j.key] {
		t.Errorf("after the panic: job kept %v, current %v, failed %v; want the review failed and gone", running, rv.current, rv.failed[j.key])
	}
}

// TestReviewPerClient: one client may have only so many reviews waiting
// or running (429, too_many_reviews), while another client's are still
// taken.
func TestReviewPerClient(t *testing.T) {
	s := newTestServer(t, Config{Review: ReviewConfig{OnRequestOnly: true, PerClient: 2}})
	ids := []string{finishedGame(t, s), finishedGame(t, s), finishedGame(t, s)}
	release := holdPool(t, s.srv)
	defer release()
	for _, id := range ids[:2] {
		s.ok(t, http.StatusAccepted, "GET", "/api/games/"+id+"/analysis", "", nil, nil)
	}
	status, b := s.do(t, "GET", "/api/games/"+ids[2]+"/analysis", "", nil)
	var e errorBody
	json.Unmarshal(b, &e)
	if status != http.StatusTooManyRequests || e.Code != "too_many_reviews" {
		t.Errorf("a third review of one client: %d %s, want 429 too_many_reviews", status, b)
	}
	if _, err := s.srv.reviews.request(ids[2], "hard", 10, "another client"); err != nil {
		t.Errorf("another client's review: %v", err)
	}
}

// TestAutomaticReviewsLeaveRoom (operator review, finding 3): reviews
// queued as games end count towards no client's cap, so they may hold
// only MaxAuto places (half the queue); past it an ending game's review
// is skipped, and a request for a review still finds room.
func TestAutomaticReviewsLeaveRoom(t *testing.T) {
	s := newTestServer(t, Config{Review: ReviewConfig{MaxQueued: 4}})
	release := holdPool(t, s.srv) // the reviews wait
	defer release()
	var ids []string
	for range 5 {
		ids = append(ids, finishedGame(t, s))
	}
	s.srv.reviews.mu.Lock()
	queued, autos := len(s.srv.reviews.jobs), s.srv.reviews.count(automatic)
	s.srv.reviews.mu.Unlock()
	if queued != 2 || autos != 2 {
		t.Errorf("after 5 games ended: %d reviews queued, %d automatic; want 2 (MaxAuto)", queued, autos)
	}
	var p reviewProgress
	s.ok(t, http.StatusAccepted, "GET", "/api/games/"+ids[4]+"/analysis", "", nil, &p)
	if p.Status != "queued" {
		t.Errorf("a request as automatic reviews wait: %+v", p)
	}
}
