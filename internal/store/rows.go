package store

import "time"

// The SQL stores (sqlite, postgres) share one schema of games and seats;
// what follows reads it the same way for both.

// GameColumns are the columns of table games that ScanGames reads, in
// its order.
const GameColumns = "id, rules, start, pos, turns, status, commit_hash, seed, time_limit, result, created, updated, thrown"

// JoinSeats wraps sel, a SELECT of GameColumns from games, so that each
// game comes with its seats in the same statement, in the order order
// (on the selection's columns, as g.NAME), then by seat: the number of
// SQL parameters does not grow with the number of games.
func JoinSeats(sel, order string) string {
	return "SELECT g.*, s.kind, s.token_hash, s.away, s.anyone, s.resigned FROM (" + sel + ") AS g " +
		"LEFT JOIN seats AS s ON s.game_id = g.id ORDER BY " + order + ", s.seat"
}

// Rows is the part of a driver's query result that ScanGames uses
// (database/sql's *Rows and pgx's Rows both have it).
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// ScanGames reads the games of a JoinSeats query, each with its seats.
func ScanGames(rows Rows) ([]Game, error) {
	var games []Game
	for rows.Next() {
		var g Game
		var status string
		var limit, created, updated int64
		// A game without seats has NULL seat columns (LEFT JOIN).
		var kind, hash *string
		var away, anyone *bool
		var resigned *int
		if err := rows.Scan(&g.ID, &g.Rules, &g.Start, &g.Pos, &g.Turns, &status, &g.Commit, &g.Seed, &limit, &g.Result, &created, &updated, &g.Thrown,
			&kind, &hash, &away, &anyone, &resigned); err != nil {
			return nil, err
		}
		if n := len(games); n == 0 || games[n-1].ID != g.ID {
			g.Status = Status(status)
			g.TimeLimit = time.Duration(limit) * time.Millisecond
			g.Created, g.Updated = FromMS(created), FromMS(updated)
			games = append(games, g)
		}
		if kind != nil {
			last := &games[len(games)-1]
			last.Seats = append(last.Seats, Seat{Kind: *kind, TokenHash: *hash, Away: *away, Anyone: *anyone, Resigned: *resigned})
		}
	}
	return games, rows.Err()
}

// TurnColumns are the columns of table turns that ScanTurn reads, in its
// order.
const TurnColumns = "n, seat, roll, move, pos, by, at"

// ScanTurn reads a row of TurnColumns with scan, the Scan of a driver's
// row or rows.
func ScanTurn(scan func(dest ...any) error) (Turn, error) {
	var t Turn
	var at int64
	if err := scan(&t.N, &t.Seat, &t.Roll, &t.Move, &t.Pos, &t.By, &at); err != nil {
		return Turn{}, err
	}
	t.At = FromMS(at)
	return t, nil
}

// MS is how a time is stored: Unix milliseconds.
func MS(t time.Time) int64 { return t.UnixMilli() }

// FromMS is a time stored as Unix milliseconds.
func FromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }
