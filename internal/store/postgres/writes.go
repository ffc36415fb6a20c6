package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"passage/internal/store"
)

// writes makes the store's writes, each in one transaction; with a
// lease, every write to a game first checks that the lease is still the
// game's, in the same transaction.
type writes struct {
	s     *Store
	lease *store.Lease // nil: no check (one node, or a game's creation)
}

// inTx runs f in a transaction on game, after the fence check. The lease
// row is read FOR SHARE: a takeover (which updates it) waits until this
// transaction ends, and a write that starts after the takeover sees the
// new fencing number and fails, so the old holder can never write after
// the new one has read the game.
func (w writes) inTx(ctx context.Context, game string, f func(tx pgx.Tx) error) error {
	tx, err := w.s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if w.lease != nil {
		var fence int64
		err := tx.QueryRow(ctx, "SELECT fence FROM leases WHERE game_id = $1 FOR SHARE", game).Scan(&fence)
		if errors.Is(err, pgx.ErrNoRows) || err == nil && fence != w.lease.Fence {
			return fmt.Errorf("%w (fence %d)", store.ErrFenced, w.lease.Fence)
		}
		if err != nil {
			return err
		}
	}
	if err := f(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// exists reports ErrNotFound for an unknown game inside tx.
func exists(ctx context.Context, tx pgx.Tx, id string) error {
	var n int
	if err := tx.QueryRow(ctx, "SELECT count(*) FROM games WHERE id = $1", id).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return nil
}

// CreateGame stores g and its seats.
func (s *Store) CreateGame(ctx context.Context, g store.Game) error {
	if !g.Status.Valid() {
		return fmt.Errorf("postgres: create %s: invalid status %q", g.ID, g.Status)
	}
	err := writes{s: s}.inTx(ctx, g.ID, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO games
			(id, rules, start, pos, turns, status, commit_hash, seed, time_limit, result, created, updated, thrown)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
			g.ID, g.Rules, g.Start, g.Pos, g.Turns, string(g.Status), g.Commit, g.Seed,
			g.TimeLimit.Milliseconds(), g.Result, store.MS(g.Created), store.MS(g.Updated), g.Thrown)
		if isUniqueViolation(err) {
			return fmt.Errorf("%w: ID in use", store.ErrConflict)
		}
		if err != nil {
			return err
		}
		for i, seat := range g.Seats {
			if _, err := tx.Exec(ctx, "INSERT INTO seats (game_id, seat, kind, token_hash, away, anyone, resigned) VALUES ($1, $2, $3, $4, $5, $6, $7)",
				g.ID, i, seat.Kind, seat.TokenHash, seat.Away, seat.Anyone, seat.Resigned); err != nil {
				return fmt.Errorf("seat %d: %w", i, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("postgres: create %s: %w", g.ID, err)
	}
	return nil
}

// TakeSeat gives an open seat to a token's holder.
func (w writes) TakeSeat(ctx context.Context, id string, seat int, tokenHash string, status store.Status) error {
	if tokenHash == "" || !status.Valid() {
		return fmt.Errorf("postgres: take seat %d of %s: empty token hash or invalid status", seat, id)
	}
	err := w.inTx(ctx, id, func(tx pgx.Tx) error {
		if err := exists(ctx, tx, id); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, "UPDATE seats SET token_hash = $1 WHERE game_id = $2 AND seat = $3 AND kind = $4 AND token_hash = '' "+
			"AND (SELECT status FROM games WHERE id = $2) = $5",
			tokenHash, id, seat, store.Human, string(store.StatusWaiting))
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			return fmt.Errorf("%w: not an open seat of a waiting game", store.ErrConflict)
		}
		_, err = tx.Exec(ctx, "UPDATE games SET status = $1, updated = $2 WHERE id = $3", string(status), store.MS(time.Now()), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: take seat %d of %s: %w", seat, id, err)
	}
	return nil
}

// End ends a waiting or live game without a turn.
func (w writes) End(ctx context.Context, id string, status store.Status, result string) error {
	if !status.Done() {
		return fmt.Errorf("postgres: end %s: status %q is not an end", id, status)
	}
	err := w.inTx(ctx, id, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "UPDATE games SET status = $1, result = $2, updated = $3 WHERE id = $4 AND status IN ($5, $6)",
			string(status), result, store.MS(time.Now()), id, string(store.StatusWaiting), string(store.StatusLive))
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			if err := exists(ctx, tx, id); err != nil {
				return err
			}
			return fmt.Errorf("%w: the game has ended already", store.ErrConflict)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("postgres: end %s: %w", id, err)
	}
	return nil
}

// HandOver gives a person's seat to a computer player; a seat that
// resigned keeps its token hash.
func (w writes) HandOver(ctx context.Context, id string, seat int, kind string, resigned int) error {
	if kind == "" || kind == store.Human {
		return fmt.Errorf("postgres: hand over %d of %s: %q is not a computer player", seat, id, kind)
	}
	if resigned < 0 {
		return fmt.Errorf("postgres: hand over %d of %s: resigned on throw %d", seat, id, resigned)
	}
	err := w.inTx(ctx, id, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "UPDATE seats SET kind = $1, token_hash = CASE WHEN $5 > 0 THEN token_hash ELSE '' END, away = false, resigned = $5 WHERE game_id = $2 AND seat = $3 AND kind = $4",
			kind, id, seat, store.Human, resigned)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			return fmt.Errorf("%w: no person's seat", store.ErrNotFound)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("postgres: hand over %d of %s: %w", seat, id, err)
	}
	return nil
}

// SetAway sets a seat's Away flag.
func (w writes) SetAway(ctx context.Context, id string, seat int, away bool) error {
	err := w.inTx(ctx, id, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "UPDATE seats SET away = $1 WHERE game_id = $2 AND seat = $3", away, id, seat)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			return store.ErrNotFound
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("postgres: set away %d of %s: %w", seat, id, err)
	}
	return nil
}

// markThrownSQL marks a throw in one statement, as appendTurnSQL
// writes a turn: it reads the lease FOR SHARE, and marks turn $1 of game
// $2 thrown if it is the live game's next turn and the fence, when $4
// gives one, is the lease's. No row back: the write was refused.
const markThrownSQL = `WITH lease AS (
	SELECT fence FROM leases WHERE game_id = $2 FOR SHARE
)
UPDATE games SET thrown = $1
WHERE id = $2 AND status = $3 AND turns = $1 - 1 AND ($4::bigint IS NULL OR (SELECT fence FROM lease) = $4::bigint)
RETURNING thrown`

// MarkThrown records that the seat to move has thrown for turn n, in
// one statement (one round trip, as a turn). It leaves updated alone: a
// throw does not restart the turn's clock.
func (w writes) MarkThrown(ctx context.Context, id string, n int) error {
	var fence *int64
	if w.lease != nil {
		fence = &w.lease.Fence
	}
	rows, err := w.s.pool.Query(ctx, markThrownSQL, n, id, string(store.StatusLive), fence)
	if err == nil {
		var written []int
		written, err = pgx.CollectRows(rows, pgx.RowTo[int])
		if err == nil && len(written) == 0 {
			err = w.refusal(ctx, id, "not the next turn of a live game")
		}
	}
	if err != nil {
		return fmt.Errorf("postgres: throw %d of %s: %w", n, id, err)
	}
	return nil
}

// appendTurnSQL writes a turn in one statement, so one round trip to
// the database (a move is the server's most frequent write): it reads
// the lease FOR SHARE (as inTx does), moves the game on if the turn is
// the next one and the fence, when $9 gives one, is the lease's, and
// adds the turn. No row back: the write was refused, and why is asked
// afterwards.
const appendTurnSQL = `WITH lease AS (
	SELECT fence FROM leases WHERE game_id = $6 FOR SHARE
), game AS (
	UPDATE games SET pos = $1, turns = $2, status = $3, result = $4, updated = $5
	WHERE id = $6 AND turns = $2 - 1 AND ($9::bigint IS NULL OR (SELECT fence FROM lease) = $9::bigint)
	RETURNING id
)
INSERT INTO turns (game_id, n, seat, roll, move, pos, by, at)
SELECT id, $2, $7, $8, $10, $1, $11, $5 FROM game
RETURNING n`

// AppendTurn adds a turn and moves the game to its position in one
// statement (one transaction), durable (with synchronous_commit on)
// when it returns.
func (w writes) AppendTurn(ctx context.Context, id string, t store.Turn, status store.Status, result string) error {
	if !status.Valid() {
		return fmt.Errorf("postgres: turn %d of %s: invalid status %q", t.N, id, status)
	}
	var fence *int64
	if w.lease != nil {
		fence = &w.lease.Fence
	}
	rows, err := w.s.pool.Query(ctx, appendTurnSQL, t.Pos, t.N, string(status), result, store.MS(t.At), id, t.Seat, t.Roll, fence, t.Move, t.By)
	if err == nil {
		var written []int
		written, err = pgx.CollectRows(rows, pgx.RowTo[int])
		if err == nil && len(written) == 0 {
			err = w.refusal(ctx, id, "not the next turn")
		}
	}
	if err != nil {
		return fmt.Errorf("postgres: turn %d of %s: %w", t.N, id, err)
	}
	return nil
}

// refusal says why a turn or throw of game id was not written: no such
// game, a lease taken over, or else conflict (not the next turn).
func (w writes) refusal(ctx context.Context, id, conflict string) error {
	var games int
	var fence *int64
	err := w.s.pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM games WHERE id = $1), (SELECT fence FROM leases WHERE game_id = $1)", id).Scan(&games, &fence)
	switch {
	case err != nil:
		return err
	case games == 0:
		return store.ErrNotFound
	case w.lease != nil && (fence == nil || *fence != w.lease.Fence):
		return fmt.Errorf("%w (fence %d)", store.ErrFenced, w.lease.Fence)
	}
	return fmt.Errorf("%w: %s", store.ErrConflict, conflict)
}

// The Store's own writes check no lease: one node, or a game no node
// runs.

// TakeSeat gives an open seat to a token's holder.
func (s *Store) TakeSeat(ctx context.Context, id string, seat int, tokenHash string, status store.Status) error {
	return writes{s: s}.TakeSeat(ctx, id, seat, tokenHash, status)
}

// End ends a waiting or live game without a turn.
func (s *Store) End(ctx context.Context, id string, status store.Status, result string) error {
	return writes{s: s}.End(ctx, id, status, result)
}

// HandOver gives a person's seat to a computer player.
func (s *Store) HandOver(ctx context.Context, id string, seat int, kind string, resigned int) error {
	return writes{s: s}.HandOver(ctx, id, seat, kind, resigned)
}

// SetAway sets a seat's Away flag.
func (s *Store) SetAway(ctx context.Context, id string, seat int, away bool) error {
	return writes{s: s}.SetAway(ctx, id, seat, away)
}

// MarkThrown records a throw.
func (s *Store) MarkThrown(ctx context.Context, id string, n int) error {
	return writes{s: s}.MarkThrown(ctx, id, n)
}

// AppendTurn adds a turn.
func (s *Store) AppendTurn(ctx context.Context, id string, t store.Turn, status store.Status, result string) error {
	return writes{s: s}.AppendTurn(ctx, id, t, status, result)
}

// Abandon marks the waiting games last updated before cutoff abandoned.
func (s *Store) Abandon(ctx context.Context, cutoff time.Time) ([]string, error) {
	rows, err := s.pool.Query(ctx, "UPDATE games SET status = $1, updated = $2 WHERE status = $3 AND updated < $4 RETURNING id",
		string(store.StatusAbandoned), store.MS(time.Now()), string(store.StatusWaiting), store.MS(cutoff))
	if err != nil {
		return nil, fmt.Errorf("postgres: abandon: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("postgres: abandon: %w", err)
	}
	return ids, nil
}

// Prune deletes the games over or abandoned before cutoff, with all
// that refers to them (store.Pruner), store.PruneBatch games a
// transaction, so that none holds its locks for long. A game that is
// over has no node running it, so its lease row goes too.
func (s *Store) Prune(ctx context.Context, cutoff time.Time, dryRun bool) (int, error) {
	const old = "SELECT id FROM games WHERE status IN ($1, $2) AND updated < $3"
	args := []any{string(store.StatusOver), string(store.StatusAbandoned), store.MS(cutoff)}
	batch := old + fmt.Sprintf(" LIMIT %d", store.PruneBatch)
	return store.PruneInBatches(dryRun, func() (int, error) {
		var n int
		if err := s.pool.QueryRow(ctx, "SELECT count(*) FROM ("+old+") AS o", args...).Scan(&n); err != nil {
			return 0, fmt.Errorf("postgres: prune: %w", err)
		}
		return n, nil
	}, func() (int, error) { return s.pruneBatch(ctx, batch, args) })
}

// pruneBatch deletes the games batch selects, in one transaction.
func (s *Store) pruneBatch(ctx context.Context, batch string, args []any) (int, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return 0, fmt.Errorf("postgres: prune: %w", err)
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, batch, args...)
	if err != nil {
		return 0, fmt.Errorf("postgres: prune: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, fmt.Errorf("postgres: prune: %w", err)
	}
	if len(ids) == 0 {
		return 0, nil
	}
	for _, table := range []string{"analyses", "turns", "seats", "leases"} {
		if _, err := tx.Exec(ctx, "DELETE FROM "+table+" WHERE game_id = ANY($1)", ids); err != nil {
			return 0, fmt.Errorf("postgres: prune %s: %w", table, err)
		}
	}
	if _, err := tx.Exec(ctx, "DELETE FROM games WHERE id = ANY($1)", ids); err != nil {
		return 0, fmt.Errorf("postgres: prune games: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, fmt.Errorf("postgres: prune: %w", err)
	}
	return len(ids), nil
}
