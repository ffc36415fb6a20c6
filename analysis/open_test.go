package analysis

import (
	"math/rand/v2"
	"testing"

	"passage/agent"
	"passage/game"
	"passage/nneval"
	"passage/senet"
)

// Open judges Apokrif at hard and expert with its review network
// (nneval.ReviewForSenet), whose values are the chances of its players'
// games, not with the playing network (nneval.ForSenet), whose values
// the discount of its training squeezes toward 50%; a ruleset without a
// review network (Jéquier) is judged with its playing network.
func TestOpenJudgesWithTheReviewNetwork(t *testing.T) {
	for _, tc := range []struct {
		name   string
		review bool
	}{{"senet-apokrif", true}, {"senet-jequier", false}} {
		r := senet.MustNew(tc.name, nil)
		rng := rand.New(rand.NewPCG(5, 6))
		p := r.Start()
		for range 30 {
			roll := game.Sample(r.Outcomes(p), rng)
			ms := r.Moves(p, roll, nil)
			p = r.Apply(p, roll, ms[rng.IntN(len(ms))])
		}
		pos := r.FormatPosition(p)
		for _, level := range []string{"hard", "expert"} {
			tj, err := Open(tc.name, level, "")
			if err != nil {
				t.Fatal(err)
			}
			got, _, source, err := tj.Win(pos)
			if err != nil || source != "search" {
				t.Fatalf("%s %s: %v, %s", tc.name, level, err, source)
			}
			judge := func(e game.Evaluator[senet.Position]) float64 {
				j, err := NewJudge(r, agent.EvalOf(level, game.Evaluator[senet.Position](r), e), nil, level)
				if err != nil {
					t.Fatal(err)
				}
				w, _ := j.Win(p)
				return w[0]
			}
			review, play := judge(nneval.ReviewForSenet(r)), judge(nneval.ForSenet(r))
			if got[0] != review {
				t.Errorf("%s %s: Open's judge gives %.4f, the review network's %.4f", tc.name, level, got[0], review)
			}
			if (review != play) != tc.review {
				t.Errorf("%s %s: the review network's judge %.4f, the playing network's %.4f", tc.name, level, review, play)
			}
		}
	}
}
