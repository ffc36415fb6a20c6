package analysis

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"passage/agent"
	"passage/endgame"
	"passage/game"
	"passage/ludo"
	"passage/record"
	"passage/senet"
)

// endgameRecord plays a game from start with random moves and returns
// its record.
func endgameRecord[P comparable, M comparable](g game.Game[P, M], start P, seed uint64) record.Record {
	rng := rand.New(rand.NewPCG(seed, 7))
	return playRecord(g, start, 400, rng, func(_ P, moves []M) M { return moves[rng.IntN(len(moves))] })
}

// playRecord is the record of at most n turns from start, the throws
// drawn from rng and each move chosen by choose among the legal ones.
func playRecord[P comparable, M comparable](g game.Game[P, M], start P, n int, rng *rand.Rand, choose func(p P, moves []M) M) record.Record {
	rec := record.Record{Rules: g.ID(), Start: g.FormatPosition(start)}
	names := g.(seatNamer)
	p := start
	for !g.Over(p) && len(rec.Turns) < n {
		roll := game.Sample(g.Outcomes(p), rng)
		m := choose(p, g.Moves(p, roll, nil))
		_, letter := names.SeatName(g.ToMove(p))
		rec.Turns = append(rec.Turns, record.Turn{Seat: letter, Roll: roll, Move: g.FormatMove(m)})
		p = g.Apply(p, roll, m)
	}
	return rec
}

func solved(t *testing.T, r *senet.Rules, k int) *endgame.Table {
	t.Helper()
	c, err := endgame.NewClass(r, k)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := endgame.Solve(context.Background(), c, endgame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestExactReviewAddsUp: inside a table every value is exact, the loss
// of each move is the table's difference to the best move, and over the
// game luck minus loss adds up, for each seat's view, to the result
// minus the first value (the values telescope).
func TestExactReviewAddsUp(t *testing.T) {
	r := senet.MustNew("senet-jequier", nil)
	tab := solved(t, r, 2)
	start, err := r.Parse("..........w.w........b.b...... w off=wwwbbb")
	if err != nil {
		t.Fatal(err)
	}
	j, err := NewJudge(r, r, agent.Oracle[senet.Position](tab), "hard")
	if err != nil {
		t.Fatal(err)
	}
	sawLoss, sawWorse := false, false
	for seed := range uint64(8) {
		rec := endgameRecord(r, start, seed)
		rep, err := j.Analyze(rec)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Decisions) != len(rec.Turns) {
			t.Fatalf("%d decisions for %d turns", len(rep.Decisions), len(rec.Turns))
		}
		sum := 0.0 // White's view
		for _, d := range rep.Decisions {
			if !d.Exact {
				t.Fatalf("turn %d not exact inside the table", d.Turn)
			}
			if d.Loss < 0 || d.Loss != d.AfterBest-d.AfterMove || d.Class != Classify(d.Loss) {
				t.Fatalf("turn %d: loss %v, best %v, played %v, class %q", d.Turn, d.Loss, d.AfterBest, d.AfterMove, d.Class)
			}
			sawLoss = sawLoss || d.Loss > 0
			sign := 1.0
			if d.Seat == "b" {
				sign = -1
			}
			sum += sign * (d.Luck - d.Loss)
		}
		final, _ := record.Replay(game.Text(r), rec)
		result := 0.0
		if over, pay, _ := game.Text(r).Result(final); over {
			result = pay[senet.White]
		} else {
			continue
		}
		first := rep.Decisions[0].Before // White moves first
		if math.Abs(sum-(result-first)) > 1e-9 {
			t.Fatalf("seed %d: luck - loss adds to %v, result - start is %v", seed, sum, result-first)
		}
		best := map[string]int{} // decisions with a choice where the best move was played, by seat
		for _, d := range rep.Decisions {
			if d.Moves > 1 && d.Loss < BestLoss {
				best[d.Seat]++
			}
		}
		for _, p := range rep.Players {
			if p.Accuracy < 0 || p.Accuracy > 100 {
				t.Fatalf("accuracy %v", p.Accuracy)
			}
			if p.BestMoves != best[p.Seat] || p.BestMoves > p.Decisions {
				t.Fatalf("seat %s: %d best moves of %d decisions, counted %d", p.Seat, p.BestMoves, p.Decisions, best[p.Seat])
			}
			sawWorse = sawWorse || p.BestMoves < p.Decisions
		}
	}
	if !sawLoss || !sawWorse {
		t.Fatal("random play never lost anything: the test checks too little")
	}
}

// TestClassifyAndAccuracy pins the documented thresholds and formula.
func TestClassifyAndAccuracy(t *testing.T) {
	for _, c := range []struct {
		loss  float64
		class string
	}{{0, ""}, {0.019, ""}, {0.02, "inaccuracy"}, {0.05, "mistake"}, {0.099, "mistake"}, {0.1, "blunder"}, {1, "blunder"}} {
		if got := Classify(c.loss); got != c.class {
			t.Errorf("Classify(%v) = %q, want %q", c.loss, got, c.class)
		}
	}
	if a := MoveAccuracy(0); math.Abs(a-100) > 1e-3 {
		t.Errorf("best move accuracy %v", a)
	}
	if a := MoveAccuracy(0.1); math.Abs(a-(103.1668*math.Exp(-0.4354)-3.1669)) > 1e-9 || a < 60 || a > 70 {
		t.Errorf("accuracy of a 0.1 loss: %v", a)
	}
	if a := MoveAccuracy(1); a != 0 {
		t.Errorf("accuracy of losing everything: %v", a)
	}
}

// TestReviewKinevet: a Ludo game is reviewed with search estimates.
func TestReviewKinevet(t *testing.T) {
	g := ludo.MustNew("kinevet", nil)
	j, err := NewJudge(g, g, nil, "expectimax-1")
	if err != nil {
		t.Fatal(err)
	}
	rec := endgameRecord(g, g.Start(), 3)
	rec.Turns = rec.Turns[:40]
	rep, err := j.Analyze(rec)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Decisions {
		if d.Exact || d.Loss < 0 || d.AfterBest < d.AfterMove || d.AfterThrow != d.AfterBest {
			t.Fatalf("turn %d: %+v", d.Turn, d)
		}
	}
	if len(rep.Players) != g.Players() {
		t.Fatalf("%d players", len(rep.Players))
	}
}

// TestReviewRejectsBadRecords: a move that is not legal, a seat out of
// turn and another ruleset are errors.
func TestReviewRejectsBadRecords(t *testing.T) {
	r := senet.MustNew("senet-jequier", nil)
	j, err := NewJudge(r, r, nil, "greedy")
	if err != nil {
		t.Fatal(err)
	}
	good := record.Record{Rules: r.ID(), Turns: []record.Turn{{Seat: "b", Roll: 1, Move: "11-12"}}}
	if _, err := j.Analyze(good); err != nil {
		t.Fatal(err)
	}
	for _, rec := range []record.Record{
		{Rules: r.ID(), Turns: []record.Turn{{Seat: "b", Roll: 1, Move: "1-2"}}},
		{Rules: r.ID(), Turns: []record.Turn{{Seat: "w", Roll: 1, Move: "11-12"}}},
		{Rules: r.ID(), Turns: []record.Turn{{Seat: "b", Roll: 5, Move: "11-12"}}},
		{Rules: "senet-apokrif", Turns: nil},
	} {
		if _, err := j.Analyze(rec); err == nil {
			t.Errorf("accepted %+v", rec)
		}
	}
	if _, err := NewJudge(r, r, nil, "mcts"); err == nil {
		t.Error("NewJudge accepted mcts")
	}
}
