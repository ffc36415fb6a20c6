package server

import (
	"encoding/hex"
	"strings"
	"sync"
	"time"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/store"
)

// gameView is a game as the API shows it: the same for every client.
type gameView struct {
	ID     string `json:"id"`
	Rules  string `json:"rules"` // ruleset ID with options
	Name   string `json:"name"`  // ruleset name, for the rules page
	Title  string `json:"title"`
	Board  string `json:"board"` // board family for drawings
	Status string `json:"status"`
	Start  string `json:"start"`
	Pos    string `json:"pos"`
	// Turns is the number of turns played; the next move is turn Turns+1.
	Turns  int        `json:"turns"`
	ToMove int        `json:"toMove"` // seat to throw, -1 when over
	Seats  []seatView `json:"seats"`
	// Roll is the current throw once the seat to move has thrown; Moves
	// then lists its legal moves.
	Roll  *int       `json:"roll"`
	Moves []moveView `json:"moves"`
	// Blocked lists the moves the throw would give but for a wall (or,
	// in Szenet, the BA's hold on bearing off): why Moves is short.
	Blocked []game.Block `json:"blocked,omitempty"`
	// Opening is how the first-move rule (Senet J4) stands: pending, or,
	// once White has thrown for its first move, whether the piece on its
	// square must move; left out once it no longer applies.
	Opening   *game.Opening `json:"opening,omitempty"`
	Last      *turnView     `json:"last"`
	Result    *resultView   `json:"result"`
	Commit    string        `json:"commit"`
	DiceSeed  string        `json:"diceSeed,omitempty"` // revealed when over
	TimeLimit int           `json:"timeLimit"`          // seconds, 0 for none
	Deadline  *time.Time    `json:"deadline"`           // when the computer takes the turn over
	Created   time.Time     `json:"created"`
	Updated   time.Time     `json:"updated"`
	// Rematchable says the finished game may have rematches (it was
	// played: not called off, every seat taken). Rematch is the ID of
	// its latest rematch, once one was asked for; RematchOff says that
	// one was called off (calledOff: withdrawn, refused, expired, or
	// aborted after it was accepted), so that another may be asked for
	// unless RematchLast says it is the last the game may have
	// (rematchMax).
	// CalledOff says this game ended without being played (calledOff):
	// the one rule, which a page watching a rematch reads here rather
	// than repeat.
	CalledOff   bool   `json:"calledOff,omitempty"`
	Rematchable bool   `json:"rematchable,omitempty"`
	Rematch     string `json:"rematch,omitempty"`
	RematchOff  bool   `json:"rematchOff,omitempty"`
	RematchLast bool   `json:"rematchLast,omitempty"`
}

type seatView struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`   // "White", "red"
	Letter string `json:"letter"` // the seat's letter in notation
	Kind   string `json:"kind"`   // "human" or a computer level
	Open   bool   `json:"open"`   // waits for a person
	Anyone bool   `json:"anyone"` // a person's seat anyone may take (otherwise by invitation)
	Away   bool   `json:"away"`   // a person's seat played by the computer
	// Resigned is the throw on which the seat's person resigned while
	// the game went on: out, the computer playing the seat (Kind) for
	// the rest of the game. Left out for a seat that did not.
	Resigned int `json:"resigned,omitempty"`
	// Present: a person's seat whose holder has the game's page open
	// (a stream that said hello with the seat's token; presence.go).
	Present bool `json:"present"`
}

type moveView struct {
	Move string `json:"move"`
	Pos  string `json:"pos"`
}

type turnView struct {
	N      int       `json:"n"`
	Seat   int       `json:"seat"`
	Letter string    `json:"letter"`
	Roll   int       `json:"roll"`
	Move   string    `json:"move"`
	Pos    string    `json:"pos"`
	By     string    `json:"by"`
	At     time.Time `json:"at"`
	// Effects names the special rules the move set off, Blocked the
	// moves its throw would have given but for a wall (record.json only;
	// a live move's are in its WebSocket event).
	Effects []string     `json:"effects,omitempty"`
	Blocked []game.Block `json:"blocked,omitempty"`
}

type resultView struct {
	Winner  int       `json:"winner"` // -1 when no single winner
	Payoffs []float64 `json:"payoffs"`
	// How is "finish" (the last piece off or home), "resign", "abort",
	// "noStart" (a time limit ran out before any person played) or
	// "claim" (the opponent left); Seat is who resigned, aborted, did
	// not start or claimed (for a finish the engine's winner, even one
	// that had resigned, or -1), Turn the turn it happened on.
	How  string `json:"how"`
	Seat int    `json:"seat"`
	Turn int    `json:"turn"`
	Text string `json:"text"` // "Black bore off the last piece on throw 211"
}

func seatViews(rules game.Ruleset, seats []store.Seat) []seatView {
	out := make([]seatView, len(seats))
	for i, s := range seats {
		name, letter := game.SeatName(rules, game.Player(i))
		out[i] = seatView{Seat: i, Name: name, Letter: letter, Kind: s.Kind, Open: s.Open(), Anyone: s.Anyone, Away: s.Away, Resigned: s.Resigned}
	}
	return out
}

func turnViewOf(rules game.Ruleset, t store.Turn) *turnView {
	_, letter := game.SeatName(rules, game.Player(t.Seat))
	return &turnView{N: t.N, Seat: t.Seat, Letter: letter, Roll: t.Roll, Move: t.Move, Pos: t.Pos, By: t.By, At: t.At}
}

// resultOf is the result of pos, nil while the game is on: the
// engine's payoffs as the resignations of seats leave them (standings).
// Its Seat is the engine's winner, -1 when there is none.
func resultOf(rules game.Ruleset, pos string, seats []store.Seat) *resultView {
	over, pay, err := rules.Result(pos)
	if err != nil || !over {
		return nil
	}
	engine := pay[:rules.Players()]
	payoffs := standings(engine, seats)
	return &resultView{Winner: winnerOf(payoffs), Payoffs: payoffs, Seat: winnerOf(engine)}
}

// winnerOf is the seat with all the payoff, or -1.
func winnerOf(pay []float64) int {
	for i, p := range pay {
		if p == 1 {
			return i
		}
	}
	return -1
}

// gameResult is the result of g, nil while it is on: from its stored
// result when it ended without a last move, from its position otherwise.
func gameResult(rules game.Ruleset, g store.Game) *resultView {
	if rec, ok := endResult(g); ok {
		w := winnerOf(rec.Payoffs)
		return &resultView{Winner: w, Payoffs: rec.Payoffs, How: rec.How, Seat: rec.Seat, Turn: rec.Turn,
			Text: resultText(rules, rec.How, rec.Seat, rec.Turn, w) + resignedText(rules, g.Seats)}
	}
	r := resultOf(rules, g.Pos, g.Seats)
	if r == nil {
		return nil
	}
	r.How, r.Turn = "finish", g.Turns
	r.Text = resultText(rules, r.How, r.Seat, r.Turn, r.Winner) + resignedText(rules, g.Seats)
	return r
}

// baseView fills what the store knows of g; the actor adds the throw.
// unit is the unit of the time limit.
func baseView(kit catalog.Kit, g store.Game, last *store.Turn, unit time.Duration) gameView {
	name, title, board := specOf(kit.ID())
	v := gameView{
		ID: g.ID, Rules: g.Rules, Name: name, Title: title, Board: board,
		Status: string(g.Status), Start: g.Start, Pos: g.Pos, Turns: g.Turns, ToMove: -1,
		Seats: seatViews(kit.Ruleset, g.Seats), Moves: []moveView{},
		Result: gameResult(kit.Ruleset, g), Commit: g.Commit,
		TimeLimit: int(g.TimeLimit / unit), Created: g.Created, Updated: g.Updated,
	}
	if p, err := kit.ToMove(g.Pos); err == nil {
		v.ToMove = int(p)
	}
	if last != nil {
		v.Last = turnViewOf(kit.Ruleset, *last)
	}
	v.CalledOff = calledOff(g)
	if g.Status == store.StatusOver {
		// Only then: while seats are open, invite secrets derive from it.
		v.DiceSeed = hex.EncodeToString(g.Seed)
		v.Rematchable = rematchable(g)
	}
	return v
}

// specOf finds the name, title and board of a ruleset ID.
func specOf(id string) (name, title, board string) {
	name, _, _ = strings.Cut(id, " ")
	if v, ok := specCache.Load(name); ok {
		sp := v.(game.Spec)
		return sp.Name, sp.Title, sp.Board
	}
	sp, err := catalog.Lookup(name)
	if err != nil {
		return id, id, ""
	}
	specCache.Store(name, sp)
	return sp.Name, sp.Title, sp.Board
}

// specCache holds the specs specOf has looked up, by ruleset name.
var specCache sync.Map
