package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"passage/internal/store"
)

var _ store.Analyses = (*Store)(nil)

// Analysis reads the stored review of a game at a level.
func (s *Store) Analysis(ctx context.Context, id, level string) ([]byte, error) {
	var report string
	err := s.r.QueryRowContext(ctx, "SELECT report FROM analyses WHERE game_id = ? AND level = ?", id, level).Scan(&report)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: analysis of %s at %s: %w", id, level, store.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: analysis of %s at %s: %w", id, level, err)
	}
	return []byte(report), nil
}

// SaveAnalysis stores the review of a finished game at a level; the
// game's status is checked in the same transaction.
func (s *Store) SaveAnalysis(ctx context.Context, id, level string, report []byte) error {
	fail := func(err error) error { return fmt.Errorf("sqlite: save analysis of %s at %s: %w", id, level, err) }
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fail(err)
	}
	defer tx.Rollback()
	var status string
	err = tx.QueryRowContext(ctx, "SELECT status FROM games WHERE id = ?", id).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
		return fail(store.ErrNotFound)
	}
	if err != nil {
		return fail(err)
	}
	if store.Status(status) != store.StatusOver {
		return fail(fmt.Errorf("%w: the game is %s, not over", store.ErrConflict, status))
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO analyses (game_id, level, report, created) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id, level) DO UPDATE SET report = excluded.report, created = excluded.created`,
		id, level, string(report), store.MS(time.Now())); err != nil {
		return fail(err)
	}
	if err := tx.Commit(); err != nil {
		return fail(err)
	}
	return nil
}
