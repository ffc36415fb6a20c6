package store

import (
	"context"
	"time"
)

// Pruner is implemented by stores that can forget old games: a server
// open to the internet stores every game anyone creates, with its log and
// its reviews, so its operator needs a way to keep the store bounded
// (passage prune). Only games that are over or abandoned are forgotten;
// a game waiting or in play never is.
type Pruner interface {
	// Prune deletes every game over or abandoned whose last change is
	// before cutoff, with its seats, turns, reviews and lease, and
	// returns how many games it deleted. With dryRun it deletes nothing
	// and counts the games it would delete.
	Prune(ctx context.Context, cutoff time.Time, dryRun bool) (int, error)
}

// PruneBatch is how many games a store's Prune deletes in one
// transaction: SQLite's writes (the server's moves) wait while one runs,
// so each stays short; a variable for the tests, which make it small.
var PruneBatch = 500

// PruneInBatches is the loop of a store's Prune: with dryRun, count
// alone; otherwise batch (which deletes at most PruneBatch games in one
// transaction and says how many) until a batch finds fewer. It returns
// the games deleted, those of the batches done when one fails.
func PruneInBatches(dryRun bool, count, batch func() (int, error)) (int, error) {
	if dryRun {
		return count()
	}
	total := 0
	for {
		n, err := batch()
		total += n
		if err != nil || n < PruneBatch {
			return total, err
		}
	}
}
