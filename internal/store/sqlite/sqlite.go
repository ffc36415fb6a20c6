// Package sqlite is the embedded store: one SQLite file through
// modernc.org/sqlite (pure Go, no cgo), in WAL mode with full
// synchronous commits, so a turn is on disk when AppendTurn returns.
// Turns of many games arriving at once share a transaction and its sync
// (group commit).
// The schema is created and upgraded by the migrations embedded in the
// binary (migrations/NNNN_*.sql, tracked by PRAGMA user_version).
//
// Usage:
//
//	st, err := sqlite.Open(ctx, "passage.db")
//	defer st.Close()
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" driver

	"passage/internal/store"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Store is a store.Store in one SQLite file. Writes go through a single
// connection (SQLite has one writer at a time); reads use a small pool
// of their own, which WAL mode lets run beside the writer.
type Store struct {
	w, r *sql.DB

	turnq   chan turnWrite
	quit    chan struct{}
	stopped chan struct{}
	closing sync.Once
	batches atomic.Int64 // transactions of turns written
}

var _ store.Store = (*Store)(nil)

// dsn is the connection string for path with the pragmas every
// connection needs.
func dsn(path string) string {
	esc := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	return "file:" + esc + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)" +
		"&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_txlock=immediate"
}

// Open opens or creates the database at path and brings its schema up
// to date.
func Open(ctx context.Context, path string) (*Store, error) {
	w, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	if err := migrate(ctx, w); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	r, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	s := &Store{w: w, r: r, turnq: make(chan turnWrite), quit: make(chan struct{}), stopped: make(chan struct{})}
	go s.writer()
	return s, nil
}

// Close stops the writer and closes both pools.
func (s *Store) Close() error {
	var err error
	s.closing.Do(func() {
		close(s.quit)
		<-s.stopped
		err = errors.Join(s.r.Close(), s.w.Close())
	})
	return err
}

// migrate applies the embedded migrations newer than the database's
// user_version, each in its own transaction.
func migrate(ctx context.Context, db *sql.DB) error {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	slices.Sort(names)
	var version int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		num, _, _ := strings.Cut(base, "_")
		n, err := strconv.Atoi(num)
		if err != nil {
			return fmt.Errorf("migration %s: name must start with its number", base)
		}
		if n <= version {
			continue
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", base, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", n)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %s: %w", base, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migration %s: %w", base, err)
		}
		version = n
	}
	return nil
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

// CreateGame stores g and its seats.
func (s *Store) CreateGame(ctx context.Context, g store.Game) error {
	if !g.Status.Valid() {
		return fmt.Errorf("sqlite: create %s: invalid status %q", g.ID, g.Status)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: create %s: %w", g.ID, err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM games WHERE id = ?", g.ID).Scan(&n); err != nil {
		return fmt.Errorf("sqlite: create %s: %w", g.ID, err)
	}
	if n > 0 {
		return fmt.Errorf("sqlite: create %s: %w: ID in use", g.ID, store.ErrConflict)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO games
		(id, rules, start, pos, turns, status, commit_hash, seed, time_limit, result, created, updated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.ID, g.Rules, g.Start, g.Pos, g.Turns, string(g.Status), g.Commit, g.Seed,
		g.TimeLimit.Milliseconds(), g.Result, ms(g.Created), ms(g.Updated))
	if err != nil {
		return fmt.Errorf("sqlite: create %s: %w", g.ID, err)
	}
	for i, seat := range g.Seats {
		_, err := tx.ExecContext(ctx, "INSERT INTO seats (game_id, seat, kind, token_hash, away) VALUES (?, ?, ?, ?, ?)",
			g.ID, i, seat.Kind, seat.TokenHash, seat.Away)
		if err != nil {
			return fmt.Errorf("sqlite: create %s: seat %d: %w", g.ID, i, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: create %s: %w", g.ID, err)
	}
	return nil
}

const gameColumns = "id, rules, start, pos, turns, status, commit_hash, seed, time_limit, result, created, updated"

type scanner interface{ Scan(dest ...any) error }

func scanGame(row scanner) (store.Game, error) {
	var g store.Game
	var status string
	var limit, created, updated int64
	err := row.Scan(&g.ID, &g.Rules, &g.Start, &g.Pos, &g.Turns, &status, &g.Commit, &g.Seed, &limit, &g.Result, &created, &updated)
	g.Status = store.Status(status)
	g.TimeLimit = time.Duration(limit) * time.Millisecond
	g.Created, g.Updated = fromMS(created), fromMS(updated)
	return g, err
}

// Game reads one game with its seats.
func (s *Store) Game(ctx context.Context, id string) (store.Game, error) {
	g, err := scanGame(s.r.QueryRowContext(ctx, "SELECT "+gameColumns+" FROM games WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return store.Game{}, fmt.Errorf("sqlite: game %q: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return store.Game{}, fmt.Errorf("sqlite: game %q: %w", id, err)
	}
	seats, err := s.seats(ctx, []string{id})
	if err != nil {
		return store.Game{}, err
	}
	g.Seats = seats[id]
	return g, nil
}

// seats reads the seats of the games ids.
func (s *Store) seats(ctx context.Context, ids []string) (map[string][]store.Seat, error) {
	out := make(map[string][]store.Seat, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	q := "SELECT game_id, kind, token_hash, away FROM seats WHERE game_id IN (?" +
		strings.Repeat(", ?", len(ids)-1) + ") ORDER BY game_id, seat"
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: seats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var seat store.Seat
		if err := rows.Scan(&id, &seat.Kind, &seat.TokenHash, &seat.Away); err != nil {
			return nil, fmt.Errorf("sqlite: seats: %w", err)
		}
		out[id] = append(out[id], seat)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: seats: %w", err)
	}
	return out, nil
}

// Games lists games, the most recently updated first.
func (s *Store) Games(ctx context.Context, f store.Filter) ([]store.Game, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	q := "SELECT " + gameColumns + " FROM games"
	args := []any{}
	if f.Status != "" {
		q += " WHERE status = ?"
		args = append(args, string(f.Status))
	}
	q += " ORDER BY updated DESC, id LIMIT ?"
	args = append(args, limit)
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: games: %w", err)
	}
	var games []store.Game
	var ids []string
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("sqlite: games: %w", err)
		}
		games = append(games, g)
		ids = append(ids, g.ID)
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return nil, fmt.Errorf("sqlite: games: %w", err)
	}
	seats, err := s.seats(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range games {
		games[i].Seats = seats[games[i].ID]
	}
	return games, nil
}

// exists reports ErrNotFound for an unknown game inside tx.
func exists(ctx context.Context, tx *sql.Tx, id string) error {
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM games WHERE id = ?", id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// TakeSeat gives an open seat to a token's holder.
func (s *Store) TakeSeat(ctx context.Context, id string, seat int, tokenHash string, status store.Status) error {
	if tokenHash == "" || !status.Valid() {
		return fmt.Errorf("sqlite: take seat %d of %s: empty token hash or invalid status", seat, id)
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: take seat %d of %s: %w", seat, id, err)
	}
	defer tx.Rollback()
	if err := exists(ctx, tx, id); err != nil {
		return fmt.Errorf("sqlite: take seat %d of %s: %w", seat, id, err)
	}
	res, err := tx.ExecContext(ctx, "UPDATE seats SET token_hash = ? WHERE game_id = ? AND seat = ? AND kind = ? AND token_hash = ''",
		tokenHash, id, seat, store.Human)
	if err != nil {
		return fmt.Errorf("sqlite: take seat %d of %s: %w", seat, id, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("sqlite: take seat %d of %s: %w: not an open seat", seat, id, store.ErrConflict)
	}
	if _, err := tx.ExecContext(ctx, "UPDATE games SET status = ?, updated = ? WHERE id = ?", string(status), ms(time.Now()), id); err != nil {
		return fmt.Errorf("sqlite: take seat %d of %s: %w", seat, id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: take seat %d of %s: %w", seat, id, err)
	}
	return nil
}

// SetAway sets a seat's Away flag.
func (s *Store) SetAway(ctx context.Context, id string, seat int, away bool) error {
	res, err := s.w.ExecContext(ctx, "UPDATE seats SET away = ? WHERE game_id = ? AND seat = ?", away, id, seat)
	if err != nil {
		return fmt.Errorf("sqlite: set away %d of %s: %w", seat, id, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("sqlite: set away %d of %s: %w", seat, id, store.ErrNotFound)
	}
	return nil
}

// AppendTurn adds a turn and moves the game to its position. Turns of
// different games that arrive together are written in one transaction,
// with one sync to disk (group commit); AppendTurn returns when the
// transaction holding its turn is durable, or failed.
func (s *Store) AppendTurn(ctx context.Context, id string, t store.Turn, status store.Status, result string) error {
	if !status.Valid() {
		return fmt.Errorf("sqlite: turn %d of %s: invalid status %q", t.N, id, status)
	}
	req := turnWrite{id: id, t: t, status: status, result: result, done: make(chan error, 1)}
	select {
	case s.turnq <- req:
	case <-s.quit:
		return fmt.Errorf("sqlite: turn %d of %s: store closed", t.N, id)
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once queued, the write happens or fails as a whole; wait for it
	// whatever ctx does, so that the caller never takes a written turn
	// for a failed one.
	return <-req.done
}

// turnWrite is one AppendTurn waiting for the writer.
type turnWrite struct {
	id     string
	t      store.Turn
	status store.Status
	result string
	done   chan error
}

// maxBatch bounds the turns written in one transaction.
const maxBatch = 256

// writer writes queued turns: it takes every turn waiting at the moment
// into one transaction, without waiting for more.
func (s *Store) writer() {
	defer close(s.stopped)
	for {
		var batch []turnWrite
		select {
		case w := <-s.turnq:
			batch = append(batch, w)
		case <-s.quit:
			return
		}
	more:
		for len(batch) < maxBatch {
			select {
			case w := <-s.turnq:
				batch = append(batch, w)
			default:
				break more
			}
		}
		s.writeBatch(batch)
	}
}

// writeBatch writes turns in one transaction, each under a savepoint so
// that a refused turn (not the next one) leaves the others in.
func (s *Store) writeBatch(batch []turnWrite) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	errs := make([]error, len(batch))
	fail := func(err error) {
		for _, w := range batch {
			w.done <- fmt.Errorf("sqlite: turn %d of %s: %w", w.t.N, w.id, err)
		}
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		fail(err)
		return
	}
	defer tx.Rollback()
	for i, w := range batch {
		if _, err := tx.ExecContext(ctx, "SAVEPOINT turn"); err != nil {
			fail(err)
			return
		}
		errs[i] = appendTurn(ctx, tx, w)
		if errs[i] != nil {
			if _, err := tx.ExecContext(ctx, "ROLLBACK TO turn"); err != nil {
				fail(err)
				return
			}
		}
		if _, err := tx.ExecContext(ctx, "RELEASE turn"); err != nil {
			fail(err)
			return
		}
	}
	if err := tx.Commit(); err != nil {
		fail(err)
		return
	}
	s.batches.Add(1)
	for i, w := range batch {
		if errs[i] != nil {
			w.done <- fmt.Errorf("sqlite: turn %d of %s: %w", w.t.N, w.id, errs[i])
		} else {
			w.done <- nil
		}
	}
}

// appendTurn writes one turn inside tx.
func appendTurn(ctx context.Context, tx *sql.Tx, w turnWrite) error {
	t := w.t
	res, err := tx.ExecContext(ctx, "UPDATE games SET pos = ?, turns = ?, status = ?, result = ?, updated = ? WHERE id = ? AND turns = ?",
		t.Pos, t.N, string(w.status), w.result, ms(t.At), w.id, t.N-1)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		if err := exists(ctx, tx, w.id); err != nil {
			return err
		}
		return fmt.Errorf("%w: not the next turn", store.ErrConflict)
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO turns (game_id, n, seat, roll, move, pos, by, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
		w.id, t.N, t.Seat, t.Roll, t.Move, t.Pos, t.By, ms(t.At))
	return err
}

// Turns reads a game's log.
func (s *Store) Turns(ctx context.Context, id string) ([]store.Turn, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT n, seat, roll, move, pos, by, at FROM turns WHERE game_id = ? ORDER BY n", id)
	if err != nil {
		return nil, fmt.Errorf("sqlite: turns of %s: %w", id, err)
	}
	defer rows.Close()
	var out []store.Turn
	for rows.Next() {
		var t store.Turn
		var at int64
		if err := rows.Scan(&t.N, &t.Seat, &t.Roll, &t.Move, &t.Pos, &t.By, &at); err != nil {
			return nil, fmt.Errorf("sqlite: turns of %s: %w", id, err)
		}
		t.At = fromMS(at)
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: turns of %s: %w", id, err)
	}
	if len(out) == 0 {
		var n int
		if err := s.r.QueryRowContext(ctx, "SELECT count(*) FROM games WHERE id = ?", id).Scan(&n); err != nil {
			return nil, fmt.Errorf("sqlite: turns of %s: %w", id, err)
		}
		if n == 0 {
			return nil, fmt.Errorf("sqlite: turns of %q: %w", id, store.ErrNotFound)
		}
	}
	return out, nil
}
