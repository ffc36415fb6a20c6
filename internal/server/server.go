// Package server is `passage serve`: the JSON API, the WebSocket event
// streams and the browser interface, over a store.
//
// Each game in play is owned by one goroutine, its actor (actor.go).
// Clients send intents (take a seat, throw, move); the actor validates
// them against the seat tokens, the turn and the ruleset, draws the
// throws from the game's committed seed (package fairdice), writes every
// move to the store, and only then broadcasts it. Finished games are
// read from the store.
//
// Usage:
//
//	srv := server.New(server.Config{Store: st, Logger: log})
//	srv.Resume(ctx)
//	http.ListenAndServe(addr, srv.Handler())
//	srv.Close()
package server

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/base64"
	"errors"
	"log/slog"
	mrand "math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"passage/agent"
	"passage/internal/catalog"
	"passage/internal/store"
)

// Config configures a Server.
type Config struct {
	Store  store.Store
	Logger *slog.Logger // nil for slog.Default()
	// BotDelay is the pause before each throw and each move of a
	// computer player, so that people can follow the game.
	BotDelay time.Duration
	// StandIn is the computer level that plays a person's seat after the
	// time limit ("medium" when empty).
	StandIn string
	// TimeUnit is the unit of the API's timeLimit (time.Second when zero;
	// tests shorten it).
	TimeUnit time.Duration
}

// Server serves games. Create it with New, then Resume the games in
// play, serve Handler, and Close at the end.
type Server struct {
	cfg     Config
	st      store.Store
	log     *slog.Logger
	metrics metrics
	handler http.Handler

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex
	actors  map[string]*actor
	closing bool

	botMu sync.Mutex
	bots  map[string]*sync.Pool // computer players by ruleset ID and name
}

// New makes a server over cfg.Store.
func New(cfg Config) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.StandIn == "" {
		cfg.StandIn = "medium"
	}
	if cfg.TimeUnit <= 0 {
		cfg.TimeUnit = time.Second
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, st: cfg.Store, log: cfg.Logger, ctx: ctx, cancel: cancel, actors: map[string]*actor{}, bots: map[string]*sync.Pool{}}
	s.handler = s.routes()
	return s
}

// Handler serves the API, the WebSocket streams and the web pages.
func (s *Server) Handler() http.Handler { return s.handler }

// Resume starts the actors of every game in play, so that games between
// computer players and time limits go on after a restart.
func (s *Server) Resume(ctx context.Context) error {
	for _, status := range []store.Status{store.StatusLive, store.StatusWaiting} {
		games, err := s.st.Games(ctx, store.Filter{Status: status, Limit: 100000})
		if err != nil {
			return err
		}
		for _, g := range games {
			if _, _, err := s.actor(ctx, g.ID); err != nil {
				s.log.Error("resume", "game", g.ID, "err", err)
			}
		}
		s.log.Info("resumed games", "status", status, "games", len(games))
	}
	return nil
}

// Close stops every actor and waits for them. Requests that need an
// actor then fail with 503.
func (s *Server) Close() {
	s.mu.Lock()
	s.closing = true
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
}

// LiveGames is the number of games held in memory.
func (s *Server) LiveGames() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.actors)
}

// actor returns the actor of game id, starting it if needed. A finished
// game has no actor: it is returned from the store instead (nil actor).
func (s *Server) actor(ctx context.Context, id string) (*actor, store.Game, error) {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return nil, store.Game{}, errShutdown
	}
	if a := s.actors[id]; a != nil {
		s.mu.Unlock()
		return a, store.Game{}, nil
	}
	s.mu.Unlock()

	g, err := s.st.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, store.Game{}, errUnknownGame
	}
	if err != nil {
		return nil, store.Game{}, err
	}
	if g.Status == store.StatusOver {
		return nil, g, nil
	}
	kit, err := catalog.OpenID(g.Rules)
	if err != nil {
		return nil, store.Game{}, err
	}
	var last *store.Turn
	if g.Turns > 0 {
		turns, err := s.st.Turns(ctx, id)
		if err != nil {
			return nil, store.Game{}, err
		}
		last = &turns[len(turns)-1]
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return nil, store.Game{}, errShutdown
	}
	if a := s.actors[id]; a != nil {
		return a, store.Game{}, nil
	}
	a := newActor(s, kit, g, last)
	s.actors[id] = a
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		a.run(s.ctx)
	}()
	return a, store.Game{}, nil
}

// forget removes a stopped actor.
func (s *Server) forget(a *actor) {
	s.mu.Lock()
	if s.actors[a.id] == a {
		delete(s.actors, a.id)
	}
	s.mu.Unlock()
}

// withActor runs f in the actor of game id. A finished game has no
// actor: f is not run and errGameOver returned.
func withActor[T any](ctx context.Context, s *Server, id string, f func(a *actor) (T, error)) (T, error) {
	var zero T
	for range 3 {
		a, _, err := s.actor(ctx, id)
		if err != nil {
			return zero, err
		}
		if a == nil {
			return zero, errGameOver
		}
		v, err := call(ctx, a, func() (T, error) { return f(a) })
		if errors.Is(err, errStopped) {
			continue // the game just ended or the server stops; look again
		}
		return v, err
	}
	return zero, errors.New("game actor keeps stopping")
}

// view is the current view of game id, from its actor or the store.
func (s *Server) view(ctx context.Context, id string) (gameView, error) {
	for range 3 {
		a, g, err := s.actor(ctx, id)
		if err != nil {
			return gameView{}, err
		}
		if a == nil {
			return s.storedView(ctx, g)
		}
		v, err := call(ctx, a, func() (gameView, error) { return a.view(), nil })
		if errors.Is(err, errStopped) {
			continue
		}
		return v, err
	}
	return gameView{}, errShutdown
}

// storedView is the view of a game from the store alone.
func (s *Server) storedView(ctx context.Context, g store.Game) (gameView, error) {
	kit, err := catalog.OpenID(g.Rules)
	if err != nil {
		return gameView{}, err
	}
	var last *store.Turn
	if g.Turns > 0 {
		turns, err := s.st.Turns(ctx, g.ID)
		if err != nil {
			return gameView{}, err
		}
		last = &turns[len(turns)-1]
	}
	return baseView(kit, g, last, s.cfg.TimeUnit), nil
}

var idEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// newID is a fresh game ID: 13 characters of base32 (65 random bits).
func newID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return strings.ToLower(idEncoding.EncodeToString(b))
}

// validID reports whether id can be a game ID; others are unknown games
// without a look at the store.
func validID(id string) bool {
	if len(id) != 13 {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// newToken is a fresh seat token: 256 random bits, URL-safe base64.
func newToken() string {
	b := make([]byte, 32)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// borrowBot lends a computer player for one move; release gives it
// back. Players are shared by the games of one ruleset rather than held
// by each game, because a searching player carries a large
// transposition table: memory then follows the moves being computed,
// not the games in play. A player's table holds positions of its
// ruleset only, so sharing it between games is sound.
func (s *Server) borrowBot(kit catalog.Kit, name string) (b agent.TextAgent, release func(), err error) {
	key := kit.ID() + "\x00" + name
	s.botMu.Lock()
	pool := s.bots[key]
	if pool == nil {
		pool = &sync.Pool{}
		s.bots[key] = pool
	}
	s.botMu.Unlock()
	if b, ok := pool.Get().(agent.TextAgent); ok {
		return b, func() { pool.Put(b) }, nil
	}
	b, err = kit.NewPlayer(name, mrand.Uint64())
	if err != nil {
		return nil, nil, err
	}
	return b, func() { pool.Put(b) }, nil
}
