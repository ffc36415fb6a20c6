package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"text/tabwriter"

	"passage/endgame"
	"passage/game"
	"passage/nneval"
	"passage/senet"
)

// errorReport is how far each evaluation's estimate of the side to
// throw's chance of winning lies from the exact value, over positions
// drawn from an endgame table.
type errorReport struct {
	Rules     string
	K         int
	Positions int
	Seed      uint64
	Rows      []errorRow
}

// errorRow is one evaluation's mean absolute and root mean square
// error, and how well it chooses: the share of decisions (positions of
// the table and throws with more than one legal move) where the move
// whose result it likes best is worth less than the best move, and the
// mean loss of its move's exact value against the best one's.
type errorRow struct {
	Name       string
	MAE, RMSE  float64
	NonOptimal float64
	MeanLoss   float64
	Decisions  int
}

// namedEval is an evaluation under the name the report gives it.
type namedEval struct {
	name string
	eval func(senet.Position) game.Payoffs
}

// measureErrors draws n positions uniformly from t's class (and a
// colour to throw, uniformly), all from seed, and compares each
// evaluation's estimate of the mover's chance with the table's.
func measureErrors(t *endgame.Table, evals []namedEval, n int, seed uint64) errorReport {
	c := t.Class
	rng := rand.New(rand.NewPCG(seed, 0x3ae))
	abs := make([]float64, len(evals))
	sq := make([]float64, len(evals))
	for range n {
		p := c.Sample(rng)
		exact, _ := t.MoverWin(p)
		for k, e := range evals {
			d := e.eval(p)[p.Turn()] - exact
			abs[k] += math.Abs(d)
			sq[k] += d * d
		}
	}
	rep := errorReport{Rules: c.Rules.ID(), K: c.K, Positions: n, Seed: seed}
	for k, e := range evals {
		row := errorRow{Name: e.name, MAE: abs[k] / float64(n), RMSE: math.Sqrt(sq[k] / float64(n))}
		// A table where no position offers a choice (one piece a side)
		// leaves the decision columns empty.
		if s, err := t.MeasureStrength(context.Background(), e.name, &oneThrow{r: c.Rules, eval: e.eval}, n, seed); err == nil {
			row.Decisions = s.Decisions
			row.NonOptimal = float64(s.NonOptimal) / float64(s.Decisions)
			row.MeanLoss = s.MeanLoss
		}
		rep.Rows = append(rep.Rows, row)
	}
	return rep
}

// oneThrow chooses the move whose resulting position eval likes best
// for the mover (a finished game counts its result): the evaluation's
// own judgement, without search.
type oneThrow struct {
	r    *senet.Rules
	eval func(senet.Position) game.Payoffs
	buf  []senet.Move
}

func (o *oneThrow) Choose(p senet.Position, roll int) senet.Move {
	o.buf = o.r.Moves(p, roll, o.buf[:0])
	best, bestV := o.buf[0], -1.0
	for _, m := range o.buf {
		q := o.r.Apply(p, roll, m)
		v := o.r.Payoffs(q)
		if !o.r.Over(q) {
			v = o.eval(q)
		}
		if v[p.Turn()] > bestV {
			best, bestV = m, v[p.Turn()]
		}
	}
	return best
}

// write prints the report as a table.
func (rep errorReport) write(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d positions drawn uniformly from the K=%d endgame table (seed %d), the side to throw's chance of winning against its exact value;\n",
		rep.Rules, rep.Positions, rep.K, rep.Seed)
	fmt.Fprintf(&b, "and as many decisions (a position and a throw with a choice), the move whose result the evaluation likes best against the best move by the table\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "evaluation\tMAE\tRMSE\tnon-optimal moves\tmean loss a move")
	for _, r := range rep.Rows {
		if r.Decisions == 0 {
			fmt.Fprintf(tw, "%s\t%.4f\t%.4f\t-\t-\n", r.Name, r.MAE, r.RMSE)
			continue
		}
		fmt.Fprintf(tw, "%s\t%.4f\t%.4f\t%.1f%%\t%.5f\n", r.Name, r.MAE, r.RMSE, 100*r.NonOptimal, r.MeanLoss)
	}
	tw.Flush()
	_, err := io.WriteString(w, b.String())
	return err
}

// cmdErrors is -mae: the errors of the ruleset's evaluations against
// the largest endgame table in o.mae, written to stdout.
func cmdErrors(o options, stdout io.Writer) error {
	if !strings.HasPrefix(o.rules, "senet-") {
		return fmt.Errorf("-mae: only Senet rulesets have endgame tables, not %q", o.rules)
	}
	opts, err := optionMap(o.opts)
	if err != nil {
		return err
	}
	r, err := senet.New(o.rules, opts)
	if err != nil {
		return err
	}
	t, err := findTable("-mae", o.mae, r)
	if err != nil {
		return err
	}
	evals := []namedEval{
		{"fitted linear (Value; hard-linear)", r.Value},
		{"hand-made (Evaluate; greedy)", r.Evaluate},
	}
	if e := nneval.ForSenet(r); e != nil {
		name := "network (embedded " + nneval.SenetKey(r) + ".nnw)"
		if n := len(nneval.Members(nneval.SenetKey(r))); n > 1 {
			name = fmt.Sprintf("ensemble of %d (embedded %s.nnw, ...)", n, nneval.SenetKey(r))
		}
		evals = append(evals, namedEval{name, e.Evaluate})
	}
	for _, path := range o.weights {
		e, err := loadSenetWeights(path, r)
		if err != nil {
			return err
		}
		evals = append(evals, namedEval{"network (" + path + ")", e.Evaluate})
	}
	return measureErrors(t, evals, o.maePositions, o.seed).write(stdout)
}

// loadSenetWeights reads a weight file (or checkpoint) made for r's
// encoding.
func loadSenetWeights(path string, r *senet.Rules) (*nneval.Eval[senet.Position], error) {
	enc := nneval.SenetEncoder{R: r}
	f, err := readWeights(path, enc.Name(), nneval.SenetKey(r))
	if err != nil {
		return nil, err
	}
	return nneval.NewEval(f.Net, enc)
}
