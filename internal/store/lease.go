package store

import (
	"context"
	"errors"
	"time"
)

// Leases let several server nodes share one store: each game in play is
// run by the one node that holds its lease. A lease expires unless its
// holder renews it, and every acquisition of a game's lease increments
// its fencing number, so a node that lost the lease (it stalled past the
// expiry and another node took over) can be told from the new holder.

// ErrHeld: another node holds the game's lease and it has not expired.
var ErrHeld = errors.New("the game's lease is held by another node")

// ErrFenced: a write under a lease that is no longer the game's: another
// node has taken the game over. Nothing was written.
var ErrFenced = errors.New("the game's lease was taken over by another node")

// Lease is a node's right to run one game.
type Lease struct {
	Game  string
	Node  string // the holder's name
	Addr  string // the holder's advertised URL, where requests are forwarded
	Fence int64  // incremented at each acquisition
}

// Leaser is a Store that can share its games between nodes
// (store/postgres); a store without it (SQLite) serves one node. Its
// Pending leaves out the games whose lease has not expired: those run
// on a node already.
type Leaser interface {
	Store
	// Acquire takes the lease of game for node, advertised at addr, for
	// ttl, when it is free, expired, or held by node already (a node
	// that restarted), with a new fencing number. Otherwise it returns
	// the holder's lease and ErrHeld.
	Acquire(ctx context.Context, game, node, addr string, ttl time.Duration) (Lease, error)
	// Renew extends node's leases by ttl and returns those it still
	// holds; the others were taken over, released or ran out (a lease
	// that ran out is not brought back: another node may have it).
	Renew(ctx context.Context, node string, leases []Lease, ttl time.Duration) ([]Lease, error)
	// Release gives a lease up at once (it stays the game's last fencing
	// number).
	Release(ctx context.Context, l Lease) error
	// Holder is the node holding game's lease, if it has not expired.
	Holder(ctx context.Context, game string) (Lease, bool, error)
	// ClusterSecret is a random secret made once per database, which
	// the nodes show each other when they forward a request.
	ClusterSecret(ctx context.Context) (string, error)
	// Fenced is the store as seen by the holder of l: every write to
	// l.Game checks, in its own transaction, that l is still the game's
	// lease, and fails with ErrFenced otherwise.
	Fenced(l Lease) Store
}

// Notifier carries short messages between the nodes sharing a store
// (store/postgres: LISTEN/NOTIFY), so that a game's events reach the
// clients of every node.
type Notifier interface {
	// Notify sends payloads on channel, in order, in one transaction.
	// A payload must be shorter than MaxNotification bytes.
	Notify(ctx context.Context, channel string, payloads []string) error
	// Listen receives the payloads sent on channel until ctx ends,
	// calling receive for each in the order sent. It calls connected
	// each time it starts listening (again, after a lost connection:
	// what was sent meanwhile is lost, so the caller resynchronises).
	Listen(ctx context.Context, channel string, connected func(), receive func(payload string)) error
}

// MaxNotification bounds a Notifier's payloads (PostgreSQL's limit is
// 8,000 bytes).
const MaxNotification = 7900
