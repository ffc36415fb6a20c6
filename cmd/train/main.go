// Command train trains the learned evaluation of a ruleset (package
// nneval) by TD(lambda) from self-play, with the exact expectation over
// the throws at every position. Games are seeded by their index and
// played in batches with the same weights, whose updates are applied in
// game order, so a seed gives the same weights on any number of cores.
// It draws a progress bar, writes a resumable checkpoint every so many
// games, logs a learning curve (the trained player's win rate against a
// fixed opponent) to a CSV file and can plot it, and at the end writes
// the weight file that the program embeds, whose header names the
// command that produced it.
//
// Usage:
//
//	go run ./cmd/train -rules senet-szenet -games 20000 -curve szenet.csv -plot szenet.png
//	go run ./cmd/train -info nneval/weights/senet-szenet.nnw
//	go run ./cmd/train -rules senet-jequier -mae ~/.cache/passage/endgame
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"passage/nneval"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command and returns the exit status: 0, 2 on an
// error (one line on standard error, nothing on standard output), 130
// when interrupted (after saving a checkpoint).
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := cmdTrain(ctx, args, stdout, stderr)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "train: interrupted; the checkpoint holds the games trained so far (run again with -resume)")
		return 130
	}
	fmt.Fprintln(stderr, "train:", strings.ReplaceAll(err.Error(), "\n", " "))
	return 2
}

// options are the command's flags.
type options struct {
	rules        string
	opts         multi
	games        int
	batch        int
	hidden       int
	lambda       float64
	rate         float64
	rateEnd      float64
	epsilon      float64
	maxMoves     int
	discount     float64
	skipRate     float64
	seed         uint64
	workers      int
	out          string
	checkpoint   string
	every        int
	resume       bool
	stopAfter    int
	curve        string
	curveEvery   int
	curveGames   int
	curvePlayer  string
	opponent     string
	plot         string
	progress     bool
	info         string
	mae          string
	maePositions int
	weights      multi
	tables       string
	teacher      multi
	policy       string
}

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(v string) error { *m = append(*m, v); return nil }

func cmdTrain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.rules, "rules", "", "the ruleset `ID` to train (senet-jequier, senet-szenet, senet-apokrif, kinevet)")
	fs.Var(&o.opts, "opt", "a ruleset option `K=V` (repeatable), e.g. players=2 for kinevet")
	fs.IntVar(&o.games, "games", 20000, "self-play games in all `N`")
	fs.IntVar(&o.batch, "batch", 16, "games per batch `B` played with the same weights")
	fs.IntVar(&o.hidden, "hidden", 32, "hidden units `H` (a multiple of 8)")
	fs.Float64Var(&o.lambda, "lambda", 0.7, "TD `lambda`: 0 learns from one-throw backups only, 1 from the results only")
	fs.Float64Var(&o.rate, "rate", 0.5, "learning `rate` per batch (on the gradient averaged over its positions)")
	fs.Float64Var(&o.rateEnd, "rate-end", 0, "let the learning rate fall linearly from -rate to `R` over the run (0: it stays -rate)")
	fs.Float64Var(&o.skipRate, "skip-rate", 1, "scale `F` of the learning rate on the skip connection (0 keeps the starting evaluation's weights)")
	fs.Float64Var(&o.epsilon, "epsilon", 0, "chance `E` of a random move in self-play")
	fs.Float64Var(&o.discount, "discount", 1, "shrink each training target toward an even share by `G` a decision (1: no discount), so that self-play does not learn to stall")
	fs.IntVar(&o.maxMoves, "max-moves", nneval.DefaultMaxMoves, "end a self-play game after `N` decisions, the network's estimate of its position standing for the result")
	fs.Uint64Var(&o.seed, "seed", 1, "seed `S`: the same seed gives the same weights on any number of cores")
	fs.IntVar(&o.workers, "workers", runtime.NumCPU(), "games played at once `W` (does not change the weights)")
	fs.StringVar(&o.out, "out", "", "the weight `FILE` to write at the end (default nneval/weights/KEY.nnw)")
	fs.StringVar(&o.checkpoint, "checkpoint", "", "the checkpoint `FILE` (default train-KEY.ckpt)")
	fs.IntVar(&o.every, "checkpoint-every", 1000, "write the checkpoint every `N` games")
	fs.BoolVar(&o.resume, "resume", false, "continue from the checkpoint, which must come from the same command")
	fs.IntVar(&o.stopAfter, "stop-after", 0, "stop after the batch that reaches `N` games in all, writing the weight file (its command names -stop-after N) and the checkpoint, which -resume continues (0: run all -games)")
	fs.StringVar(&o.curve, "curve", "", "append the learning curve to `FILE.csv`")
	fs.IntVar(&o.curveEvery, "curve-every", 1000, "measure the curve every `N` games")
	fs.IntVar(&o.curveGames, "curve-games", 200, "games per curve point `M` (seats swapping)")
	fs.StringVar(&o.curvePlayer, "curve-player", "expectimax-1", "the `PLAYER` that uses the network in the curve's games")
	fs.StringVar(&o.opponent, "opponent", "expectimax-1-linear", "the fixed `OPPONENT` of the curve's games (every other seat)")
	fs.StringVar(&o.plot, "plot", "", "draw the learning curve to `FILE` (.png or .svg); needs -curve")
	fs.BoolVar(&o.progress, "progress", false, "draw the progress bar even when standard error is not a terminal")
	fs.StringVar(&o.info, "info", "", "print the header of the weight `FILE` and exit")
	fs.StringVar(&o.mae, "mae", "", "instead of training, print the evaluations' errors against the largest endgame table of -rules in `DIR`")
	fs.IntVar(&o.maePositions, "mae-positions", 10000, "positions `N` that -mae draws from the table (seeded by -seed)")
	fs.StringVar(&o.tables, "tables", "", "train Senet with the largest endgame table of -rules in `DIR`: a self-play game ends at the first position it holds, whose exact value stands for the result")
	fs.Var(&o.weights, "weights", "with -mae, also measure the network in weight `FILE` (repeatable)")
	fs.Var(&o.teacher, "teacher", "learn the values of the network in weight `FILE` instead of self-play's own (repeatable: the ensemble of the files); with -lambda 0, distillation")
	fs.StringVar(&o.policy, "policy", "", "choose self-play's moves by the fixed network in weight `FILE` (with -epsilon) while the trained network learns their values: its chances under that play (policy evaluation; -discount 1 for undiscounted ones)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if o.info != "" {
		return info(o.info, stdout)
	}
	switch {
	case o.mae != "" && o.maePositions <= 0:
		return errors.New("-mae-positions must be positive")
	case o.mae != "":
		return cmdErrors(o, stdout)
	case len(o.weights) > 0:
		return errors.New("-weights needs -mae")
	}
	switch {
	case o.rules == "":
		return errors.New("-rules is required (for example -rules senet-szenet)")
	case o.games < 0 || o.stopAfter < 0 || o.batch <= 0 || o.workers <= 0 || o.every <= 0 || o.curveEvery <= 0 || o.curveGames <= 0 || o.maxMoves <= 0:
		return errors.New("-games and -stop-after must not be negative; -batch, -workers, -checkpoint-every, -curve-every, -curve-games and -max-moves must be positive")
	case o.lambda < 0 || o.lambda > 1 || o.epsilon < 0 || o.epsilon > 1 || o.rate < 0 || o.rateEnd < 0 || o.skipRate < 0 || !(o.discount > 0 && o.discount <= 1):
		return errors.New("-lambda and -epsilon must lie in [0, 1], -discount in (0, 1]; -rate, -rate-end and -skip-rate must not be negative")
	case o.plot != "" && o.curve == "":
		return errors.New("-plot needs -curve")
	case o.policy != "" && len(o.teacher) > 0:
		return errors.New("-policy and -teacher cannot be combined: the teacher's values would choose the moves too")
	}
	return trainRules(ctx, o, stderr)
}
