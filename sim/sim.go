// Package sim plays many seeded games between computer players and
// summarises them: win rates with confidence intervals, the first
// seat's advantage, game lengths, and how often each special rule fired.
// Every game is reproducible from the run's seed and its index, whatever
// the number of workers. Example_run (example_test.go) shows a run.
package sim

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"passage/agent"
	"passage/game"
	"passage/internal/progress"
)

// Config is one simulation run.
type Config struct {
	// Seats names the computer player for each seat ("hard", "random"...).
	// Entry j sits at seat (j+i) mod n in game i, so that every player
	// plays every seat equally often.
	Seats []string
	// Games to play (default 1000).
	Games int
	// Seed makes the run reproducible (default 1).
	Seed uint64
	// Workers is the number of games played at once (default: all cores).
	Workers int
	// MaxThrows stops a game that runs longer than this many throws
	// (passes included) and reports an error (default 1,000,000): a game
	// that never ends is a bug in the rules.
	MaxThrows int
	// MaxTurns, when positive, stops a game still going after that many
	// turns and counts it as unfinished: nobody wins it and every payoff
	// is 0 (Report.Unfinished). Where the rules let a side prolong the
	// game for ever (Apokrif's 26, A23), two search players can go on for
	// hundreds of thousands of turns, which MaxThrows would report as an
	// error.
	MaxTurns int
	// Progress, when set, receives a progress bar.
	Progress io.Writer
	// ProgressText, when set, words the progress line after the bar in
	// the reader's language (passage sim --lang); eta < 0 is not yet
	// known. Unset, the line is English.
	ProgressText func(done, total int, perSec float64, eta time.Duration) string
	// Done holds games of this run finished earlier (an interrupted run
	// being resumed): they are counted as they are, not played again.
	// Those with an index of Games or more are ignored.
	Done []Finished
	// OnGame, when set, receives every game played to the end, one call
	// at a time, as soon as it ends (not the games of Done).
	OnGame func(Finished)
}

// Player is one entry of Config.Seats with its results.
type Player struct {
	Name string `json:"name"`
	// Seat is the seat it takes in the first game ("White"); it moves
	// one seat on in each game after that.
	Seat string `json:"seat"`
	// Wins counts games where it placed first.
	Wins float64 `json:"wins"`
	// Win is its win rate with a 95% interval.
	Win Rate `json:"win"`
	// Payoff is its mean payoff (equal to Win.Rate in two-player games).
	Payoff float64 `json:"payoff"`
	// Decisions and MedianMs: how many moves it chose and the median
	// time a choice took, in milliseconds.
	Decisions int     `json:"decisions"`
	MedianMs  float64 `json:"median_ms"`
	// Places counts its games by place, first place first, where every
	// game of the run ranked every seat (kinevet's finish=all: the
	// payoffs then differ seat by seat); nil otherwise.
	Places []int `json:"places,omitempty"`
}

// SeatRate is one seat's win rate over a run.
type SeatRate struct {
	Seat string  `json:"seat"`
	Wins float64 `json:"wins"`
	Win  Rate    `json:"win"`
}

// Effect is one special rule and how often it fired.
type Effect struct {
	Name    string  `json:"name"`
	Total   int     `json:"total"`
	PerGame float64 `json:"per_game"`
}

// Report is the result of a run.
type Report struct {
	Rules string `json:"rules"`
	// Games is the number of games reported: all asked for, or in an
	// interrupted run (Interrupted) the games before the first one left
	// unfinished.
	Games       int  `json:"games"`
	Interrupted bool `json:"interrupted,omitempty"`
	// Unfinished counts the games stopped at MaxTurns turns (Config):
	// they are among Games, and nobody won them.
	Unfinished int      `json:"unfinished,omitempty"`
	MaxTurns   int      `json:"max_turns,omitempty"`
	Seed       uint64   `json:"seed"`
	Players    []Player `json:"players"`
	// FirstSeat is how often the seat that throws first (at the start
	// position, FirstToThrow: Black in senet-jequier, where J4's opening
	// throw is made before it) won, whoever played it.
	FirstSeat    Rate   `json:"first_seat"`
	FirstToThrow string `json:"first_to_throw"`
	// BySeat is each seat's win rate, whoever played it, in seat order
	// (the first to throw need not be seat 0): where the seats differ
	// in more than going first (four Ludo colours) a designer sees it.
	BySeat []SeatRate `json:"by_seat"`
	// Turns counts a side's consecutive throws as one turn; Moves counts
	// every throw (passes included).
	Turns   Dist     `json:"turns"`
	Moves   Dist     `json:"moves"`
	Effects []Effect `json:"effects,omitempty"`
	// Seconds and GamesPerSec: wall-clock time of the run.
	Seconds     float64 `json:"seconds"`
	GamesPerSec float64 `json:"games_per_sec"`
	// Lengths holds the moves of each game, for plots.
	Lengths []int `json:"-"`
}

// Factory makes a named player for one game with its own seed.
type Factory[P comparable, M comparable] func(name string, seed uint64) (agent.Agent[P, M], error)

// result is one finished game.
type result struct {
	payoffs  game.Payoffs
	order    []int // order[seat] = entry of Config.Seats at that seat
	turns    int   // a side's consecutive throws count as one
	moves    int   // every throw, passes included
	effects  []int
	times    [][]float64 // per seat, milliseconds per decision
	err      error
	finished bool // played to the end (not stopped by the context)
	// unfinished: stopped at Config.MaxTurns turns (and finished too:
	// it counts, won by nobody).
	unfinished bool
}

// prepare checks cfg's seats against g and the players' names, and gives
// cfg with its defaults and the names of the special rules g counts: how
// Run and PlayGame begin, so that a game alone is played as in a run.
func prepare[P comparable, M comparable](g game.Game[P, M], newAgent Factory[P, M], cfg Config) (Config, []string, error) {
	if n := g.Players(); len(cfg.Seats) != n {
		return cfg, nil, fmt.Errorf("sim: %s needs %d seats, got %d", g.ID(), n, len(cfg.Seats))
	}
	for _, name := range cfg.Seats {
		if _, err := newAgent(name, 0); err != nil {
			return cfg, nil, err
		}
	}
	var effects []string
	if e, ok := g.(game.Effecter[P, M]); ok {
		effects = e.EffectNames()
	}
	return cfg.withDefaults(), effects, nil
}

// Run plays cfg.Games games of g. Cancelling ctx stops the games in
// play; Run then reports on the games before the first unfinished one
// (Report.Interrupted), with the context's error.
func Run[P comparable, M comparable](ctx context.Context, g game.Game[P, M], newAgent Factory[P, M], cfg Config) (Report, error) {
	cfg, effects, err := prepare(g, newAgent, cfg)
	if err != nil {
		return Report{}, err
	}

	results := make([]result, cfg.Games)
	resumed := 0
	for _, f := range cfg.Done {
		if f.Index < 0 || f.Index >= cfg.Games {
			continue
		}
		r, err := f.result(g.Players(), len(effects))
		if err != nil {
			return Report{}, err
		}
		if !results[f.Index].finished {
			resumed++
		}
		results[f.Index] = r
	}
	var onGame sync.Mutex
	start := time.Now()
	schedule(ctx, cfg, results, resumed, func(i int) result {
		r := play(ctx, g, newAgent, cfg, i, len(effects), nil)
		if cfg.OnGame != nil && r.finished {
			onGame.Lock()
			cfg.OnGame(finishedOf(i, r))
			onGame.Unlock()
		}
		return r
	})
	elapsed := time.Since(start)
	interrupted := ctx.Err()
	if interrupted != nil {
		// Report the games before the first unfinished one: taking every
		// finished game would favour the short ones.
		k := 0
		for k < len(results) && results[k].finished {
			k++
		}
		if k == 0 {
			return Report{}, interrupted
		}
		results = results[:k]
	}
	first := g.ToMove(g.Start())
	rep, err := aggregate(results, cfg.Seats, effects, first)
	if err != nil {
		return Report{}, err
	}
	rep.FirstToThrow = seatName(g, first)
	for j := range rep.Players {
		rep.Players[j].Seat = seatName(g, game.Player(j))
		rep.BySeat[j].Seat = seatName(g, game.Player(j))
	}
	rep.Rules = g.ID()
	rep.Seed = cfg.Seed
	rep.MaxTurns = cfg.MaxTurns
	rep.Interrupted = interrupted != nil
	rep.Seconds = elapsed.Seconds()
	// The rate is that of the games played now, not of those resumed.
	played := 0
	for _, r := range results {
		if r.finished {
			played++
		}
	}
	rep.GamesPerSec = float64(max(played-resumed, 0)) / elapsed.Seconds()
	return rep, interrupted
}

// withDefaults fills in the zero fields of cfg.
func (cfg Config) withDefaults() Config {
	if cfg.Games <= 0 {
		cfg.Games = 1000
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.MaxThrows <= 0 {
		cfg.MaxThrows = 1_000_000
	}
	return cfg
}

// schedule plays the games 0 to cfg.Games-1 not yet finished in
// results (the resumed ones, already counted) with playGame on
// cfg.Workers goroutines, drawing cfg.Progress, and stores their results
// by game index. Once ctx is done no new game starts. Each game depends
// on its index only, so the results do not depend on the number of
// workers.
func schedule(ctx context.Context, cfg Config, results []result, resumed int, playGame func(i int) result) {
	var next, done atomic.Int64
	done.Store(int64(resumed))
	var wg sync.WaitGroup
	stop := drawProgress(cfg.Progress, cfg.ProgressText, &done, resumed, cfg.Games, time.Now())
	for range cfg.Workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= cfg.Games || ctx.Err() != nil {
					return
				}
				if results[i].finished {
					continue
				}
				results[i] = playGame(i)
				done.Add(1)
			}
		})
	}
	wg.Wait()
	stop()
}

// aggregate summarises finished games between the players named by
// seats, with the special rules named by effects: every field of the
// Report but the ruleset, seed and timings; first is the seat that
// throws first.
func aggregate(results []result, seats, effects []string, first game.Player) (Report, error) {
	n, games := len(seats), len(results)
	rep := Report{Games: games, Players: make([]Player, n)}
	for j, name := range seats {
		rep.Players[j].Name = name
	}
	times := make([][]float64, n)
	counts := make([]int, len(effects))
	var turns, moves []float64
	firstWins := 0.0
	seatWins := make([]float64, n)
	places := make([][]int, n) // by entry, then place; nil once a game ranks no one
	for j := range places {
		places[j] = make([]int, n)
	}
	ranked := n > 2
	for _, r := range results {
		if r.err != nil {
			return Report{}, r.err
		}
		if r.unfinished {
			rep.Unfinished++
		}
		winners := winnersOf(r.payoffs, n, r.unfinished)
		share := 1 / float64(max(count(winners), 1))
		for seat, j := range r.order {
			rep.Players[j].Payoff += r.payoffs[seat]
			if winners[seat] {
				rep.Players[j].Wins += share
				seatWins[seat] += share
			}
			times[j] = append(times[j], r.times[seat]...)
		}
		if winners[first] {
			firstWins += share
		}
		if place, ok := placesOf(r.payoffs, n, r.unfinished); ranked && ok {
			for seat, j := range r.order {
				places[j][place[seat]]++
			}
		} else {
			ranked = false
		}
		turns = append(turns, float64(r.turns))
		moves = append(moves, float64(r.moves))
		rep.Lengths = append(rep.Lengths, r.moves)
		for k, c := range r.effects {
			counts[k] += c
		}
	}
	for j := range rep.Players {
		pl := &rep.Players[j]
		pl.Win = Wilson(pl.Wins, games)
		pl.Payoff /= float64(games)
		pl.Decisions = len(times[j])
		if ranked {
			pl.Places = places[j]
		}
		if len(times[j]) > 0 {
			slices.Sort(times[j])
			pl.MedianMs = Quantile(times[j], 0.5)
		}
	}
	rep.FirstSeat = Wilson(firstWins, games)
	for _, w := range seatWins {
		rep.BySeat = append(rep.BySeat, SeatRate{Wins: w, Win: Wilson(w, games)})
	}
	rep.Turns = Summarize(turns)
	rep.Moves = Summarize(moves)
	for k, name := range effects {
		rep.Effects = append(rep.Effects, Effect{Name: name, Total: counts[k], PerGame: float64(counts[k]) / float64(games)})
	}
	return rep, nil
}

// ErrTooLong is returned when a game exceeds Config.MaxThrows.
var ErrTooLong = errors.New("sim: game did not end")

// Played is one game of a run in notation, for its record (passage sim
// --record): the ruleset, who sat at each seat, every throw, the end.
type Played struct {
	Rules  string
	Seats  []string // the players by seat, as the game sat them
	Throws []Throw
	End    string // the position after the last throw
}

// Throw is one throw of a Played game: the seat's letter, the throw and
// the move in notation.
type Throw struct {
	Seat string
	Roll int
	Move string
}

// Trace receives each throw of a game as it is played: the seat, its
// throw and the move it chose (PlayGame).
type Trace[M comparable] func(seat game.Player, roll int, m M)

// PlayGame plays game i of the run cfg describes, the same game Run
// plays as its game i, and tells each throw to trace: a game of a run
// can be looked at alone (passage sim --record). It returns the game's
// summary as a journal keeps it.
func PlayGame[P comparable, M comparable](ctx context.Context, g game.Game[P, M], newAgent Factory[P, M], cfg Config, i int, trace Trace[M]) (Finished, error) {
	cfg, effects, err := prepare(g, newAgent, cfg)
	if err != nil {
		return Finished{}, err
	}
	if i < 0 {
		return Finished{}, fmt.Errorf("sim: no game %d: games are numbered from 0", i)
	}
	r := play(ctx, g, newAgent, cfg, i, len(effects), trace)
	if r.err != nil {
		return Finished{}, r.err
	}
	if !r.finished {
		return Finished{}, ctx.Err()
	}
	return finishedOf(i, r), nil
}

// play plays game i of the run; trace, when not nil, is told each throw.
func play[P comparable, M comparable](ctx context.Context, g game.Game[P, M], newAgent Factory[P, M], cfg Config, i, nEffects int, trace Trace[M]) result {
	n := g.Players()
	r := result{order: make([]int, n), times: make([][]float64, n), effects: make([]int, nEffects)}
	agents := make([]agent.Agent[P, M], n)
	for j := range n {
		seat := seatOf(j, i, n)
		r.order[seat] = j
		a, err := newAgent(cfg.Seats[j], mix(cfg.Seed, uint64(i), uint64(j)+1))
		if err != nil {
			r.err = err
			return r
		}
		agents[seat] = a
	}
	eff, _ := g.(game.Effecter[P, M])
	dice := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
	p := g.Start()
	// In a game that can go on for ever the players are told how often
	// it has been at each position (agent.ChooseWithHistory); elsewhere
	// they choose as they always have, and no history is kept (the
	// test is ChooseWithHistory's too, made here once to spare the
	// counting).
	var history *agent.History[P]
	if game.CanProlong(g) {
		history = agent.NewHistory(p)
	}
	last := game.NoPlayer
	for !g.Over(p) {
		if ctx.Err() != nil {
			return r // unfinished: not reported
		}
		if r.moves >= cfg.MaxThrows {
			r.err = fmt.Errorf("%w: game %d (seed %d) still going after %d throws at %s", ErrTooLong, i, cfg.Seed, r.moves, g.FormatPosition(p))
			return r
		}
		seat := g.ToMove(p)
		if seat != last {
			if cfg.MaxTurns > 0 && r.turns >= cfg.MaxTurns {
				r.unfinished, r.finished = true, true // every payoff 0
				return r
			}
			r.turns++
			last = seat
		}
		roll := game.Sample(g.Outcomes(p), dice)
		t0 := time.Now()
		var m M
		if history != nil {
			m, _ = agent.ChooseWithHistory(context.Background(), g, agents[seat], p, roll, history.Reached)
		} else {
			m = agents[seat].Choose(p, roll)
		}
		r.times[seat] = append(r.times[seat], float64(time.Since(t0).Nanoseconds())/1e6)
		if trace != nil {
			trace(seat, roll, m)
		}
		if eff != nil {
			for bits, k := eff.Effects(p, roll, m), 0; bits != 0; bits, k = bits>>1, k+1 {
				if bits&1 != 0 {
					r.effects[k]++
				}
			}
		}
		p = g.Apply(p, roll, m)
		if history != nil {
			history.Add(p)
		}
		r.moves++
	}
	r.payoffs = g.Payoffs(p)
	r.finished = true
	return r
}

// seatOf is the seat entry j of Config.Seats takes in game i of a run
// with n seats: one seat on from game to game.
func seatOf(j, i, n int) int { return (j + i) % n }

// seatName names seat p of g as the game does, or "seat N".
func seatName[P comparable, M comparable](g game.Game[P, M], p game.Player) string {
	if n, ok := any(g).(game.SeatNamer); ok {
		name, _ := n.SeatName(p)
		return name
	}
	return fmt.Sprintf("seat %d", p+1)
}

// winnersOf marks the seats with the highest payoff: none in a game
// left unfinished.
func winnersOf(pay game.Payoffs, n int, unfinished bool) []bool {
	w := make([]bool, n)
	if unfinished {
		return w
	}
	best := slices.Max(pay[:n])
	for i := range n {
		w[i] = pay[i] == best
	}
	return w
}

// placesOf ranks the seats of a finished game by payoff, 0 the first
// place; ok is false where two seats share a payoff (no full ranking: a
// game that stops at its first winner) or the game was stopped.
func placesOf(pay game.Payoffs, n int, unfinished bool) (place []int, ok bool) {
	if unfinished {
		return nil, false
	}
	place = make([]int, n)
	for i := range n {
		for k := range n {
			if k != i && pay[k] == pay[i] {
				return nil, false
			}
			if pay[k] > pay[i] {
				place[i]++
			}
		}
	}
	return place, true
}

func count(bs []bool) int {
	c := 0
	for _, b := range bs {
		if b {
			c++
		}
	}
	return c
}

// mix derives an independent seed from the run's seed, a game index and
// a seat (SplitMix64 finaliser over their combination).
func mix(seed, game, seat uint64) uint64 {
	z := seed ^ game*0x9e3779b97f4a7c15 ^ seat*0xbf58476d1ce4e5b9
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// drawProgress draws a progress bar on w until the returned stop is
// called; the rate and the time left count only the games done after the
// first base (those resumed from an earlier run). Workers count the games
// in done; one goroutine draws, on a ticker.
func drawProgress(w io.Writer, text func(done, total int, perSec float64, eta time.Duration) string, done *atomic.Int64, base, total int, start time.Time) (stop func()) {
	if w == nil {
		return func() {}
	}
	if text == nil {
		text = func(done, total int, perSec float64, eta time.Duration) string {
			return fmt.Sprintf("%s %d/%d games, %.1f games/s, ETA %s", progress.Percent(int64(done), int64(total)), done, total, perSec, progress.Left(eta))
		}
	}
	bar := progress.New(w, true)
	draw := func() {
		d := int(done.Load())
		perSec, eta := progress.Pace(time.Since(start), base, d, total)
		bar.Draw(progress.Cells(int64(d), int64(total)) + " " + text(d, total, perSec, eta))
	}
	quit := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(progress.Every)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				draw()
				bar.End()
				return
			case <-tick.C:
				draw()
			}
		}
	}()
	return func() { close(quit); <-finished }
}
