package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"text/tabwriter"

	"passage/internal/catalog"
	"passage/sim"
)

func cmdSim(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("sim", stdout)
	var rf rulesFlags
	rf.register(fs, "")
	seats := fs.String("seats", "", "the computer player of each seat, comma-separated `NAMES` (hard,greedy); they swap seats from game to game")
	games := fs.Int("games", 1000, "number of games `N`")
	seed := fs.Uint64("seed", 1, "seed `S`: every game is reproducible from it")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once `W`")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	plotPath := fs.String("plot", "", "draw the game-length distribution to `FILE` (.png or .svg)")
	compare := fs.String("compare", "", "compare rulesets `R1,R2,...` with the same seats (each a ruleset ID, then each option after a ':', e.g. senet-jequier:water=15:overshoot=block)")
	logScale := fs.Bool("log-scale", false, "with --compare and --plot: draw the game lengths on a logarithmic axis, for rulesets whose games differ tenfold in length")
	progress := fs.Bool("progress", false, "draw the progress bar even when standard error is not a terminal")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *seats == "" {
		return usageError{"sim: --seats is required (for example --seats hard,random)"}
	}
	if *games <= 0 || *workers <= 0 {
		return usageError{"sim: --games and --workers must be positive"}
	}
	if *plotPath != "" {
		if err := sim.CheckPlotPath(*plotPath); err != nil {
			return usageError{err.Error()}
		}
	}
	if *logScale && (*compare == "" || *plotPath == "") {
		return usageError{"sim: --log-scale needs --compare and --plot"}
	}
	var kits []catalog.Kit
	if *compare != "" {
		if rf.rules != "" || len(rf.opts) > 0 {
			return usageError{"sim: give either --rules/--opt or --compare, not both"}
		}
		for _, id := range strings.Split(*compare, ",") {
			kit, err := catalog.OpenID(strings.ReplaceAll(id, ":", " "))
			if err != nil {
				return err
			}
			kits = append(kits, kit)
		}
	} else {
		kit, err := rf.open()
		if err != nil {
			return err
		}
		kits = append(kits, kit)
	}
	// Ctrl-C (or SIGTERM) stops the run: the games finished so far are
	// still reported.
	ctx, stopSignals := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stopSignals()
	cfg := sim.Config{Seats: strings.Split(*seats, ","), Games: *games, Seed: *seed, Workers: *workers}
	if *progress || isTerminal(stderr) {
		cfg.Progress = stderr
	}
	var reports []sim.Report
	for _, kit := range kits {
		if cfg.Progress != nil && len(kits) > 1 {
			fmt.Fprintf(stderr, "%s\n", kit.ID())
		}
		rep, err := kit.Simulate(ctx, cfg)
		canceled := errors.Is(err, context.Canceled)
		if err != nil && !canceled {
			return err
		}
		if rep.Games > 0 {
			reports = append(reports, rep)
		}
		if canceled {
			break
		}
	}
	if len(reports) == 0 {
		return interrupted{"sim: interrupted before the first game ended; nothing to report"}
	}
	if *plotPath != "" {
		if err := sim.Plot(reports, *plotPath, sim.PlotOptions{LogScale: *logScale}); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	if *asJSON {
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		var v any = reports[0]
		if *compare != "" {
			v = reports
		}
		if err := enc.Encode(v); err != nil {
			return err
		}
	} else {
		for i, rep := range reports {
			if i > 0 {
				buf.WriteString("\n")
			}
			writeReport(&buf, rep, *workers)
		}
		if *plotPath != "" {
			fmt.Fprintf(&buf, "\nPlot written to %s\n", *plotPath)
		}
	}
	if _, err := stdout.Write(buf.Bytes()); err != nil {
		return err
	}
	if last := reports[len(reports)-1]; ctx.Err() != nil {
		return interrupted{fmt.Sprintf("sim: interrupted; the report covers the %d games of %s before the first unfinished one", last.Games, last.Rules)}
	}
	return nil
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// writeReport prints a simulation report for people.
func writeReport(w io.Writer, r sim.Report, workers int) {
	note := ""
	if r.Interrupted {
		note = " (interrupted)"
	}
	fmt.Fprintf(w, "%s: %d games%s, seed %d, %d workers, %.1f s (%.1f games/s)\n",
		r.Rules, r.Games, note, r.Seed, workers, r.Seconds, r.GamesPerSec)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\twins\twin rate\t95% interval\tpayoff\tmedian move\t")
	for i, p := range r.Players {
		fmt.Fprintf(tw, "%s\t%g\t%.1f%%\t[%.1f%%, %.1f%%]\t%.3f\t%.3f ms\t\n",
			r.PlayerLabels()[i], p.Wins, 100*p.Win.Rate, 100*p.Win.Low, 100*p.Win.High, p.Payoff, p.MedianMs)
	}
	tw.Flush()
	fmt.Fprintf(w, "first seat wins %.1f%% [%.1f%%, %.1f%%]\n", 100*r.FirstSeat.Rate, 100*r.FirstSeat.Low, 100*r.FirstSeat.High)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "game length\tmean\tmedian\t90th pct\tmax\t")
	for _, row := range []struct {
		name string
		d    sim.Dist
	}{{"turns", r.Turns}, {"moves", r.Moves}} {
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t%.1f\t%.0f\t\n", row.name, row.d.Mean, row.d.Median, row.d.P90, row.d.Max)
	}
	tw.Flush()
	if len(r.Effects) > 0 {
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "special rule\tper game\ttotal\t")
		for _, e := range r.Effects {
			fmt.Fprintf(tw, "%s\t%.2f\t%d\t\n", e.Name, e.PerGame, e.Total)
		}
		tw.Flush()
	}
}
