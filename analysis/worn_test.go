package analysis

import (
	"math/rand/v2"
	"strings"
	"testing"

	"passage/agent"
	"passage/record"
	"passage/senet"
)

// TestReviewBestAvoidsWornMoves: in Apokrif, which can go on for ever,
// the review's best move is never one back to a position the game has
// reached twice already (where another move is legal), as the computer
// players would not play it either; the move played is still valued.
// The record is a hold kept for 200 turns: Black never moves its piece
// from 26 while it has another move, White plays its first legal
// move; such play comes back to its positions often.
func TestReviewBestAvoidsWornMoves(t *testing.T) {
	r := senet.MustNew("senet-apokrif", nil)
	start, err := r.ParsePosition(".................w...b...b.www w off=wbbb")
	if err != nil {
		t.Fatal(err)
	}
	rec := holdRecord(r, start, 200)
	rep, err := mustJudge(t, r).Analyze(rec)
	if err != nil {
		t.Fatal(err)
	}
	reached := map[senet.Position]int{start: 1}
	p, checked := start, 0
	for i, turn := range rec.Turns {
		m, err := r.ParseMove(turn.Move)
		if err != nil {
			t.Fatal(err)
		}
		d := rep.Decisions[i]
		if worn := agent.Worn(r, p, turn.Roll, func(q senet.Position) int { return reached[q] }); worn != nil {
			best, err := r.ParseMove(d.Best)
			if err != nil {
				t.Fatal(err)
			}
			if worn(best) {
				t.Fatalf("turn %d: the best move %s goes back to a position reached %d times", i+1, d.Best, agent.Repeats)
			}
			if d.Loss < 0 || d.AfterBest != d.AfterThrow {
				t.Fatalf("turn %d: loss %v, after the throw %v, after the best %v", i+1, d.Loss, d.AfterThrow, d.AfterBest)
			}
			checked++
		}
		p = r.Apply(p, turn.Roll, m)
		reached[p]++
	}
	if checked < 10 {
		t.Fatalf("only %d of %d turns had a move to avoid: the record does not test the rule", checked, len(rec.Turns))
	}
	t.Logf("%d of %d turns had moves to avoid", checked, len(rec.Turns))
}

// holdRecord is n turns from start in which Black keeps its piece on 26
// while it has another move and White plays its first legal move.
func holdRecord(r *senet.Rules, start senet.Position, n int) record.Record {
	return playRecord(r, start, n, rand.New(rand.NewPCG(5, 7)), func(p senet.Position, _ int, moves []senet.Move) senet.Move {
		if r.ToMove(p) == 1 {
			for _, m := range moves {
				if !strings.HasPrefix(r.FormatMove(m), "26-") {
					return m
				}
			}
		}
		return moves[0]
	})
}
