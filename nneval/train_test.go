package nneval

import (
	"context"
	"math"
	"slices"
	"testing"

	"passage/game"
	"passage/ludo"
	"passage/senet"
)

func trainSenet(t *testing.T, games, workers int, from *Grads, done int) *Grads {
	t.Helper()
	return trainSenetCfg(t, TrainConfig{Games: games, Done: done, Batch: 4, Lambda: 0.7, Rate: 0.5, SkipRate: 1, Epsilon: 0.05, Seed: 3, Workers: workers}, from)
}

func trainSenetCfg(t *testing.T, cfg TrainConfig, from *Grads) *Grads {
	t.Helper()
	r := senet.MustNew("senet-szenet", nil)
	net, err := SenetFromLinear(r, 8, uniform(1))
	if err != nil {
		t.Fatal(err)
	}
	e, _ := NewEval(net, SenetEncoder{R: r})
	var w *Grads
	if from != nil {
		w = NewGrads(net)
		for i, a := range from.Params() {
			copy(w.Params()[i], a)
		}
	}
	tr := NewTrainer(r, e, w, cfg)
	if err := tr.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return tr.W
}

func sameWeights(a, b *Grads) bool {
	for i, x := range a.Params() {
		if !slices.Equal(x, b.Params()[i]) {
			return false
		}
	}
	return true
}

// A seed gives the same weights on any number of workers, and a run
// resumed from its checkpoint ends where the uninterrupted run does.
func TestTrainingIsDeterministic(t *testing.T) {
	one := trainSenet(t, 12, 1, nil, 0)
	if three := trainSenet(t, 12, 3, nil, 0); !sameWeights(one, three) {
		t.Error("1 and 3 workers trained different weights")
	}
	half := trainSenet(t, 8, 2, nil, 0)
	if resumed := trainSenet(t, 12, 2, half, 8); !sameWeights(one, resumed) {
		t.Error("a run resumed after 8 games ended with different weights")
	}
	start := trainSenet(t, 0, 1, nil, 0)
	if sameWeights(one, start) {
		t.Error("training did not change the weights")
	}
}

// With RateEnd the learning rate falls linearly from Rate at the first
// game to RateEnd at the last, and training follows it: a schedule
// that ends where it starts trains what the constant rate does, and a
// falling one trains other weights, the same on any number of workers.
func TestRateFallsLinearly(t *testing.T) {
	c := TrainConfig{Games: 101, Rate: 1, RateEnd: 0.1}
	for _, x := range []struct {
		first int
		want  float64
	}{{0, 1}, {50, 0.55}, {100, 0.1}} {
		if got := c.rateAt(x.first); math.Abs(got-x.want) > 1e-12 {
			t.Errorf("rate at game %d: %g, want %g", x.first, got, x.want)
		}
	}
	if got := (TrainConfig{Games: 101, Rate: 0.7}).rateAt(60); got != 0.7 {
		t.Errorf("without RateEnd the rate at game 60 is %g, want 0.7", got)
	}
	cfg := TrainConfig{Games: 12, Batch: 4, Lambda: 0.7, Rate: 0.5, SkipRate: 1, Epsilon: 0.05, Seed: 3, Workers: 1}
	constant := trainSenetCfg(t, cfg, nil)
	cfg.RateEnd = 0.5
	if flat := trainSenetCfg(t, cfg, nil); !sameWeights(constant, flat) {
		t.Error("a schedule from 0.5 to 0.5 trained other weights than the constant rate 0.5")
	}
	cfg.RateEnd = 0.05
	falling := trainSenetCfg(t, cfg, nil)
	if sameWeights(constant, falling) {
		t.Error("a falling rate trained the same weights as the constant one")
	}
	cfg.Workers = 3
	if three := trainSenetCfg(t, cfg, nil); !sameWeights(falling, three) {
		t.Error("a falling rate trained different weights on 1 and 3 workers")
	}
}

// Training moves the estimates towards the results: after training on
// a few hundred games of two-player Ludo from the hand-made evaluation,
// the loss on 512 fresh games is lower than at the start. The games are
// of random moves (Epsilon 1), in training and in the probe: the probe
// then judges the same positions before and after. On self-play games
// the probe's games change with the network, and 64 of them (the test
// before 4 December 2026) let the result go either way from seed to
// seed: it failed when Ludo's tie-break changed some moves.
func TestTrainingLowersTheLoss(t *testing.T) {
	r := ludo.MustNew("kinevet", map[string]string{"players": "2"})
	net, _ := LudoFromHand(r, 8, uniform(1))
	e, _ := NewEval(net, NewLudoEncoder(r))
	loss := func(seed uint64) float64 {
		probe := NewTrainer(r, e, nil, TrainConfig{Games: 512, Batch: 512, Lambda: 1, Rate: 0, Epsilon: 1, Seed: seed, Workers: 2})
		if err := probe.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		return probe.Loss
	}
	before := loss(99)
	tr := NewTrainer(r, e, nil, TrainConfig{Games: 400, Batch: 8, Lambda: 0.7, Rate: 0.3, SkipRate: 1, Epsilon: 1, Seed: 1, Workers: 2})
	if err := tr.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if after := loss(99); after >= before {
		t.Errorf("loss against the results %.4f before training, %.4f after", before, after)
	}
}

// A game stops at the first position that Exact knows, whose exact
// value stands for the result: with an oracle that knows the positions
// after the first piece is borne off the games are shorter and the
// weights differ from plain self-play's; with one that knows every
// position there is nothing to train on.
func TestExactValuesEndTheGames(t *testing.T) {
	r := senet.MustNew("senet-jequier", nil)
	train := func(knows func(senet.Position) bool) (*Trainer[senet.Position, senet.Move], *Grads) {
		net, _ := SenetFromLinear(r, 8, uniform(1))
		e, _ := NewEval(net, SenetEncoder{R: r})
		tr := NewTrainer(r, e, nil, TrainConfig{Games: 8, Batch: 8, Lambda: 0.7, Rate: 0.1, SkipRate: 1, Seed: 3, Workers: 2})
		if knows != nil {
			tr.Exact = func(p senet.Position) (game.Payoffs, bool) { return game.Payoffs{0.9, 0.1}, knows(p) }
		}
		if err := tr.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		return tr, tr.W
	}
	plain, plainW := train(nil)
	late, lateW := train(func(p senet.Position) bool { return p.Off(senet.White)+p.Off(senet.Black) > 0 })
	if late.Moves == 0 || late.Moves >= plain.Moves || sameWeights(plainW, lateW) {
		t.Errorf("oracle after the first piece off: %d positions trained on (plain self-play %d), same weights %v",
			late.Moves, plain.Moves, sameWeights(plainW, lateW))
	}
	all, allW := train(func(senet.Position) bool { return true })
	if all.Moves != 0 {
		t.Errorf("an oracle that knows the start: %d positions trained on, want 0", all.Moves)
	}
	net, _ := SenetFromLinear(r, 8, uniform(1))
	fresh := NewTrainer(r, &Eval[senet.Position]{Net: net, Enc: SenetEncoder{R: r}}, nil, TrainConfig{}).W
	if !sameWeights(allW, fresh) {
		t.Error("an oracle that knows the start: the weights changed")
	}
}

// A game that goes on past MaxMoves ends there, the network's estimate
// standing for its result: training goes on, and counts the game. A
// learned policy can keep a game going for ever; before, one such game
// stopped a whole run with an error.
func TestLongGamesAreCut(t *testing.T) {
	r := senet.MustNew("senet-jequier", nil)
	run := func(maxMoves int) *Trainer[senet.Position, senet.Move] {
		net, err := SenetFromLinear(r, 8, uniform(1))
		if err != nil {
			t.Fatal(err)
		}
		e, _ := NewEval(net, SenetEncoder{R: r})
		tr := NewTrainer(r, e, nil, TrainConfig{Games: 6, Batch: 3, Lambda: 0.7, Rate: 0.5, SkipRate: 1, Seed: 3, Workers: 2, MaxMoves: maxMoves})
		if err := tr.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		return tr
	}
	cut := run(20)
	if cut.Cut != 6 {
		t.Errorf("%d of 6 games cut at 20 moves, want all", cut.Cut)
	}
	if cut.Moves != 3*20 {
		t.Errorf("the last batch trained on %d positions, want 3 games of 20", cut.Moves)
	}
	whole := run(0)
	if whole.Cut != 0 {
		t.Errorf("%d games cut at the default limit", whole.Cut)
	}
	if sameWeights(cut.W, whole.W) {
		t.Error("cutting the games changed nothing")
	}
}

// The lambda-returns by hand: two positions, lambda 0.5, a win for seat
// 0. Without a discount G(1) = 0.5*0.6 + 0.5*1 = 0.8 and G(0) =
// 0.5*0.4 + 0.5*0.8 = 0.6; with 0.5 a decision each is pulled halfway
// to 1/2: G(1) = 0.65, G(0) = 0.5 + 0.5*(0.2 + 0.325 - 0.5) = 0.5125.
// Seats beyond the game's stay 0.
func TestLambdaReturns(t *testing.T) {
	backups := []game.Payoffs{{0.4, 0.6}, {0.6, 0.4}}
	win := game.Payoffs{1, 0}
	for _, c := range []struct {
		gamma  float64
		g0, g1 float64
	}{{1, 0.6, 0.8}, {0, 0.6, 0.8}, {0.5, 0.5125, 0.65}} {
		got := lambdaReturns(backups, win, 2, 0.5, c.gamma)
		for k, want := range []float64{c.g0, c.g1} {
			if math.Abs(got[k][0]-want) > 1e-12 || math.Abs(got[k][0]+got[k][1]-1) > 1e-12 || got[k][2] != 0 {
				t.Errorf("discount %g: G(%d) = %v, want %g for seat 0, shares summing to 1", c.gamma, k, got[k], want)
			}
		}
	}
}

// Without a discount the returns are the plain recursion bit for bit,
// so that the weight files made before the discount still rebuild from
// their commands (0.5 + 1*(0.1 - 0.5) is 0.09999999999999998).
func TestLambdaReturnsWithoutDiscountAreExact(t *testing.T) {
	backups := []game.Payoffs{{0.1, 0.9}, {0.001, 0.999}, {0.123456789, 0.876543211}}
	for _, gamma := range []float64{0, 1} {
		lambda := 0.7 // a variable: as a constant, 1-lambda would be exact
		got := lambdaReturns(backups, game.Payoffs{0, 1}, 2, lambda, gamma)
		ret := game.Payoffs{0, 1}
		for k := len(backups) - 1; k >= 0; k-- {
			for s := range 2 {
				ret[s] = (1-lambda)*backups[k][s] + lambda*ret[s]
			}
			if got[k] != ret {
				t.Errorf("discount %g: G(%d) = %v, want exactly %v", gamma, k, got[k], ret)
			}
		}
	}
}

// With a Teacher, self-play follows the teacher's values and the
// network learns them: a network trained that way comes closer to a
// different network, the teacher, on positions of the game, and ends
// with other weights than plain self-play's.
func TestTeacherIsLearned(t *testing.T) {
	r := senet.MustNew("senet-szenet", nil)
	enc := SenetEncoder{R: r}
	teacherNet, _ := NewNet(enc.Inputs(), 8, 1)
	randomize(teacherNet, 5, 0.2)
	teacher, _ := NewEval(teacherNet, enc)
	ps := randomPositions(r, 300, 7)
	gap := func(e *Eval[senet.Position]) float64 {
		d := 0.0
		for _, p := range ps {
			d += math.Abs(e.Evaluate(p)[0] - teacher.Evaluate(p)[0])
		}
		return d / float64(len(ps))
	}
	run := func(withTeacher bool) (*Eval[senet.Position], *Grads) {
		net, _ := SenetFromLinear(r, 8, uniform(1))
		e, _ := NewEval(net, enc)
		tr := NewTrainer(r, e, nil, TrainConfig{Games: 200, Batch: 4, Lambda: 0, Rate: 0.5, SkipRate: 1, Epsilon: 0.2, Seed: 3, Workers: 2})
		if withTeacher {
			tr.Teacher = teacher
		}
		if err := tr.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		return e, tr.W
	}
	start, _ := NewEval(must(SenetFromLinear(r, 8, uniform(1))), enc)
	before := gap(start)
	taught, taughtW := run(true)
	after := gap(taught)
	t.Logf("mean gap to the teacher: %.4f before, %.4f after", before, after)
	if after > before/2 {
		t.Errorf("mean gap to the teacher %.4f before training, %.4f after", before, after)
	}
	if _, plainW := run(false); sameWeights(plainW, taughtW) {
		t.Error("the teacher changed nothing")
	}
}

func must[T any](x T, err error) T {
	if err != nil {
		panic(err)
	}
	return x
}

// With a Policy, the fixed policy chooses self-play's moves and the
// network only learns their values: networks that start apart play the
// same games (the same positions a batch), which plain self-play does
// not; a policy that is the starting network trains, over one batch,
// what plain self-play does; and the targets are the trained network's
// own backups, not the policy's (a Teacher's).
func TestPolicyChoosesTheMoves(t *testing.T) {
	r := senet.MustNew("senet-szenet", nil)
	enc := SenetEncoder{R: r}
	policyNet, _ := NewNet(enc.Inputs(), 8, 1)
	randomize(policyNet, 5, 0.2)
	policy, _ := NewEval(policyNet, enc)
	run := func(startSeed uint64, p, teacher game.Evaluator[senet.Position], games int) ([]int, *Grads) {
		net, _ := SenetFromLinear(r, 8, uniform(startSeed))
		randomize(net, startSeed, 0.2)
		e, _ := NewEval(net, enc)
		var moves []int
		var tr *Trainer[senet.Position, senet.Move]
		tr = NewTrainer(r, e, nil, TrainConfig{Games: games, Batch: 2, Lambda: 0.5, Rate: 0.5, SkipRate: 1, Epsilon: 0.1, Seed: 3, Workers: 2,
			AfterBatch: func(int) error { moves = append(moves, tr.Moves); return nil }})
		tr.Policy, tr.Teacher = p, teacher
		if err := tr.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		return moves, tr.W
	}
	a, aw := run(1, policy, nil, 16)
	b, _ := run(2, policy, nil, 16)
	if !slices.Equal(a, b) {
		t.Errorf("with one policy, networks that start apart played games of %v and %v positions", a, b)
	}
	pa, _ := run(1, nil, nil, 16)
	pb, _ := run(2, nil, nil, 16)
	if slices.Equal(pa, pb) {
		t.Errorf("plain self-play of networks that start apart played games of the same lengths %v", pa)
	}
	if _, tw := run(1, nil, policy, 16); sameWeights(aw, tw) {
		t.Error("a policy trained what a teacher does")
	}
	// The starting network as the policy: one batch is plain self-play.
	start, _ := SenetFromLinear(r, 8, uniform(1))
	randomize(start, 1, 0.2)
	self, _ := NewEval(start, enc)
	_, sw := run(1, self, nil, 2)
	if _, pw := run(1, nil, nil, 2); !sameWeights(sw, pw) {
		t.Error("the starting network as the policy trained other weights than self-play over one batch")
	}
}
