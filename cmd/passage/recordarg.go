package main

import (
	"io"
	"os"

	"passage/game"
	"passage/internal/catalog"
	"passage/record"
)

// readRecordArg reads the game record named on the command line (a file,
// or "-" for standard input) and the ruleset it was played under, as
// verify and analyze both take it.
func readRecordArg(path string, stdin io.Reader) (record.Record, game.Ruleset, error) {
	in := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return record.Record{}, nil, err
		}
		defer f.Close()
		in = f
	}
	rec, err := record.Read(in)
	if err != nil {
		return record.Record{}, nil, err
	}
	rules, err := catalog.ByID(rec.Rules)
	if err != nil {
		return record.Record{}, nil, err
	}
	return rec, rules, nil
}
