package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"golang.org/x/time/rate"

	"passage/agent"
	"passage/internal/server"
	"passage/internal/store"
	"passage/internal/store/postgres"
	"passage/internal/store/sqlite"
)

// cmdServe runs the game server until SIGINT or SIGTERM.
func cmdServe(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("serve", stdout)
	addr := fs.String("addr", "localhost:8080", "listen on `HOST:PORT` (port 0 picks a free one; :8080 for every interface)")
	db := fs.String("db", dbDefault(), "the database: a SQLite `FILE`, created when missing, or a PostgreSQL URL postgres://... for several nodes, taken from PASSAGE_DB when set")
	botDelay := fs.Duration("bot-delay", 700*time.Millisecond, "pause `D` before each throw and move of a computer player (none once every person of the game has finished or resigned)")
	standIn := fs.String("stand-in", "medium", "computer `LEVEL` that plays a person's seat after the time limit")
	logLevel := fs.String("log", "info", "log `LEVEL`: debug, info, warn or error")
	maxGames := fs.Int("max-games", 10000, "at most `N` games in memory; past it, requests that need one more answer 503")
	idle := fs.Duration("idle", 5*time.Minute, "a game nobody follows and no computer plays leaves memory after `D` without action")
	expiry := fs.Duration("waiting-expiry", 7*24*time.Hour, "a game waiting for players `D` without activity is abandoned; one waiting that long for its people to come back or play is called off")
	searches := fs.Int("searches", max(1, runtime.GOMAXPROCS(0)-1), "at most `N` computer moves searched at once")
	maxComputer := fs.Int("max-computer-games", 4, "at most `N` games between computers in play per client")
	maxStreams := fs.Int("max-streams", 32, "at most `N` game streams (WebSockets) open at once per client")
	maxOpen := fs.Int("max-open-games", 3, "at most `N` games with a seat open to anyone waiting for players (in the lobby) per client")
	createRate := fs.Float64("create-rate", 10, "games one client may create per minute (`N`, bursts of 10)")
	takeRate := fs.Float64("take-rate", 30, "seats one client may take per minute (`N`, bursts of 20)")
	downloadRate := fs.Float64("download-rate", 10, "pages of records (GET /api/records.zip) one client may download per minute (`N`, bursts of 10)")
	node := fs.String("node", "", "this node's `NAME` among several sharing a PostgreSQL database (default: the hostname); labels its metrics")
	advertise := fs.String("advertise", "", "`URL` at which the other nodes reach this one (default: http://HOST:PORT as listening, the hostname for every interface)")
	lease := fs.Duration("lease", 10*time.Second, "with PostgreSQL, a node's hold on a game lasts `D` without renewal; a dead node's games move after it")
	drainWait := fs.Duration("drain-wait", 0, "on SIGTERM, report not ready and hand the games over, then wait `D` (the load balancer's health-check interval) before stopping")
	publicURL := fs.String("public-url", "", "`URL` the invite links start with, e.g. https://passage.example.org behind a proxy that terminates TLS (default: the scheme and host of each request)")
	clientHeader := fs.String("client-header", "", "trusted reverse proxy `HEADER` with the client's address (e.g. X-Forwarded-For, last entry); only behind such a proxy")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *maxGames < 1 || *searches < 1 || *maxComputer < 1 || *maxStreams < 1 || *maxOpen < 1 || *createRate <= 0 || *takeRate <= 0 || *downloadRate <= 0 || *idle <= 0 || *expiry <= 0 || *lease <= 0 {
		return usageError{"serve: --max-games, --searches, --max-computer-games, --max-streams, --max-open-games, --create-rate, --take-rate, --download-rate, --idle, --waiting-expiry and --lease must be positive"}
	}
	if err := agent.Check(*standIn); err != nil {
		// Found at start, not when the first time limit runs out.
		return usageError{fmt.Sprintf("serve: --stand-in: %v", err)}
	}
	if *drainWait < 0 {
		return usageError{"serve: --drain-wait must not be negative"}
	}
	if *advertise != "" {
		if u, err := url.Parse(*advertise); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return usageError{fmt.Sprintf("serve: --advertise %q: want a URL such as http://10.0.0.5:8080", *advertise)}
		}
	}
	if *publicURL != "" {
		if err := checkPublicURL(*publicURL); err != nil {
			return usageError{fmt.Sprintf("serve: --public-url %q: %v", *publicURL, err)}
		}
	}
	if (*node != "" || *advertise != "") && !isPostgres(*db) {
		return usageError{"serve: --node and --advertise are for several nodes on a PostgreSQL database (--db postgres://...)"}
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		return usageError{fmt.Sprintf("serve: --log %q: want debug, info, warn or error", *logLevel)}
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := openStore(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	// The address is bound first: it is what the other nodes reach.
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	if *advertise == "" && isPostgres(*db) {
		*advertise = advertiseURL(*addr, ln.Addr())
	}
	srv := server.New(server.Config{Store: st, Logger: log, BotDelay: *botDelay, StandIn: *standIn,
		MaxGames: *maxGames, IdleAfter: *idle, WaitingExpiry: *expiry, Searches: *searches,
		MaxComputerGames: *maxComputer, MaxStreams: *maxStreams, MaxOpenGames: *maxOpen, CreateRate: rate.Limit(*createRate / 60), TakeRate: rate.Limit(*takeRate / 60), DownloadRate: rate.Limit(*downloadRate / 60),
		ClientHeader: *clientHeader, PublicURL: *publicURL, Node: *node, Advertise: *advertise, LeaseTTL: *lease})
	hs := srv.HTTPServer()
	if err := srv.Resume(ctx); err != nil {
		ln.Close()
		srv.Close()
		return err
	}
	fmt.Fprintf(stdout, "passage: serving %s (database %s)\n", serveURL(*addr, ln.Addr()), dbName(*db))
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err = <-errc:
	case <-ctx.Done():
		// Not ready any more, the games handed over to the other nodes
		// (their leases released), then a pause for the load balancer.
		log.Info("draining")
		srv.Drain()
		time.Sleep(*drainWait)
		log.Info("shutting down")
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Close() // ends the game streams, which Shutdown does not wait for
	if serr := hs.Shutdown(sctx); serr != nil && err == nil {
		err = serr
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// serveURL is the address to open in a browser.
func serveURL(addr string, bound net.Addr) string {
	host, _, _ := net.SplitHostPort(addr)
	_, port, _ := net.SplitHostPort(bound.String())
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// dbDefault is the database when --db is not given: PASSAGE_DB, else
// passage.db in the working directory.
func dbDefault() string {
	if v := os.Getenv("PASSAGE_DB"); v != "" {
		return v
	}
	return "passage.db"
}

// isPostgres reports whether db names a PostgreSQL database.
func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// openStore opens the database db names: PostgreSQL for a postgres://
// URL, otherwise a SQLite file.
func openStore(ctx context.Context, db string) (store.Store, error) {
	if isPostgres(db) {
		return postgres.Open(ctx, db)
	}
	return sqlite.Open(ctx, db)
}

// dbName is db as it may be printed: a URL without its password.
func dbName(db string) string {
	if u, err := url.Parse(db); err == nil && isPostgres(db) {
		return u.Redacted()
	}
	return db
}

// advertiseURL is the URL other nodes reach this one at when
// --advertise is not given: the address as bound, with the hostname
// for a wildcard address.
func advertiseURL(addr string, bound net.Addr) string {
	host, _, _ := net.SplitHostPort(addr)
	_, port, _ := net.SplitHostPort(bound.String())
	if host == "" || host == "0.0.0.0" || host == "::" {
		host, _ = os.Hostname()
	}
	return "http://" + net.JoinHostPort(host, port)
}

// checkPublicURL accepts an absolute http or https URL with a host and
// no query or fragment: the invite links append their path to it.
func checkPublicURL(v string) error {
	u, err := url.Parse(v)
	switch {
	case err != nil:
		return errors.New("not a URL")
	case u.Scheme != "http" && u.Scheme != "https" || u.Host == "":
		return errors.New("want an absolute http or https URL such as https://passage.example.org")
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || u.User != nil:
		return errors.New("want no query, fragment or user")
	case u.Path != "" && u.Path != "/":
		// The pages, scripts and API are served at the root: a prefix
		// would make links that lead nowhere.
		return errors.New("want no path: the server is served at the root of its host")
	}
	return nil
}
