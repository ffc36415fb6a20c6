// Package pgtest gives tests a PostgreSQL database of their own: a
// throwaway cluster (initdb in a temporary directory, listening only on
// a unix socket in that directory) started on first use and stopped by
// Main when the package's tests end, or the server that the variable
// PASSAGE_TEST_PG names (a connection string), in which each test gets a
// fresh database too.
//
// PostgreSQL missing is a test failure with a message saying how to get
// it, never a skip: the README's test command installs Debian's
// postgresql package when initdb cannot be found.
//
// Usage, in a package's tests:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
//
//	func TestX(t *testing.T) {
//		dsn := pgtest.DSN(t) // an empty database, dropped at the end
//	}
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// cluster is the server the package's tests share.
var cluster struct {
	once sync.Once
	dsn  string // of the maintenance database "postgres"
	dir  string // the temporary cluster's directory, "" for PASSAGE_TEST_PG
	bin  string
	cred *syscall.Credential // who runs the cluster when we are root
	err  error
}

var databases atomic.Int64

// Main runs the tests and stops the throwaway cluster, if one was
// started, whatever the tests did.
func Main(m *testing.M) int {
	code := m.Run()
	if cluster.dir != "" {
		stop()
	}
	return code
}

// DSN is the connection string of a new, empty database for t, dropped
// when t ends. The test fails if no PostgreSQL server can be had.
func DSN(t testing.TB) string {
	t.Helper()
	cluster.once.Do(start)
	if cluster.err != nil {
		t.Fatalf("PostgreSQL for the tests: %v", cluster.err)
	}
	name := fmt.Sprintf("passage_test_%d_%d", os.Getpid(), databases.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, cluster.dsn)
	if err != nil {
		t.Fatalf("PostgreSQL for the tests: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("PostgreSQL for the tests: create database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, cluster.dsn)
		if err != nil {
			return
		}
		defer conn.Close(ctx)
		conn.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	return withDatabase(cluster.dsn, name)
}

// withDatabase is dsn with its database replaced by name: the URL's
// path, or a later dbname, which wins over an earlier one.
func withDatabase(dsn, name string) string {
	if u, err := url.Parse(dsn); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		u.Path = "/" + name
		return u.String()
	}
	return dsn + " dbname=" + name
}

// start makes the shared server: PASSAGE_TEST_PG, or a new cluster.
func start() {
	if dsn := os.Getenv("PASSAGE_TEST_PG"); dsn != "" {
		cluster.dsn = dsn
		return
	}
	cluster.err = startCluster()
}

// binDir finds PostgreSQL's programs: initdb on the PATH, or Debian's
// /usr/lib/postgresql/VERSION/bin.
func binDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		return filepath.Dir(p), nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i], nil
		}
	}
	return "", errors.New("initdb not found on the PATH nor in /usr/lib/postgresql/*/bin: " +
		"install PostgreSQL (Debian: apt-get install postgresql; ./test.sh does it) or set PASSAGE_TEST_PG to a server's connection string")
}

// startCluster runs initdb and pg_ctl start in a new temporary
// directory, the server listening on a unix socket there only. initdb
// refuses to run as root, so as root the cluster belongs to nobody.
func startCluster() error {
	bin, err := binDir()
	if err != nil {
		return err
	}
	// A unix socket's path has at most 107 bytes: a long TMPDIR would not
	// leave room for the socket's name.
	tmp := os.TempDir()
	if len(tmp) > 60 {
		tmp = "/tmp"
	}
	dir, err := os.MkdirTemp(tmp, "passage-pg-")
	if err != nil {
		return err
	}
	cluster.dir, cluster.bin = dir, bin
	if os.Geteuid() == 0 {
		u, err := user.Lookup("nobody")
		if err != nil {
			return fmt.Errorf("running as root, and no user nobody to run PostgreSQL as: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		cluster.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			return err
		}
	}
	data := filepath.Join(dir, "data")
	if err := run(bin, "initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"); err != nil {
		return err
	}
	// No durability for a throwaway cluster (fsync off); the socket in
	// dir, no TCP port to collide with other tests or developers.
	opts := fmt.Sprintf("-k %s -c listen_addresses= -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300", dir)
	if err := run(bin, "pg_ctl", "start", "-w", "-t", "60", "-D", data, "-l", filepath.Join(dir, "log"), "-o", opts); err != nil {
		return err
	}
	cluster.dsn = fmt.Sprintf("host=%s user=postgres dbname=postgres sslmode=disable", dir)
	return nil
}

// run runs one of PostgreSQL's programs, as nobody when we are root.
func run(bin, name string, args ...string) error {
	cmd := exec.Command(filepath.Join(bin, name), args...)
	cmd.Dir = os.TempDir()
	if cluster.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cluster.cred}
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %v\n%s", name, err, out)
	}
	return nil
}

// stop stops the cluster at once and removes its directory.
func stop() {
	data := filepath.Join(cluster.dir, "data")
	if err := run(cluster.bin, "pg_ctl", "stop", "-m", "immediate", "-w", "-D", data); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
	}
	os.RemoveAll(cluster.dir)
}
