package main

import (
	"strings"
	"testing"

	"passage/analysis"
)

// TestReviewSummaryWords: the text review's summary line counts with the
// right number of each noun and gives the share of best moves, none
// when a player had no choice to make, and what random moves would have
// scored.
func TestReviewSummaryWords(t *testing.T) {
	rep := analysis.Report{Rules: "senet-jequier", Level: "hard", Players: []analysis.Player{
		{Seat: "w", Decisions: 1, BestMoves: 1, AtStake: 1, Accuracy: 100, RandomAccuracy: 50, Inaccuracies: 1, Mistakes: 0, Blunders: 2},
		{Seat: "b", Decisions: 8, BestMoves: 3, AtStake: 6, Accuracy: 90, RandomAccuracy: 52.25, Inaccuracies: 2, Mistakes: 1, Blunders: 1},
		{Seat: "x", Decisions: 0},
	}}
	var out strings.Builder
	writeReview(&out, rep)
	for _, want := range []string{
		"w: accuracy 100.0 over 1 decision at stake (random moves 50.0); 1 decision with a choice, best move in 1 (100%), mean loss 0.0000, 1 inaccuracy, 0 mistakes, 2 blunders, luck +0.000",
		"b: accuracy 90.0 over 6 decisions at stake (random moves 52.2); 8 decisions with a choice, best move in 3 (38%), mean loss 0.0000, 2 inaccuracies, 1 mistake, 1 blunder, luck +0.000",
		"x: accuracy 0.0 over 0 decisions at stake (random moves 0.0); 0 decisions with a choice, best move in 0 (0%),",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the review does not say\n%s\nit reads:\n%s", want, out.String())
		}
	}
}
