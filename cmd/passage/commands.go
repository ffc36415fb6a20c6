package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// command describes one passage command: the general usage lists them
// all, and each command's -h shows its own with its flags.
type command struct {
	name string
	// synopsis is the arguments after "passage NAME", one string per
	// line of the usage.
	synopsis []string
	what     string // what it does, in one line
	example  string // a command line to try
}

// commandList is every command, in the order the usage lists them.
var commandList = []command{
	{"rules", []string{"[--rules ID [--opt K=V ...] [--players N]]"}, "list the rulesets, or describe one as JSON (options, seats, throws and their probabilities)",
		"passage rules --rules senet-szenet"},
	{"new", []string{"--rules ID [--opt K=V ...] [--players N]"}, "print the initial position",
		"passage new --rules kinevet --players 2"},
	{"moves", []string{"--rules ID [--opt K=V ...] --pos POSITION --roll N"}, "print the legal moves as JSON",
		"passage moves --rules senet-jequier --pos 'wbwbwbwbw.b................... b opening=w' --roll 2"},
	{"play", []string{"[--rules ID] [--opt K=V ...] [--vs LEVEL] [--seat S]",
		"[--seats KIND,KIND...] [--seed N] [--hint] [--touch-move] [--delay D]",
		"[--auto-forced=false] [--lang LANG]"}, "play a game in the terminal",
		"passage play --rules senet-szenet --vs hard --lang hu"},
	{"sim", []string{"(--rules ID [--opt K=V ...] [--players N] | --compare R1,R2) --seats NAME,NAME...",
		"[--games N] [--seed S] [--workers W] [--json] [--plot FILE]",
		"[--log-scale] [--progress] [--journal FILE] [--max-turns N]",
		"[--csv FILE] [--record N] [--lang LANG]"}, "simulate games between computer players",
		"passage sim --rules senet-szenet --seats hard,greedy --games 2000 --seed 2026 --plot lengths.svg"},
	{"serve", []string{"[--addr HOST:PORT] [--db FILE|postgres://...] [--bot-delay D] [--stand-in LEVEL]",
		"[--log LEVEL] [--max-games N] [--idle D] [--waiting-expiry D] [--searches N]",
		"[--max-computer-games N] [--max-open-games N] [--max-streams N]",
		"[--create-rate N] [--take-rate N] [--download-rate N] [--client-header HEADER]",
		"[--public-url URL]",
		"[--node NAME] [--advertise URL] [--lease D] [--drain-wait D]"}, "play in the browser: http://localhost:8080",
		"passage serve --db passage.db"},
	{"prune", []string{"--older-than D [--db FILE|URL] [--dry-run]"}, "forget the server's games that ended long ago, with their turns and reviews",
		"passage prune --db passage.db --older-than 2160h --dry-run"},
	{"verify", []string{"RECORD          (a file, or - for standard input)"}, "check the fair dice of a server game's record",
		"passage verify game.rec"},
	{"solve", []string{"--rules ID [--opt K=V ...] --pieces K [--out DIR] [--quiet | --progress]",
		"| --verify FILE | --strength FILE [--agents NAME,NAME...]"}, "build or check a Senet endgame table",
		"passage solve --rules senet-jequier --pieces 3"},
	{"eval", []string{"--rules ID [--opt K=V ...] --pos POSITION [--tables DIR] [--level L]"},
		"print each seat's chance of winning as JSON",
		"passage eval --rules senet-jequier --pos '...........................wb. w off=wwwwbbbb'"},
	{"analyze", []string{"RECORD [--json] [--level L] [--tables DIR] [--progress]", "(RECORD: a file, or - for standard input)"},
		"review a game: losses, mistakes, luck, accuracy", "passage analyze game.rec --level expert"},
	{"perft", []string{"--rules ID [--opt K=V ...] [--pos POSITION] [--depth N]"},
		"count the (throw, move) sequences from a position, depth by depth",
		"passage perft --rules senet-jequier --depth 4"},
	{"version", nil, "print the program's version, commit and Go release", "passage version"},
}

// commands lists the commands for the errors that name them.
var commands = func() string {
	names := make([]string, len(commandList))
	for i, c := range commandList {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}()

// lookup is the command named name.
func lookup(name string) (command, bool) {
	for _, c := range commandList {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// synopsisLines writes c's usage lines, indented by indent.
func (c command) synopsisLines(w io.Writer, indent string) {
	head := "passage " + c.name
	if len(c.synopsis) == 0 {
		fmt.Fprintf(w, "%s%s\n", indent, head)
		return
	}
	pad := strings.Repeat(" ", len(head)+1)
	for i, line := range c.synopsis {
		if i == 0 {
			fmt.Fprintf(w, "%s%s %s\n", indent, head, line)
		} else {
			fmt.Fprintf(w, "%s%s%s\n", indent, pad, line)
		}
	}
}

// writeUsage prints the general usage: every command with its synopsis
// and what it does.
func writeUsage(w io.Writer) {
	fmt.Fprint(w, "passage: race board games (Senet in three reconstructions, and Ki nevet a végén)\n\nUsage:\n")
	for _, c := range commandList {
		c.synopsisLines(w, "  ")
		fmt.Fprintf(w, "      %s\n", c.what)
	}
	fmt.Fprint(w, `
Computer players: easy, medium, hard, expert (levels), random, greedy,
expectimax[-N], mcts[-N]; hard, expert and expectimax-N also as NAME-linear
(the linear evaluation instead of the learned one) and NAME-maxn (max-n
search with three or four players).

Run 'passage COMMAND -h' or 'passage help COMMAND' for a command's flags and an
example. Positions and moves use the notation of docs/notation.md; docs/cli.md
documents every command.
`)
}

// commandNotes say what a command's output means where its words alone
// would leave a reader guessing, after the example.
var commandNotes = map[string]string{
	"sim": `The report:
  turns     a turn ends when the throw passes to the other side
            (--max-turns counts these)
  moves     every throw with what it moved, a lost throw (pass) included:
            a turn with extra throws holds several moves (the plot's axis)
  payoff    a player's mean score a game: 1 for a win, 0 otherwise; with
            kinevet's finish=all, by place (docs/rules/kinevet.md)
  first to throw  the win rate of the seat that throws first at the start
--journal FILE holds one JSON line a game after a header; the README's
"The simulation lab" lists its fields.
`,
}

// writeCommandHelp prints command name's help: what it does, its usage,
// an example and its flags (written --name, as they are typed).
func writeCommandHelp(w io.Writer, name string, fs *flag.FlagSet) {
	c, _ := lookup(name)
	fmt.Fprintf(w, "passage %s: %s\n\nUsage of passage %s:\n", name, c.what, name)
	c.synopsisLines(w, "  ")
	if c.example != "" {
		fmt.Fprintf(w, "\nExample:\n  %s\n", c.example)
	}
	if note := commandNotes[name]; note != "" {
		fmt.Fprintf(w, "\n%s", note)
	}
	first := true
	fs.VisitAll(func(f *flag.Flag) {
		if first {
			fmt.Fprint(w, "\nFlags:\n")
			first = false
		}
		arg, text := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if arg != "" {
			line += " " + arg
		}
		fmt.Fprintf(w, "%s\n        %s", line, text)
		if d := f.DefValue; d != "" && d != "0" && d != "false" && !strings.Contains(text, "(default") {
			fmt.Fprintf(w, " (default %s)", d)
		}
		fmt.Fprintln(w)
	})
}

// cmdHelp is passage help [COMMAND].
func cmdHelp(args []string, stdout io.Writer) error {
	switch {
	case len(args) == 0:
		writeUsage(stdout)
		return nil
	case len(args) > 1:
		return usageError{fmt.Sprintf("help: unexpected argument %q", args[1])}
	}
	if args[0] == "help" {
		writeUsage(stdout)
		return nil
	}
	if _, ok := lookup(args[0]); !ok {
		return usageError{fmt.Sprintf("help: unknown command %q (commands: %s)", args[0], commands)}
	}
	code := run([]string{args[0], "-h"}, nil, stdout, io.Discard)
	if code != 0 {
		return fmt.Errorf("help: %s -h failed", args[0])
	}
	return nil
}

// cmdVersion prints what the binary was built from: its module version,
// the commit and its time when built from a checkout, and the Go
// release, so a result can name the program that made it.
func cmdVersion(args []string, stdout io.Writer) error {
	fs := newFlags("version", stdout)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	_, err := fmt.Fprintln(stdout, versionLine())
	return err
}

// versionLine is "passage VERSION (commit C, TIME[, modified]) GO".
func versionLine() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "passage (no build information)"
	}
	var rev, at string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	line := "passage " + info.Main.Version
	if rev != "" {
		line += " (commit " + rev
		if at != "" {
			line += ", " + at
		}
		if modified {
			line += ", with uncommitted changes"
		}
		line += ")"
	} else {
		line += " (no commit recorded: built outside a checkout or with -buildvcs=false)"
	}
	return line + " " + info.GoVersion
}
