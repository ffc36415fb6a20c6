package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"passage/internal/server"
	"passage/internal/store/sqlite"
)

// cmdServe runs the game server until SIGINT or SIGTERM.
func cmdServe(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("serve", stdout)
	addr := fs.String("addr", "localhost:8080", "listen on `HOST:PORT` (port 0 picks a free one; :8080 for every interface)")
	db := fs.String("db", "passage.db", "SQLite database `FILE`, created when missing")
	botDelay := fs.Duration("bot-delay", 700*time.Millisecond, "pause `D` before each throw and move of a computer player")
	standIn := fs.String("stand-in", "medium", "computer `LEVEL` that plays a person's seat after the time limit")
	logLevel := fs.String("log", "info", "log `LEVEL`: debug, info, warn or error")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		return usageError{fmt.Sprintf("serve: --log %q: want debug, info, warn or error", *logLevel)}
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := sqlite.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	srv := server.New(server.Config{Store: st, Logger: log, BotDelay: *botDelay, StandIn: *standIn})
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		srv.Close()
		return err
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	if err := srv.Resume(ctx); err != nil {
		ln.Close()
		srv.Close()
		return err
	}
	fmt.Fprintf(stdout, "passage: serving %s (database %s)\n", serveURL(*addr, ln.Addr()), *db)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err = <-errc:
	case <-ctx.Done():
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
