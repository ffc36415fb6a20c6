package main

import (
	"flag"
	"os"

	"passage/internal/i18n"
)

// langFlag is the --lang flag of the commands whose output people read
// (play, sim). It wins over the locale (LC_ALL, LC_MESSAGES, LANG).
type langFlag struct{ code string }

func (l *langFlag) register(fs *flag.FlagSet) {
	fs.StringVar(&l.code, "lang", "", "the `LANGUAGE` of the game's words: "+i18n.Codes()+" (default: from LC_ALL, LC_MESSAGES or LANG, else en)")
}

// printer is the chosen language's printer. An unknown --lang is a
// usage error of command cmd; the scriptable output never goes through
// it and stays English.
func (l *langFlag) printer(cmd string) (*i18n.Printer, error) {
	tag := i18n.FromEnv(os.Getenv)
	if l.code != "" {
		var err error
		if tag, err = i18n.Parse(l.code); err != nil {
			return nil, usageError{cmd + ": --lang: " + err.Error()}
		}
	}
	return i18n.New(tag)
}
