package nneval

import (
	"context"
	"math/rand/v2"
	"sync"

	"passage/game"
)

// TrainConfig is a training run: TD(lambda) from self-play.
type TrainConfig struct {
	// Games is the total number of self-play games (the run ends there).
	Games int
	// Done is the number of games already trained on (a resumed run).
	Done int
	// Batch is the number of games played with the same weights before
	// their updates are applied, in game order.
	Batch int
	// Lambda mixes one-throw backups and the game's result (0: pure
	// backups; 1: the result alone).
	Lambda float64
	// Rate is the learning rate per batch, applied to the gradient
	// averaged over the batch's positions.
	Rate float64
	// RateEnd, when positive, makes the learning rate fall linearly from
	// Rate at the first game to RateEnd at the last (a batch uses the
	// rate at its first game), so that the late games, which a constant
	// rate lets pull the weights about as much as the early ones, refine
	// rather than replace what was learned. 0 keeps Rate throughout.
	RateEnd float64
	// SkipRate scales the learning rate of the skip connection (0
	// freezes it): the part that starts as the previous evaluation, which
	// for Senet was fitted to convergence on far more positions than a
	// batch holds, so that the noise of small batches would only blur it.
	SkipRate float64
	// Epsilon is the chance of a random move in self-play.
	Epsilon float64
	// Discount, when in (0, 1), shrinks each lambda-return toward an
	// even share (1/players a seat) by that factor a decision, so that a
	// game won later is worth a little less than one won now: the side
	// ahead then gains by ending the game. Without it (0 or 1) a policy
	// that never makes progress is as good as any in self-play, and a
	// Jéquier network learned one (games of 18,000 turns on average
	// against itself, 259 against the linear evaluation).
	Discount float64
	// Seed makes the run reproducible: game i throws from a generator
	// seeded by (Seed, i).
	Seed uint64
	// Workers plays that many games of a batch at once; the weights do
	// not depend on it.
	Workers int
	// MaxMoves ends a self-play game that has gone on for that many
	// decisions: the network's estimate of the position reached stands
	// for the result, as TD learning does with any game cut short. A
	// learned policy can keep a game going that the rules would let end:
	// Jéquier's network, 45,361 games into a run, had both sides play
	// over 100,000 moves without bearing off.
	MaxMoves int
	// AfterBatch, when set, is called after each batch with the games
	// done so far; an error stops the run.
	AfterBatch func(done int) error
}

// DefaultMaxMoves is TrainConfig.MaxMoves when none is set.
const DefaultMaxMoves = 100_000

// Trainer trains an evaluation by self-play. Its float64 weights are
// the master copy; the network the games use is their float32 rounding,
// refreshed after each batch.
type Trainer[P comparable, M comparable] struct {
	G   game.Game[P, M]
	E   *Eval[P]
	W   *Grads // the master weights
	Cfg TrainConfig
	// Exact, when set, knows the exact payoffs of some positions under
	// perfect play (Senet's endgame tables). A move into such a position
	// is valued by its exact value instead of the network's, and a
	// self-play game ends at the first one, its exact value standing for
	// the result, so the truth flows back through the lambda-returns into
	// the positions before it. The positions Exact knows are not trained
	// on: fitting them (Jéquier's K=3 table) pulled the network's values
	// of the positions before the table far from where they were and cut
	// expectimax-2's score against the linear evaluation to 24%.
	Exact func(p P) (game.Payoffs, bool)
	// Teacher, when set, is the evaluation self-play values positions
	// by instead of the network's: its choices make the moves and its
	// one-throw backups the targets, so the network learns to reproduce
	// it (distillation; with Lambda 0 the targets are the teacher's
	// backups alone). An ensemble, too costly to search with, can so
	// pass on what it knows to one network.
	Teacher game.Evaluator[P]
	// Policy, when set, is the fixed evaluation that chooses self-play's
	// moves (as the network would: the best by its value, a finished or
	// exact position by its payoffs, a random move with Epsilon), while
	// the backups value the chosen positions by the network being
	// trained: policy evaluation, the network learns the chances of that
	// play. A network trained with a discount to choose moves (Apokrif's)
	// so gets an undiscounted twin that estimates its games' results.
	Policy game.Evaluator[P]
	Loss   float64 // the mean cross-entropy of the last batch's positions
	Moves  int     // the positions trained on in the last batch
	// Cut counts the games of this run that MaxMoves ended.
	Cut int
}

// NewTrainer makes a trainer starting from w (nil: the network's own
// weights).
func NewTrainer[P comparable, M comparable](g game.Game[P, M], e *Eval[P], w *Grads, cfg TrainConfig) *Trainer[P, M] {
	if w == nil {
		w = NewGrads(e.Net)
		for i, a := range e.Net.Params() {
			for j, x := range a {
				w.Params()[i][j] = float64(x)
			}
		}
	}
	if cfg.Batch <= 0 {
		cfg.Batch = 16
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.MaxMoves <= 0 {
		cfg.MaxMoves = DefaultMaxMoves
	}
	w.Round(e.Net)
	return &Trainer[P, M]{G: g, E: e, W: w, Cfg: cfg}
}

// skipParams is the index of the skip connection in Grads.Params.
const skipParams = 3

// gameResult is one self-play game's contribution to a batch.
type gameResult struct {
	grad  *Grads
	loss  float64
	moves int
	cut   bool // ended by MaxMoves
	err   error
}

// Run trains until Cfg.Games games are done or ctx is cancelled (then
// it returns ctx's error after the last whole batch).
func (t *Trainer[P, M]) Run(ctx context.Context) error {
	pool := make([]*Grads, t.Cfg.Batch)
	for i := range pool {
		pool[i] = NewGrads(t.E.Net)
	}
	for t.Cfg.Done < t.Cfg.Games {
		if err := ctx.Err(); err != nil {
			return err
		}
		first := t.Cfg.Done
		n := min(t.Cfg.Batch, t.Cfg.Games-first)
		results := make([]gameResult, n)
		var wg sync.WaitGroup
		next := make(chan int)
		for range min(t.Cfg.Workers, n) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := range next {
					pool[k].Clear()
					results[k] = t.selfPlay(first+k, pool[k])
				}
			}()
		}
		for k := range n {
			next <- k
		}
		close(next)
		wg.Wait()
		// Sum in game order, so the update is the same on any number of
		// workers.
		total, loss, moves := pool[0], 0.0, 0
		for k, r := range results {
			if r.err != nil {
				return r.err
			}
			if k > 0 {
				for i, a := range total.Params() {
					for j, x := range r.grad.Params()[i] {
						a[j] += x
					}
				}
			}
			loss += r.loss
			moves += r.moves
			if r.cut {
				t.Cut++
			}
		}
		step := t.Cfg.rateAt(first) / float64(max(moves, 1))
		for i, a := range t.W.Params() {
			s := step
			if i == skipParams {
				s *= t.Cfg.SkipRate
			}
			for j, x := range total.Params()[i] {
				a[j] -= s * x
			}
		}
		t.W.Round(t.E.Net)
		t.Cfg.Done += n
		t.Loss, t.Moves = loss/float64(max(moves, 1)), moves
		if t.Cfg.AfterBatch != nil {
			if err := t.Cfg.AfterBatch(t.Cfg.Done); err != nil {
				return err
			}
		}
	}
	return nil
}

// rateAt is the learning rate of the batch whose first game is game
// first.
func (c TrainConfig) rateAt(first int) float64 {
	if c.RateEnd <= 0 || c.Games <= 1 {
		return c.Rate
	}
	f := float64(first) / float64(c.Games-1)
	return c.Rate + (c.RateEnd-c.Rate)*f
}

// selfPlay plays game i with the current weights and adds the gradient
// of its positions' loss against their lambda-returns to grad.
//
// At each position the mover's options are searched for every throw:
// the best move by the network (or the result, when a move ends the
// game), so the one-throw backup E is the exact expectation over the
// throws. The throw actually made then picks the move played. The
// lambda-return is G(t) = (1-lambda) E(t) + lambda G(t+1), with G at the
// end the game's payoffs, or the exact value of the first position that
// Exact knows, where the game stops.
func (t *Trainer[P, M]) selfPlay(i int, grad *Grads) gameResult {
	g, e := t.G, t.E
	rng := rand.New(rand.NewPCG(t.Cfg.Seed, uint64(i)))
	var (
		positions []P
		backups   []game.Payoffs
		buf       []M
		bestAfter []P
	)
	p := g.Start()
	var ret game.Payoffs
	cut := false
	for {
		if g.Over(p) {
			ret = g.Payoffs(p)
			break
		}
		if v, ok := t.exactValue(p); ok {
			ret = v
			break
		}
		if len(positions) >= t.Cfg.MaxMoves {
			ret, cut = t.value(p), true
			break
		}
		mover := g.ToMove(p)
		outs := g.Outcomes(p)
		bestAfter = bestAfter[:0]
		var backup game.Payoffs
		for _, o := range outs {
			buf = g.Moves(p, o.Roll, buf[:0])
			var best P
			var bestV game.Payoffs
			for k, m := range buf {
				q := g.Apply(p, o.Roll, m)
				v := t.choiceValue(q)
				if k == 0 || v[mover] > bestV[mover] {
					best, bestV = q, v
				}
			}
			if t.Policy != nil {
				bestV = t.value(best)
			}
			bestAfter = append(bestAfter, best)
			w := o.Prob()
			for s := range backup {
				backup[s] += w * bestV[s]
			}
		}
		positions = append(positions, p)
		backups = append(backups, backup)
		roll := game.Sample(outs, rng)
		if t.Cfg.Epsilon > 0 && rng.Float64() < t.Cfg.Epsilon {
			buf = g.Moves(p, roll, buf[:0])
			p = g.Apply(p, roll, buf[rng.IntN(len(buf))])
			continue
		}
		for k, o := range outs {
			if o.Roll == roll {
				p = bestAfter[k]
				break
			}
		}
	}
	n := g.Players()
	loss := 0.0
	targets := lambdaReturns(backups, ret, n, t.Cfg.Lambda, t.Cfg.Discount)
	// From the last position, in the order the weight files were made in.
	for k := len(positions) - 1; k >= 0; k-- {
		est := e.Gradient(positions[k], targets[k], grad)
		loss += crossEntropy(est, targets[k], n)
	}
	return gameResult{grad: grad, loss: loss, moves: len(positions), cut: cut}
}

// lambdaReturns are the targets of a game's positions, from the last:
// G(t) = (1-lambda) E(t) + lambda G(t+1), G after the last position the
// game's result ret, each then shrunk toward an even share of the n
// seats by the discount gamma (none when gamma is 0 or 1).
func lambdaReturns(backups []game.Payoffs, ret game.Payoffs, n int, lambda, gamma float64) []game.Payoffs {
	discount := gamma > 0 && gamma < 1
	even := 1 / float64(n)
	targets := make([]game.Payoffs, len(backups))
	for k := len(backups) - 1; k >= 0; k-- {
		for s := range n {
			ret[s] = (1-lambda)*backups[k][s] + lambda*ret[s]
			if discount {
				// Not even + 1*(G - even) without one: that rounds
				// (0.1 becomes 0.09999999999999998), and the weight
				// files made before the discount would no longer
				// rebuild bit for bit from their commands.
				ret[s] = even + gamma*(ret[s]-even)
			}
		}
		targets[k] = ret
	}
	return targets
}

// value is the payoffs of a finished position, the exact value of one
// that Exact knows, or the teacher's estimate, or the network's.
func (t *Trainer[P, M]) value(p P) game.Payoffs {
	if t.G.Over(p) {
		return t.G.Payoffs(p)
	}
	if v, ok := t.exactValue(p); ok {
		return v
	}
	if t.Teacher != nil {
		return t.Teacher.Evaluate(p)
	}
	return t.E.Evaluate(p)
}

// choiceValue is the value self-play chooses moves by: the policy's
// (a finished or exact position's payoffs first), or value's without
// one.
func (t *Trainer[P, M]) choiceValue(p P) game.Payoffs {
	if t.Policy == nil {
		return t.value(p)
	}
	if t.G.Over(p) {
		return t.G.Payoffs(p)
	}
	if v, ok := t.exactValue(p); ok {
		return v
	}
	return t.Policy.Evaluate(p)
}

// exactValue is p's exact value, when Exact knows it.
func (t *Trainer[P, M]) exactValue(p P) (game.Payoffs, bool) {
	if t.Exact == nil {
		return game.Payoffs{}, false
	}
	return t.Exact(p)
}
