package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"passage/sim"
)

// journalHeader is the first line of a sim journal: the run it belongs
// to. The seeded games are the same only for the same ruleset (options
// included), seats, seed, learned weights and endgame tables, so a
// journal of another run is refused.
type journalHeader struct {
	Journal string   `json:"journal"` // journalKind
	Version int      `json:"version"`
	Rules   string   `json:"rules"`
	Seats   []string `json:"seats"`
	Seed    uint64   `json:"seed"`
	// Weights is the ruleset's embedded weight file (catalog.Kit.Weights)
	// when a seat plays with it (agent.Uses), "" otherwise.
	Weights string `json:"weights"`
	// Tables is the endgame table that hard and expert play perfectly
	// inside (endgame.Stamp of the default directory) when a seat is
	// one of them, "" otherwise: solving or deleting one between two
	// sittings changes their games.
	Tables string `json:"tables"`
	// MaxTurns is the run's --max-turns: a game stopped there would have
	// gone on, or ended, under another limit. 0 (no limit) is left out,
	// as in the journals written before the flag.
	MaxTurns int `json:"max_turns,omitempty"`
	// History is agent.Repeats where the players know the game's history
	// (a ruleset that can go on for ever, catalog.Kit.Prolongable): they
	// avoid a position reached that often, and played other games before
	// they did (journals from before it have none, and are refused). 0
	// elsewhere, left out.
	History int `json:"history,omitempty"`
}

// journalKind names the file. journalVersion is 4 since Senet's bounce
// (J14) counts a bounce that ends ahead of where it began too (4
// December 2026, session 25: 25 with a 6 to 29); 3 since the special
// rules a game line counts changed (4 December 2026: new rows for Apokrif
// and kinevet, a house rule's only where it is on: a version 2 line read
// by index would count one rule as another); 2 since the header named the
// weights and tables (version 1 did not).
const (
	journalKind    = "passage sim"
	journalVersion = 4
)

// simJournal keeps the finished games of a sim run in a file, one JSON
// line each after the header, so that a run stopped by Ctrl-C, a crash
// or the end of a session goes on where it stopped when run again with
// the same file (passage sim --journal FILE). The file is written from
// the first game that ends: a run refused at its start leaves no file.
type simJournal struct {
	path string
	head journalHeader
	keep int64    // the length of the complete lines already in the file
	f    *os.File // open from the first record on
	err  error    // the first failure to write
}

// openJournal reads the journal at path for the run head, if there is
// one, and returns the games it holds. A last line cut short (the
// program stopped while writing it) is dropped when the next game is
// written.
func openJournal(path string, head journalHeader) (*simJournal, []sim.Finished, error) {
	head.Journal, head.Version = journalKind, journalVersion
	j := &simJournal{path: path, head: head}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		// The file is made at the first game: a directory it cannot be
		// made in must stop the run now, before any game is played.
		if err := canWriteIn(filepath.Dir(path)); err != nil {
			return nil, nil, usageError{fmt.Sprintf("sim: journal %s: %v", path, err)}
		}
		return j, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("sim: journal: %w", err)
	}
	done, keep, err := readJournal(data, head)
	if err != nil {
		return nil, nil, usageError{fmt.Sprintf("sim: journal %s: %v", path, err)}
	}
	j.keep = int64(keep)
	return j, done, nil
}

// canWriteIn reports whether a file can be made in directory dir, by
// making one and removing it: what a long run checks before it starts
// of the files it writes at its end or as it goes.
func canWriteIn(dir string) error {
	probe, err := os.CreateTemp(dir, ".passage-probe-*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write in %s: %w", dir, err)
	}
	probe.Close()
	return os.Remove(probe.Name())
}

// readJournal reads a journal's contents: the games it holds and the
// length of its complete lines. Its header must be head's.
func readJournal(data []byte, head journalHeader) ([]sim.Finished, int, error) {
	keep := bytes.LastIndexByte(data, '\n') + 1
	lines := bytes.Split(data[:keep], []byte("\n"))
	lines = lines[:len(lines)-1] // the empty string after the last newline
	if len(lines) == 0 {
		// Not even the header was finished: the start of this run's
		// header, cut short, may be overwritten; anything else is some
		// other file, which is left alone.
		if want, _ := json.Marshal(head); !bytes.HasPrefix(want, data) {
			return nil, 0, errors.New("not a passage sim journal")
		}
		return nil, 0, nil
	}
	var got journalHeader
	if err := json.Unmarshal(lines[0], &got); err != nil || got.Journal != journalKind {
		return nil, 0, errors.New("not a passage sim journal")
	}
	if got.Version != head.Version {
		return nil, 0, fmt.Errorf("journal version %d, this program writes %d and cannot tell whether it may resume it; finish it with the program that began it, or give a new file", got.Version, head.Version)
	}
	if got.Rules != head.Rules || !slices.Equal(got.Seats, head.Seats) || got.Seed != head.Seed {
		return nil, 0, fmt.Errorf("it is the journal of another run (--rules %q --seats %q --seed %d); give another file or the same run",
			got.Rules, strings.Join(got.Seats, ","), got.Seed)
	}
	if got.MaxTurns != head.MaxTurns {
		return nil, 0, fmt.Errorf("it is the journal of a run with --max-turns %d; give the same limit or another file", got.MaxTurns)
	}
	if got.History != head.History {
		return nil, 0, fmt.Errorf("its games were played by players that %s, which play other games; resume it with the program that began it, or give another file", historyName(got.History))
	}
	if got.Weights != head.Weights {
		return nil, 0, fmt.Errorf("its games were played with other weights (%s; this program's are %s), which play other games; resume it with the program that began it",
			weightsName(got.Weights), weightsName(head.Weights))
	}
	if got.Tables != head.Tables {
		return nil, 0, fmt.Errorf("its games were played with other endgame tables (%s; the players would now use %s), which play other games; put back the tables it began with, or give another file",
			tablesName(got.Tables), tablesName(head.Tables))
	}
	done := make([]sim.Finished, 0, len(lines)-1)
	for n, line := range lines[1:] {
		var f sim.Finished
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&f); err != nil {
			return nil, 0, fmt.Errorf("line %d: %v", n+2, err)
		}
		done = append(done, f)
	}
	return done, keep, nil
}

// record appends one finished game and reports whether the journal
// holds it. The first failure to write is kept for close to report.
func (j *simJournal) record(f sim.Finished) bool {
	if j.f == nil && j.err == nil {
		j.err = j.open()
	}
	if j.err != nil {
		return false
	}
	line, err := json.Marshal(f)
	if err == nil {
		// One write a line: a crash cuts at most the last one short.
		_, err = j.f.Write(append(line, '\n'))
	}
	if err != nil {
		j.err = fmt.Errorf("sim: journal %s: %w", j.path, err)
	}
	return j.err == nil
}

// open opens the file for writing after its complete lines, writing
// the header into a new one.
func (j *simJournal) open() error {
	f, err := os.OpenFile(j.path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err == nil {
		err = f.Truncate(j.keep)
	}
	if err == nil {
		_, err = f.Seek(j.keep, io.SeekStart)
	}
	if err == nil && j.keep == 0 {
		var head []byte
		if head, err = json.Marshal(j.head); err == nil {
			_, err = f.Write(append(head, '\n'))
		}
	}
	if err != nil {
		if f != nil {
			f.Close()
		}
		return fmt.Errorf("sim: journal %s: %w", j.path, err)
	}
	j.f = f
	return nil
}

// close closes the file, if it was opened, and reports the first
// failure to write. It may be called more than once.
func (j *simJournal) close() error {
	if j.f != nil {
		if err := j.f.Close(); err != nil && j.err == nil {
			j.err = fmt.Errorf("sim: journal %s: %w", j.path, err)
		}
		j.f = nil
	}
	return j.err
}

// weightsName shows a weight file's digest short, as git shows a commit.
func weightsName(digest string) string {
	if digest == "" {
		return "none"
	}
	return fmt.Sprintf("sha256 %q", digest[:min(12, len(digest))])
}

// historyName says what players with the journal header's History do.
func historyName(repeats int) string {
	if repeats == 0 {
		return "did not know the game's history"
	}
	return fmt.Sprintf("avoided a position the game had reached %d times", repeats)
}

// tablesName shows a table's stamp, quoted as it comes from a file.
func tablesName(stamp string) string {
	if stamp == "" {
		return "none"
	}
	return strconv.Quote(stamp)
}
