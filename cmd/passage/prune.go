package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"passage/internal/store"
)

// cmdPrune forgets the games that ended long ago, with their turns and
// reviews (store.Pruner): a server open to anyone stores every game
// anyone creates, and its operator keeps the database bounded by running
// this now and then (from cron, say). Games waiting or in play are never
// touched.
func cmdPrune(args []string, stdout io.Writer) error {
	fs := newFlags("prune", stdout)
	db := fs.String("db", dbDefault(), "the server's database: a SQLite `FILE` or a PostgreSQL URL, taken from PASSAGE_DB when set")
	olderThan := fs.Duration("older-than", 0, "forget games over or abandoned for longer than `D` (e.g. 2160h for 90 days)")
	dryRun := fs.Bool("dry-run", false, "count the games it would forget, and forget none")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *olderThan <= 0 {
		return usageError{"prune: --older-than is required and must be positive (e.g. --older-than 2160h for 90 days)"}
	}
	if !isPostgres(*db) {
		// Opening a SQLite file creates it: a mistyped path would be
		// pruned as an empty new database.
		if _, err := os.Stat(*db); errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("prune: no database at %s", *db)
		}
	}
	ctx := context.Background()
	st, err := openStore(ctx, *db)
	if err != nil {
		return err
	}
	defer st.Close()
	pr, ok := st.(store.Pruner)
	if !ok {
		return fmt.Errorf("prune: the database at %s cannot forget games", dbName(*db))
	}
	cutoff := time.Now().Add(-*olderThan)
	n, err := pr.Prune(ctx, cutoff, *dryRun)
	if err != nil {
		return err
	}
	verb := "forgot"
	if *dryRun {
		verb = "would forget"
	}
	games := "games"
	if n == 1 {
		games = "game"
	}
	_, err = fmt.Fprintf(stdout, "prune: %s %d %s over or abandoned before %s in %s\n", verb, n, games, cutoff.UTC().Format(time.RFC3339), dbName(*db))
	return err
}
