package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"passage/analysis"
	"passage/record"
)

// cmdAnalyze reviews a game record: every turn's win probabilities, the
// loss of the move played, the luck of the throw, and each player's
// accuracy.
func cmdAnalyze(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("analyze", stdout)
	asJSON := fs.Bool("json", false, "print the review as one JSON object")
	showProgress := fs.Bool("progress", false, "draw the progress bar even when standard error is not a terminal")
	level := fs.String("level", "hard", "estimate outside the tables at `LEVEL`: medium, greedy, hard, expert or expectimax-N")
	tables := fs.String("tables", "", "read endgame tables from `DIR` (default: the user cache directory's passage/endgame)")
	// RECORD may come first or last.
	var path string
	if len(args) > 0 && (args[0] == "-" || !strings.HasPrefix(args[0], "-")) {
		path, args = args[0], args[1:]
	} else if n := len(args); n > 0 && (args[n-1] == "-" || !strings.HasPrefix(args[n-1], "-")) &&
		(n < 2 || !takesValue(args[n-2])) {
		path, args = args[n-1], args[:n-1]
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if path == "" {
		return usageError{"analyze: want the record file (- for standard input)"}
	}
	rec, rules, err := readRecordArg(path, stdin)
	if err != nil {
		return err
	}
	if _, err := record.Replay(rules, rec); err != nil {
		return err
	}
	dir, err := tablesDir(*tables)
	if err != nil {
		return err
	}
	j, err := openJudge(rec.Rules, *level, dir)
	if err != nil {
		return err
	}
	// Turn by turn, so that a terminal sees how far it is (an expert
	// review of a long game takes a minute).
	rv, err := j.Begin(rec)
	if err != nil {
		return err
	}
	bar := newCountBar(stderr, "analyze: turn", *showProgress)
	for {
		done, err := rv.Next()
		bar.show(rv.Progress())
		if err != nil {
			bar.end()
			return err
		}
		if done {
			break
		}
	}
	bar.end()
	rep := rv.Report()
	var buf bytes.Buffer
	if *asJSON {
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else {
		writeReview(&buf, rep)
	}
	_, err = stdout.Write(buf.Bytes())
	return err
}

// takesValue reports whether a flag argument expects a value after it.
func takesValue(arg string) bool {
	name := strings.TrimLeft(arg, "-")
	return !strings.Contains(name, "=") && (name == "level" || name == "tables")
}

// writeReview prints the review as a table, one turn a line, then a
// summary per player. Values are the mover's chance of winning; "=" marks
// exact ones (endgame table or finished game), "~" estimates.
func writeReview(w io.Writer, rep analysis.Report) {
	fmt.Fprintf(w, "Review of a %s game at level %s: the mover's chance of winning (= exact, ~ estimate)\n\n", rep.Rules, rep.Level)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "turn\tseat\tthrow\tplayed\tbest\tbefore\tthrow\tplayed\tbest\tloss\tluck\t")
	for _, d := range rep.Decisions {
		mark := "~"
		if d.Exact {
			mark = "="
		}
		best := d.Best
		if d.Moves == 1 {
			best = "(forced)"
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%s\t%.3f%s\t%.3f%s\t%.3f%s\t%.3f%s\t%.3f\t%+.3f\t %s\n", d.Turn, d.Seat, d.Roll,
			d.Played, best, d.Before, mark, d.AfterThrow, mark, d.AfterMove, mark, d.AfterBest, mark, d.Loss, d.Luck, d.Class)
	}
	tw.Flush()
	fmt.Fprintln(w)
	for _, p := range rep.Players {
		fmt.Fprintf(w, "%s: accuracy %.1f over %s at stake (random moves %.1f); %s with a choice, best move in %d (%.0f%%), mean loss %.4f, %s, %s, %s, luck %+.3f\n",
			p.Seat, p.Accuracy, counted(p.AtStake, "decision", "decisions"), p.RandomAccuracy, counted(p.Decisions, "decision", "decisions"), p.BestMoves, percentOf(p.BestMoves, p.Decisions), p.MeanLoss,
			counted(p.Inaccuracies, "inaccuracy", "inaccuracies"), counted(p.Mistakes, "mistake", "mistakes"), counted(p.Blunders, "blunder", "blunders"), p.Luck)
	}
}

// percentOf is part's share of whole in percent, 0 when whole is 0.
func percentOf(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return 100 * float64(part) / float64(whole)
}

// counted is n with its noun, singular for 1: "1 mistake", "2 mistakes".
func counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
