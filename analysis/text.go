package analysis

import (
	"passage/record"
)

// TextJudge is a Judge over notation, for the command line.
type TextJudge interface {
	// Win is every seat's probability of winning at the position in
	// notation, the position in canonical notation, and where the values
	// come from: "result" (the game is over), "table" (exact), "search"
	// or "evaluation" (the level's estimate).
	Win(pos string) (win []float64, canonical, source string, err error)
	// Analyze judges every turn of a record.
	Analyze(rec record.Record) (Report, error)
	// Begin starts the review of a record, to be judged a turn at a
	// time (Review).
	Begin(rec record.Record) (Stepper, error)
}

// Stepper is a Review over notation: Next judges one turn, Progress
// counts them, Report is the review so far.
type Stepper interface {
	Next() (done bool, err error)
	Progress() (done, total int)
	Report() Report
}

// Text binds a judge to notation.
func Text[P comparable, M comparable](j *Judge[P, M]) TextJudge { return textJudge[P, M]{j} }

type textJudge[P comparable, M comparable] struct{ j *Judge[P, M] }

func (t textJudge[P, M]) Win(pos string) ([]float64, string, string, error) {
	p, err := t.j.g.ParsePosition(pos)
	if err != nil {
		return nil, "", "", err
	}
	win, exact := t.j.Win(p)
	source := "evaluation"
	switch {
	case t.j.g.Over(p):
		source = "result"
	case exact:
		source = "table"
	case t.j.search != nil:
		source = "search"
	}
	return win, t.j.g.FormatPosition(p), source, nil
}

func (t textJudge[P, M]) Analyze(rec record.Record) (Report, error) { return t.j.Analyze(rec) }

func (t textJudge[P, M]) Begin(rec record.Record) (Stepper, error) {
	rv, err := t.j.Begin(rec)
	if err != nil {
		return nil, err
	}
	return rv, nil
}
