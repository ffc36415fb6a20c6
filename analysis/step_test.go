package analysis

import (
	"errors"
	"reflect"
	"testing"

	"passage/agent"
	"passage/game"
	"passage/nneval"
	"passage/record"
	"passage/senet"
)

// TestStepwiseReviewMatchesAnalyze: judging a record a turn at a time
// (as the server does between other work) counts its progress and ends
// with the same report as Analyze, and a bad turn stops it with the
// record error at that turn.
func TestStepwiseReviewMatchesAnalyze(t *testing.T) {
	r := senet.MustNew("senet-jequier", nil)
	rec := endgameRecord(r, r.Start(), 3)
	if len(rec.Turns) < 10 {
		t.Fatalf("the random game has only %d turns", len(rec.Turns))
	}
	whole, err := mustJudge(t, r).Analyze(rec)
	if err != nil {
		t.Fatal(err)
	}
	rv, err := mustJudge(t, r).Begin(rec)
	if err != nil {
		t.Fatal(err)
	}
	for i := range len(rec.Turns) {
		if done, total := rv.Progress(); done != i || total != len(rec.Turns) {
			t.Fatalf("progress before turn %d: %d of %d", i+1, done, total)
		}
		done, err := rv.Next()
		if err != nil {
			t.Fatal(err)
		}
		if done != (i == len(rec.Turns)-1) {
			t.Fatalf("turn %d of %d: done=%v", i+1, len(rec.Turns), done)
		}
	}
	if done, err := rv.Next(); !done || err != nil {
		t.Fatalf("Next after the last turn: %v, %v", done, err)
	}
	if got := rv.Report(); !reflect.DeepEqual(got, whole) {
		t.Errorf("stepwise report differs from Analyze's:\n%+v\n%+v", got.Players, whole.Players)
	}

	broken := rec
	broken.Turns = append([]record.Turn(nil), rec.Turns...)
	broken.Turns[4].Roll = 9
	rv, err = mustJudge(t, r).Begin(broken)
	if err != nil {
		t.Fatal(err)
	}
	for range 4 {
		if _, err := rv.Next(); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := rv.Next(); !errors.Is(err, record.ErrBadRecord) {
		t.Fatalf("turn 5 with a throw of 9: %v, want a bad record", err)
	}
	if _, err := mustJudge(t, r).Begin(record.Record{Rules: "senet-szenet"}); !errors.Is(err, record.ErrBadRecord) {
		t.Errorf("a record of another ruleset: %v", err)
	}
}

func mustJudge(t *testing.T, r *senet.Rules) *Judge[senet.Position, senet.Move] {
	t.Helper()
	j, err := NewJudge(r, r, nil, "expectimax-1")
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// TestOpenJudgesEveryRuleset: Open names rulesets as the command line
// does (options included) and refuses an unknown one or level.
func TestOpenJudgesEveryRuleset(t *testing.T) {
	for _, id := range []string{"senet-jequier", "senet-jequier water=15", "senet-szenet", "senet-apokrif", "kinevet", "kinevet players=2"} {
		j, err := Open(id, "medium", t.TempDir())
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if _, _, _, err := j.Win("not a position"); err == nil {
			t.Errorf("%s: a bad position was valued", id)
		}
	}
	if _, err := Open("chess", "hard", t.TempDir()); err == nil {
		t.Error("an unknown ruleset was opened")
	}
	if _, err := Open("senet-jequier", "random", t.TempDir()); err == nil {
		t.Error("a level that cannot judge was accepted")
	}
}

// TestOpenJudgesAsThePlayerPlays: hard judges with the evaluation the
// hard player searches with (the embedded network where the ruleset
// has one), hard-linear with the linear one, so the two differ there
// and agree with judges built from each evaluation directly.
func TestOpenJudgesAsThePlayerPlays(t *testing.T) {
	const id, pos = "senet-jequier", "wbwbwbwbw.b................... b"
	r, err := senet.New(id, nil)
	if err != nil {
		t.Fatal(err)
	}
	learned := nneval.ForSenet(r)
	if learned == nil {
		t.Fatalf("%s has no embedded network to judge with", id)
	}
	for _, c := range []struct {
		level string
		eval  game.Evaluator[senet.Position]
	}{{"hard", agent.EvalOf("hard", game.Evaluator[senet.Position](r), learned)}, {"hard-linear", r}} {
		opened, err := Open(id, c.level, t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		got, _, _, err := opened.Win(pos)
		if err != nil {
			t.Fatal(err)
		}
		j, err := NewJudge(r, c.eval, nil, c.level)
		if err != nil {
			t.Fatal(err)
		}
		want, _, _, err := Text(j).Win(pos)
		if err != nil {
			t.Fatal(err)
		}
		if got[0] != want[0] {
			t.Errorf("%s: Open values %s at %v, the judge with its player's evaluation at %v", c.level, pos, got, want)
		}
	}
	hard, _ := Open(id, "hard", t.TempDir())
	linear, _ := Open(id, "hard-linear", t.TempDir())
	a, _, _, _ := hard.Win(pos)
	b, _, _, _ := linear.Win(pos)
	if a[0] == b[0] {
		t.Errorf("hard and hard-linear value %s alike (%v): one of them does not use its own evaluation", pos, a)
	}
}
