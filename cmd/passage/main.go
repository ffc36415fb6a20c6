// Command passage plays and analyses race board games: Senet in three
// rule reconstructions and Ki nevet a végén (Ludo). Its commands are
// rules, new and moves (the scriptable contract of docs/cli.md), play
// (a game in the terminal), sim (simulations between computer players),
// serve (the game server) and verify (the dice of a server game), solve,
// eval and analyze (endgame tables and game review) and version.
// commandList (commands.go) and the README describe them;
// example_test.go runs the scriptable ones.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"
)

// usageError is bad command-line usage: reported like any error (exit 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// oneLine escapes the control characters of an error message (a newline
// in a file name or an option's value), so that the error stays the
// one line on stderr that the CLI contract promises.
func oneLine(msg string) string {
	var b strings.Builder
	for _, r := range msg {
		if unicode.IsControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes one command and returns the exit status: 0 on success, 2
// on any error, which is printed as one line on stderr with nothing on
// stdout.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		args = []string{""}
	}
	var err error
	switch cmd, rest := args[0], args[1:]; cmd {
	case "-h", "--help", "help":
		err = cmdHelp(rest, stdout)
	case "version", "--version":
		err = cmdVersion(rest, stdout)
	case "rules":
		err = cmdRules(rest, stdout)
	case "new":
		err = cmdNew(rest, stdout)
	case "moves":
		err = cmdMoves(rest, stdout)
	case "play":
		err = cmdPlay(rest, stdin, stdout)
	case "sim":
		err = cmdSim(rest, stdout, stderr)
	case "serve":
		err = cmdServe(rest, stdout, stderr)
	case "verify":
		err = cmdVerify(rest, stdin, stdout)
	case "prune":
		err = cmdPrune(rest, stdout)
	case "solve":
		err = cmdSolve(rest, stdout, stderr)
	case "eval":
		err = cmdEval(rest, stdout)
	case "perft":
		err = cmdPerft(rest, stdout)
	case "analyze":
		err = cmdAnalyze(rest, stdin, stdout, stderr)
	case "":
		err = usageError{"no command (commands: " + commands + "; see passage --help)"}
	default:
		err = usageError{fmt.Sprintf("unknown command %q (commands: %s; see passage --help)", cmd, commands)}
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "passage: %s\n", oneLine(err.Error()))
	if errors.As(err, new(interrupted)) {
		return 130 // the shell's status for a command stopped by Ctrl-C
	}
	return 2
}

// interrupted is a command stopped by a signal (Ctrl-C): exit status
// 130. An interrupted sim still prints its report of the games played.
type interrupted struct{ msg string }

func (e interrupted) Error() string { return e.msg }
