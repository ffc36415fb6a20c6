package server

// Several nodes on one PostgreSQL store (a store.Leaser): each game in
// play runs on the one node that holds its lease. A node starts a game's
// actor only after taking the lease, and reads the game again under it;
// the actor's writes go through the store's fenced view, so once another
// node has taken the game over, the old actor cannot write a turn (its
// write fails and it stops). Requests for a game whose lease another
// live node holds are forwarded to that node (forwardTo); WebSocket
// streams are served where the client is, relayed (relay.go, notes.go).
// Leases are renewed in the background; a node that stops renewing (it
// died) loses its games at the expiry, and the other nodes start those
// with an automatic action due within TakeoverEvery (takeOver), the
// others when someone asks for them.
//
// With a store that is not a Leaser (SQLite) none of this runs: one
// node, no leases.

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"time"

	"passage/internal/store"
)

// forwardedHeader marks a request forwarded by another node (its name):
// it is served here, never forwarded again, so two nodes that disagree
// for a moment about a lease cannot pass a request back and forth.
const forwardedHeader = "X-Passage-Forwarded-By"

// errElsewhere answers a request for a game that another node took the
// lease of while this node was about to serve it.
var errElsewhere = refusal(http.StatusServiceUnavailable, "elsewhere", time.Second,
	"the game is being moved between servers: try again")

// errDraining answers a request that needs a game started on a node
// that is handing its games over; the load balancer sends the next try
// elsewhere.
var errDraining = refusal(http.StatusServiceUnavailable, "shutdown", time.Second,
	"this server is stopping: try again")

// errEndedMeanwhile: the game ended on another node before this one got
// its lease; the caller reads it from the store.
var errEndedMeanwhile = errors.New("the game ended on another node")

// clustered reports whether the server shares its store with other
// nodes.
func (s *Server) clustered() bool { return s.leaser != nil }

// claim takes game id's lease for this node and returns it with the
// store through which the game's actor writes. Without leases it is
// the plain store.
func (s *Server) claim(ctx context.Context, id string) (*store.Lease, store.Store, error) {
	if !s.clustered() {
		return nil, s.st, nil
	}
	l, err := s.leaser.Acquire(ctx, id, s.cfg.Node, s.cfg.Advertise, s.cfg.LeaseTTL)
	if errors.Is(err, store.ErrHeld) {
		return nil, nil, errElsewhere
	}
	if err != nil {
		return nil, nil, err
	}
	return &l, s.leaser.Fenced(l), nil
}

// release gives a lease up, so that another node may take the game at
// once (a drain, an idle or finished game).
func (s *Server) release(l *store.Lease) {
	if l == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := s.leaser.Release(ctx, *l); err != nil {
		s.log.Warn("release lease", "game", l.Game, "err", err)
	}
}

// clusterRoute forwards a game's request to the node that holds its
// lease, unless the game runs here, no live node holds it (it is served
// here, taking the lease when it needs an actor), or the request was
// forwarded already. A WebSocket stream is served here all the same,
// relayed (relay.go).
func (s *Server) clusterRoute(h http.HandlerFunc) http.HandlerFunc {
	if !s.clustered() {
		return h
	}
	return func(w http.ResponseWriter, r *http.Request) {
		// A read needs no actor: if the game's node cannot be reached
		// (it died, and its lease has not run out yet) it is served from
		// the store here rather than refused for up to --lease.
		var local http.HandlerFunc
		if r.Method == http.MethodGet && r.URL.Path == "/api/games/"+r.PathValue("id") {
			local = h // the game's view alone: its other GETs may start work (a review)
		}
		if !s.forwardTo(w, r, r.PathValue("id"), local) {
			h(w, r)
		}
	}
}

// forwardTo serves r on the node that runs game id, and reports whether
// it did: false when the game runs here, no live node runs it, or r was
// forwarded already (r is then to be served here). When that node cannot
// be reached, local serves r here if it is not nil; otherwise r is
// refused (errElsewhere: try again).
func (s *Server) forwardTo(w http.ResponseWriter, r *http.Request, id string, local http.HandlerFunc) bool {
	if !s.clustered() || s.inMemory(id) != nil || r.Header.Get(forwardedHeader) != "" {
		return false
	}
	l, ok, err := s.leaser.Holder(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return true
	}
	if !ok || l.Node == s.cfg.Node {
		return false
	}
	target, err := url.Parse(l.Addr)
	if err != nil || target.Host == "" {
		s.fail(w, r, errElsewhere)
		return true
	}
	s.metrics.forwarded.Inc()
	if r.Header.Get("Upgrade") != "" && s.hub != nil {
		s.relayEvents(w, r, l)
		return true
	}
	if r.Header.Get("Upgrade") != "" {
		// The proxied WebSocket outlives the HTTP timeouts, as a
		// stream served here does.
		rc := http.NewResponseController(w)
		rc.SetReadDeadline(time.Time{})
		rc.SetWriteDeadline(time.Time{})
	}
	var fallback func(http.ResponseWriter)
	if local != nil {
		// The request as it came, not the proxy's outgoing copy (marked
		// forwarded, its URL the other node's).
		fallback = func(w http.ResponseWriter) { local(w, r) }
	}
	s.proxyTo(target, fallback).ServeHTTP(w, r)
	return true
}

// peerTransport carries requests to the other nodes. It gives up on a
// connection after 2 s, not the default 30: a node that died often stops
// answering rather than refusing, and a read served from the store
// instead (clusterRoute) should not wait longer than the lease does.
var peerTransport = func() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: 2 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	return t
}()

// proxyTo is a reverse proxy to another node. The Host header is kept
// (the same-origin checks compare it with the browser's Origin) and the
// request is marked as forwarded, with the client's address.
func (s *Server) proxyTo(target *url.URL, fallback func(http.ResponseWriter)) *httputil.ReverseProxy {
	return &httputil.ReverseProxy{
		Transport: peerTransport,
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.Out.Host = pr.In.Host
			s.markForwarded(pr.Out.Header, pr.In)
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			s.log.Warn("forwarding to the game's node failed", "node", target.Host, "path", clip(r.URL.Path), "err", err)
			if fallback != nil {
				fallback(w)
				return
			}
			s.fail(w, r, errElsewhere)
		},
	}
}

// leaseKeeper renews the leases of the games in memory every third of
// their time to live and stops the actors whose lease was taken over,
// until Close. It has a goroutine of its own: taking over the games of
// a dead node (takeOver) can take longer than a lease lives, and a
// renewal waiting behind it would lose this node's own games.
func (s *Server) leaseKeeper() {
	defer s.wg.Done()
	every(s.ctx, s.cfg.LeaseTTL/3, func() { s.renew(s.ctx) })
}

// followerKeeper closes the local followers of games whose node is gone
// as often, on a goroutine of its own for the same reason: it asks the
// database once per game followed.
func (s *Server) followerKeeper() {
	defer s.wg.Done()
	every(s.ctx, s.cfg.LeaseTTL/3, func() { s.checkFollowers(s.ctx) })
}

// takeoverKeeper starts the games left by dead nodes every
// TakeoverEvery, unless the node drains, until Close.
func (s *Server) takeoverKeeper() {
	defer s.wg.Done()
	every(s.ctx, s.cfg.TakeoverEvery, func() {
		if !s.draining.Load() {
			s.takeOver(s.ctx)
		}
	})
}

// every runs f every d until ctx ends.
func every(ctx context.Context, d time.Duration, f func()) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			f()
		}
	}
}

// renew renews this node's leases and stops the actors that lost
// theirs.
func (s *Server) renew(ctx context.Context) {
	s.mu.Lock()
	held := make([]store.Lease, 0, len(s.actors))
	byGame := make(map[string]*actor, len(s.actors))
	for id, a := range s.actors {
		if a.lease != nil {
			held = append(held, *a.lease)
			byGame[id] = a
		}
	}
	s.mu.Unlock()
	if len(held) == 0 {
		return
	}
	rctx, cancel := context.WithTimeout(ctx, s.cfg.LeaseTTL/3)
	defer cancel()
	kept, err := s.leaser.Renew(rctx, s.cfg.Node, held, s.cfg.LeaseTTL)
	if err != nil {
		s.log.Error("renew leases", "err", err)
		return
	}
	for _, l := range kept {
		delete(byGame, l.Game)
	}
	for id, a := range byGame {
		s.log.Warn("lease lost: the game runs on another node now", "game", id)
		a.post(a.stop)
	}
}

// checkFollowers closes the local followers of games whose node is
// gone, so that their clients reconnect.
func (s *Server) checkFollowers(ctx context.Context) {
	if s.hub != nil {
		s.hub.checkFollowed(ctx, s.leaser)
	}
}

// takeOver starts the games whose node is gone (their lease expired or
// was released) and that have an automatic action due: the store's
// Pending leaves out the games that run on a node. Games between people
// wait for their next request, which any node serves.
func (s *Server) takeOver(ctx context.Context) {
	started, err := s.wake(ctx)
	if err != nil && ctx.Err() == nil {
		s.log.Error("take over games", "err", err)
	}
	if started > 0 {
		s.log.Info("took over games whose node stopped", "games", started)
	}
}

// abandonedPage bounds the recently abandoned games followAbandoned
// reads: more than a sweep's worth.
const abandonedPage = 500

// followAbandoned tells the actors here of games that another node's
// sweep has abandoned (the most recently abandoned come first: Abandon
// sets their update time), so that their followers hear of it at once.
func (s *Server) followAbandoned(ctx context.Context) {
	recent, err := s.st.Games(ctx, store.Filter{Status: store.StatusAbandoned, Limit: abandonedPage})
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("recently abandoned games", "err", err)
		}
		return
	}
	for _, g := range recent {
		if a := s.inMemory(g.ID); a != nil {
			a.tellAbandoned()
		}
	}
}

// Drain prepares the node to stop: /readyz answers 503 (a load
// balancer sends it no more requests), and every game in memory stops
// and gives its lease up, so that the other nodes take them over at
// once. Requests that still arrive until Close go to the games' new
// nodes; one that needs a game started here is refused (errDraining),
// also when its start was under way as the drain began.
func (s *Server) Drain() {
	s.draining.Store(true)
	s.mu.Lock()
	actors := make([]*actor, 0, len(s.actors))
	for _, a := range s.actors {
		actors = append(actors, a)
	}
	s.mu.Unlock()
	for _, a := range actors {
		a.post(a.stop)
		<-a.done
	}
	s.log.Info("drained: games handed over", "games", len(actors))
}

// handleReady is /readyz: 200 while the node takes new requests, 503
// once it drains or shuts down. /healthz stays 200 while the process
// serves at all.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	closing := s.closing
	s.mu.Unlock()
	if closing || s.draining.Load() {
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "draining", "node": s.cfg.Node})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "ready", "node": s.cfg.Node})
}
