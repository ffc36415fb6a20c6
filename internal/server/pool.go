package server

import (
	"context"
	"sync"
)

// searchPool runs the computer players' searches on a fixed number of
// workers, so that searches never take every core from the requests of
// people (health checks, pages, moves), however many computer games are
// in play. Each game has at most one search queued or running at a
// time and the queue is first in, first out, so games take turns:
// a game that has just had a search goes behind every game waiting.
//
// Background work (the review of finished games, review.go) goes on a
// second queue that a worker takes from only when no search waits, in
// steps small enough (one turn judged) that a search never waits for
// more than one of them.
//
// A search whose context is cancelled before it starts (its game
// stopped, the server shuts down) is dropped; one that runs stops within
// a thousand positions (agent.ChooseContext) and its answer is ignored.
type searchPool struct {
	mu      sync.Mutex
	cond    *sync.Cond
	queue   []searchJob
	low     []searchJob // background work, after every search
	running int
	closed  bool
	wg      sync.WaitGroup
}

type searchJob struct {
	ctx context.Context
	run func()
}

// newSearchPool starts workers workers.
func newSearchPool(workers int) *searchPool {
	p := &searchPool{}
	p.cond = sync.NewCond(&p.mu)
	for range max(1, workers) {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

// submit queues run; it is dropped if ctx ends before a worker takes it
// or the pool is closed.
func (p *searchPool) submit(ctx context.Context, run func()) {
	p.enqueue(&p.queue, searchJob{ctx, run})
}

// submitLow queues run behind every search, queued now or later; it is
// dropped like a search.
func (p *searchPool) submitLow(ctx context.Context, run func()) {
	p.enqueue(&p.low, searchJob{ctx, run})
}

// enqueue appends job to queue q (one of the pool's) and wakes a worker,
// unless the pool is closed.
func (p *searchPool) enqueue(q *[]searchJob, job searchJob) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	*q = append(*q, job)
	p.cond.Signal()
}

func (p *searchPool) work() {
	defer p.wg.Done()
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		for len(p.queue) == 0 && len(p.low) == 0 && !p.closed {
			p.cond.Wait()
		}
		if p.closed {
			return
		}
		var job searchJob
		if len(p.queue) > 0 {
			job = p.queue[0]
			p.queue[0] = searchJob{}
			p.queue = p.queue[1:]
		} else {
			job = p.low[0]
			p.low[0] = searchJob{}
			p.low = p.low[1:]
		}
		if job.ctx.Err() != nil {
			continue
		}
		p.running++
		p.mu.Unlock()
		job.run()
		p.mu.Lock()
		p.running--
	}
}

// close drops the queue and waits for the running searches.
func (p *searchPool) close() {
	p.mu.Lock()
	p.closed = true
	p.queue, p.low = nil, nil
	p.cond.Broadcast()
	p.mu.Unlock()
	p.wg.Wait()
}

// counts are the searches queued and running.
func (p *searchPool) counts() (queued, running int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.queue), p.running
}
