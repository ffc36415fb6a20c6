package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"passage/game"
	"passage/internal/catalog"
)

// optList collects repeated --opt KEY=VALUE flags.
type optList []string

func (o *optList) String() string     { return strings.Join(*o, ",") }
func (o *optList) Set(s string) error { *o = append(*o, s); return nil }

// optionalDuration is a duration flag whose default depends on other
// flags: unset, it prints no "(default ...)" of its own in -h, so the
// usage text can state the real default.
type optionalDuration struct {
	d   time.Duration
	set bool
}

func (o *optionalDuration) String() string {
	if o == nil || !o.set {
		return ""
	}
	return o.d.String()
}

func (o *optionalDuration) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return errors.New("parse error")
	}
	if d < 0 {
		return errors.New("negative duration")
	}
	o.d, o.set = d, true
	return nil
}

// newFlags makes a flag set that reports errors as values instead of
// printing them, so that the command prints exactly one error line.
func newFlags(name string, help io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() { writeCommandHelp(help, name, fs) }
	return fs
}

// parseFlags parses args and rejects stray arguments. It prints the
// usage on -h only: the flag package calls Usage on every parse error
// too, so Usage is silenced while parsing.
func parseFlags(fs *flag.FlagSet, args []string) error {
	usage := fs.Usage
	fs.Usage = func() {}
	err := fs.Parse(args)
	fs.Usage = usage
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.Usage()
			return err
		}
		return usageError{fs.Name() + ": " + doubleDash(err.Error())}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("%s: unexpected argument %q", fs.Name(), fs.Arg(0))}
	}
	return nil
}

// doubleDash writes the flag package's errors with flags as people type
// them here, --name ("flag provided but not defined: -bogus" names
// -bogus whichever was typed).
func doubleDash(msg string) string {
	for _, p := range []string{"not defined: -", "for flag -", "needs an argument: -", " for -"} { // " for -": invalid boolean value "x" for -json
		if i := strings.Index(msg, p); i >= 0 && !strings.HasPrefix(msg[i+len(p):], "-") {
			return msg[:i+len(p)] + "-" + msg[i+len(p):]
		}
	}
	return msg
}

// rulesFlags are the flags that choose a ruleset.
type rulesFlags struct {
	rules   string
	opts    optList
	players int
}

func (r *rulesFlags) register(fs *flag.FlagSet, def string) {
	fs.StringVar(&r.rules, "rules", def, "ruleset `ID` (see passage rules)")
	fs.Var(&r.opts, "opt", "ruleset option `KEY=VALUE` (repeatable)")
	fs.IntVar(&r.players, "players", 0, "number of players `N` (rulesets with a players option)")
}

// build resolves the flags to a ruleset.
func (r *rulesFlags) build() (game.Ruleset, error) {
	kit, err := r.open()
	if err != nil {
		return nil, err
	}
	return kit.Ruleset, nil
}

// open resolves the flags to a ruleset kit (rules, computer players,
// simulations).
func (r *rulesFlags) open() (catalog.Kit, error) {
	if r.rules == "" {
		return catalog.Kit{}, usageError{"--rules is required (see passage rules)"}
	}
	// A ruleset as records and reports write it, options after its name
	// ("senet-jequier water=15"), is the name with those --opt.
	fields := strings.Fields(r.rules)
	if len(fields) == 0 {
		return catalog.Kit{}, usageError{"--rules is required (see passage rules)"}
	}
	name := fields[0]
	spec, err := catalog.Lookup(name)
	if err != nil {
		return catalog.Kit{}, err
	}
	opts := append(fields[1:len(fields):len(fields)], r.opts...)
	if r.players != 0 {
		has, given := false, false
		for _, o := range spec.Options {
			has = has || o.Key == "players"
		}
		for _, o := range opts {
			given = given || strings.HasPrefix(o, "players=")
		}
		// --opt players=N and --players N may both be given (the same
		// thing twice); a disagreement is caught below.
		if has && !given {
			opts = append(opts, "players="+strconv.Itoa(r.players))
		}
	}
	kit, err := catalog.Open(name, opts)
	if err != nil {
		return catalog.Kit{}, err
	}
	if r.players != 0 && r.players != kit.Players() {
		return catalog.Kit{}, usageError{fmt.Sprintf("%s is played by %d players, not %d", kit.ID(), kit.Players(), r.players)}
	}
	return kit, nil
}

func cmdRules(args []string, stdout io.Writer) error {
	fs := newFlags("rules", stdout)
	var rf rulesFlags
	rf.register(fs, "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if rf.rules != "" || len(rf.opts) > 0 || rf.players != 0 {
		// One ruleset in full: its options, seats and throws with their
		// probabilities, as GET /api/rulesets/NAME gives them.
		kit, err := rf.open()
		if err != nil {
			return err
		}
		sp, err := catalog.Lookup(strings.Fields(rf.rules)[0])
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(catalog.KitView(sp, kit)); err != nil {
			return err
		}
		_, err = stdout.Write(buf.Bytes())
		return err
	}
	var b strings.Builder
	for _, s := range catalog.Specs() {
		fmt.Fprintf(&b, "%s\t%s\n", s.Name, s.Title)
	}
	_, err := io.WriteString(stdout, b.String())
	return err
}

func cmdNew(args []string, stdout io.Writer) error {
	fs := newFlags("new", stdout)
	var rf rulesFlags
	rf.register(fs, "")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	rules, err := rf.build()
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, rules.Start())
	return err
}

// movesOutput is the JSON of passage moves; field order is the contract.
type movesOutput struct {
	Roll  int          `json:"roll"`
	Moves []movesEntry `json:"moves"`
}

type movesEntry struct {
	Move string `json:"move"`
	Pos  string `json:"pos"`
}

func cmdMoves(args []string, stdout io.Writer) error {
	fs := newFlags("moves", stdout)
	var rf rulesFlags
	rf.register(fs, "")
	pos := fs.String("pos", "", "the `POSITION` in notation")
	roll := fs.String("roll", "", "the throw `N`")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	rules, err := rf.build()
	if err != nil {
		return err
	}
	if *pos == "" {
		return usageError{"--pos is required"}
	}
	if *roll == "" {
		return usageError{"--roll is required"}
	}
	n, err := strconv.Atoi(*roll)
	if err != nil {
		return fmt.Errorf("roll: %q is not a number", *roll)
	}
	ts, err := rules.Moves(*pos, n)
	if err != nil {
		return err
	}
	out := movesOutput{Roll: n, Moves: make([]movesEntry, len(ts))}
	for i, t := range ts {
		out.Moves[i] = movesEntry(t)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err = stdout.Write(buf.Bytes())
	return err
}
