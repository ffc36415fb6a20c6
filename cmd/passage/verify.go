package main

import (
	"fmt"
	"io"
	"strings"

	"passage/internal/fairdice"
)

// cmdVerify checks the throws of a game record played with fair dice.
func cmdVerify(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := newFlags("verify", stdout)
	var path string
	// verify takes no flags: a lone "-x" goes to the flag parser, which
	// refuses it, rather than being opened as a file ("-" is stdin).
	if len(args) == 1 && (args[0] == "-" || !strings.HasPrefix(args[0], "-")) {
		path, args = args[0], nil
	}
	if len(args) > 1 && !strings.HasPrefix(args[0], "-") {
		return usageError{fmt.Sprintf("verify: want one argument, the record file (- for standard input); got %d", len(args))}
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if path == "" {
		return usageError{"verify: want one argument, the record file (- for standard input)"}
	}
	rec, rules, err := readRecordArg(path, stdin)
	if err != nil {
		return err
	}
	rep, err := fairdice.Verify(rules, rec)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "ok: the dice seed matches the commitment %s and all %d throws are the seed's\n", rec.Commit, rep.Throws)
	return err
}
