// Package store keeps the server's games: each game's ruleset, seats and
// status, and its event log, one row per turn (seat, throw, move and the
// position after it), so that a game can be read back, replayed and
// continued after a restart.
//
// The server writes a turn with AppendTurn, and a person's throw with
// MarkThrown, before it tells anyone about it; an implementation must
// make the write durable before the method returns. Package
// store/sqlite is the embedded implementation; the suite in
// store/storetest runs against any.
package store

import (
	"context"
	"errors"
	"strings"
	"time"
)

// Errors returned (possibly wrapped) by every Store.
var (
	// ErrNotFound: no game with that ID.
	ErrNotFound = errors.New("no such game")
	// ErrConflict: the write does not follow the stored state (a seat
	// already taken, a turn number that is not the next one, a game ID
	// already used).
	ErrConflict = errors.New("conflicting write")
)

// Status is a game's stage.
type Status string

const (
	// StatusWaiting: a person's seat is still open.
	StatusWaiting Status = "waiting"
	// StatusLive: every seat is held and the game is on.
	StatusLive Status = "live"
	// StatusOver: the game has ended.
	StatusOver Status = "over"
	// StatusAbandoned: the game waited for players longer than the
	// server allows and was given up (it never started).
	StatusAbandoned Status = "abandoned"
)

// Valid reports whether s is one of the statuses.
func (s Status) Valid() bool {
	return s == StatusWaiting || s == StatusLive || s == StatusOver || s == StatusAbandoned
}

// Done reports whether a game in status s will never change again.
func (s Status) Done() bool { return s == StatusOver || s == StatusAbandoned }

// Human is the kind of a seat played by a person.
const Human = "human"

// Seat is one seat of a game.
type Seat struct {
	// Kind is Human or the computer player's name ("medium").
	Kind string
	// TokenHash is the hex SHA-256 of the secret token that holds a
	// person's seat; empty while the seat is open. The token itself is
	// never stored.
	TokenHash string
	// Away is set when a person's seat is played by the computer after a
	// move timeout, until the person acts again.
	Away bool
	// Anyone marks a person's seat that anyone may take (listed in the
	// lobby); otherwise only the holder of the seat's invite may.
	Anyone bool
	// Resigned is the throw (the game's Turns+1 then) on which the
	// seat's person resigned while the game went on (three or more
	// seats): the seat is out, and computer player Kind plays it for the
	// rest of the game; its token may still watch, but no longer acts.
	// Zero for a seat that did not resign.
	Resigned int
}

// Open reports whether the seat waits for a person.
func (s Seat) Open() bool { return s.Kind == Human && s.TokenHash == "" }

// Game is a game's header and current state.
type Game struct {
	ID    string
	Rules string // ruleset ID with options (game.Ruleset.ID)
	Start string // initial position in notation
	Pos   string // position after the last turn
	// Turns is the number of turns played; the next turn is Turns+1.
	Turns int
	// Thrown is the last turn a person has thrown for (MarkThrown), 0
	// if none: when it is Turns+1, the throw of the next turn is made
	// and waits for its move (ThrowPending). The throw itself is not
	// stored: it derives from Seed and the turn's number.
	Thrown int
	Status Status
	Seats  []Seat
	// Commit is the hex SHA-256 of Seed (package fairdice); Seed is
	// secret until the game is over.
	Commit string
	Seed   []byte
	// TimeLimit is the time a person has for a turn before the computer
	// plays it; zero means no limit.
	TimeLimit time.Duration
	// Result is the server's summary of a finished game ("" before).
	Result  string
	Created time.Time
	Updated time.Time
}

// ThrowPending reports whether the seat to move has thrown and not yet
// moved: the game is live and its next turn is the last thrown.
func (g Game) ThrowPending() bool {
	return g.Status == StatusLive && g.Thrown == g.Turns+1
}

// Turn is one entry of a game's event log.
type Turn struct {
	N    int // 1 for the first turn
	Seat int
	Roll int
	Move string
	Pos  string // the position after the move
	By   string // who chose the move: Human or a computer player's name
	At   time.Time
}

// Filter selects games for Games.
type Filter struct {
	Status Status // empty for every status
	Limit  int    // at most this many; zero for a default of 100
	// Joinable keeps only games with an open seat that anyone may take.
	Joinable bool
	// Rules keeps only the games of the ruleset of that name, whatever
	// their options ("kinevet": "kinevet" and "kinevet players=4");
	// RulesID only those of exactly that ruleset ID (Game.Rules,
	// options included). Empty for any.
	Rules   string
	RulesID string
	// Since and Until keep only the games last updated (for a game over,
	// when it ended) at or after Since and before Until; zero for no
	// bound.
	Since, Until time.Time
	// After continues a listing: when its ID is set, only the games that
	// come after After in the listing's order (Updated descending, then
	// ID ascending).
	After Cursor
}

// Cursor is a place in the listing of Games: a game's Updated and ID.
type Cursor struct {
	Updated time.Time
	ID      string
}

// Where is the WHERE clause of f's conditions for a store's Games
// (without "WHERE", "" for none): param adds an argument to the query
// and returns its placeholder ("?" or "$3"). Times compare in
// milliseconds, as stored (MS).
func (f Filter) Where(param func(arg any) string) string {
	var where []string
	if f.Status != "" {
		where = append(where, "status = "+param(string(f.Status)))
	}
	if f.Joinable {
		where = append(where, "EXISTS (SELECT 1 FROM seats WHERE game_id = games.id AND anyone = "+param(true)+
			" AND kind = "+param(Human)+" AND token_hash = '')")
	}
	if f.Rules != "" {
		prefix := f.Rules + " "
		where = append(where, "(rules = "+param(f.Rules)+" OR substr(rules, 1, "+param(len(prefix))+") = "+param(prefix)+")")
	}
	if f.RulesID != "" {
		where = append(where, "rules = "+param(f.RulesID))
	}
	if !f.Since.IsZero() {
		where = append(where, "updated >= "+param(MS(f.Since)))
	}
	if !f.Until.IsZero() {
		where = append(where, "updated < "+param(MS(f.Until)))
	}
	if f.After.ID != "" {
		ms := MS(f.After.Updated)
		where = append(where, "(updated < "+param(ms)+" OR (updated = "+param(ms)+" AND id > "+param(f.After.ID)+"))")
	}
	return strings.Join(where, " AND ")
}

// Store keeps games. Every method is safe for concurrent use.
type Store interface {
	// CreateGame stores a new game with its seats; ErrConflict if the ID
	// is taken.
	CreateGame(ctx context.Context, g Game) error
	// Game reads one game with its seats.
	Game(ctx context.Context, id string) (Game, error)
	// Games lists games, the most recently updated first.
	Games(ctx context.Context, f Filter) ([]Game, error)
	// TakeSeat gives an open person's seat of a waiting game to the
	// holder of the token with hash tokenHash and sets the game's status;
	// ErrConflict if the seat is not open or the game not waiting.
	TakeSeat(ctx context.Context, id string, seat int, tokenHash string, status Status) error
	// End ends a waiting or live game without a turn (a resignation,
	// an abort, a claimed win) with status and result; ErrConflict if
	// the game has ended already.
	End(ctx context.Context, id string, status Status, result string) error
	// HandOver gives a person's seat to computer player kind for the
	// rest of the game: its token no longer acts. With resigned (a
	// throw, not 0) the seat's person resigned on that throw: the seat
	// keeps its token hash (the person may watch as the seat's holder)
	// and Seat.Resigned is set.
	HandOver(ctx context.Context, id string, seat int, kind string, resigned int) error
	// SetAway sets or clears a seat's Away flag.
	SetAway(ctx context.Context, id string, seat int, away bool) error
	// MarkThrown records that the seat to move of live game id has
	// thrown for turn n, so that a restart keeps the throw: the game
	// reads back with Thrown n. ErrConflict unless the game is live and
	// n is its next turn (Turns+1); marking it again changes nothing.
	// Durable when MarkThrown returns.
	MarkThrown(ctx context.Context, id string, n int) error
	// AppendTurn adds turn t to the log and makes t.Pos the game's
	// position, with status and result, in one transaction that is
	// durable when AppendTurn returns. ErrConflict unless t.N is the
	// game's next turn.
	AppendTurn(ctx context.Context, id string, t Turn, status Status, result string) error
	// Pending lists, in ID order and after the ID after, at most limit
	// live games that may have an automatic action to take: a computer
	// seat, a seat played by the computer (Away), a time limit, or no
	// update since stale (a game its people left, to be called off;
	// the zero time for none). The server starts their actors after a
	// restart, a page at a time.
	Pending(ctx context.Context, after string, stale time.Time, limit int) ([]Game, error)
	// Abandon marks every waiting game last updated before cutoff as
	// abandoned and returns their IDs.
	Abandon(ctx context.Context, cutoff time.Time) ([]string, error)
	// Turns reads a game's log in order.
	Turns(ctx context.Context, id string) ([]Turn, error)
	// Turn reads turn n (from 1) of a game's log alone, as a game's
	// view needs its last turn and a log can be long; ErrNotFound when
	// the game or the turn does not exist.
	Turn(ctx context.Context, id string, n int) (Turn, error)
	// Close releases the store.
	Close() error
}
