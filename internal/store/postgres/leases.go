package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"passage/internal/store"
)

// Leases: one row per game ever run by a node, in table leases. Expiry
// is on the database's clock (now()), so the nodes' clocks need not
// agree.

// Acquire takes game's lease for node.
func (s *Store) Acquire(ctx context.Context, game, node, addr string, ttl time.Duration) (store.Lease, error) {
	l := store.Lease{Game: game, Node: node, Addr: addr}
	err := s.pool.QueryRow(ctx, `INSERT INTO leases (game_id, node, addr, fence, expires)
		VALUES ($1, $2, $3, 1, now() + $4 * interval '1 millisecond')
		ON CONFLICT (game_id) DO UPDATE SET node = excluded.node, addr = excluded.addr,
			fence = leases.fence + 1, expires = excluded.expires
		WHERE leases.expires <= now() OR leases.node = excluded.node
		RETURNING fence`, game, node, addr, ttl.Milliseconds()).Scan(&l.Fence)
	if err == nil {
		return l, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return store.Lease{}, fmt.Errorf("postgres: acquire %s: %w", game, err)
	}
	held, ok, err := s.Holder(ctx, game)
	if err != nil {
		return store.Lease{}, err
	}
	if !ok {
		// It expired between the two statements: the caller tries again.
		return store.Lease{}, fmt.Errorf("postgres: acquire %s: %w (expiring)", game, store.ErrHeld)
	}
	return held, fmt.Errorf("postgres: acquire %s: %w by %s", game, store.ErrHeld, held.Node)
}

// Renew extends node's leases that still have their fencing numbers and
// have not run out. A lease released (expires set to now) or expired is
// not brought back: a renewal that read the node's leases just before
// one was released (a drain, an idle game leaving memory) would
// otherwise hold it again for a whole ttl, and the other nodes would
// send its game's requests to a node that no longer runs it (a draining
// one refuses them).
func (s *Store) Renew(ctx context.Context, node string, leases []store.Lease, ttl time.Duration) ([]store.Lease, error) {
	if len(leases) == 0 {
		return nil, nil
	}
	games := make([]string, len(leases))
	fences := make([]int64, len(leases))
	for i, l := range leases {
		games[i], fences[i] = l.Game, l.Fence
	}
	rows, err := s.pool.Query(ctx, `UPDATE leases SET expires = now() + $2 * interval '1 millisecond'
		FROM unnest($3::text[], $4::bigint[]) AS held (game_id, fence)
		WHERE leases.node = $1 AND leases.game_id = held.game_id AND leases.fence = held.fence AND leases.expires > now()
		RETURNING leases.game_id, leases.node, leases.addr, leases.fence`, node, ttl.Milliseconds(), games, fences)
	if err != nil {
		return nil, fmt.Errorf("postgres: renew leases of %s: %w", node, err)
	}
	kept, err := pgx.CollectRows(rows, scanLease)
	if err != nil {
		return nil, fmt.Errorf("postgres: renew leases of %s: %w", node, err)
	}
	return kept, nil
}

func scanLease(row pgx.CollectableRow) (store.Lease, error) {
	var l store.Lease
	err := row.Scan(&l.Game, &l.Node, &l.Addr, &l.Fence)
	return l, err
}

// Release ends a lease now; its fencing number stays.
func (s *Store) Release(ctx context.Context, l store.Lease) error {
	_, err := s.pool.Exec(ctx, "UPDATE leases SET expires = now() WHERE game_id = $1 AND fence = $2", l.Game, l.Fence)
	if err != nil {
		return fmt.Errorf("postgres: release %s: %w", l.Game, err)
	}
	return nil
}

// Holder is the live holder of game's lease.
func (s *Store) Holder(ctx context.Context, game string) (store.Lease, bool, error) {
	rows, err := s.pool.Query(ctx, "SELECT game_id, node, addr, fence FROM leases WHERE game_id = $1 AND expires > now()", game)
	if err != nil {
		return store.Lease{}, false, fmt.Errorf("postgres: holder of %s: %w", game, err)
	}
	l, err := pgx.CollectExactlyOneRow(rows, scanLease)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Lease{}, false, nil
	}
	if err != nil {
		return store.Lease{}, false, fmt.Errorf("postgres: holder of %s: %w", game, err)
	}
	return l, true, nil
}

// ClusterSecret reads the nodes' shared secret.
func (s *Store) ClusterSecret(ctx context.Context) (string, error) {
	var secret string
	if err := s.pool.QueryRow(ctx, "SELECT secret FROM cluster_secret").Scan(&secret); err != nil {
		return "", fmt.Errorf("postgres: cluster secret: %w", err)
	}
	return secret, nil
}

// Fenced is the store as seen by the holder of l.
func (s *Store) Fenced(l store.Lease) store.Store {
	return &fenced{Store: s, w: writes{s: s, lease: &l}}
}

// fenced is a Store whose game writes check a lease.
type fenced struct {
	*Store
	w writes
}

func (f *fenced) TakeSeat(ctx context.Context, id string, seat int, tokenHash string, status store.Status) error {
	return f.w.TakeSeat(ctx, id, seat, tokenHash, status)
}

func (f *fenced) End(ctx context.Context, id string, status store.Status, result string) error {
	return f.w.End(ctx, id, status, result)
}

func (f *fenced) HandOver(ctx context.Context, id string, seat int, kind string, resigned int) error {
	return f.w.HandOver(ctx, id, seat, kind, resigned)
}

func (f *fenced) SetAway(ctx context.Context, id string, seat int, away bool) error {
	return f.w.SetAway(ctx, id, seat, away)
}

func (f *fenced) MarkThrown(ctx context.Context, id string, n int) error {
	return f.w.MarkThrown(ctx, id, n)
}

func (f *fenced) AppendTurn(ctx context.Context, id string, t store.Turn, status store.Status, result string) error {
	return f.w.AppendTurn(ctx, id, t, status, result)
}

// Close does nothing: the pool is the Store's, closed by its owner.
func (f *fenced) Close() error { return nil }
