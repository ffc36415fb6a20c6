// Package schema reads a store's versioned migrations, embedded in the
// binary as files NNNN_what.sql (one set per SQL dialect), and decides
// which of them a database still needs. Each store applies them in its
// own dialect and records the version in its table schema_version.
//
// A database whose version is newer than the binary's last migration was
// written by a newer Passage: the store refuses to open it (ErrTooNew)
// rather than write data that the newer schema may not accept.
package schema

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
)

// ErrTooNew: the database's schema is newer than this binary knows.
var ErrTooNew = errors.New("the database's schema is newer than this program knows: upgrade Passage")

// Migration is one step of the schema.
type Migration struct {
	Version int    // its number, from 1 without gaps
	Name    string // the file's name
	SQL     string
}

// Load reads the migrations in dir of fsys, in order. Numbers must run
// from 1 without gaps, so that a missing file is found at build time
// (by the stores' tests), not on a user's database.
func Load(fsys fs.FS, dir string) ([]Migration, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.sql"))
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out []Migration
	for i, name := range names {
		base := path.Base(name)
		num, _, _ := strings.Cut(base, "_")
		n, err := strconv.Atoi(num)
		if err != nil || n != i+1 {
			return nil, fmt.Errorf("migration %s: want the number %04d at the start of its name", base, i+1)
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: n, Name: base, SQL: string(body)})
	}
	return out, nil
}

// Pending is the migrations a database at version current still needs;
// ErrTooNew when current is past the last of ms.
func Pending(ms []Migration, current int) ([]Migration, error) {
	if current > len(ms) {
		return nil, fmt.Errorf("schema version %d, this program knows up to %d: %w", current, len(ms), ErrTooNew)
	}
	return ms[current:], nil
}

// Latest is the version after every migration of ms.
func Latest(ms []Migration) int { return len(ms) }
