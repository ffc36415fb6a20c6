package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Notify sends payloads with pg_notify in one transaction: PostgreSQL
// delivers them at the commit, in order.
func (s *Store) Notify(ctx context.Context, channel string, payloads []string) error {
	if len(payloads) == 0 {
		return nil
	}
	b := &pgx.Batch{}
	for _, p := range payloads {
		b.Queue("SELECT pg_notify($1, $2)", channel, p)
	}
	// A batch of several statements runs as one implicit transaction.
	if err := s.pool.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("postgres: notify %s: %w", channel, err)
	}
	return nil
}

// Listen holds one connection of the pool for LISTEN channel and hands
// each notification to receive, reconnecting after a second when the
// connection fails, until ctx ends.
func (s *Store) Listen(ctx context.Context, channel string, connected func(), receive func(payload string)) error {
	for {
		err := s.listenOnce(ctx, channel, connected, receive)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		_ = err // the connection failed: listen again
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (s *Store) listenOnce(ctx context.Context, channel string, connected func(), receive func(payload string)) error {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	// The connection keeps its LISTEN: it never goes back to the pool.
	pc := conn.Hijack()
	defer pc.Close(context.Background())
	if _, err := pc.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	connected()
	for {
		n, err := pc.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		receive(n.Payload)
	}
}
