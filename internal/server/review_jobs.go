package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"passage/analysis"
	"passage/endgame"
	"passage/internal/store"
)

// The review of finished games (package analysis) runs in the server's
// background: one game at a time, a turn at a time, on the search pool's
// low-priority queue (pool.go), so that a computer's move never waits
// for more than one turn being judged and people's requests keep their
// core. At most MaxQueued reviews wait or run; a finished one is stored
// with the game (store.Analyses). A review in progress when the server
// stops is dropped and done again when it is next asked for.

// ReviewConfig configures the review of finished games. Zero values take
// the defaults named.
type ReviewConfig struct {
	// Level is the level reviews are judged at when the client names
	// none, and when a game is reviewed as it ends ("hard").
	Level string
	// MaxQueued caps the reviews waiting or running (16); past it a
	// request is refused with 503 and Retry-After.
	MaxQueued int
	// MaxAuto caps the reviews queued by themselves as games end that
	// may wait or run at once (half of MaxQueued, at least 1): they count
	// towards no client's PerClient, so that finishing games fast could
	// otherwise fill the queue and refuse every request; the other half
	// stays for requests, shared under PerClient. An automatic review
	// past it is skipped, and done when someone asks.
	MaxAuto int
	// PerClient caps the reviews one client has waiting or running (4),
	// so that one client cannot keep the queue full for everyone; past
	// it a request is refused with 429 and Retry-After.
	PerClient int
	// Rate and Burst limit the reviews one client may start (20 a
	// minute, bursts of 10); asking about one already started is free.
	Rate  rate.Limit
	Burst int
	// OnRequestOnly: review a game only when someone asks, not as soon
	// as it ends.
	OnRequestOnly bool
	// Tables is the directory of the endgame tables that make values
	// exact (the user cache directory's, where passage solve writes them).
	Tables string
}

func (c ReviewConfig) withDefaults() ReviewConfig {
	if c.Level == "" {
		c.Level = "hard"
	}
	if c.MaxQueued <= 0 {
		c.MaxQueued = 16
	}
	if c.MaxAuto <= 0 {
		c.MaxAuto = max(1, c.MaxQueued/2)
	}
	if c.PerClient <= 0 {
		c.PerClient = 4
	}
	if c.Rate <= 0 {
		c.Rate = rate.Limit(20.0 / 60)
	}
	if c.Burst <= 0 {
		c.Burst = 10
	}
	if c.Tables == "" {
		c.Tables, _ = endgame.DefaultDir()
	}
	return c
}

// reviewLevels are the levels a client may ask a review at: the
// searches. The evaluation alone (medium) is not offered: its value
// before a throw is not the mean of its values after, so its luck adds
// up to nonsense over a game.
var reviewLevels = map[string]bool{"hard": true, "expert": true}

type reviewKey struct{ id, level string }

// reviewJob is a review waiting or running.
type reviewJob struct {
	key         reviewKey
	client      string // who asked for it; automatic for a game reviewed as it ended
	done, total int    // turns judged, turns in the game
	started     bool   // its first step has begun
}

// reviewProgress is the answer (202) while a review waits or runs.
type reviewProgress struct {
	Status string `json:"status"` // "queued" or "running"
	Level  string `json:"level"`
	Done   int    `json:"done"`  // turns judged
	Total  int    `json:"total"` // turns in the game
	Ahead  int    `json:"ahead"` // reviews before this one
}

// reviewer queues and runs the reviews.
type reviewer struct {
	s      *Server
	cfg    ReviewConfig
	limit  *limiter
	stored store.Analyses

	mu      sync.Mutex
	jobs    map[reviewKey]*reviewJob // waiting or running
	waiting []*reviewJob             // first come first served
	current *reviewJob               // the review running, or about to, or nil
	failed  map[reviewKey]bool       // reviews that failed (a server fault)
}

// maxFailed bounds the failures remembered; past it they are forgotten
// and tried again.
const maxFailed = 1000

func newReviewer(s *Server, cfg ReviewConfig) *reviewer {
	stored, ok := s.st.(store.Analyses)
	if !ok {
		stored = newMemAnalyses(1000)
	}
	return &reviewer{s: s, cfg: cfg, limit: newLimiter(cfg.Rate, cfg.Burst), stored: stored,
		jobs: map[reviewKey]*reviewJob{}, failed: map[reviewKey]bool{}}
}

var (
	errReviewFull   = refusal(http.StatusServiceUnavailable, "review_queue", 30*time.Second, "too many games are waiting for their review: try again in 30 s")
	errReviewFailed = errors.New("the review of this game failed")
)

// request returns the progress of the review of game id (of turns
// turns) at level, queueing it, for client, when it is neither waiting
// nor running: within the client's rate limit and the queue's bound.
func (rv *reviewer) request(id, level string, turns int, client string) (reviewProgress, error) {
	key := reviewKey{id, level}
	rv.mu.Lock()
	defer rv.mu.Unlock()
	if rv.failed[key] {
		return reviewProgress{}, errReviewFailed
	}
	if j := rv.jobs[key]; j != nil {
		return rv.progress(j), nil
	}
	if len(rv.jobs) >= rv.cfg.MaxQueued {
		return reviewProgress{}, errReviewFull
	}
	if mine := rv.count(client); mine >= rv.cfg.PerClient {
		return reviewProgress{}, refusal(http.StatusTooManyRequests, "review_client", 30*time.Second,
			"you have %d reviews waiting or running, as many as one address may: wait for one to finish", mine).as("too_many_reviews")
	}
	if err := limit(rv.limit, client, "reviews started"); err != nil {
		return reviewProgress{}, err
	}
	return rv.progress(rv.queue(key, turns, client)), nil
}

// auto queues the review of a game that has just ended, at the default
// level, unless MaxAuto automatic reviews wait or run already or the
// queue is full (it is then done when asked for).
func (rv *reviewer) auto(id string, turns int) {
	if rv.cfg.OnRequestOnly {
		return
	}
	key := reviewKey{id, rv.cfg.Level}
	rv.mu.Lock()
	defer rv.mu.Unlock()
	if rv.jobs[key] != nil || len(rv.jobs) >= rv.cfg.MaxQueued || rv.count(automatic) >= rv.cfg.MaxAuto {
		return
	}
	rv.queue(key, turns, automatic)
}

// automatic is the client of the reviews queued as games end.
const automatic = ""

// count is the number of reviews client has waiting or running; rv.mu
// is held.
func (rv *reviewer) count(client string) int {
	n := 0
	for _, j := range rv.jobs {
		if j.client == client {
			n++
		}
	}
	return n
}

// queue adds a review and starts it if none runs; rv.mu is held.
func (rv *reviewer) queue(key reviewKey, turns int, client string) *reviewJob {
	j := &reviewJob{key: key, client: client, total: turns}
	rv.jobs[key] = j
	rv.waiting = append(rv.waiting, j)
	rv.startNext()
	return j
}

// progress reports j; rv.mu is held.
func (rv *reviewer) progress(j *reviewJob) reviewProgress {
	p := reviewProgress{Status: "running", Level: j.key.level, Done: j.done, Total: j.total}
	if !j.started {
		p.Status = "queued"
		for _, w := range rv.waiting {
			if w == j {
				break
			}
			p.Ahead++
		}
		if rv.current != nil && rv.current != j {
			p.Ahead++
		}
	}
	return p
}

// startNext starts the first waiting review when none runs; rv.mu is
// held.
func (rv *reviewer) startNext() {
	if rv.current != nil || len(rv.waiting) == 0 {
		return
	}
	j := rv.waiting[0]
	rv.waiting[0] = nil
	rv.waiting = rv.waiting[1:]
	rv.current = j
	rv.s.pool.submitLow(rv.s.ctx, rv.guarded(j, func() { rv.begin(j) }))
}

// guarded is f, a step of review j for the pool, with a panic in it (a
// bug in a judge: the searches and the endgame tables panic on what
// cannot happen) ending the review as failed instead of the server, as
// a computer's search does (Server.choose).
func (rv *reviewer) guarded(j *reviewJob, f func()) func() {
	return func() {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			rv.s.log.Error("game review panicked", "game", j.key.id, "level", j.key.level, "panic", v)
			rv.mu.Lock()
			mine := rv.current == j // not finished before the panic
			rv.mu.Unlock()
			if mine {
				rv.finish(j, fmt.Errorf("panic: %v", v))
			}
		}()
		f()
	}
}

// begin reads the game's record and opens its judge (on the pool), then
// judges the turns one step at a time.
func (rv *reviewer) begin(j *reviewJob) {
	ctx := rv.s.ctx
	rv.mu.Lock()
	j.started = true
	rv.mu.Unlock()
	if _, err := currentReview(ctx, rv.stored, j.key.id, j.key.level); err == nil {
		rv.finish(j, nil) // stored meanwhile
		return
	}
	rec, _, g, _, err := rv.s.recordAt(ctx, j.key.id)
	if err == nil && g.Status != store.StatusOver {
		err = fmt.Errorf("game %s is %s, not over", j.key.id, g.Status)
	}
	var step analysis.Stepper
	if err == nil {
		var judge analysis.TextJudge
		if judge, err = analysis.Open(rec.Rules, j.key.level, rv.cfg.Tables); err == nil {
			step, err = judge.Begin(rec)
		}
	}
	if err != nil {
		rv.finish(j, err)
		return
	}
	rv.step(j, step)
}

// step judges one turn, then queues the next step behind any search.
func (rv *reviewer) step(j *reviewJob, step analysis.Stepper) {
	done, err := step.Next()
	if err != nil {
		rv.finish(j, err)
		return
	}
	n, total := step.Progress()
	rv.mu.Lock()
	j.done, j.total = n, total
	rv.mu.Unlock()
	if !done {
		rv.s.pool.submitLow(rv.s.ctx, rv.guarded(j, func() { rv.step(j, step) }))
		return
	}
	doc, err := json.Marshal(step.Report())
	if err == nil {
		ctx, cancel := context.WithTimeout(rv.s.ctx, 10*time.Second)
		err = rv.stored.SaveAnalysis(ctx, j.key.id, j.key.level, doc)
		cancel()
	}
	rv.finish(j, err)
}

// finish ends review j, with the error that stopped it, and starts the
// next.
func (rv *reviewer) finish(j *reviewJob, err error) {
	rv.mu.Lock()
	defer rv.mu.Unlock()
	delete(rv.jobs, j.key)
	rv.current = nil
	if err != nil && rv.s.ctx.Err() == nil {
		rv.s.log.Error("game review failed", "game", j.key.id, "level", j.key.level, "err", err)
		if len(rv.failed) >= maxFailed {
			clear(rv.failed)
		}
		rv.failed[j.key] = true
	}
	if rv.s.ctx.Err() == nil {
		rv.startNext()
	}
}

// memAnalyses keeps reviews in memory for a store without
// store.Analyses: at most max, the oldest forgotten first.
type memAnalyses struct {
	mu    sync.Mutex
	max   int
	docs  map[reviewKey][]byte
	order []reviewKey
}

func newMemAnalyses(max int) *memAnalyses {
	return &memAnalyses{max: max, docs: map[reviewKey][]byte{}}
}

func (m *memAnalyses) Analysis(_ context.Context, id, level string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	doc, ok := m.docs[reviewKey{id, level}]
	if !ok {
		return nil, store.ErrNotFound
	}
	return doc, nil
}

func (m *memAnalyses) SaveAnalysis(_ context.Context, id, level string, doc []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := reviewKey{id, level}
	if _, ok := m.docs[k]; !ok {
		m.order = append(m.order, k)
	}
	m.docs[k] = doc
	for len(m.order) > m.max {
		delete(m.docs, m.order[0])
		m.order = m.order[1:]
	}
	return nil
}
