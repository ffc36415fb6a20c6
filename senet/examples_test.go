package senet

import (
	"fmt"
	"testing"
)

// TestExamples: each ruleset's examples, and what the move generator
// says of each, are those its rules state (the rules pages' captions say
// so in words): an attack on a lone piece swaps (J7, S9, A10); a pair
// cannot be attacked (J8, S10, A12), nor passed in Apokrif (A8); the
// middle of Apokrif's three can be (A13); a wall (J9: three, S11: a unit
// of three, A14: four) cannot be passed.
func TestExamples(t *testing.T) {
	want := map[string]string{
		"senet-jequier": "attack legal swap, pair refused, wall(J9) refused 4->8 over 5-7",
		"senet-szenet":  "attack legal swap, pair refused, wall(S11) refused 4->8 over 5-7",
		"senet-apokrif": "attack legal swap, pair refused, pair-pass(A8) refused, triple legal swap, wall(A14) refused 3->8 over 4-7",
	}
	for id, w := range want {
		r := MustNew(id, nil)
		exs, err := r.Examples()
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for i, ex := range exs {
			if i > 0 {
				got += ", "
			}
			got += ex.Kind
			if ex.Rule != "" {
				got += "(" + ex.Rule + ")"
			}
			switch {
			case ex.Legal && ex.Swap:
				got += " legal swap"
			case ex.Legal:
				got += " legal"
			default:
				got += " refused"
			}
			if ex.Kind == "wall" {
				got += fmt.Sprintf(" %d->%d over %d-%d", ex.From, ex.To, ex.Black[0], ex.Black[len(ex.Black)-1])
			}
		}
		if got != w {
			t.Errorf("%s: %s\nwant      %s", id, got, w)
		}
	}
}
