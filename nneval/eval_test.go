package nneval

import (
	"math"
	"testing"

	"passage/game"
	"passage/ludo"
	"passage/senet"
)

var senetNames = []string{"senet-jequier", "senet-szenet", "senet-apokrif"}

// A network made from the fitted linear weights, before training, gives
// the fitted evaluation's estimates.
func TestSenetFromLinearIsValue(t *testing.T) {
	for _, name := range senetNames {
		r := senet.MustNew(name, nil)
		net, err := SenetFromLinear(r, 16, uniform(1))
		if err != nil {
			t.Fatal(err)
		}
		e, err := NewEval(net, SenetEncoder{R: r})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range randomPositions(r, 2000, 3) {
			got, want := e.Evaluate(p), r.Value(p)
			if math.Abs(got[0]-want[0]) > 1e-4 || math.Abs(got[0]+got[1]-1) > 1e-9 {
				t.Fatalf("%s: %s: net %v, linear %v", name, r.FormatPosition(p), got[:2], want[:2])
			}
		}
	}
}

// Likewise a Ludo network made from the hand-made evaluation gives its
// shares, for every number of players.
func TestLudoFromHandIsEvaluate(t *testing.T) {
	for _, players := range []string{"2", "3", "4"} {
		r := ludo.MustNew("kinevet", map[string]string{"players": players})
		net, err := LudoFromHand(r, 16, uniform(2))
		if err != nil {
			t.Fatal(err)
		}
		e, err := NewEval(net, NewLudoEncoder(r))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range randomPositions(r, 2000, 4) {
			got, want := e.Evaluate(p), r.Evaluate(p)
			for s := range game.MaxPlayers {
				if math.Abs(got[s]-want[s]) > 1e-4 {
					t.Fatalf("%d players: %s: net %v, hand %v", r.NColors, r.FormatPosition(p), got, want)
				}
			}
		}
	}
}

// The estimate follows the position, not the colour: a Senet network
// that only sees the board gives the mover's share, so swapping who
// moves in an otherwise symmetric evaluation swaps the payoffs.
func TestEvaluateSumsToOne(t *testing.T) {
	r := ludo.MustNew("kinevet", map[string]string{"players": "3"})
	net, _ := NewNet(ludoInputs, 8, 3)
	randomize(net, 5, 0.3)
	e, _ := NewEval(net, NewLudoEncoder(r))
	for _, p := range randomPositions(r, 500, 6) {
		v := e.Evaluate(p)
		if s := v[0] + v[1] + v[2]; math.Abs(s-1) > 1e-9 || v[3] != 0 {
			t.Fatalf("%s: payoffs %v", r.FormatPosition(p), v)
		}
	}
}

func TestEvaluateDoesNotAllocate(t *testing.T) {
	r := senet.MustNew("senet-szenet", nil)
	net, _ := SenetFromLinear(r, 32, uniform(1))
	e, _ := NewEval(net, SenetEncoder{R: r})
	ps := randomPositions(r, 50, 1)
	if n := testing.AllocsPerRun(100, func() {
		for _, p := range ps {
			e.Evaluate(p)
		}
	}); n != 0 {
		t.Errorf("Senet Evaluate allocates %v times per run", n)
	}
	l := ludo.MustNew("kinevet", nil)
	lnet, _ := LudoFromHand(l, 32, uniform(1))
	le, _ := NewEval(lnet, NewLudoEncoder(l))
	lps := randomPositions(l, 50, 1)
	if n := testing.AllocsPerRun(100, func() {
		for _, p := range lps {
			le.Evaluate(p)
		}
	}); n != 0 {
		t.Errorf("Ludo Evaluate allocates %v times per run", n)
	}
}

// The gradient Gradient adds agrees with finite differences of the loss.
func TestGradientMatchesFiniteDifferences(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(t *testing.T)
	}{
		{"senet", func(t *testing.T) {
			r := senet.MustNew("senet-jequier", nil)
			net, _ := NewNet(senetInputs, 8, 1)
			randomize(net, 9, 0.3)
			e, _ := NewEval(net, SenetEncoder{R: r})
			checkGradient(t, e, randomPositions(r, 40, 9)[37], game.Payoffs{0.3, 0.7})
		}},
		{"ludo", func(t *testing.T) {
			r := ludo.MustNew("kinevet", nil)
			net, _ := NewNet(ludoInputs, 8, 4)
			randomize(net, 10, 0.3)
			e, _ := NewEval(net, NewLudoEncoder(r))
			checkGradient(t, e, randomPositions(r, 80, 10)[79], game.Payoffs{0.5, 1.0 / 3, 1.0 / 6, 0})
		}},
	} {
		t.Run(tc.name, tc.run)
	}
}

func checkGradient[P comparable](t *testing.T, e *Eval[P], p P, target game.Payoffs) {
	t.Helper()
	n := e.Enc.Seats()
	loss := func() float64 { return crossEntropy(e.Evaluate(p), target, n) }
	g := NewGrads(e.Net)
	e.Gradient(p, target, g)
	checked := 0
	for i, a := range e.Net.Params() {
		for j := range a {
			analytic := g.Params()[i][j]
			old := a[j]
			const h = 1e-3
			a[j] = old + h
			up := loss()
			a[j] = old - h
			down := loss()
			a[j] = old
			numeric := (up - down) / (2 * h)
			if math.Abs(numeric-analytic) > 2e-3+0.02*math.Abs(numeric) {
				t.Fatalf("param array %d index %d: gradient %g, finite difference %g", i, j, analytic, numeric)
			}
			if analytic != 0 {
				checked++
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d nonzero gradient entries checked", checked)
	}
}
