// Package sqlite is the embedded store: one SQLite file through
// modernc.org/sqlite (pure Go, no cgo), in WAL mode with full
// synchronous commits, so a turn is on disk when AppendTurn returns (and
// a throw when MarkThrown does). Turns and throws of many games arriving
// at once share a transaction and its sync (group commit).
// The schema is created and upgraded by the migrations embedded in the
// binary (migrations/NNNN_*.sql, tracked by the table schema_version;
// package schema); a database newer than the binary is refused.
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
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" driver

	"passage/internal/store"
	"passage/internal/store/schema"
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

	checkpointed chan struct{} // closed when the checkpointer has stopped
}

// checkpointEvery is how often the WAL is copied into the database.
const checkpointEvery = time.Second

// checkpointer copies the WAL into the database file every
// checkpointEvery, without blocking the writer or the readers
// (PASSIVE), until the store closes.
func (s *Store) checkpointer() {
	defer close(s.checkpointed)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-s.quit:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			s.r.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
			cancel()
		}
	}
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
	// Checkpoints (copying the WAL into the database file, with its own
	// sync) run beside the writer every second (checkpointer), not in
	// the commit that happens to cross the WAL's size limit, which held
	// up every turn of its batch. The writer checkpoints itself only if
	// the WAL grows past 40 MB regardless.
	if _, err := w.ExecContext(ctx, "PRAGMA wal_autocheckpoint = 10000"); err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	s := &Store{w: w, r: r, turnq: make(chan turnWrite), quit: make(chan struct{}), stopped: make(chan struct{}), checkpointed: make(chan struct{})}
	go s.writer()
	go s.checkpointer()
	return s, nil
}

// Close stops the writer and closes both pools.
func (s *Store) Close() error {
	var err error
	s.closing.Do(func() {
		close(s.quit)
		<-s.stopped
		<-s.checkpointed
		err = errors.Join(s.r.Close(), s.w.Close())
	})
	return err
}

// migrate applies the embedded migrations newer than the database's
// schema version (table schema_version), each in its own transaction,
// and refuses a database newer than the binary (schema.ErrTooNew).
// Databases made before the table existed kept their version in PRAGMA
// user_version, which seeds it. Foreign keys are off while migrations
// run, as SQLite's procedure for rebuilding a table requires, and
// checked before they are turned on again.
func migrate(ctx context.Context, db *sql.DB) error {
	all, err := schema.Load(migrations, "migrations")
	if err != nil {
		return err
	}
	version, err := schemaVersion(ctx, db)
	if err != nil {
		return err
	}
	pending, err := schema.Pending(all, version)
	if err != nil {
		return err
	}
	// db has a single connection, so the pragmas hold for the migrations.
	if _, err := db.ExecContext(ctx, "PRAGMA foreign_keys = OFF"); err != nil {
		return err
	}
	defer db.ExecContext(ctx, "PRAGMA foreign_keys = ON")
	for _, m := range pending {
		if err := migrateOne(ctx, db, m); err != nil {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
	}
	return nil
}

// schemaVersion reads the schema version, creating its table (seeded
// from user_version) when missing.
func schemaVersion(ctx context.Context, db *sql.DB) (int, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"); err != nil {
		return 0, fmt.Errorf("schema version: %w", err)
	}
	var version int
	err = tx.QueryRowContext(ctx, "SELECT version FROM schema_version").Scan(&version)
	if errors.Is(err, sql.ErrNoRows) {
		if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
			return 0, fmt.Errorf("schema version: %w", err)
		}
		_, err = tx.ExecContext(ctx, "INSERT INTO schema_version (version) VALUES (?)", version)
	}
	if err != nil {
		return 0, fmt.Errorf("schema version: %w", err)
	}
	return version, tx.Commit()
}

// migrateOne runs one migration and records its version in one
// transaction.
func migrateOne(ctx context.Context, db *sql.DB, m schema.Migration) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, "PRAGMA foreign_key_check")
	if err != nil {
		return err
	}
	broken := rows.Next()
	rows.Close()
	if broken {
		return errors.New("foreign keys broken")
	}
	if _, err := tx.ExecContext(ctx, "UPDATE schema_version SET version = ?", m.Version); err != nil {
		return err
	}
	return tx.Commit()
}

// CreateGame stores g and its seats.
func (s *Store) CreateGame(ctx context.Context, g store.Game) error {
	return s.CreateGames(ctx, []store.Game{g})
}

// CreateGames stores games in one transaction (one sync to disk): all
// or none. For imports and for measuring a server with many games.
func (s *Store) CreateGames(ctx context.Context, games []store.Game) error {
	if len(games) == 0 {
		return nil
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlite: create %s: %w", games[0].ID, err)
	}
	defer tx.Rollback()
	for _, g := range games {
		if err := insertGame(ctx, tx, g); err != nil {
			return fmt.Errorf("sqlite: create %s: %w", g.ID, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: create %s: %w", games[0].ID, err)
	}
	return nil
}

// insertGame writes g and its seats inside tx.
func insertGame(ctx context.Context, tx *sql.Tx, g store.Game) error {
	if !g.Status.Valid() {
		return fmt.Errorf("invalid status %q", g.Status)
	}
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM games WHERE id = ?", g.ID).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return fmt.Errorf("%w: ID in use", store.ErrConflict)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO games
		(id, rules, start, pos, turns, status, commit_hash, seed, time_limit, result, created, updated, thrown)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.ID, g.Rules, g.Start, g.Pos, g.Turns, string(g.Status), g.Commit, g.Seed,
		g.TimeLimit.Milliseconds(), g.Result, store.MS(g.Created), store.MS(g.Updated), g.Thrown)
	if err != nil {
		return err
	}
	for i, seat := range g.Seats {
		_, err := tx.ExecContext(ctx, "INSERT INTO seats (game_id, seat, kind, token_hash, away, anyone, resigned) VALUES (?, ?, ?, ?, ?, ?, ?)",
			g.ID, i, seat.Kind, seat.TokenHash, seat.Away, seat.Anyone, seat.Resigned)
		if err != nil {
			return fmt.Errorf("seat %d: %w", i, err)
		}
	}
	return nil
}

// Game reads one game with its seats.
func (s *Store) Game(ctx context.Context, id string) (store.Game, error) {
	games, err := s.query(ctx, "SELECT "+store.GameColumns+" FROM games WHERE id = ?", "g.id", id)
	if err != nil {
		return store.Game{}, fmt.Errorf("sqlite: game %q: %w", id, err)
	}
	if len(games) == 0 {
		return store.Game{}, fmt.Errorf("sqlite: game %q: %w", id, store.ErrNotFound)
	}
	return games[0], nil
}

// query reads the games that sel selects (a SELECT of store.GameColumns
// from games, with its limit), each with its seats (store.JoinSeats), in
// the order order.
func (s *Store) query(ctx context.Context, sel, order string, args ...any) ([]store.Game, error) {
	rows, err := s.r.QueryContext(ctx, store.JoinSeats(sel, order), args...)
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
	if where := f.Where(func(arg any) string { args = append(args, arg); return "?" }); where != "" {
		sel += " WHERE " + where
	}
	sel += " ORDER BY updated DESC, id LIMIT ?"
	args = append(args, limit)
	games, err := s.query(ctx, sel, "g.updated DESC, g.id", args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: games: %w", err)
	}
	return games, nil
}

// Pending lists live games that may have an automatic action, by ID.
func (s *Store) Pending(ctx context.Context, after string, stale time.Time, limit int) ([]store.Game, error) {
	// "+status" keeps SQLite from the status index: the pages then walk
	// the primary key from after, one pass over the table in all,
	// instead of sorting every live game for each page.
	sel := "SELECT " + store.GameColumns + " FROM games WHERE +status = ? AND id > ? AND (time_limit > 0 OR updated < ? OR " +
		"EXISTS (SELECT 1 FROM seats WHERE game_id = games.id AND (kind <> ? OR away = 1))) ORDER BY id LIMIT ?"
	games, err := s.query(ctx, sel, "g.id", string(store.StatusLive), after, store.MS(stale), store.Human, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: pending games: %w", err)
	}
	return games, nil
}

// Abandon marks the waiting games last updated before cutoff abandoned.
func (s *Store) Abandon(ctx context.Context, cutoff time.Time) ([]string, error) {
	rows, err := s.w.QueryContext(ctx, "UPDATE games SET status = ?, updated = ? WHERE status = ? AND updated < ? RETURNING id",
		string(store.StatusAbandoned), store.MS(time.Now()), string(store.StatusWaiting), store.MS(cutoff))
	if err != nil {
		return nil, fmt.Errorf("sqlite: abandon: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("sqlite: abandon: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: abandon: %w", err)
	}
	return ids, nil
}

// Prune deletes the games over or abandoned before cutoff, with all
// that refers to them (store.Pruner), store.PruneBatch games a
// transaction: the server's own writes wait for each (SQLite has one
// writer), so none may last long.
func (s *Store) Prune(ctx context.Context, cutoff time.Time, dryRun bool) (int, error) {
	const old = "SELECT id FROM games WHERE status IN (?, ?) AND updated < ?"
	args := []any{string(store.StatusOver), string(store.StatusAbandoned), store.MS(cutoff)}
	batch := old + fmt.Sprintf(" LIMIT %d", store.PruneBatch)
	return store.PruneInBatches(dryRun, func() (int, error) {
		var n int
		if err := s.w.QueryRowContext(ctx, "SELECT count(*) FROM ("+old+")", args...).Scan(&n); err != nil {
			return 0, fmt.Errorf("sqlite: prune: %w", err)
		}
		return n, nil
	}, func() (int, error) { return s.pruneBatch(ctx, batch, args) })
}

// pruneBatch deletes the games batch selects, in one transaction.
func (s *Store) pruneBatch(ctx context.Context, batch string, args []any) (int, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("sqlite: prune: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "CREATE TEMP TABLE IF NOT EXISTS prune_ids (id TEXT PRIMARY KEY)"); err != nil {
		return 0, fmt.Errorf("sqlite: prune: %w", err)
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM prune_ids"); err != nil {
		return 0, fmt.Errorf("sqlite: prune: %w", err)
	}
	res, err := tx.ExecContext(ctx, "INSERT INTO prune_ids "+batch, args...)
	if err != nil {
		return 0, fmt.Errorf("sqlite: prune: %w", err)
	}
	n, _ := res.RowsAffected()
	for _, table := range []string{"analyses", "turns", "seats"} {
		if _, err := tx.ExecContext(ctx, "DELETE FROM "+table+" WHERE game_id IN (SELECT id FROM prune_ids)"); err != nil {
			return 0, fmt.Errorf("sqlite: prune %s: %w", table, err)
		}
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM games WHERE id IN (SELECT id FROM prune_ids)"); err != nil {
		return 0, fmt.Errorf("sqlite: prune games: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("sqlite: prune: %w", err)
	}
	return int(n), nil
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
	res, err := tx.ExecContext(ctx, "UPDATE seats SET token_hash = ? WHERE game_id = ? AND seat = ? AND kind = ? AND token_hash = '' "+
		"AND (SELECT status FROM games WHERE id = ?) = ?",
		tokenHash, id, seat, store.Human, id, string(store.StatusWaiting))
	if err != nil {
		return fmt.Errorf("sqlite: take seat %d of %s: %w", seat, id, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("sqlite: take seat %d of %s: %w: not an open seat of a waiting game", seat, id, store.ErrConflict)
	}
	if _, err := tx.ExecContext(ctx, "UPDATE games SET status = ?, updated = ? WHERE id = ?", string(status), store.MS(time.Now()), id); err != nil {
		return fmt.Errorf("sqlite: take seat %d of %s: %w", seat, id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: take seat %d of %s: %w", seat, id, err)
	}
	return nil
}

// End ends a waiting or live game without a turn.
func (s *Store) End(ctx context.Context, id string, status store.Status, result string) error {
	if !status.Done() {
		return fmt.Errorf("sqlite: end %s: status %q is not an end", id, status)
	}
	res, err := s.w.ExecContext(ctx, "UPDATE games SET status = ?, result = ?, updated = ? WHERE id = ? AND status IN (?, ?)",
		string(status), result, store.MS(time.Now()), id, string(store.StatusWaiting), string(store.StatusLive))
	if err != nil {
		return fmt.Errorf("sqlite: end %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		var n int
		if err := s.w.QueryRowContext(ctx, "SELECT count(*) FROM games WHERE id = ?", id).Scan(&n); err == nil && n == 0 {
			return fmt.Errorf("sqlite: end %s: %w", id, store.ErrNotFound)
		}
		return fmt.Errorf("sqlite: end %s: %w: the game has ended already", id, store.ErrConflict)
	}
	return nil
}

// HandOver gives a person's seat to a computer player; a seat that
// resigned keeps its token hash.
func (s *Store) HandOver(ctx context.Context, id string, seat int, kind string, resigned int) error {
	if kind == "" || kind == store.Human {
		return fmt.Errorf("sqlite: hand over %d of %s: %q is not a computer player", seat, id, kind)
	}
	if resigned < 0 {
		return fmt.Errorf("sqlite: hand over %d of %s: resigned on throw %d", seat, id, resigned)
	}
	res, err := s.w.ExecContext(ctx, "UPDATE seats SET kind = ?, token_hash = CASE WHEN ? > 0 THEN token_hash ELSE '' END, away = 0, resigned = ? WHERE game_id = ? AND seat = ? AND kind = ?",
		kind, resigned, resigned, id, seat, store.Human)
	if err != nil {
		return fmt.Errorf("sqlite: hand over %d of %s: %w", seat, id, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("sqlite: hand over %d of %s: %w: no person's seat", seat, id, store.ErrNotFound)
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

// MarkThrown records that the seat to move has thrown for turn n,
// through the writer as a turn is, so that a throw shares the
// transaction and its sync with the turns and throws of other games
// arriving together. It leaves updated alone: a throw does not restart
// the turn's clock.
func (s *Store) MarkThrown(ctx context.Context, id string, n int) error {
	return s.queue(ctx, turnWrite{id: id, t: store.Turn{N: n}, thrown: true, done: make(chan error, 1)})
}

// AppendTurn adds a turn and moves the game to its position. Turns of
// different games that arrive together are written in one transaction,
// with one sync to disk (group commit); AppendTurn returns when the
// transaction holding its turn is durable, or failed.
func (s *Store) AppendTurn(ctx context.Context, id string, t store.Turn, status store.Status, result string) error {
	if !status.Valid() {
		return fmt.Errorf("sqlite: turn %d of %s: invalid status %q", t.N, id, status)
	}
	return s.queue(ctx, turnWrite{id: id, t: t, status: status, result: result, done: make(chan error, 1)})
}

// queue hands req to the writer and waits for its transaction.
func (s *Store) queue(ctx context.Context, req turnWrite) error {
	select {
	case s.turnq <- req:
	case <-s.quit:
		return fmt.Errorf("sqlite: %s: store closed", req)
	case <-ctx.Done():
		return ctx.Err()
	}
	// Once queued, the write happens or fails as a whole; wait for it
	// whatever ctx does, so that the caller never takes a written turn
	// for a failed one.
	return <-req.done
}

// turnWrite is one AppendTurn, or one MarkThrown (thrown: of turn
// t.N), waiting for the writer.
type turnWrite struct {
	id     string
	t      store.Turn
	status store.Status
	result string
	thrown bool
	done   chan error
}

// String names the write in errors: "turn 3 of ID", "throw 3 of ID".
func (w turnWrite) String() string {
	if w.thrown {
		return fmt.Sprintf("throw %d of %s", w.t.N, w.id)
	}
	return fmt.Sprintf("turn %d of %s", w.t.N, w.id)
}

// maxBatch bounds the turns and throws written in one transaction.
const maxBatch = 256

// writer writes queued turns and throws: it takes every one waiting at
// the moment into one transaction, without waiting for more.
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

// writeBatch writes turns and throws in one transaction, each under a
// savepoint so that a refused one (not the next turn) leaves the others
// in.
func (s *Store) writeBatch(batch []turnWrite) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	errs := make([]error, len(batch))
	fail := func(err error) {
		for _, w := range batch {
			w.done <- fmt.Errorf("sqlite: %s: %w", w, err)
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
		if w.thrown {
			errs[i] = markThrown(ctx, tx, w)
		} else {
			errs[i] = appendTurn(ctx, tx, w)
		}
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
			w.done <- fmt.Errorf("sqlite: %s: %w", w, errs[i])
		} else {
			w.done <- nil
		}
	}
}

// appendTurn writes one turn inside tx.
func appendTurn(ctx context.Context, tx *sql.Tx, w turnWrite) error {
	t := w.t
	res, err := tx.ExecContext(ctx, "UPDATE games SET pos = ?, turns = ?, status = ?, result = ?, updated = ? WHERE id = ? AND turns = ?",
		t.Pos, t.N, string(w.status), w.result, store.MS(t.At), w.id, t.N-1)
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
		w.id, t.N, t.Seat, t.Roll, t.Move, t.Pos, t.By, store.MS(t.At))
	return err
}

// markThrown marks one throw inside tx.
func markThrown(ctx context.Context, tx *sql.Tx, w turnWrite) error {
	n := w.t.N
	res, err := tx.ExecContext(ctx, "UPDATE games SET thrown = ? WHERE id = ? AND status = ? AND turns = ?",
		n, w.id, string(store.StatusLive), n-1)
	if err != nil {
		return err
	}
	if k, _ := res.RowsAffected(); k != 1 {
		if err := exists(ctx, tx, w.id); err != nil {
			return err
		}
		return fmt.Errorf("%w: not the next turn of a live game", store.ErrConflict)
	}
	return nil
}

// Turn reads one turn of a game's log.
func (s *Store) Turn(ctx context.Context, id string, n int) (store.Turn, error) {
	t, err := store.ScanTurn(s.r.QueryRowContext(ctx, "SELECT "+store.TurnColumns+" FROM turns WHERE game_id = ? AND n = ?", id, n).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Turn{}, fmt.Errorf("sqlite: turn %d of %q: %w", n, id, store.ErrNotFound)
	}
	if err != nil {
		return store.Turn{}, fmt.Errorf("sqlite: turn %d of %s: %w", n, id, err)
	}
	return t, nil
}

// Turns reads a game's log.
func (s *Store) Turns(ctx context.Context, id string) ([]store.Turn, error) {
	rows, err := s.r.QueryContext(ctx, "SELECT "+store.TurnColumns+" FROM turns WHERE game_id = ? ORDER BY n", id)
	if err != nil {
		return nil, fmt.Errorf("sqlite: turns of %s: %w", id, err)
	}
	defer rows.Close()
	var out []store.Turn
	for rows.Next() {
		t, err := store.ScanTurn(rows.Scan)
		if err != nil {
			return nil, fmt.Errorf("sqlite: turns of %s: %w", id, err)
		}
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
