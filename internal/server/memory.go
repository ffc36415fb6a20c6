package server

// The games in memory: started lazily (when acted on or followed, or
// when an automatic action is due), stopped when idle or finished,
// capped at MaxGames; the sweeper expires waiting games and wakes the
// stored games whose automatic actions are due.

import (
	"context"
	"errors"
	"net/http"
	"time"

	"passage/internal/catalog"
	"passage/internal/store"
)

// Resume starts the games whose automatic actions are due (computers to
// play, time limits run out), as far as MaxGames allows; the sweeper
// starts the others as room frees. Other games stay in the store until
// someone asks for them.
func (s *Server) Resume(ctx context.Context) error {
	if s.clustered() {
		secret, err := s.leaser.ClusterSecret(ctx)
		if err != nil {
			return err
		}
		s.secret = secret
	}
	started, err := s.wake(ctx)
	s.log.Info("resumed games", "started", started)
	return err
}

// wakePage is how many pending games wake reads at a time.
const wakePage = 500

// wake starts the actors of stored games with an automatic action due,
// a page at a time, and returns how many it started.
func (s *Server) wake(ctx context.Context) (int, error) {
	started := 0
	after := ""
	now := time.Now()
	stale := now.Add(-s.cfg.WaitingExpiry)
	for {
		page, err := s.st.Pending(ctx, after, stale, wakePage)
		if err != nil || len(page) == 0 {
			return started, err
		}
		for _, g := range page {
			if s.inMemory(g.ID) != nil {
				continue
			}
			kit, err := catalog.OpenID(g.Rules)
			if err != nil {
				continue // a ruleset this build does not know
			}
			st := s.resumed(newTurnState(kit, g, nil))
			next := st.next()
			// A game whose people all went away waits for them, as long
			// as a game waits for its first players; then it is called
			// off, so that it ends and can be pruned. So does a game
			// without a time limit that waits for a person who has not
			// played for as long (nobody is away in it: no time runs out).
			expired := next.kind == actNone && g.Status == store.StatusLive && st.leftLongAgo(stale)
			if !expired && (next.kind == actNone || next.kind == actDeadline && now.Before(next.at)) {
				continue
			}
			a, err := s.start(ctx, g)
			if err == nil && expired {
				a.post(func() { a.auto(command{kind: cmdNoReturn, stale: stale}) })
			}
			if err != nil {
				if errors.Is(err, errFull) || errors.Is(err, errShutdown) || errors.Is(err, errDraining) {
					return started, nil
				}
				if errors.Is(err, errElsewhere) || errors.Is(err, errEndedMeanwhile) {
					continue // another node runs it
				}
				s.log.Error("resume", "game", g.ID, "err", err)
				continue
			}
			started++
		}
		after = page[len(page)-1].ID
	}
}

// sweeper runs sweep every SweepEvery until Close.
func (s *Server) sweeper() {
	defer s.wg.Done()
	every(s.ctx, s.cfg.SweepEvery, func() { s.sweep(s.ctx) })
}

// sweep abandons expired waiting games, lets idle games leave memory,
// starts due automatic actions of stored games, and forgets clients
// whose rate limits are full again.
func (s *Server) sweep(ctx context.Context) {
	now := time.Now()
	ids, err := s.st.Abandon(ctx, now.Add(-s.cfg.WaitingExpiry))
	if err != nil {
		s.log.Error("abandon waiting games", "err", err)
	}
	s.metrics.abandoned.Add(float64(len(ids)))
	for _, id := range ids {
		s.log.Info("game abandoned: nobody took its open seats in time", "game", id)
		if a := s.inMemory(id); a != nil {
			a.tellAbandoned()
		}
	}
	if s.clustered() {
		s.followAbandoned(ctx)
	}
	s.mu.Lock()
	actors := make([]*actor, 0, len(s.actors))
	for _, a := range s.actors {
		actors = append(actors, a)
	}
	s.mu.Unlock()
	for _, a := range actors {
		a.post(func() {
			if a.idle(now) {
				a.stop()
			}
		})
	}
	if _, err := s.wake(ctx); err != nil && ctx.Err() == nil {
		s.log.Error("wake games", "err", err)
	}
	s.creates.forget(now)
	s.takes.forget(now)
	s.downloads.forget(now)
	s.lobby.forget(now.Add(-s.cfg.WaitingExpiry))
	s.reviews.limit.forget(now)
}

// GamesInMemory is the number of games held in memory.
func (s *Server) GamesInMemory() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.actors)
}

// errFull answers a request that needs one more game in memory than
// MaxGames.
var errFull = refusal(http.StatusServiceUnavailable, "games_full", 30*time.Second,
	"the server holds as many games in memory as it may: try again later").as("server_full")

// inMemory is the actor of game id, or nil.
func (s *Server) inMemory(id string) *actor {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.actors[id]
}

// load returns the actor of game id, starting it if needed. A game that
// is over or abandoned has no actor: it is returned from the store
// instead (nil actor).
func (s *Server) load(ctx context.Context, id string) (*actor, store.Game, error) {
	s.mu.Lock()
	closing, a := s.closing, s.actors[id]
	s.mu.Unlock()
	if closing {
		return nil, store.Game{}, errShutdown
	}
	if a != nil {
		return a, store.Game{}, nil
	}
	g, err := s.st.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, store.Game{}, errUnknownGame
	}
	if err != nil {
		return nil, store.Game{}, err
	}
	if g.Status.Done() {
		return nil, g, nil
	}
	a, err = s.start(ctx, g)
	if errors.Is(err, errEndedMeanwhile) {
		g, err := s.st.Game(ctx, id)
		return nil, g, err
	}
	return a, store.Game{}, err
}

// start makes the actor of stored game g, which is in play, unless it
// has one already. With several nodes it first takes the game's lease
// (errElsewhere when another node holds it) and reads the game again
// under it, as the last holder may have played since g was read
// (errEndedMeanwhile when it ended). One start per game at a time: a
// second waits for the first, so that a node never takes a lease twice
// over itself.
func (s *Server) start(ctx context.Context, g store.Game) (*actor, error) {
	id := g.ID
	kit, err := catalog.OpenID(g.Rules)
	if err != nil {
		return nil, err
	}
	for {
		s.mu.Lock()
		if s.closing {
			s.mu.Unlock()
			return nil, errShutdown
		}
		if a := s.actors[id]; a != nil {
			s.mu.Unlock()
			return a, nil
		}
		wait, busy := s.starting[id]
		if !busy {
			s.starting[id] = make(chan struct{})
			s.mu.Unlock()
			break
		}
		s.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	defer func() {
		s.mu.Lock()
		close(s.starting[id])
		delete(s.starting, id)
		s.mu.Unlock()
	}()
	if !s.hasRoom() {
		return nil, errFull
	}
	if s.draining.Load() {
		return nil, errDraining
	}
	lease, w, err := s.claim(ctx, id)
	if err != nil {
		return nil, err
	}
	a, err := s.startClaimed(ctx, kit, g, lease, w)
	if err != nil {
		s.release(lease)
		return nil, err
	}
	if g.Status == store.StatusWaiting {
		s.abandonedMeanwhile(ctx, a)
	}
	return a, nil
}

// abandonedMeanwhile tells a's game it was abandoned if the sweep did so
// after the game was read and before a was registered: the sweep then
// found no actor to tell, and the game would wait in memory while the
// store holds it abandoned (its followers never hearing of it). Now that
// a is where the sweep looks, reading the status once more closes that
// gap; if both tell the game, the second finds it abandoned already.
func (s *Server) abandonedMeanwhile(ctx context.Context, a *actor) {
	g, err := s.st.Game(ctx, a.id)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("status of a starting game", "game", a.id, "err", err)
		}
		return
	}
	if g.Status == store.StatusAbandoned {
		a.tellAbandoned()
	}
}

// startClaimed makes the actor of g once its lease (if any) is held.
func (s *Server) startClaimed(ctx context.Context, kit catalog.Kit, g store.Game, lease *store.Lease, w store.Store) (*actor, error) {
	id := g.ID
	var err error
	if lease != nil {
		if g, err = s.st.Game(ctx, id); err != nil {
			return nil, err
		}
		if g.Status.Done() {
			return nil, errEndedMeanwhile
		}
	}
	var last *store.Turn
	var turns []store.Turn
	if g.Turns > 0 {
		turns, err = s.st.Turns(ctx, id)
		if err != nil {
			return nil, err
		}
		last = &turns[len(turns)-1]
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return nil, errShutdown
	}
	if s.draining.Load() {
		// Drain began after start looked: its list of the games to hand
		// over is taken under s.mu, so a game registered now would stay.
		return nil, errDraining
	}
	if len(s.actors) >= s.cfg.MaxGames {
		return nil, errFull
	}
	a := newActor(s, s.resumed(newTurnState(kit, g, last)).withLog(turns))
	a.history = historyOf(kit, g, turns)
	a.w, a.lease = w, lease
	s.actors[id] = a
	a.post(a.plan)
	return a, nil
}

// resumed is st as this server takes it up: on a single node, a turn
// under way when the server started has its whole time limit again
// (turnState.since). With several nodes the game was not down when this
// node started, and every node must see the same deadline.
func (s *Server) resumed(st turnState) turnState {
	if s.clustered() {
		return st
	}
	return st.since(s.began)
}

// hasRoom reports whether one more game fits in memory.
func (s *Server) hasRoom() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.actors) < s.cfg.MaxGames
}

// forget removes a stopped actor.
func (s *Server) forget(a *actor) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.actors[a.id] == a {
		delete(s.actors, a.id)
	}
	if a.owner != "" {
		s.owned.release(a.owner)
	}
}

// own counts computer-only game a against client's cap; false when the
// client has as many as it may.
func (s *Server) own(a *actor, client string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.owned.take(client, s.cfg.MaxComputerGames) {
		return false
	}
	a.owner = client
	return true
}

// ownedBy is the number of computer-only games client has in play.
func (s *Server) ownedBy(client string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.owned[client]
}

// withActor runs f in the actor of game id, starting it if needed. A
// finished or abandoned game has no actor: f is not run.
func withActor[T any](ctx context.Context, s *Server, id string, f func(a *actor) (T, error)) (T, error) {
	var zero T
	for range 3 {
		a, g, err := s.load(ctx, id)
		if err != nil {
			return zero, err
		}
		if a == nil {
			if g.Status == store.StatusAbandoned {
				return zero, errAbandoned
			}
			return zero, errGameOver
		}
		v, err := call(ctx, a, func() (T, error) { return f(a) })
		if !errors.Is(err, errStopped) {
			return v, err
		}
		// The game just ended or left memory (a sweep found it idle as
		// the command came). The stopped actor stays in the server's map
		// until its stop has run to the end, and load would find it
		// again: wait for that before looking again.
		select {
		case <-a.done:
		case <-ctx.Done():
			return zero, ctx.Err()
		}
	}
	return zero, errReloading
}

// errReloading answers a command whose game left memory each time it
// was loaded for it: rare, and worth a second try (code "unavailable").
var errReloading = refusal(http.StatusServiceUnavailable, "reloading", time.Second,
	"the game was being reloaded: try again")

// view is the current view of game id: from its actor when it is in
// memory, otherwise from the store (a person's throw too: the turn is
// stored as thrown), without loading the game.
func (s *Server) view(ctx context.Context, id string) (gameView, error) {
	if a := s.inMemory(id); a != nil {
		v, err := call(ctx, a, func() (gameView, error) { return a.view(), nil })
		if !errors.Is(err, errStopped) {
			return v, err
		}
	}
	g, err := s.st.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return gameView{}, errUnknownGame
	}
	if err != nil {
		return gameView{}, err
	}
	return s.storedView(ctx, g)
}

// storedView is the view of a game from the store alone.
func (s *Server) storedView(ctx context.Context, g store.Game) (gameView, error) {
	v, _, err := s.storedViewRematch(ctx, g)
	return v, err
}

// storedViewRematch is storedView with the rematches it read (none
// read unless g is over).
func (s *Server) storedViewRematch(ctx context.Context, g store.Game) (gameView, rematchState, error) {
	rs := rematchState{g: g, n: -1}
	kit, err := catalog.OpenID(g.Rules)
	if err != nil {
		return gameView{}, rs, err
	}
	var last *store.Turn
	if g.Turns > 0 {
		t, err := s.st.Turn(ctx, g.ID, g.Turns) // the last alone: a log can be long
		if err != nil {
			return gameView{}, rs, err
		}
		last = &t
	}
	st := s.resumed(newTurnState(kit, g, last))
	v := stateView(st, s.cfg.TimeUnit)
	if g.Status == store.StatusOver {
		if rs, err = s.lastRematch(ctx, g); err != nil {
			return gameView{}, rs, err
		}
		v.Rematch, v.RematchOff, v.RematchLast = rs.id(), rs.off(), rs.final()
	}
	if next := st.next(); next.kind == actDeadline {
		d := next.at.UTC()
		v.Deadline = &d
	}
	return v, rs, nil
}
