package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"time"

	"passage/agent"
	"passage/endgame"
	"passage/internal/progress"
	"passage/nneval"
	"passage/senet"
)

// cmdSolve builds an endgame table (passage solve --rules ID --pieces K)
// or checks one (passage solve --verify FILE).
func cmdSolve(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("solve", stdout)
	var rf rulesFlags
	rf.register(fs, "")
	pieces := fs.Int("pieces", 0, "solve positions with at most `K` pieces of each side on the board")
	out := fs.String("out", "", "write the table into `DIR` (default: the user cache directory's passage/endgame)")
	verify := fs.String("verify", "", "check the Bellman equation on every position of table `FILE`, and that best play can end the game from each")
	workers := fs.Int("workers", 0, "`W` goroutines to use (default: every core); the table does not depend on it")
	quiet := fs.Bool("quiet", false, "no progress bar")
	showProgress := fs.Bool("progress", false, "draw the progress bar even when standard error is not a terminal")
	diskAbove := fs.Int64("disk-graph-above", endgame.DiskGraphPositions, "keep the move graph of a layer group with more than `N` positions on disk (--scratch); the table does not depend on it")
	scratch := fs.String("scratch", "", "keep the move graphs of the largest layer groups in `DIR` while they are solved (default: DIR/tmp of --out)")
	strength := fs.String("strength", "", "measure computer players against table `FILE` (with --agents, --positions, --seed)")
	agents := fs.String("agents", "greedy,hard,expert", "the computer players `NAME,NAME...` that --strength measures")
	positions := fs.Int("positions", 10000, "decisions --strength draws, `N`")
	seed := fs.Uint64("seed", 1, "seed `S` of the positions --strength draws")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := solveModeFlags(fs, *strength != "", *verify != ""); err != nil {
		return err
	}
	if *workers < 0 {
		return usageError{"solve: --workers must be positive (0, the default: every core)"}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *strength != "" {
		return measureStrength(ctx, *strength, strings.Split(*agents, ","), *positions, *seed, stdout,
			func(what string) *countBar { return newCountBar(stderr, what, *showProgress) })
	}
	if *verify != "" {
		t, err := endgame.ReadFile(*verify)
		if err != nil {
			return err
		}
		start := time.Now()
		bar := newCountBar(stderr, "verify: the Bellman equation, positions", *showProgress)
		rep, err := t.VerifyWith(ctx, *workers, func(done, total int64) { bar.show(int(done), int(total)) })
		bar.end()
		if err != nil {
			return err
		}
		bellman := time.Since(start).Round(time.Millisecond)
		start = time.Now()
		bar = newCountBar(stderr, "verify: endless play, layer groups", *showProgress)
		endless, err := t.EndlessWith(ctx, *workers, func(done, total int64) { bar.show(int(done), int(total)) })
		bar.end()
		if err != nil {
			return err
		}
		if endless.Endless > 0 {
			return fmt.Errorf("%w: %d of %d positions rest on endless play (no choice of best moves ends the game), e.g. %s (value %.4f)",
				endgame.ErrBadTable, endless.Endless, endless.Checked, endless.Example, endless.Value)
		}
		_, err = fmt.Fprintf(stdout, "ok: %s, %d pieces: %d positions (both colours to move) satisfy the Bellman equation; largest residual %.2g <= %.2g (%s); none of the %d positions rests on endless play, from %d of them both sides together could play for ever (%d passes, %s)\n",
			t.Class.Rules.ID(), t.Class.K, rep.Checked, rep.MaxResidual, endgame.VerifyTolerance, bellman,
			endless.Checked, endless.Prolongable, endless.Passes, time.Since(start).Round(time.Millisecond))
		return err
	}
	if rf.rules == "" {
		return usageError{"solve: --rules is required (or --verify FILE)"}
	}
	if *pieces <= 0 {
		return usageError{"solve: --pieces K is required, K at least 1"}
	}
	if *diskAbove < 1 {
		return usageError{"solve: --disk-graph-above must be at least 1"}
	}
	rules, err := senetRules(&rf)
	if err != nil {
		return err
	}
	c, err := endgame.NewClass(rules, *pieces)
	if err != nil {
		return err
	}
	dir := *out
	if dir == "" {
		if dir, err = endgame.DefaultDir(); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(dir, endgame.FileName(rules.ID(), *pieces))
	checkpoint := path + ".partial"
	if *scratch == "" {
		*scratch = filepath.Join(dir, "tmp")
	}
	// The solver's memory is a few huge arrays without pointers, cheap to
	// scan: collecting garbage early keeps it from doubling the peak (K=4
	// holds some 3 GB for an hour).
	debug.SetGCPercent(10)
	// The bar is for people: on a terminal, or where --progress asks
	// (a log or a file would get every redrawing).
	var bar *progress.Bar
	if !*quiet {
		bar = progress.New(stderr, *showProgress)
	}
	// The notes are printed with or without a bar.
	note := func(line string) {
		if bar != nil {
			bar.Note(line)
		} else {
			fmt.Fprintln(stderr, line)
		}
	}
	start := time.Now()
	t, err := endgame.Solve(ctx, c, endgame.Options{Workers: *workers, Checkpoint: checkpoint, Scratch: *scratch, DiskGraphAbove: *diskAbove,
		Progress: func(p endgame.Progress) { bar.Show(solveLine(p)) },
		// As each group ends: a K=4 solve runs for hours.
		Fallback: func(l endgame.Layer, sweeps int) {
			note(fmt.Sprintf("solve: warning: layer group %d+%d stopped on the fallback test after %d sweeps: its values can be off by more than the tolerance (docs/endgame.md)", l.A, l.B, sweeps))
		},
		Polished: func(r endgame.PolishReport) {
			note(fmt.Sprintf("solve: layer group %d+%d stopped on the fallback test; solved by policy iteration instead (policies solved: %d, GMRES iterations: %d): values moved by up to %.2g, a sweep now changes none by more than %.2g (docs/endgame.md, \"Polishing\")", r.Group.A, r.Group.B, r.Rounds, r.Iterations, r.Moved, r.Change))
		}})
	bar.End()
	if errors.Is(err, endgame.ErrInterrupted) {
		return interrupted{fmt.Sprintf("solve: interrupted; run the same command again to resume from %s", checkpoint)}
	}
	if err != nil {
		return err
	}
	if err := t.WriteFile(path); err != nil {
		return err
	}
	os.Remove(checkpoint)
	_, err = fmt.Fprintf(stdout, "%s: %d positions, %d pieces a side, solved in %s\n", path, c.Size(), *pieces, time.Since(start).Round(time.Millisecond))
	return err
}

// senetRules resolves the ruleset flags to a Senet ruleset, the only
// game with endgame tables.
func senetRules(rf *rulesFlags) (*senet.Rules, error) {
	kit, err := rf.open()
	if err != nil {
		return nil, err
	}
	if !strings.HasPrefix(kit.ID(), "senet-") {
		return nil, fmt.Errorf("%s has no endgame tables (only Senet rulesets do)", kit.ID())
	}
	f := strings.Fields(kit.ID())
	opts := map[string]string{}
	for _, kv := range f[1:] {
		k, v, _ := strings.Cut(kv, "=")
		opts[k] = v
	}
	return senet.New(f[0], opts)
}

// solveLine words the solver's progress for its bar.
func solveLine(p endgame.Progress) string {
	step := fmt.Sprintf("sweep %-4d last change %-9.2g", p.Sweep, p.Delta)
	if p.Polish > 0 {
		step = fmt.Sprintf("policy %-3d last change %-9.2g", p.Polish, p.Delta)
	} else if p.Sweep == 0 {
		step = fmt.Sprintf("%-34s", "generating the moves")
	}
	return fmt.Sprintf("layer %d+%d (group %d of %d) %s %s", p.Layer.A, p.Layer.B, p.Groups[0]+1, p.Groups[1], step, progress.Gauge(p.Done, p.Total))
}

// measureStrength prints, for each player, the share of non-optimal
// decisions, the shares of decisions losing at least each of
// endgame.LossThresholds and the mean loss in win probability on random
// positions of a table. The players search without the tables, which
// would make hard and expert perfect, and with the evaluation they play
// with (the network where the ruleset has one; before 4 December 2026
// every player searched with the linear evaluation here). Interrupted (Ctrl-C), it prints
// the rows measured so far, the last one over the decisions it reached.
func measureStrength(ctx context.Context, path string, players []string, n int, seed uint64, stdout io.Writer, bars func(what string) *countBar) error {
	t, err := endgame.ReadFile(path)
	if err != nil {
		return err
	}
	if n < 1 {
		return usageError{"solve: --positions must be at least 1"}
	}
	agent.SetOracles(nil)
	r := t.Class.Rules
	var b strings.Builder
	fmt.Fprintf(&b, "%s, at most %d pieces a side: %d decisions with a choice a player, seed %d\n", r.ID(), t.Class.K, n, seed)
	fmt.Fprint(&b, "player\tdecisions\tnon-optimal")
	for _, th := range endgame.LossThresholds {
		fmt.Fprintf(&b, "\tloss >= %g", th)
	}
	fmt.Fprintln(&b, "\tmean loss")
	for _, name := range players {
		// As the player of that name plays: hard and expert with the
		// ruleset's network, NAME-linear with the linear evaluation.
		a, err := agent.NewLearned(r, r, nneval.ForSenet(r), name, seed)
		if err != nil {
			return err
		}
		bar := bars("strength: " + name + ", decisions")
		s, err := t.MeasureStrengthWith(ctx, name, a, n, seed, bar.show)
		bar.end()
		if err != nil && !errors.Is(err, endgame.ErrInterrupted) {
			return err
		}
		if s.Decisions > 0 {
			share := func(k int) float64 { return 100 * float64(k) / float64(s.Decisions) }
			fmt.Fprintf(&b, "%s\t%d\t%.2f%%", name, s.Decisions, share(s.NonOptimal))
			for _, k := range s.Over {
				fmt.Fprintf(&b, "\t%.2f%%", share(k))
			}
			fmt.Fprintf(&b, "\t%.5f\n", s.MeanLoss)
		}
		if err != nil {
			if _, werr := io.WriteString(stdout, b.String()); werr != nil {
				return werr
			}
			return interrupted{fmt.Sprintf("solve: interrupted; %s measured on the first %d decisions only", name, s.Decisions)}
		}
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}

// solveModeFlags refuses a flag given to solve that its mode (--strength,
// --verify, or building a table) would ignore, as a mistyped command
// should not run as if the flag were heard.
func solveModeFlags(fs *flag.FlagSet, strength, verify bool) error {
	mode, allowed := "building a table", []string{"rules", "opt", "players", "pieces", "out", "workers", "quiet", "progress", "disk-graph-above", "scratch"}
	switch {
	case strength && verify:
		return usageError{"solve: give either --strength or --verify, not both"}
	case strength:
		mode, allowed = "--strength", []string{"strength", "agents", "positions", "seed", "progress"}
	case verify:
		mode, allowed = "--verify", []string{"verify", "workers", "progress"}
	}
	var err error
	fs.Visit(func(f *flag.Flag) {
		if err == nil && !slices.Contains(allowed, f.Name) {
			err = usageError{fmt.Sprintf("solve: --%s does not apply to %s", f.Name, mode)}
		}
	})
	return err
}
