package analysis

import (
	"fmt"
	"math"

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
	Decisions    int     `json:"decisions"` // with a choice of moves
	Accuracy     float64 `json:"accuracy"`  // 0-100, see MoveAccuracy
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
	rep := Report{Rules: rec.Rules, Level: j.level}
	if rec.Rules != j.g.ID() {
		return rep, fmt.Errorf("%w: the record is of %s, not %s", record.ErrBadRecord, rec.Rules, j.g.ID())
	}
	p := j.g.Start()
	if rec.Start != "" {
		var err error
		if p, err = j.g.ParsePosition(rec.Start); err != nil {
			return rep, fmt.Errorf("%w: start: %v", record.ErrBadRecord, err)
		}
	}
	names, _ := j.g.(seatNamer)
	letter := func(s game.Player) string {
		if names == nil {
			return fmt.Sprint(int(s))
		}
		_, l := names.SeatName(s)
		return l
	}
	players := make([]Player, j.g.Players())
	for s := range players {
		players[s].Seat = letter(game.Player(s))
	}
	accSum := make([]float64, len(players))
	for i, t := range rec.Turns {
		bad := func(format string, args ...any) error {
			return fmt.Errorf("%w: turn %d: %s", record.ErrBadRecord, i+1, fmt.Sprintf(format, args...))
		}
		if j.g.Over(p) {
			return rep, bad("the game is already over")
		}
		seat := j.g.ToMove(p)
		if t.Seat != letter(seat) {
			return rep, bad("seat %s moves, but it is %s's turn", t.Seat, letter(seat))
		}
		if !game.Possible(j.g.Outcomes(p), t.Roll) {
			return rep, bad("impossible throw %d", t.Roll)
		}
		played, err := j.g.ParseMove(t.Move)
		if err != nil {
			return rep, bad("%v", err)
		}
		d, next, err := j.judge(p, seat, t.Roll, played)
		if err != nil {
			return rep, bad("%v", err)
		}
		d.Turn, d.Seat = i+1, t.Seat
		rep.Decisions = append(rep.Decisions, d)
		pl := &players[seat]
		pl.Luck += d.Luck
		if d.Moves > 1 {
			pl.Decisions++
			pl.MeanLoss += d.Loss
			accSum[seat] += MoveAccuracy(d.Loss)
			switch d.Class {
			case "inaccuracy":
				pl.Inaccuracies++
			case "mistake":
				pl.Mistakes++
			case "blunder":
				pl.Blunders++
			}
		}
		p = next
	}
	for s := range players {
		if n := players[s].Decisions; n > 0 {
			players[s].Accuracy = accSum[s] / float64(n)
			players[s].MeanLoss /= float64(n)
		}
	}
	rep.Players = players
	return rep, nil
}

// judge values one turn: seat throws roll in p and plays played.
func (j *Judge[P, M]) judge(p P, seat game.Player, roll int, played M) (Decision, P, error) {
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
		if v > bestV {
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
