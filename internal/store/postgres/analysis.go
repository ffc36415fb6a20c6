package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"passage/internal/store"
)

var _ store.Analyses = (*Store)(nil)

// Analysis reads the stored review of a game at a level.
func (s *Store) Analysis(ctx context.Context, id, level string) ([]byte, error) {
	var report string
	err := s.pool.QueryRow(ctx, "SELECT report FROM analyses WHERE game_id = $1 AND level = $2", id, level).Scan(&report)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: analysis of %s at %s: %w", id, level, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: analysis of %s at %s: %w", id, level, err)
	}
	return []byte(report), nil
}

// SaveAnalysis stores the review of a finished game at a level; the
// game's status is checked in the same transaction. A review is no
// write to the game, so it takes no lease: any node may store one.
func (s *Store) SaveAnalysis(ctx context.Context, id, level string, report []byte) error {
	fail := func(err error) error { return fmt.Errorf("postgres: save analysis of %s at %s: %w", id, level, err) }
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fail(err)
	}
	defer tx.Rollback(ctx)
	var status string
	err = tx.QueryRow(ctx, "SELECT status FROM games WHERE id = $1", id).Scan(&status)
	if errors.Is(err, pgx.ErrNoRows) {
		return fail(store.ErrNotFound)
	}
	if err != nil {
		return fail(err)
	}
	if store.Status(status) != store.StatusOver {
		return fail(fmt.Errorf("%w: the game is %s, not over", store.ErrConflict, status))
	}
	if _, err := tx.Exec(ctx, `INSERT INTO analyses (game_id, level, report, created) VALUES ($1, $2, $3, $4)
		ON CONFLICT (game_id, level) DO UPDATE SET report = excluded.report, created = excluded.created`,
		id, level, string(report), time.Now().UnixMilli()); err != nil {
		return fail(err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fail(err)
	}
	return nil
}
