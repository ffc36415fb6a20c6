package analysis

import (
	"bytes"
	"encoding/json"
	"fmt"

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
// after the throw (with the best move to come), after the move played,
// after the best move, after the worst, and after a move picked at
// random (the mean over the legal moves).
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
	AfterWorst float64 `json:"after_worst"`
	AfterMean  float64 `json:"after_mean"`
	Loss       float64 `json:"loss"`
	Class      string  `json:"class,omitempty"` // inaccuracy, mistake or blunder
	Luck       float64 `json:"luck"`
	Exact      bool    `json:"exact"`
}

// StoredVersion is the version of a stored review, read from its first
// field alone (a Report's Version), without decoding the rest: a server
// asks it on every read of a review. A review stored before versions
// (its first field is not "version") is version 1.
func StoredVersion(doc []byte) (int, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return 0, fmt.Errorf("a stored review is not a JSON object: %v", err)
	}
	key, err := dec.Token()
	if err != nil {
		return 0, fmt.Errorf("a stored review: %v", err)
	}
	if key != "version" {
		return 1, nil
	}
	var v int
	if err := dec.Decode(&v); err != nil {
		return 0, fmt.Errorf("a stored review's version: %v", err)
	}
	return v, nil
}

// Chosen: the mover had a choice of moves (one legal move, a pass
// included, is forced and not judged).
func (d Decision) Chosen() bool { return d.Moves > 1 }

// IsBest: a move chosen within BestLoss of the best.
func (d Decision) IsBest() bool { return d.Chosen() && d.Loss < BestLoss }

// Stake is how much the choice could change the mover's chance of
// winning: the best move's value less the worst's.
func (d Decision) Stake() float64 { return max(0, d.AfterBest-d.AfterWorst) }

// Player sums up one seat's decisions.
type Player struct {
	Seat      string  `json:"seat"`
	Decisions int     `json:"decisions"`  // with a choice of moves
	BestMoves int     `json:"best_moves"` // of the decisions, those within BestLoss of the best
	AtStake   int     `json:"at_stake"`   // of the decisions, those Accuracy counts (Decision.Kept)
	Accuracy  float64 `json:"accuracy"`   // 0-100, see Accuracy
	// RandomAccuracy is what moves picked at random would have scored
	// on the same decisions (Decision.RandomKept): a reference that
	// depends on the game and its positions (about 60 in whole Senet
	// games, about 50 in Ki nevet), so that no one figure has to be told.
	RandomAccuracy float64 `json:"random_accuracy"`
	MeanLoss       float64 `json:"mean_loss"`
	Inaccuracies   int     `json:"inaccuracies"`
	Mistakes       int     `json:"mistakes"`
	Blunders       int     `json:"blunders"`
	Luck           float64 `json:"luck"`
}

// ReportVersion is the version of the review a Report is: 2 since
// accuracy is the mean share of each stake kept (7 December 2026;
// before, a per-move curve on the loss that gave random play 98), 3
// since it says what random moves would have scored (after_mean,
// random_accuracy), 4 since Apokrif is judged with its review network
// (nneval.ReviewForSenet: undiscounted chances; every ruleset's reviews
// are made again, the others' to the same figures). A reader that
// stored an older review makes it again rather than serve figures of
// another meaning or without them.
const ReportVersion = 4

// Report is the review of a game. Version comes first, so that a reader
// can learn it from the document's first field (StoredVersion).
type Report struct {
	Version   int        `json:"version"`
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

// MinStake: a choice whose moves all lie closer together than this (a
// tenth of a point, the review's precision) has nothing at stake, and
// accuracy does not count it.
const MinStake = 0.001

// Accuracy is a player's accuracy, 0-100: the mean over the player's
// decisions with something at stake (Stake at least MinStake) of the
// share of the stake the move played kept, 1 - Loss/Stake, times 100;
// 100 when no decision had anything at stake. The best move scores 100
// and the worst 0, whatever the stake, and a move picked at random keeps
// about half. In race games most moves change the chance little (the
// dice decide more), and a per-move curve on the loss alone (Lichess's,
// which this replaced) gave random play 98; weighing each decision by
// its stake let a few large ones decide a game's figure (a greedy player
// scored from 41 to 92 in six games), so every decision at stake counts
// once.
func Accuracy(kept float64, staked int) float64 {
	if staked == 0 {
		return 100
	}
	return 100 * kept / float64(staked)
}

// Kept is the share of the stake the move played kept, 0-1, and whether
// there was a stake to keep (Stake at least MinStake).
func (d Decision) Kept() (float64, bool) { return d.keptAfter(d.Loss) }

// RandomKept is Kept for a move picked at random among the legal ones:
// the share of the stake the mean of their values keeps. A player's
// RandomAccuracy is Accuracy over these, on the decisions Kept counts.
func (d Decision) RandomKept() (float64, bool) { return d.keptAfter(d.AfterBest - d.AfterMean) }

// keptAfter is the share of the stake a move that loses loss keeps,
// 0-1, on a decision with a stake to keep (Kept's and RandomKept's one
// rule of which decisions count).
func (d Decision) keptAfter(loss float64) (float64, bool) {
	st := d.Stake()
	if !d.Chosen() || st < MinStake {
		return 0, false
	}
	return min(1, max(0, 1-loss/st)), true
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
	kept    []float64 // each seat's sum of Decision.Kept
	random  []float64 // and of Decision.RandomKept
	staked  []int     // and the number of decisions each sums (Player.AtStake)
	letter  func(game.Player) string
	// history counts the positions the game has been at, where it can
	// go on for ever: a move back to one reached twice already is not
	// the best move there (agent.Worn), as it is not for the players.
	history *agent.History[P]
}

// Begin checks rec's header (its ruleset is the judge's game, its start
// position parses) and returns the review of its turns, none judged yet.
func (j *Judge[P, M]) Begin(rec record.Record) (*Review[P, M], error) {
	rv := &Review[P, M]{j: j, rec: rec, rep: Report{Version: ReportVersion, Rules: rec.Rules, Level: j.level}}
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
	rv.kept, rv.random, rv.staked = make([]float64, len(rv.players)), make([]float64, len(rv.players)), make([]int, len(rv.players))
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
	if d.Chosen() {
		pl.Decisions++
		pl.MeanLoss += d.Loss
		if d.IsBest() {
			pl.BestMoves++
		}
		if k, ok := d.Kept(); ok {
			r, _ := d.RandomKept()
			rv.kept[seat] += k
			rv.random[seat] += r
			rv.staked[seat]++
		}
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
			rep.Players[s].Accuracy = Accuracy(rv.kept[s], rv.staked[s])
			rep.Players[s].RandomAccuracy = Accuracy(rv.random[s], rv.staked[s])
			rep.Players[s].AtStake = rv.staked[s]
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
	bestV, worstV, sum := -1.0, 2.0, 0.0
	for _, m := range moves {
		q := j.g.Apply(p, roll, m)
		v, exact := j.Value(q, seat)
		d.Exact = d.Exact && exact
		worstV = min(worstV, v)
		sum += v
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
	d.AfterThrow, d.AfterBest, d.AfterWorst = bestV, bestV, worstV
	d.AfterMean = sum / float64(len(moves))
	d.Loss = max(0, bestV-d.AfterMove)
	d.Class = Classify(d.Loss)
	d.Luck = d.AfterThrow - d.Before
	return d, next, nil
}
