// Package server is `passage serve`: the JSON API, the WebSocket event
// streams and the browser interface, over a store.
//
// A game in memory is owned by its actor (actor.go), the I/O around a
// pure turn machine (turns.go). Clients send intents (take a seat,
// throw, move); the machine validates them against the seat tokens and
// invites, the turn and the ruleset, and draws the throws from the
// game's committed seed (package fairdice); the actor writes every
// change to the store and only then broadcasts it. Games are loaded
// lazily: an actor starts when a game is acted on or followed, or when
// it has an automatic action due (a computer to play, a time limit run
// out); idle actors and finished games leave memory. Computer players
// search on a bounded pool (pool.go).
//
// Usage:
//
//	srv := server.New(server.Config{Store: st, Logger: log})
//	srv.Resume(ctx)
//	hs := srv.HTTPServer()
//	hs.Serve(listener)
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
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"passage/agent"
	"passage/internal/store"
)

// Config configures a Server. Zero values take the defaults named.
type Config struct {
	Store  store.Store
	Logger *slog.Logger // nil for slog.Default()
	// BotDelay is the pause before each throw and each move of a
	// computer player, so that people can follow the game; none once
	// every person of the game has finished or resigned
	// (turnState.paced).
	BotDelay time.Duration
	// StandIn is the computer level that plays a person's seat after the
	// time limit ("medium" when empty).
	StandIn string
	// TimeUnit is the unit of the API's timeLimit (time.Second when zero;
	// tests shorten it).
	TimeUnit time.Duration

	// MaxGames caps the games held in memory (10,000); past it, what
	// needs one more answers 503.
	MaxGames int
	// IdleAfter is how long a game nobody follows and no computer plays
	// stays in memory after its last action (5 minutes).
	IdleAfter time.Duration
	// WaitingExpiry is how long a game may wait for players before it is
	// abandoned (7 days).
	WaitingExpiry time.Duration
	// SweepEvery is how often idle games leave memory, waiting games
	// expire and due automatic actions of games not in memory start
	// (30 seconds).
	SweepEvery time.Duration
	// Searches is how many computer moves are searched at once
	// (GOMAXPROCS-1, at least 1, so that one core stays for people).
	Searches int
	// MaxComputerGames caps the computer-only games one client may have
	// in play at once (4).
	MaxComputerGames int
	// MaxOpenGames caps the games one client has waiting for players
	// with a seat open to anyone, listed in the lobby (3): past it a
	// create answers 429 too_many_open_games (lobbycap.go).
	MaxOpenGames int
	// MaxStreams caps the game streams (WebSockets) one client may have
	// open at once (32): each holds a connection, a goroutine and its
	// game in memory.
	MaxStreams int
	// CreateRate and CreateBurst limit the games one client may create
	// (10 a minute, bursts of 10); TakeRate and TakeBurst the seats it
	// may take (30 a minute, bursts of 20).
	CreateRate  rate.Limit
	CreateBurst int
	TakeRate    rate.Limit
	TakeBurst   int
	// DownloadRate and DownloadBurst limit the pages of records one
	// client may download (GET /api/records.zip: 10 a minute, bursts of
	// 10): a page reads up to a thousand games from the store.
	DownloadRate  rate.Limit
	DownloadBurst int
	// ClientHeader names a header, set by a trusted reverse proxy, that
	// carries the client's address (e.g. X-Forwarded-For, whose last
	// entry is used); empty to use the connection's remote address.
	// Set it only behind such a proxy: anyone can send the header.
	ClientHeader string
	// PublicURL is the scheme and host the invite links start with
	// (e.g. https://passage.example.org; no path: the server is served
	// at the root of its host), for a
	// server behind a reverse proxy that terminates TLS; empty for the
	// scheme and host of each request. No trailing slash (New trims it).
	PublicURL string
	// Review configures the review of finished games (review_jobs.go).
	Review ReviewConfig

	// HTTP timeouts of HTTPServer: ReadHeaderTimeout (5 s), ReadTimeout
	// (the whole request, 15 s), WriteTimeout (30 s), IdleTimeout (a
	// keep-alive connection between requests, 60 s). WebSocket streams
	// are exempt and keep their own deadlines: a ping every PingEvery
	// (25 s) that must be answered within PongWait (10 s).
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	PingEvery         time.Duration
	PongWait          time.Duration
	// HereDelay is how long after a page opens or closes the game's
	// stream its presence is broadcast (2 s), if it still differs from
	// what the clients were last shown: a reload sends nothing.
	HereDelay time.Duration

	// Node names this server among the nodes sharing a store (the
	// hostname when empty and the store is shared); when set, its
	// metrics carry it as the label node.
	Node string
	// Advertise is the URL at which the other nodes reach this one, to
	// forward requests for the games it runs (e.g. http://10.0.0.5:8080).
	Advertise string
	// LeaseTTL is how long a node's lease on a game lasts without
	// renewal (10 s); it is renewed every third of that. A node that
	// dies leaves its games after at most this long.
	LeaseTTL time.Duration
	// TakeoverEvery is how often a node looks for games whose node is
	// gone (2 s).
	TakeoverEvery time.Duration
}

// withDefaults fills the zero fields of cfg.
func (cfg Config) withDefaults() Config {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	defInt := func(n *int, v int) {
		if *n <= 0 {
			*n = v
		}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.StandIn == "" {
		cfg.StandIn = "medium"
	}
	def(&cfg.TimeUnit, time.Second)
	defInt(&cfg.MaxGames, 10000)
	def(&cfg.IdleAfter, 5*time.Minute)
	def(&cfg.WaitingExpiry, 7*24*time.Hour)
	def(&cfg.SweepEvery, 30*time.Second)
	defInt(&cfg.Searches, max(1, runtime.GOMAXPROCS(0)-1))
	defInt(&cfg.MaxComputerGames, 4)
	defInt(&cfg.MaxStreams, 32)
	defInt(&cfg.MaxOpenGames, 3)
	if cfg.CreateRate <= 0 {
		cfg.CreateRate = rate.Limit(10.0 / 60)
	}
	defInt(&cfg.CreateBurst, 10)
	if cfg.DownloadRate <= 0 {
		cfg.DownloadRate = rate.Limit(10.0 / 60)
	}
	defInt(&cfg.DownloadBurst, 10)
	if cfg.TakeRate <= 0 {
		cfg.TakeRate = rate.Limit(30.0 / 60)
	}
	defInt(&cfg.TakeBurst, 20)
	def(&cfg.ReadHeaderTimeout, 5*time.Second)
	def(&cfg.ReadTimeout, 15*time.Second)
	def(&cfg.WriteTimeout, 30*time.Second)
	def(&cfg.IdleTimeout, 60*time.Second)
	def(&cfg.PingEvery, 25*time.Second)
	def(&cfg.PongWait, 10*time.Second)
	def(&cfg.HereDelay, 2*time.Second)
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	cfg.Review = cfg.Review.withDefaults()
	def(&cfg.LeaseTTL, 10*time.Second)
	def(&cfg.TakeoverEvery, 2*time.Second)
	return cfg
}

// Server serves games. Create it with New, Resume the games with
// automatic actions due, serve HTTPServer (or Handler), and Close at
// the end.
type Server struct {
	cfg     Config
	began   time.Time // when New made the server: on one node, time limits count from here at the latest
	st      store.Store
	leaser  store.Leaser // nil: one node (cluster.go)
	hub     *hub         // events between nodes (notes.go), nil for one node
	secret  string       // the nodes' shared secret, read by Resume
	peers   *http.Client // requests to the other nodes
	log     *slog.Logger
	metrics *metrics
	handler http.Handler
	pool    *searchPool
	creates *limiter
	takes   *limiter
	// downloads limits each client's pages of records (records.zip).
	downloads *limiter
	// lobby counts each client's games waiting with a seat open to anyone.
	lobby   *openGames
	reviews *reviewer
	// rematches tells finished games' streams of their rematch.
	rematches *rematchHub

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup // the sweeper

	mu       sync.Mutex
	actors   map[string]*actor
	starting map[string]chan struct{} // games whose actor is being started, closed when done
	owned    perClient                // computer-only games in memory, by creating client
	streams  perClient                // open game streams, by client
	closing  bool
	draining atomic.Bool // the node hands its games over before it stops

	botMu sync.Mutex
	bots  map[string]*sync.Pool // computer players by ruleset ID and name
}

// errStopped is returned by call when the actor has stopped (its game
// ended or left memory, or the server shuts down); the caller looks
// again.
var errStopped = errors.New("actor stopped")

// New makes a server over cfg.Store and starts its sweeper.
func New(cfg Config) *Server {
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, began: time.Now(), st: cfg.Store, log: cfg.Logger, ctx: ctx, cancel: cancel,
		actors: map[string]*actor{}, starting: map[string]chan struct{}{}, owned: perClient{}, streams: perClient{}, bots: map[string]*sync.Pool{},
		pool:      newSearchPool(cfg.Searches),
		creates:   newLimiter(cfg.CreateRate, cfg.CreateBurst),
		takes:     newLimiter(cfg.TakeRate, cfg.TakeBurst),
		downloads: newLimiter(cfg.DownloadRate, cfg.DownloadBurst),
		lobby:     newOpenGames(),
		rematches: newRematchHub(),
	}
	s.reviews = newReviewer(s, cfg.Review)
	s.leaser, _ = cfg.Store.(store.Leaser)
	if s.leaser != nil && s.cfg.Node == "" {
		s.cfg.Node, _ = os.Hostname()
	}
	s.metrics = newMetrics(s.cfg.Node, func() float64 { return float64(s.GamesInMemory()) },
		func() float64 { q, _ := s.pool.counts(); return float64(q) },
		func() float64 { _, r := s.pool.counts(); return float64(r) })
	s.handler = s.routes()
	if s.clustered() {
		// Every field is set before a goroutine that reads it starts.
		s.peers = &http.Client{Timeout: 15 * time.Second}
		if n, ok := cfg.Store.(store.Notifier); ok {
			s.hub = newHub(s, n)
		}
		s.wg.Add(3)
		go s.leaseKeeper()
		go s.takeoverKeeper()
		go s.followerKeeper()
		if s.hub != nil {
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				s.hub.run(s.ctx)
			}()
		}
	}
	s.wg.Add(1)
	go s.sweeper() // after the cluster's fields: its sweeps stop actors, which publish on the hub
	return s
}

// maxHeaderBytes bounds a request's line and headers (HTTPServer).
const maxHeaderBytes = 16 << 10

// Handler serves the API, the WebSocket streams and the web pages.
func (s *Server) Handler() http.Handler { return s.handler }

// HTTPServer is an http.Server for Handler with the configured
// timeouts.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: s.cfg.ReadHeaderTimeout,
		ReadTimeout:       s.cfg.ReadTimeout,
		WriteTimeout:      s.cfg.WriteTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
		// A request's line and headers: Go's default is a megabyte, all
		// of which a refusal's log line could repeat; a browser's or a
		// bot's fit in a few KiB. Past it: 431.
		MaxHeaderBytes: maxHeaderBytes,
		ErrorLog:       slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
}

// Close stops the sweeper, the searches and every actor. Requests that
// need an actor then fail with 503.
func (s *Server) Close() {
	s.mu.Lock()
	s.closing = true
	actors := make([]*actor, 0, len(s.actors))
	for _, a := range s.actors {
		actors = append(actors, a)
	}
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
	s.pool.close()
	for _, a := range actors {
		a.post(a.stop)
		<-a.done
	}
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

// errBadNewToken refuses a token a client made for its take that is not
// of newToken's form: 32 bytes in unpadded base64url.
var errBadNewToken = &apiError{status: http.StatusBadRequest, code: "bad_new_token",
	msg: "newToken must be 32 random bytes in unpadded base64url (43 characters), as the server's own tokens are (a plainly patterned one is refused)"}

// takeToken is the token a take gives a person who holds none of the
// game yet: own, a token the client made (so that it can send a take
// whose answer was lost again: TestTakeAgain), or else a new one.
func takeToken(own string) (string, error) {
	if own == "" {
		return newToken(), nil
	}
	b, err := base64.RawURLEncoding.DecodeString(own)
	if err != nil || len(b) != 32 || !looksRandom(b) {
		return "", errBadNewToken
	}
	return own, nil
}

// looksRandom refuses a chosen token that is plainly not random (all
// zero bytes, a repeated pattern), which anyone could guess: 32 random
// bytes hold about 30 distinct values, and fewer than 16 come up once
// in some 3 x 10^16 tokens. A bot's careless "AAAA..." would otherwise
// hold a seat (operator review).
func looksRandom(b []byte) bool {
	var seen [256]bool
	distinct := 0
	for _, c := range b {
		if !seen[c] {
			seen[c] = true
			distinct++
		}
	}
	return distinct >= 16
}

// choose asks a computer player of ruleset kitID for its move, turning
// a panic into an error. Players are shared by the games of one ruleset
// rather than held by each game, because a searching player carries a
// large transposition table: memory then follows the searches running
// (at most Searches), not the games in play. A player's table holds
// positions of its ruleset only, so sharing it between games is sound.
func (s *Server) choose(ctx context.Context, kitID, name, pos string, roll int, reached func(pos string) int, newPlayer func(seed uint64) (agent.TextAgent, error)) (move string, err error) {
	key := kitID + "\x00" + name
	s.botMu.Lock()
	pool := s.bots[key]
	if pool == nil {
		pool = &sync.Pool{}
		s.bots[key] = pool
	}
	s.botMu.Unlock()
	b, ok := pool.Get().(agent.TextAgent)
	if !ok {
		if b, err = newPlayer(mrand.Uint64()); err != nil {
			return "", err
		}
	}
	defer pool.Put(b)
	defer func() {
		if v := recover(); v != nil {
			err = errors.New("computer player panicked")
			s.log.Error("computer player panicked", "rules", kitID, "player", name, "panic", v)
		}
	}()
	return b.ChooseWithHistory(ctx, pos, roll, reached)
}
