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
	tr := NewTrainer(r, e, w, TrainConfig{Games: games, Done: done, Batch: 4, Lambda: 0.7, Rate: 0.5, SkipRate: 1, Epsilon: 0.05, Seed: 3, Workers: workers})
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

// Training moves the estimates towards the results: after training on
// a few hundred games of two-player Ludo from the hand-made evaluation,
// the loss on fresh self-play games is lower than at the start.
func TestTrainingLowersTheLoss(t *testing.T) {
	r := ludo.MustNew("kinevet", map[string]string{"players": "2"})
	net, _ := LudoFromHand(r, 8, uniform(1))
	e, _ := NewEval(net, NewLudoEncoder(r))
	loss := func(seed uint64) float64 {
		probe := NewTrainer(r, e, nil, TrainConfig{Games: 64, Batch: 64, Lambda: 1, Rate: 0, Seed: seed, Workers: 2})
		if err := probe.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		return probe.Loss
	}
	before := loss(99)
	tr := NewTrainer(r, e, nil, TrainConfig{Games: 400, Batch: 8, Lambda: 0.7, Rate: 0.3, SkipRate: 1, Seed: 1, Workers: 2})
	if err := tr.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if after := loss(99); after >= before {
		t.Errorf("loss against the results %.4f before training, %.4f after", before, after)
	}
}

// Positions that Exact knows are trained towards their exact values:
// with an oracle that gives the side to throw 0.9 everywhere, the
// network's estimates move towards 0.9, which self-play alone (whose
// targets average near 1/2 for either side) would not teach it.
func TestExactValuesAreTheTargets(t *testing.T) {
	r := senet.MustNew("senet-jequier", nil)
	probe := randomPositions[senet.Position, senet.Move](r, 300, 5)
	gap := func(e *Eval[senet.Position]) float64 {
		sum := 0.0
		for _, p := range probe {
			sum += math.Abs(e.Evaluate(p)[p.Turn()] - 0.9)
		}
		return sum / float64(len(probe))
	}
	train := func(oracle bool) float64 {
		net, _ := SenetFromLinear(r, 8, uniform(1))
		e, _ := NewEval(net, SenetEncoder{R: r})
		tr := NewTrainer(r, e, nil, TrainConfig{Games: 8, Batch: 4, Lambda: 0.7, Rate: 0.1, SkipRate: 1, Seed: 3, Workers: 2})
		if oracle {
			tr.Exact = func(p senet.Position) (game.Payoffs, bool) {
				var v game.Payoffs
				v[p.Turn()], v[1-p.Turn()] = 0.9, 0.1
				return v, true
			}
		}
		if err := tr.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		return gap(e)
	}
	net, _ := SenetFromLinear(r, 8, uniform(1))
	e, _ := NewEval(net, SenetEncoder{R: r})
	before, plain, exact := gap(e), train(false), train(true)
	if exact >= before-0.1 || exact >= plain-0.1 {
		t.Errorf("mean distance of the mover's estimate from 0.9: %.3f at the start, %.3f after self-play, %.3f after training on the oracle's values", before, plain, exact)
	}
}
