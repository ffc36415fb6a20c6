package server

import (
	"regexp"
	"strconv"
	"testing"

	"passage/analysis"
	"passage/web"
)

// TestReviewScriptKnowsBestLoss: the browser's turn notes call a move
// the best below the same loss as the players' summary counts best
// moves by (analysis.BestLoss), so that the two never disagree.
func TestReviewScriptKnowsBestLoss(t *testing.T) {
	b, err := web.Static.ReadFile("static/review.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^const BEST_LOSS = ([0-9.eE-]+);`).FindSubmatch(b)
	if m == nil {
		t.Fatal("review.js has no `const BEST_LOSS = ...;`")
	}
	v, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil || v != analysis.BestLoss {
		t.Fatalf("review.js's BEST_LOSS is %s, analysis.BestLoss %v", m[1], analysis.BestLoss)
	}
}
