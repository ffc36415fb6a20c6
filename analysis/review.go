package analysis

import (
	"fmt"
	"math"

	"passage/agent"
	"passage/game"
	"passage/record"
)

// Loss thresholds, in win probability: a move that loses at least this
// much against the best move is an inaccuracy, a mistake or a blunder.
const (
	InaccuracyLoss = 0.02
	MistakeLoss    = 0.05
	BlunderLoss    = 0.10
)

// BestLoss: a move that loses less than this is counted as a best move.
// The review shows losses to a tenth of a point (0.001), so a smaller
// loss would read as "0.0 points lost" beside a better move; and an
// estimate's ties are rarely exact to the last bit. The browser's turn
// notes use the same bound (web/static/review.js, checked by a test).
const BestLoss = 0.0005

// Decision is one turn of a game, judged from the mover's side. The
// probabilities are the mover's chance of winning: before the throw,
// after the throw (with the best move to come), after the move played
// and after the best move.
type Decision struct {
	Turn       int     `json:"turn"` // 1 for the first turn of the record
	Seat       string  `json:"seat"`
	Roll       int     `json:"roll"`
	Played     string  `json:"played"`
	Best       string  `json:"best"`
	Moves      int     `json:"moves"` // legal moves; 1 means forced
	Before     float64 `json:"before"`
	AfterThrow float64 `json:"after_throw"`
	AfterMove  float64 `json:"after_move"`
	AfterBest  float64 `json:"after_best"`
	Loss       float64 `json:"loss"`
	Class      string  `json:"class,omitempty"` // inaccuracy, mistake or blunder
	Luck       float64 `json:"luck"`
	Exact      bool    `json:"exact"`
}

// Player sums up one seat's decisions.
type Player struct {
	Seat         string  `json:"seat"`
	Decisions    int     `json:"decisions"`  // with a choice of moves
	BestMoves    int     `json:"best_moves"` // of the decisions, those within BestLoss of the best
	Accuracy     float64 `json:"accuracy"`   // 0-100, see MoveAccuracy
	MeanLoss     float64 `json:"mean_loss"`
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
	Luck         float64 `json:"luck"`
}

// Report is the review of a game.
type Report struct {
	Rules     string     `json:"rules"`
	Level     string     `json:"level"`
	Decisions []Decision `json:"decisions"`
	Players   []Player   `json:"players"`
}

// CountBestMoves sets each player's BestMoves from the decisions. A
// review stored before the count existed (4 December 2026) lacks it, and
// a reader must not take its absence for none; for a newer one it gives
// the same count again.
func (r *Report) CountBestMoves() {
	for i := range r.Players {
		r.Players[i].BestMoves = 0
	}
	for _, d := range r.Decisions {
		if d.Moves < 2 || d.Loss >= BestLoss {
			continue
		}
		for i := range r.Players {
			if r.Players[i].Seat == d.Seat {
				r.Players[i].BestMoves++
			}
		}
	}
}

// Classify names a loss: "", "inaccuracy", "mistake" or "blunder".
func Classify(loss float64) string {
	switch {
	case loss >= BlunderLoss:
		return "blunder"
	case loss >= MistakeLoss:
		return "mistake"
	case loss >= InaccuracyLoss:
		return "inaccuracy"
	}
	return ""
}

// MoveAccuracy is the accuracy of a move that loses loss (0-1) in win
// probability, by the formula Lichess publishes for win percentages:
// 103.1668 * exp(-0.04354 * 100 * loss) - 3.1669, within 0-100. A best
// move scores 100 (to four decimals), a loss of 0.05 about 80, of 0.10
// about 64, of 0.30 about 25.
func MoveAccuracy(loss float64) float64 {
	return min(100, max(0, 103.1668*math.Exp(-0.04354*100*loss)-3.1669))
}

// seatNamer is implemented by games that name their seats' letters.
type seatNamer interface {
	SeatName(p game.Player) (name, letter string)
}

// Analyze replays rec, whose ruleset must be the judge's game, and
// judges every turn.
func (j *Judge[P, M]) Analyze(rec record.Record) (Report, error) {
	rv, err := j.Begin(rec)
	if err != nil {
		return Report{Rules: rec.Rules, Level: j.level}, err
	}
	for {
		done, err := rv.Next()
		if err != nil {
			return rv.rep, err
		}
		if done {
			return rv.Report(), nil
		}
	}
}

// Review is a game being judged one turn at a time, so that a caller
// (the server's background work) can pause between turns, give way to
// more urgent work, report progress and stop. Begin makes one; Next
// judges the next turn; Report is the review once Next says done.
type Review[P comparable, M comparable] struct {
	j       *Judge[P, M]
	rec     record.Record
	rep     Report
	p       P
	i       int // turns judged
	players []Player
	accSum  []float64
	letter  func(game.Player) string
	// history counts the positions the game has been at, where it can
	// go on for ever: a move back to one reached twice already is not
	// the best move there (agent.Worn), as it is not for the players.
	history *agent.History[P]
}

// Begin checks rec's header (its ruleset is the judge's game, its start
// position parses) and returns the review of its turns, none judged yet.
func (j *Judge[P, M]) Begin(rec record.Record) (*Review[P, M], error) {
	rv := &Review[P, M]{j: j, rec: rec, rep: Report{Rules: rec.Rules, Level: j.level}}
	if rec.Rules != j.g.ID() {
		return nil, fmt.Errorf("%w: the record is of %s, not %s", record.ErrBadRecord, rec.Rules, j.g.ID())
	}
	rv.p = j.g.Start()
	if rec.Start != "" {
		var err error
		if rv.p, err = j.g.ParsePosition(rec.Start); err != nil {
			return nil, fmt.Errorf("%w: start: %v", record.ErrBadRecord, err)
		}
	}
	names, _ := j.g.(seatNamer)
	rv.letter = func(s game.Player) string {
		if names == nil {
			return fmt.Sprint(int(s))
		}
		_, l := names.SeatName(s)
		return l
	}
	rv.players = make([]Player, j.g.Players())
	for s := range rv.players {
		rv.players[s].Seat = rv.letter(game.Player(s))
	}
	rv.accSum = make([]float64, len(rv.players))
	if game.CanProlong(j.g) {
		rv.history = agent.NewHistory(rv.p)
	}
	return rv, nil
}

// Progress is the number of turns judged and the number in the record.
func (rv *Review[P, M]) Progress() (done, total int) { return rv.i, len(rv.rec.Turns) }

// Next judges the next turn; done once every turn is judged. An error
// (a turn the rules do not allow) ends the review.
func (rv *Review[P, M]) Next() (done bool, err error) {
	if rv.i >= len(rv.rec.Turns) {
		return true, nil
	}
	j, i, t, p := rv.j, rv.i, rv.rec.Turns[rv.i], rv.p
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: turn %d: %s", record.ErrBadRecord, i+1, fmt.Sprintf(format, args...))
	}
	if j.g.Over(p) {
		return false, bad("the game is already over")
	}
	seat := j.g.ToMove(p)
	if t.Seat != rv.letter(seat) {
		return false, bad("seat %s moves, but it is %s's turn", t.Seat, rv.letter(seat))
	}
	if !game.Possible(j.g.Outcomes(p), t.Roll) {
		return false, bad("impossible throw %d", t.Roll)
	}
	played, err := j.g.ParseMove(t.Move)
	if err != nil {
		return false, bad("%v", err)
	}
	var avoid func(M) bool
	if rv.history != nil {
		avoid = agent.Worn(j.g, p, t.Roll, rv.history.Reached)
	}
	d, next, err := j.judge(p, seat, t.Roll, played, avoid)
	if err != nil {
		return false, bad("%v", err)
	}
	d.Turn, d.Seat = i+1, t.Seat
	rv.rep.Decisions = append(rv.rep.Decisions, d)
	pl := &rv.players[seat]
	pl.Luck += d.Luck
	if d.Moves > 1 {
		pl.Decisions++
		pl.MeanLoss += d.Loss
		if d.Loss < BestLoss {
			pl.BestMoves++
		}
		rv.accSum[seat] += MoveAccuracy(d.Loss)
		switch d.Class {
		case "inaccuracy":
			pl.Inaccuracies++
		case "mistake":
			pl.Mistakes++
		case "blunder":
			pl.Blunders++
		}
	}
	if rv.history != nil {
		rv.history.Add(next)
	}
	rv.p = next
	rv.i++
	return rv.i >= len(rv.rec.Turns), nil
}

// Report is the review of the turns judged so far, with each player's
// summary over them.
func (rv *Review[P, M]) Report() Report {
	rep := rv.rep
	rep.Decisions = append([]Decision{}, rv.rep.Decisions...)
	rep.Players = append([]Player(nil), rv.players...)
	for s := range rep.Players {
		if n := rep.Players[s].Decisions; n > 0 {
			rep.Players[s].Accuracy = rv.accSum[s] / float64(n)
			rep.Players[s].MeanLoss /= float64(n)
		}
	}
	return rep
}

// judge values one turn: seat throws roll in p and plays played. The
// best move is the best of those avoid does not report (avoid nil: of
// all); the move played is valued all the same.
func (j *Judge[P, M]) judge(p P, seat game.Player, roll int, played M, avoid func(M) bool) (Decision, P, error) {
	d := Decision{Roll: roll, Played: j.g.FormatMove(played)}
	j.buf = j.g.Moves(p, roll, j.buf[:0])
	moves := append([]M(nil), j.buf...)
	d.Moves = len(moves)
	var next P
	found := false
	d.Before, d.Exact = j.Value(p, seat)
	bestV := -1.0
	for _, m := range moves {
		q := j.g.Apply(p, roll, m)
		v, exact := j.Value(q, seat)
		d.Exact = d.Exact && exact
		if v > bestV && (avoid == nil || !avoid(m)) {
			bestV, d.Best = v, j.g.FormatMove(m)
		}
		if m == played {
			found, next, d.AfterMove = true, q, v
		}
	}
	if !found {
		return d, next, fmt.Errorf("%s is not a legal move after a throw of %d", d.Played, roll)
	}
	d.AfterThrow, d.AfterBest = bestV, bestV
	d.Loss = max(0, bestV-d.AfterMove)
	d.Class = Classify(d.Loss)
	d.Luck = d.AfterThrow - d.Before
	return d, next, nil
}
