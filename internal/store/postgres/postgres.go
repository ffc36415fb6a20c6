// Package postgres is the store for several server nodes: PostgreSQL
// through github.com/jackc/pgx/v5 with a connection pool (pgxpool). It
// passes the same suite as the SQLite store (store/storetest), and it is
// a store.Leaser: games are shared between nodes by leases with fencing
// numbers (leases.go), checked inside each write's transaction.
//
// The schema is created and upgraded at Open by the migrations embedded
// in the binary (migrations/NNNN_*.sql, the version in the table
// schema_version; package schema), under an advisory lock so that nodes
// starting together migrate once; a database newer than the binary is
// refused.
//
// Usage:
//
//	st, err := postgres.Open(ctx, "postgres://passage@db/passage?pool_max_conns=20")
//	defer st.Close()
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"passage/internal/store"
	"passage/internal/store/schema"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrationLock is the advisory lock key held while migrating.
const migrationLock = 0x7061737361676501

// Store is a store.Store and store.Leaser on a PostgreSQL database.
type Store struct {
	pool *pgxpool.Pool
}

var (
	_ store.Store  = (*Store)(nil)
	_ store.Leaser = (*Store)(nil)
)

// defaultPoolSize is the pool's size unless the connection string sets
// pool_max_conns. pgx's own default (the larger of 4 and the CPUs) is
// small for a game server: every move is a transaction, one connection
// stays in LISTEN, and commits of many games overlap.
const defaultPoolSize = 16

// Open connects to the database named by dsn (a postgres:// URL or
// key=value connection string; pool_max_conns sets the pool's size,
// 16 by default) and brings its schema up to date.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = defaultPoolSize
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: %s: %w", cfg.ConnConfig.Database, err)
	}
	return &Store{pool: pool}, nil
}

// Close closes the pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// migrate applies the migrations the database lacks, all in one
// transaction (PostgreSQL's DDL is transactional), under an advisory
// lock.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	all, err := schema.Load(migrations, "migrations")
	if err != nil {
		return err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(migrationLock)); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"); err != nil {
		return fmt.Errorf("schema version: %w", err)
	}
	var version int
	err = tx.QueryRow(ctx, "SELECT version FROM schema_version").Scan(&version)
	if errors.Is(err, pgx.ErrNoRows) {
		_, err = tx.Exec(ctx, "INSERT INTO schema_version (version) VALUES (0)")
	}
	if err != nil {
		return fmt.Errorf("schema version: %w", err)
	}
	pending, err := schema.Pending(all, version)
	if err != nil {
		return err
	}
	for _, m := range pending {
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
		if _, err := tx.Exec(ctx, "UPDATE schema_version SET version = $1", m.Version); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// isUniqueViolation reports a duplicate key.
func isUniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// Game reads one game with its seats.
func (s *Store) Game(ctx context.Context, id string) (store.Game, error) {
	games, err := s.query(ctx, "SELECT "+store.GameColumns+" FROM games WHERE id = $1", "g.id", id)
	if err != nil {
		return store.Game{}, fmt.Errorf("postgres: game %q: %w", id, err)
	}
	if len(games) == 0 {
		return store.Game{}, fmt.Errorf("postgres: game %q: %w", id, store.ErrNotFound)
	}
	return games[0], nil
}

// query reads the games that sel selects, each with its seats (joined
// in the same statement), in the order order (on the selection's
// columns, as g.NAME).
func (s *Store) query(ctx context.Context, sel, order string, args ...any) ([]store.Game, error) {
	rows, err := s.pool.Query(ctx, store.JoinSeats(sel, order), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return store.ScanGames(rows)
}

// Games lists games, the most recently updated first.
func (s *Store) Games(ctx context.Context, f store.Filter) ([]store.Game, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	sel := "SELECT " + store.GameColumns + " FROM games"
	var args []any
	if where := f.Where(func(arg any) string { args = append(args, arg); return fmt.Sprintf("$%d", len(args)) }); where != "" {
		sel += " WHERE " + where
	}
	args = append(args, limit)
	sel += fmt.Sprintf(" ORDER BY updated DESC, id LIMIT $%d", len(args))
	games, err := s.query(ctx, sel, "g.updated DESC, g.id", args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: games: %w", err)
	}
	return games, nil
}

// Pending lists live games that may have an automatic action to take
// and that no node runs (no lease that has not expired): a node's
// sweeps then do not try, every time, to take the games that the other
// nodes run.
func (s *Store) Pending(ctx context.Context, after string, stale time.Time, limit int) ([]store.Game, error) {
	sel := "SELECT " + store.GameColumns + " FROM games WHERE status = $1 AND id > $2 AND (time_limit > 0 OR updated < $5 OR " +
		"EXISTS (SELECT 1 FROM seats WHERE game_id = games.id AND (kind <> $3 OR away))) " +
		"AND NOT EXISTS (SELECT 1 FROM leases WHERE game_id = games.id AND expires > now()) ORDER BY id LIMIT $4"
	games, err := s.query(ctx, sel, "g.id", string(store.StatusLive), after, store.Human, limit, store.MS(stale))
	if err != nil {
		return nil, fmt.Errorf("postgres: pending games: %w", err)
	}
	return games, nil
}

// Turn reads one turn of a game's log.
func (s *Store) Turn(ctx context.Context, id string, n int) (store.Turn, error) {
	t, err := store.ScanTurn(s.pool.QueryRow(ctx, "SELECT "+store.TurnColumns+" FROM turns WHERE game_id = $1 AND n = $2", id, n).Scan)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Turn{}, fmt.Errorf("postgres: turn %d of %q: %w", n, id, store.ErrNotFound)
	}
	if err != nil {
		return store.Turn{}, fmt.Errorf("postgres: turn %d of %s: %w", n, id, err)
	}
	return t, nil
}

// Turns reads a game's log.
func (s *Store) Turns(ctx context.Context, id string) ([]store.Turn, error) {
	rows, err := s.pool.Query(ctx, "SELECT "+store.TurnColumns+" FROM turns WHERE game_id = $1 ORDER BY n", id)
	if err != nil {
		return nil, fmt.Errorf("postgres: turns of %s: %w", id, err)
	}
	defer rows.Close()
	var out []store.Turn
	for rows.Next() {
		t, err := store.ScanTurn(rows.Scan)
		if err != nil {
			return nil, fmt.Errorf("postgres: turns of %s: %w", id, err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: turns of %s: %w", id, err)
	}
	if len(out) == 0 {
		var n int
		if err := s.pool.QueryRow(ctx, "SELECT count(*) FROM games WHERE id = $1", id).Scan(&n); err != nil {
			return nil, fmt.Errorf("postgres: turns of %s: %w", id, err)
		}
		if n == 0 {
			return nil, fmt.Errorf("postgres: turns of %q: %w", id, store.ErrNotFound)
		}
	}
	return out, nil
}
