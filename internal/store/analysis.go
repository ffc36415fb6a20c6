package store

import "context"

// Analyses is implemented by stores that keep the reviews of finished
// games (package analysis): one JSON document per game and level. It is
// apart from Store so that a store without it still serves games; the
// server then keeps reviews in memory only.
type Analyses interface {
	// Analysis reads the stored review of game id at level; ErrNotFound
	// when there is none.
	Analysis(ctx context.Context, id, level string) ([]byte, error)
	// SaveAnalysis stores the review of game id at level, replacing an
	// older one. ErrNotFound for an unknown game, ErrConflict for a game
	// that is not over (a game in play is never reviewed).
	SaveAnalysis(ctx context.Context, id, level string, report []byte) error
}
