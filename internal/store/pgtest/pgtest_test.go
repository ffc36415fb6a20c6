package pgtest

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// TestDSN: two databases from DSN are distinct and empty, and usable.
func TestDSN(t *testing.T) {
	ctx := context.Background()
	a, b := DSN(t), DSN(t)
	if a == b {
		t.Fatalf("two calls gave the same database %q", a)
	}
	conn, err := pgx.Connect(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE TABLE x (n int)"); err != nil {
		t.Fatal(err)
	}
	other, err := pgx.Connect(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close(ctx)
	var n int
	if err := other.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE tablename = 'x'").Scan(&n); err != nil || n != 0 {
		t.Errorf("the second database sees %d tables x (%v), want 0", n, err)
	}
}

func TestWithDatabase(t *testing.T) {
	for dsn, want := range map[string]string{
		"postgres://u@h:5/postgres?sslmode=disable": "postgres://u@h:5/db1?sslmode=disable",
		"host=/tmp/x user=postgres dbname=postgres": "host=/tmp/x user=postgres dbname=postgres dbname=db1",
	} {
		if got := withDatabase(dsn, "db1"); got != want {
			t.Errorf("withDatabase(%q) = %q, want %q", dsn, got, want)
		}
	}
}
