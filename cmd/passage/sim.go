package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
	"unicode"

	"passage/agent"
	"passage/game"
	"passage/internal/catalog"
	"passage/internal/i18n"
	"passage/internal/progress"
	"passage/record"
	"passage/sim"
)

func cmdSim(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("sim", stdout)
	var rf rulesFlags
	rf.register(fs, "")
	seats := fs.String("seats", "", "the computer player of each seat, comma-separated `NAMES` (hard,greedy); they swap seats from game to game")
	games := fs.Int("games", 1000, "number of games `N`")
	seed := fs.Uint64("seed", 1, "seed `S` (1 or more): every game is reproducible from it")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once `W`")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	plotPath := fs.String("plot", "", "draw the game-length distribution to `FILE` (.png or .svg)")
	compare := fs.String("compare", "", "compare rulesets `R1,R2,...` with the same seats (each a ruleset ID, then each option after a ':', e.g. senet-jequier:water=15:overshoot=block)")
	logScale := fs.Bool("log-scale", false, "with --plot: draw the game lengths on a logarithmic axis (a comparison's boxes, or one run's histogram with bins of equal width on that axis), for games that differ tenfold in length")
	showProgress := fs.Bool("progress", false, "draw the progress bar even when standard error is not a terminal")
	maxTurns := fs.Int("max-turns", 0, "stop a game still going after `N` turns and count it as unfinished, won by nobody (0: no limit); for rules where a side can prolong the game for ever, as Apokrif's 26")
	csvPath := fs.String("csv", "", "write one row a game to `FILE`: each seat's player and payoff, the length, each special rule's count (one ruleset)")
	recordGame := fs.Int("record", -1, "play only game `N` of the run (the journal's \"game\", from 0) and print its record instead of a report (for passage analyze)")
	journalPath := fs.String("journal", "", "keep every finished game in `FILE` (JSON lines); run the same command again to go on from where it stopped")
	var lang langFlag
	lang.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	words, err := lang.printer("sim")
	if err != nil {
		return err
	}
	if *seats == "" {
		return usageError{"sim: --seats is required (for example --seats hard,random)"}
	}
	if *games <= 0 {
		return usageError{fmt.Sprintf("sim: --games must be positive, not %d", *games)}
	}
	if *workers <= 0 {
		return usageError{fmt.Sprintf("sim: --workers must be positive, not %d", *workers)}
	}
	if *maxTurns < 0 {
		return usageError{"sim: --max-turns must be 0 (no limit) or positive"}
	}
	if *seed == 0 {
		// sim.Config takes a zero seed for "unset" (seed 1): run 0 would
		// repeat run 1's games, and a series of seeds 0..N one run twice.
		return usageError{"sim: --seed must be at least 1"}
	}
	if *csvPath != "" {
		if *compare != "" {
			return usageError{"sim: --csv writes the games of one ruleset; it cannot be used with --compare"}
		}
		// Written after the games, as the plot: a directory that cannot
		// be written in must stop the run first.
		if err := canWriteIn(filepath.Dir(*csvPath)); err != nil {
			return usageError{fmt.Sprintf("sim: csv %q: %v", *csvPath, err)}
		}
	}
	if *plotPath != "" {
		if err := sim.CheckPlotPath(*plotPath); err != nil {
			return usageError{err.Error()}
		}
		// The plot is drawn after the games: a directory it cannot be
		// written in must stop the run before they are played.
		if err := canWriteIn(filepath.Dir(*plotPath)); err != nil {
			return usageError{fmt.Sprintf("sim: plot %q: %v", *plotPath, err)}
		}
	}
	if *logScale && *plotPath == "" {
		return usageError{"sim: --log-scale needs --plot"}
	}
	var kits []catalog.Kit
	if *compare != "" {
		if rf.rules != "" || len(rf.opts) > 0 || rf.players != 0 {
			return usageError{"sim: give either --rules/--opt/--players or --compare, not both"}
		}
		if *journalPath != "" {
			return usageError{"sim: --journal keeps the games of one ruleset; it cannot be used with --compare"}
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
	names := strings.Split(*seats, ",")
	for _, kit := range kits {
		n := kit.Players()
		if len(names) != n {
			hint := ""
			name, _, _ := strings.Cut(kit.ID(), " ")
			if sp, err := catalog.Lookup(name); err == nil && *compare == "" && slices.ContainsFunc(sp.Options, func(o game.Option) bool { return o.Key == "players" }) {
				hint = fmt.Sprintf(" (or --players %d for %d players)", len(names), len(names))
			}
			return usageError{fmt.Sprintf("sim: %s needs %d seats, got %d%s", kit.ID(), n, len(names), hint)}
		}
	}
	// Players swap seats game by game: with games a multiple of the seats
	// every player sits at every seat as often. A note for people at a
	// terminal, as the bar, once every ruleset has passed the checks.
	if n := len(names); *games%n != 0 && progress.IsTerminal(stderr) {
		fmt.Fprintf(stderr, "sim: note: %d games do not divide among %d seats; the players sit at the first seats one game more often\n", *games, n)
	}
	recordSet := false
	fs.Visit(func(f *flag.Flag) { recordSet = recordSet || f.Name == "record" })
	if recordSet && (*recordGame < 0 || *recordGame >= *games) {
		return usageError{fmt.Sprintf("sim: --record %d: the run's games are 0 to %d (raise --games for a later one)", *recordGame, *games-1)}
	}
	if recordSet {
		return simRecord(kits, *recordGame, *compare, *journalPath, *plotPath, *csvPath, *asJSON, sim.Config{Seats: names, Games: *games, Seed: *seed, Workers: 1, MaxTurns: *maxTurns}, stdout)
	}
	// Ctrl-C (or SIGTERM) stops the run: the games finished so far are
	// still reported.
	ctx, stopSignals := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stopSignals()
	cfg := sim.Config{Seats: names, Games: *games, Seed: *seed, Workers: *workers, MaxTurns: *maxTurns}
	if *showProgress || progress.IsTerminal(stderr) {
		cfg.Progress = stderr
		cfg.ProgressText = func(done, total int, perSec float64, eta time.Duration) string {
			return progressText(words, done, total, perSec, eta)
		}
	}
	var journal *simJournal
	if *journalPath != "" {
		var err error
		// The weights and the table only where a seat plays with them:
		// a run of random and greedy players is the same after a
		// retraining or a new table.
		head := journalHeader{Rules: kits[0].ID(), Seats: cfg.Seats, Seed: *seed, MaxTurns: *maxTurns}
		if kits[0].Prolongable {
			head.History = agent.Repeats
		}
		var learned, tables bool
		for _, name := range cfg.Seats {
			l, t := agent.Uses(name)
			learned, tables = learned || l, tables || t
		}
		if learned {
			head.Weights = kits[0].Weights
		}
		if tables {
			if head.Tables, err = tablesStamp(kits[0].ID()); err != nil {
				return err
			}
		}
		journal, cfg.Done, err = openJournal(*journalPath, head)
		if err != nil {
			return err
		}
		// A journal that cannot be written stops the run: its games
		// would be lost to the next run, which is what it is for.
		var stopRun context.CancelFunc
		ctx, stopRun = context.WithCancel(ctx)
		defer stopRun()
		cfg.OnGame = func(f sim.Finished) {
			if !journal.record(f) {
				stopRun()
			}
		}
		defer journal.close()
	}
	var played simGames
	if *csvPath != "" {
		played.games = append(played.games, cfg.Done...) // resumed from the journal
		journaled := cfg.OnGame
		cfg.OnGame = func(f sim.Finished) {
			played.add(f)
			if journaled != nil {
				journaled(f)
			}
		}
	}
	var reports []sim.Report
	cut := false   // interrupted before every game was played
	cutRules := "" // the ruleset the interrupt cut
	cutGames := 0  // its games before the first unfinished one
	for _, kit := range kits {
		if cfg.Progress != nil && len(kits) > 1 {
			fmt.Fprintf(stderr, "%s\n", kit.ID())
		}
		rep, err := kit.Simulate(ctx, cfg)
		cut = errors.Is(err, context.Canceled)
		if err != nil && !cut {
			return err
		}
		if rep.Games > 0 {
			reports = append(reports, rep)
		}
		if cut {
			cutRules, cutGames = kit.ID(), rep.Games
			break
		}
	}
	if journal != nil {
		if err := journal.close(); err != nil {
			return fmt.Errorf("%w; the run stopped there, and the games before it are in the file", err)
		}
	}
	if len(reports) == 0 {
		return interrupted{"sim: interrupted before the first game ended; nothing to report"}
	}
	if *csvPath != "" {
		if err := writeSimCSV(*csvPath, reports[0], played.games); err != nil {
			return err
		}
	}
	if *plotPath != "" {
		if err := sim.Plot(reports, *plotPath, sim.PlotOptions{LogScale: *logScale, Words: plotWords(words)}); err != nil {
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
			writeReport(&buf, words, rep, *workers)
		}
		if len(reports) > 1 {
			buf.WriteString("\n")
			writeComparison(&buf, words, reports)
		}
		if *plotPath != "" {
			fmt.Fprintf(&buf, "\n%s\n", words.T("sim.plotWritten", "Path", *plotPath))
		}
	}
	if _, err := stdout.Write(buf.Bytes()); err != nil {
		return err
	}
	// An interrupt that came after the last game ended cut nothing: the
	// report is whole, and so is the exit status.
	if cut {
		return interrupted{interruptedSim(reports, cutRules, cutGames)}
	}
	return nil
}

// simRecord prints the record of game i of the run cfg describes
// (sim --record): one ruleset, no report, nothing kept.
func simRecord(kits []catalog.Kit, i int, compare, journal, plot, csv string, asJSON bool, cfg sim.Config, stdout io.Writer) error {
	switch {
	case compare != "":
		return usageError{"sim: --record plays a game of one ruleset; it cannot be used with --compare"}
	case journal != "" || plot != "" || asJSON:
		return usageError{"sim: --record prints a game's record, not a report: --journal, --plot and --json do not apply"}
	case csv != "":
		return usageError{"sim: --record prints a game's record, not a report: --csv does not apply"}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	played, err := kits[0].SimGame(ctx, cfg, i)
	if errors.Is(err, context.Canceled) {
		return interrupted{fmt.Sprintf("sim: interrupted before game %d ended", i)}
	}
	if err != nil {
		return err
	}
	rec := record.Record{Rules: played.Rules, Seats: played.Seats, End: played.End}
	for _, t := range played.Throws {
		rec.Turns = append(rec.Turns, record.Turn{Seat: t.Seat, Roll: t.Roll, Move: t.Move})
	}
	return record.Write(stdout, rec)
}

// interruptedSim words where an interrupt cut a run: the ruleset it cut
// (its games before the first unfinished one, perhaps none) and, with
// --compare, the rulesets played whole before it.
func interruptedSim(reports []sim.Report, cutRules string, cutGames int) string {
	played := reports // before the cut ruleset, whose report is last if it has one
	if cutGames > 0 {
		played = reports[:len(reports)-1]
	}
	var whole []string
	for _, r := range played {
		whole = append(whole, r.Rules)
	}
	if cutGames == 0 {
		return fmt.Sprintf("sim: interrupted before the first game of %s ended; the report covers every game of %s", cutRules, strings.Join(whole, ", "))
	}
	msg := fmt.Sprintf("sim: interrupted; the report covers the %d games of %s before the first unfinished one", cutGames, cutRules)
	if len(whole) > 0 {
		msg += fmt.Sprintf(", and every game of %s", strings.Join(whole, ", "))
	}
	return msg
}

// writeReport prints a simulation report for people, in their
// language (the JSON report is the one for programs).
func writeReport(w io.Writer, words *i18n.Printer, r sim.Report, workers int) {
	head := "sim.head"
	if r.Interrupted {
		head = "sim.headInterrupted"
	}
	fmt.Fprintln(w, words.T(head, "Rules", r.Rules, "Games", words.N("sim.games", r.Games),
		"Seed", r.Seed, "Workers", words.N("sim.workers", workers),
		"Seconds", words.Float(r.Seconds, 1), "Rate", words.Float(r.GamesPerSec, 1)))
	pct := func(x float64) string { return words.Percent(x, 1) }
	num := words.Float
	row := func(tw io.Writer, cells ...string) { fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t") }
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	row(tw, words.T("sim.col.player"), words.T("sim.col.wins"), words.T("sim.col.winRate"),
		words.T("sim.col.interval"), words.T("sim.col.payoff"), words.T("sim.col.medianMove"))
	labels := playerLabels(words, r)
	for i, p := range r.Players {
		row(tw, labels[i], words.Float(p.Wins, decimals(p.Wins)), pct(p.Win.Rate),
			"["+pct(p.Win.Low)+", "+pct(p.Win.High)+"]", num(p.Payoff, 3), decisionTime(words, p.MedianMs))
	}
	tw.Flush()
	if len(r.Players) > 0 && r.Players[0].Places != nil {
		// Every game ranked every seat (finish=all): how often each
		// player took each place.
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		head := []string{words.T("sim.col.player")}
		for k := range r.Players[0].Places {
			head = append(head, words.T("sim.col.place", "N", k+1))
		}
		row(tw, head...)
		for i, p := range r.Players {
			cells := []string{labels[i]}
			for _, c := range p.Places {
				cells = append(cells, words.Int(c))
			}
			row(tw, cells...)
		}
		tw.Flush()
	}
	fmt.Fprintln(w, words.T("sim.firstSeat", "Seat", localSeatName(words, r.FirstToThrow), "Rate", pct(r.FirstSeat.Rate), "Low", pct(r.FirstSeat.Low), "High", pct(r.FirstSeat.High)))
	if len(r.BySeat) > 2 {
		// With two seats the second's rate is the first's complement.
		var parts []string
		for _, sr := range r.BySeat {
			parts = append(parts, localSeatName(words, sr.Seat)+" "+pct(sr.Win.Rate)+" ["+pct(sr.Win.Low)+", "+pct(sr.Win.High)+"]")
		}
		fmt.Fprintln(w, words.T("sim.bySeat", "List", strings.Join(parts, "; ")))
	}
	if r.MaxTurns > 0 {
		fmt.Fprintln(w, words.T("sim.unfinished", "Games", words.N("sim.games", r.Unfinished), "Turns", words.Int(r.MaxTurns)))
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	row(tw, words.T("sim.col.length"), words.T("sim.col.mean"), words.T("sim.col.median"), words.T("sim.col.p90"), words.T("sim.col.max"))
	for _, l := range []struct {
		name string
		d    sim.Dist
	}{{words.T("sim.row.turns"), r.Turns}, {words.T("sim.row.moves"), r.Moves}} {
		row(tw, l.name, num(l.d.Mean, 1), num(l.d.Median, 1), num(l.d.P90, 1), num(l.d.Max, 0))
	}
	tw.Flush()
	if len(r.Effects) > 0 {
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		row(tw, words.T("sim.col.effect"), words.T("sim.col.perGame"), words.T("sim.col.total"))
		for _, e := range r.Effects {
			row(tw, effectName(words, e.Name), num(e.PerGame, 2), words.Int(e.Total))
		}
		tw.Flush()
	}
}

// writeComparison prints, after the reports of sim --compare, one line
// a ruleset: the first to throw's win rate and the mean length in turns,
// each with its difference from the first ruleset and that difference's
// 95% interval (sim.Compare).
func writeComparison(w io.Writer, words *i18n.Printer, reports []sim.Report) {
	fmt.Fprintln(w, words.T("sim.compare.head", "Base", reports[0].Rules))
	pct := func(x float64) string { return words.Percent(x, 1) }
	// A difference, signed; rates in percentage points.
	signed := func(x float64) string {
		sign := "+"
		if x < 0 {
			sign = "−"
		}
		return sign + words.Float(math.Abs(x), 1)
	}
	pts := func(x float64) string { return signed(100 * x) }
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	row := func(cells ...string) { fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t") }
	row(words.T("sim.compare.rules"), words.T("sim.compare.first"), words.T("sim.compare.firstDiff"), words.T("sim.compare.turns"), words.T("sim.compare.turnsDiff"))
	for i, r := range reports {
		first := pct(r.FirstSeat.Rate) + " [" + pct(r.FirstSeat.Low) + ", " + pct(r.FirstSeat.High) + "]"
		mean := words.Float(r.Turns.Mean, 1)
		if i == 0 {
			row(r.Rules, first, "", mean, "")
			continue
		}
		c := sim.Compare(reports[0], r)
		row(r.Rules, first, pts(c.FirstSeat.Diff)+" ["+pts(c.FirstSeat.Low)+", "+pts(c.FirstSeat.High)+"]",
			mean, signed(c.Turns.Diff)+" ["+signed(c.Turns.Low)+", "+signed(c.Turns.High)+"]")
	}
	tw.Flush()
}

// progressText is the progress line after the bar: "42% 420/1000
// games, 812.5 games/s, ETA 1:05", the time left in minutes and seconds
// ("?" until the first game ends), which read the same in every
// language.
func progressText(words *i18n.Printer, done, total int, perSec float64, eta time.Duration) string {
	return words.T("sim.progress", "Percent", progress.Percent(int64(done), int64(total)),
		"Done", done, "Total", total, "Rate", words.Float(perSec, 1), "ETA", progress.Left(eta))
}

// plotWords are the plot's words in the reader's language.
func plotWords(words *i18n.Printer) *sim.PlotWords {
	return &sim.PlotWords{
		Length:    words.T("sim.plot.length"),
		LengthLog: words.T("sim.plot.lengthLog"),
		Games:     words.T("sim.plot.games"),
		Title: func(r sim.Report) string {
			return words.T("sim.plot.title", "Rules", r.Rules, "Games", words.N("sim.games", r.Games))
		},
		CompareTitle: func(reports []sim.Report) string {
			return words.T("sim.plot.compareTitle", "Games", words.N("sim.games", reports[0].Games))
		},
		Box: func(r sim.Report) string {
			return words.T("sim.plot.box", "Seat", localSeatName(words, r.FirstToThrow), "Rate", words.Percent(r.FirstSeat.Rate, 0))
		},
		Players: func(r sim.Report) []string { return playerLabels(words, r) },
		Versus:  words.T("sim.plot.vs"),
	}
}

// playerLabels are sim.Report.PlayerLabels in the reader's language:
// players of the same name are told apart by their seat in game 1.
func playerLabels(words *i18n.Printer, r sim.Report) []string {
	seen := map[string]int{}
	for _, pl := range r.Players {
		seen[pl.Name]++
	}
	labels := make([]string, len(r.Players))
	for i, pl := range r.Players {
		labels[i] = pl.Name
		if seen[pl.Name] > 1 {
			labels[i] = words.T("sim.inGame1", "Name", pl.Name, "Seat", localSeatName(words, pl.Seat))
		}
	}
	return labels
}

// decisionTime is a median decision time for people: in milliseconds,
// or in microseconds under one (random and greedy decide in a few, which
// "0.000 ms" hid).
func decisionTime(words *i18n.Printer, ms float64) string {
	if ms < 1 {
		return words.Float(ms*1000, 1) + " µs"
	}
	return words.Float(ms, 3) + " ms"
}

// effectName is a special rule's name in the reader's language; the
// engines name them in English ("attack (swap)"), which gives the
// message id (sim.effect.attack-swap). A rule the catalogs do not know
// yet keeps its English name.
func effectName(words *i18n.Printer, name string) string {
	if s := words.T("sim.effect." + effectSlug(name)); !strings.HasPrefix(s, "!") {
		return s
	}
	return name
}

// effectSlug is name in lower case with each run of other characters
// than letters and digits made one hyphen: "entering-k3".
func effectSlug(name string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
			continue
		}
		hyphen = true
	}
	return b.String()
}

// decimals is how many decimals a win count needs: none when whole,
// one for the half wins that shared places give.
func decimals(x float64) int {
	if x == float64(int64(x)) {
		return 0
	}
	return 1
}
