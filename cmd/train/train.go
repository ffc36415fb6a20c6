package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"passage/agent"
	"passage/endgame"
	"passage/game"
	"passage/internal/progress"
	"passage/ludo"
	"passage/nneval"
	"passage/senet"
	"passage/sim"
)

// evaluated is a game with its own evaluation.
type evaluated[P comparable, M comparable] interface {
	game.Game[P, M]
	game.Evaluator[P]
}

// optionMap reads -opt K=V flags.
func optionMap(opts []string) (map[string]string, error) {
	m := map[string]string{}
	for _, kv := range opts {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("-opt %q: want KEY=VALUE", kv)
		}
		m[k] = v
	}
	return m, nil
}

// trainRules trains the ruleset o.rules names.
func trainRules(ctx context.Context, o options, stderr io.Writer) error {
	opts, err := optionMap(o.opts)
	if err != nil {
		return err
	}
	rnd := rand.New(rand.NewPCG(o.seed, 0x1417))
	uniform := func() float64 { return 2*rnd.Float64() - 1 }
	if strings.HasPrefix(o.rules, "senet-") {
		r, err := senet.New(o.rules, opts)
		if err != nil {
			return err
		}
		exact, err := senetTable(o, r)
		if err != nil {
			return err
		}
		return train(ctx, o, r, nneval.SenetEncoder{R: r}, nneval.SenetKey(r),
			func() (*nneval.Net, error) { return nneval.SenetFromLinear(r, o.hidden, uniform) }, exact, stderr)
	}
	if o.tables != "" {
		return fmt.Errorf("-tables: only Senet rulesets have endgame tables, not %q", o.rules)
	}
	r, err := ludo.New(o.rules, opts)
	if err != nil {
		return err
	}
	return train(ctx, o, r, nneval.NewLudoEncoder(r), nneval.LudoKey(r),
		func() (*nneval.Net, error) { return nneval.LudoFromHand(r, o.hidden, uniform) }, nil, stderr)
}

// senetTable is the exact value of the positions of the largest table
// of r in o.tables, or nil without -tables.
func senetTable(o options, r *senet.Rules) (func(senet.Position) (game.Payoffs, bool), error) {
	if o.tables == "" {
		return nil, nil
	}
	t, err := findTable("-tables", o.tables, r)
	if err != nil {
		return nil, err
	}
	return t.Exact, nil
}

// findTable is the largest endgame table of r in dir, or an error that
// names flag and says how to make one.
func findTable(flag, dir string, r *senet.Rules) (*endgame.Table, error) {
	t, err := endgame.Find(dir, r.ID())
	if err != nil {
		return nil, err
	}
	if t == nil {
		return nil, fmt.Errorf("%s: no endgame table of %s in %s (make one with passage solve --rules %s --pieces 3 --out %s)",
			flag, r.ID(), dir, r.Variant.Name, dir)
	}
	return t, nil
}

// command is the command line that reproduces the run's weights.
func command(o options, id string) string {
	var b strings.Builder
	name, _, _ := strings.Cut(id, " ")
	fmt.Fprintf(&b, "go run ./cmd/train -rules %s", name)
	for _, kv := range sortedOpts(o.opts) {
		fmt.Fprintf(&b, " -opt %s", kv)
	}
	fmt.Fprintf(&b, " -games %d -hidden %d -batch %d -lambda %g -rate %g -skip-rate %g -epsilon %g -seed %d",
		o.games, o.hidden, o.batch, o.lambda, o.rate, o.skipRate, o.epsilon, o.seed)
	if o.tables != "" {
		fmt.Fprintf(&b, " -tables %s", o.tables)
	}
	if o.rateEnd != 0 {
		fmt.Fprintf(&b, " -rate-end %g", o.rateEnd)
	}
	if o.discount != 1 {
		fmt.Fprintf(&b, " -discount %g", o.discount)
	}
	for _, path := range o.teacher {
		fmt.Fprintf(&b, " -teacher %s", path)
	}
	if o.policy != "" {
		fmt.Fprintf(&b, " -policy %s", o.policy)
	}
	if o.stopAfter > 0 && o.stopAfter < o.games {
		// The weights after N games of a longer run's schedule: its
		// learning rate falls over -games, so N alone would not name them.
		fmt.Fprintf(&b, " -stop-after %d", o.stopAfter)
	}
	if o.maxMoves != nneval.DefaultMaxMoves {
		// Only when not the default, so that the commands of the files
		// made before the flag still name them.
		fmt.Fprintf(&b, " -max-moves %d", o.maxMoves)
	}
	return b.String()
}

func sortedOpts(opts []string) []string {
	s := append([]string(nil), opts...)
	sort.Strings(s)
	return s
}

// train runs the training of one game.
func train[P comparable, M comparable](ctx context.Context, o options, g evaluated[P, M], enc nneval.Encoder[P], key string,
	initNet func() (*nneval.Net, error), exact func(P) (game.Payoffs, bool), stderr io.Writer) error {
	if o.out == "" {
		o.out = filepath.Join("nneval", "weights", key+".nnw")
	}
	if o.checkpoint == "" {
		o.checkpoint = "train-" + key + ".ckpt"
	}
	header := map[string]string{
		"rules":    g.ID(),
		"key":      key,
		"encoding": enc.Name(),
		"command":  command(o, g.ID()),
	}
	net, err := initNet()
	if err != nil {
		return err
	}
	var w *nneval.Grads
	done := 0
	if o.resume {
		f, err := readCheckpoint(o.checkpoint, header)
		if err != nil {
			return err
		}
		if f != nil {
			net, w = f.Net, f.Exact
			if done, err = strconv.Atoi(f.Header["games"]); err != nil || done < 0 || done > o.games {
				return fmt.Errorf("checkpoint %s: bad game count %q for -games %d", o.checkpoint, f.Header["games"], o.games)
			}
			fmt.Fprintf(stderr, "resuming %s after %d games\n", o.checkpoint, done)
		}
	}
	e, err := nneval.NewEval(net, enc)
	if err != nil {
		return err
	}
	var teacher *nneval.Eval[P]
	if len(o.teacher) > 0 {
		if teacher, err = loadTeacher(o.teacher, enc, key); err != nil {
			return err
		}
	}
	var policy *nneval.Eval[P]
	if o.policy != "" {
		f, err := readWeights(o.policy, enc.Name(), key)
		if err != nil {
			return fmt.Errorf("-policy %w", err)
		}
		if policy, err = nneval.NewEval(f.Net, enc); err != nil {
			return fmt.Errorf("-policy %s: %w", o.policy, err)
		}
	}
	curve, err := newCurve(o, g, e)
	if err != nil {
		return err
	}
	if done == 0 && o.curve != "" {
		if err := curve.measure(ctx, 0, 0); err != nil {
			return err
		}
	}
	bar := newBar(stderr, o.progress, done, o.games)
	var tr *nneval.Trainer[P, M]
	save := func(done int) error {
		return writeFile(o.checkpoint, header, done, net, tr.W, true)
	}
	tr = nneval.NewTrainer(g, e, w, nneval.TrainConfig{
		Games: o.games, Done: done, Batch: o.batch, Lambda: o.lambda, Rate: o.rate, RateEnd: o.rateEnd, SkipRate: o.skipRate, Epsilon: o.epsilon,
		Seed: o.seed, Workers: o.workers, MaxMoves: o.maxMoves, Discount: o.discount,
		AfterBatch: func(done int) error {
			bar.draw(done, tr.Loss)
			stop := o.stopAfter > 0 && done >= o.stopAfter && done < o.games
			if crossed(done, o.batch, o.every) || done == o.games || stop {
				if err := save(done); err != nil {
					return err
				}
			}
			if o.curve != "" && (crossed(done, o.batch, o.curveEvery) || done == o.games) {
				bar.breakLine()
				if err := curve.measure(ctx, done, tr.Loss); err != nil {
					return err
				}
			}
			if stop {
				return errStopped
			}
			return nil
		},
	})
	tr.Exact = exact
	if teacher != nil {
		tr.Teacher = teacher
	}
	if policy != nil {
		tr.Policy = policy
	}
	err = tr.Run(ctx)
	bar.finish()
	if tr.Cut > 0 {
		fmt.Fprintf(stderr, "%d self-play games of this run went on for %d decisions and were cut there (-max-moves)\n", tr.Cut, o.maxMoves)
	}
	if errors.Is(err, errStopped) {
		if err := writeFile(o.out, header, tr.Cfg.Done, net, nil, false); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "stopped after %d games (-stop-after): wrote %s (%s); %s holds them, -resume continues\n",
			tr.Cfg.Done, o.out, header["command"], o.checkpoint)
		return nil
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			if serr := save(tr.Cfg.Done); serr != nil {
				return serr
			}
		}
		return err
	}
	if err := writeFile(o.out, header, o.games, net, nil, false); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s (%s)\n", o.out, header["command"])
	if o.plot != "" {
		if err := plotCurve(o.curve, o.plot, g.ID()); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "plot written to %s\n", o.plot)
	}
	return nil
}

// errStopped ends a run at -stop-after; the checkpoint is written
// before it is returned, and the weight file after.
var errStopped = errors.New("stopped at -stop-after")

// crossed reports whether the batch that ended at done games passed a
// multiple of every.
func crossed(done, batch, every int) bool { return max(done-batch, 0)/every < done/every }

// readCheckpoint reads the checkpoint at path, or returns nil when
// there is none; a checkpoint of another command is an error.
func readCheckpoint(path string, header map[string]string) (*nneval.File, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	f, err := nneval.Read(data)
	if err != nil {
		return nil, fmt.Errorf("checkpoint %s: %w", path, err)
	}
	if f.Exact == nil {
		return nil, fmt.Errorf("checkpoint %s: holds no float64 weights (not a checkpoint)", path)
	}
	for _, k := range []string{"rules", "encoding", "command"} {
		if withoutGames(f.Header[k]) != withoutGames(header[k]) {
			return nil, fmt.Errorf("checkpoint %s was made by %q, not %q", path, f.Header["command"], header["command"])
		}
	}
	return f, nil
}

// withoutGames drops -games N and -stop-after N from a command: a
// checkpoint may be continued to more games, as game i is the same game
// whenever it is played.
func withoutGames(cmd string) string { return gamesFlag.ReplaceAllString(cmd, "") }

var gamesFlag = regexp.MustCompile(` -(games|stop-after) [0-9]+`)

// writeFile writes the weights (exact: the float64 master copy) to
// path through a temporary file, so that an interrupted write leaves
// the old file whole.
func writeFile(path string, header map[string]string, games int, net *nneval.Net, w *nneval.Grads, exact bool) error {
	h := map[string]string{"games": strconv.Itoa(games)}
	for k, v := range header {
		h[k] = v
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	werr := (&nneval.File{Header: h, Net: net, Exact: w}).Write(tmp, exact)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return werr
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// info prints a weight file's header and shape.
func info(path string, stdout io.Writer) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	f, err := nneval.Read(data)
	if err != nil {
		return err
	}
	keys := make([]string, 0, len(f.Header))
	for k := range f.Header {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %s\n", k, f.Header[k])
	}
	fmt.Fprintf(&b, "shape: %d inputs, %d hidden, %d outputs\n", f.Net.Inputs, f.Net.Hidden, f.Net.Outputs)
	_, err = io.WriteString(stdout, b.String())
	return err
}

// curve measures the learning curve: the network's player against the
// fixed opponent, on the same seeded games every time.
type curve[P comparable, M comparable] struct {
	o    options
	g    evaluated[P, M]
	e    *nneval.Eval[P]
	file string
}

func newCurve[P comparable, M comparable](o options, g evaluated[P, M], e *nneval.Eval[P]) (*curve[P, M], error) {
	for _, name := range []string{o.curvePlayer, o.opponent} {
		if err := agent.Check(name); err != nil {
			return nil, err
		}
	}
	c := &curve[P, M]{o: o, g: g, e: e, file: o.curve}
	if o.curve == "" {
		return c, nil
	}
	if st, err := os.Stat(o.curve); err == nil && st.Size() > 0 && o.resume {
		return c, nil // appending to the resumed run's curve
	}
	return c, os.WriteFile(o.curve, []byte("games,win_rate,low,high,loss\n"), 0o644)
}

// measure plays the curve's games after done training games and appends
// a row.
func (c *curve[P, M]) measure(ctx context.Context, done int, loss float64) error {
	n := c.g.Players()
	seats := []string{c.o.curvePlayer}
	for range n - 1 {
		seats = append(seats, c.o.opponent)
	}
	factory := func(name string, seed uint64) (agent.Agent[P, M], error) {
		return agent.NewLearned(c.g, c.g, c.e, name, seed)
	}
	rep, err := sim.Run(ctx, c.g, factory, sim.Config{Seats: seats, Games: c.o.curveGames, Seed: 2026, Workers: c.o.workers})
	if err != nil {
		return err
	}
	w := rep.Players[0].Win
	f, err := os.OpenFile(c.file, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, werr := fmt.Fprintf(f, "%d,%.4f,%.4f,%.4f,%.5f\n", done, w.Rate, w.Low, w.High, loss)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	return werr
}

// bar is the training's progress bar: games, their rate, the time left
// and the last batch's loss.
type bar struct {
	bar   *progress.Bar
	start time.Time
	from  int // games an earlier run trained: not counted in the rate
	total int
}

func newBar(w io.Writer, force bool, from, total int) *bar {
	return &bar{bar: progress.New(w, force), start: time.Now(), from: from, total: total}
}

func (b *bar) draw(done int, loss float64) {
	if b.bar == nil {
		return
	}
	perSec, left := progress.Pace(time.Since(b.start), b.from, done, b.total)
	b.bar.Show(fmt.Sprintf("%s %d/%d games, %.1f games/s, ETA %s, loss %.4f",
		progress.Gauge(int64(done), int64(b.total)), done, b.total, perSec, progress.Left(left), loss))
}

// breakLine ends the bar's line, so that a learning-curve line prints
// under it; the bar goes on on a new line.
func (b *bar) breakLine() { b.bar.Break() }

func (b *bar) finish() { b.bar.End() }
