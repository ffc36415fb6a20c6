package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/record"
)

// serverProc is a `passage serve` process on a loopback port.
type serverProc struct {
	cmd *exec.Cmd
	url string
}

// buildBinary builds the passage binary once per test.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "passage")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startServer runs the binary on db and waits for its address.
func startServer(t *testing.T, bin, db string) *serverProc {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--bot-delay", "1ms", "--log", "warn")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &serverProc{cmd: cmd}
	t.Cleanup(p.kill)
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the server's address: %v", err)
	}
	go io.Copy(io.Discard, stdout)
	f := strings.Fields(line)
	if len(f) < 3 || !strings.HasPrefix(f[2], "http://127.0.0.1:") {
		t.Fatalf("server said %q", line)
	}
	p.url = f[2]
	return p
}

// kill stops the process with SIGKILL: no shutdown code runs.
func (p *serverProc) kill() {
	if p.cmd.ProcessState != nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	p.cmd.Wait()
}

type apiGame struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Pos    string `json:"pos"`
	Turns  int    `json:"turns"`
	ToMove int    `json:"toMove"`
	Roll   *int   `json:"roll"`
	Moves  []struct {
		Move string `json:"move"`
	} `json:"moves"`
}

// call sends a request and decodes the answer's "game"; it returns the
// status.
func (p *serverProc) call(method, path, token string, body any, out any) (int, error) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, p.url+path, r)
	if err != nil {
		return 0, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if method != "GET" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, err
	}
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(b, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%w in %s", err, b)
		}
	}
	if resp.StatusCode >= 300 {
		return resp.StatusCode, fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, b)
	}
	return resp.StatusCode, nil
}

func (p *serverProc) game(t *testing.T, id string) apiGame {
	t.Helper()
	var g struct{ Game apiGame }
	if _, err := p.call("GET", "/api/games/"+id, "", nil, &g); err != nil {
		t.Fatal(err)
	}
	return g.Game
}

// people is a game with a token for every seat.
type people struct {
	id     string
	tokens []string
}

func createPeople(t *testing.T, p *serverProc, rules string, opts map[string]string, seats int) people {
	t.Helper()
	req := map[string]any{"rules": rules, "options": opts, "seats": []map[string]any{}}
	var sl []map[string]any
	for range seats {
		sl = append(sl, map[string]any{"kind": "human", "anyone": true})
	}
	req["seats"] = sl
	var c struct{ Game apiGame }
	if _, err := p.call("POST", "/api/games", "", req, &c); err != nil {
		t.Fatal(err)
	}
	g := people{id: c.Game.ID}
	for i := range seats {
		var tk struct{ Token string }
		if _, err := p.call("POST", fmt.Sprintf("/api/games/%s/seats/%d", g.id, i), "", nil, &tk); err != nil {
			t.Fatal(err)
		}
		g.tokens = append(g.tokens, tk.Token)
	}
	return g
}

// peopleTurns is where playUntilKill stops playing a game: far too few
// turns for any game to end (a Senet side bears off five pieces, a
// kinevet side brings four round the board), so that every game is
// still in progress when the server is killed and can take one more
// move after the restart, however slowly a loaded machine lets the
// computers reach their turns.
const peopleTurns = 30

// playUntilKill plays turn after turn in every game, up to peopleTurns,
// each keeping in acked the last move a acknowledged, until the
// computers' game botsID has 10 turns (within wait); then it kills a
// with SIGKILL and returns once every game's player has stopped.
func playUntilKill(t *testing.T, a *serverProc, games []people, acked []apiGame, botsID string, wait time.Duration) {
	t.Helper()
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				v, err := playTurn(a, g)
				if err != nil {
					return // the server is gone
				}
				mu.Lock()
				acked[i] = v
				mu.Unlock()
				if v.Turns >= peopleTurns {
					return
				}
			}
		}()
	}
	deadline := time.Now().Add(wait)
	for a.game(t, botsID).Turns < 10 {
		if time.Now().After(deadline) {
			t.Fatal("the computers did not play")
		}
		time.Sleep(5 * time.Millisecond)
	}
	a.kill()
	wg.Wait()
}

// playTurn throws and plays the first legal move; it returns the game
// as the server acknowledged the move.
func playTurn(p *serverProc, g people) (apiGame, error) {
	var cur struct{ Game apiGame }
	if _, err := p.call("GET", "/api/games/"+g.id, "", nil, &cur); err != nil {
		return apiGame{}, err
	}
	tok := g.tokens[cur.Game.ToMove]
	if cur.Game.Roll == nil {
		if _, err := p.call("POST", "/api/games/"+g.id+"/throw", tok, nil, &cur); err != nil {
			return apiGame{}, err
		}
	}
	var after struct{ Game apiGame }
	_, err := p.call("POST", "/api/games/"+g.id+"/move", tok, map[string]any{"move": cur.Game.Moves[0].Move, "turn": cur.Game.Turns + 1}, &after)
	return after.Game, err
}

// recordOf reads a game's record and replays it: the stored turns must
// be a legal game whose every throw is the seed's (once revealed).
func recordOf(t *testing.T, p *serverProc, id string) record.Record {
	t.Helper()
	resp, err := http.Get(p.url + "/api/games/" + id + "/record")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	rec, err := record.Read(resp.Body)
	if err != nil {
		t.Fatalf("record of %s: %v", id, err)
	}
	rules, err := catalog.ByID(rec.Rules)
	if err != nil {
		t.Fatal(err)
	}
	if rec.DiceSeed != "" {
		if _, err := fairdice.Verify(rules, rec); err != nil {
			t.Fatalf("record of %s: %v", id, err)
		}
	} else if _, err := record.Replay(rules, rec); err != nil {
		t.Fatalf("record of %s: %v", id, err)
	}
	return rec
}

// TestServeRestartAfterKill runs the real binary, plays games through the
// API, kills the process with SIGKILL while moves are being sent, starts
// it again on the same database and checks that every game goes on from
// its last acknowledged move.
func TestServeRestartAfterKill(t *testing.T) {
	bin := buildBinary(t)
	db := filepath.Join(t.TempDir(), "passage.db")
	a := startServer(t, bin, db)

	games := []people{
		createPeople(t, a, "senet-jequier", nil, 2),
		createPeople(t, a, "senet-szenet", nil, 2),
		createPeople(t, a, "kinevet", map[string]string{"players": "3"}, 3),
	}
	acked := make([]apiGame, len(games))
	for i, g := range games {
		for range 5 {
			v, err := playTurn(a, g)
			if err != nil {
				t.Fatal(err)
			}
			acked[i] = v
		}
	}
	// Computers on both seats, playing while the server is killed.
	var bots struct{ Game apiGame }
	if _, err := a.call("POST", "/api/games", "", map[string]any{"rules": "kinevet",
		"options": map[string]string{"players": "2"},
		"seats":   []map[string]string{{"kind": "random"}, {"kind": "random"}}}, &bots); err != nil {
		t.Fatal(err)
	}
	playUntilKill(t, a, games, acked, bots.Game.ID, 10*time.Second)

	b := startServer(t, bin, db)
	for i, g := range games {
		got := b.game(t, g.id)
		rec := recordOf(t, b, g.id)
		// The acknowledged move is there; at most one more move may have
		// been written just before the kill, unacknowledged.
		if got.Turns < acked[i].Turns || got.Turns > acked[i].Turns+1 {
			t.Errorf("game %d: %d turns after the restart, last acknowledged %d", i, got.Turns, acked[i].Turns)
			continue
		}
		rules, _ := catalog.ByID(rec.Rules)
		cut := rec
		cut.Turns, cut.End = rec.Turns[:acked[i].Turns], ""
		pos, err := record.Replay(rules, cut)
		if err != nil || pos != acked[i].Pos {
			t.Errorf("game %d: the record at turn %d is %q (%v), acknowledged %q", i, acked[i].Turns, pos, err, acked[i].Pos)
		}
		v, err := playTurn(b, g)
		if err != nil || v.Turns != got.Turns+1 {
			t.Errorf("game %d: a move after the restart: %+v, %v", i, v, err)
		}
	}
	deadline := time.Now().Add(60 * time.Second)
	for b.game(t, bots.Game.ID).Status != "over" {
		if time.Now().After(deadline) {
			t.Fatal("the computers' game did not go on after the restart")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if rec := recordOf(t, b, bots.Game.ID); rec.DiceSeed == "" {
		t.Error("finished game's record has no dice seed")
	}
}

// TestVerifyCommand checks `passage verify` on a record from the server,
// and a tampered copy.
func TestVerifyCommand(t *testing.T) {
	bin := buildBinary(t)
	p := startServer(t, bin, filepath.Join(t.TempDir(), "passage.db"))
	var c struct{ Game apiGame }
	if _, err := p.call("POST", "/api/games", "", map[string]any{"rules": "senet-jequier",
		"start": "......................w.b...w. w off=wwwbbbb",
		"seats": []map[string]string{{"kind": "medium"}, {"kind": "medium"}}}, &c); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for p.game(t, c.Game.ID).Status != "over" {
		if time.Now().After(deadline) {
			t.Fatal("the game did not end")
		}
		time.Sleep(5 * time.Millisecond)
	}
	rec := recordOf(t, p, c.Game.ID)
	good := filepath.Join(t.TempDir(), "good.txt")
	if err := os.WriteFile(good, []byte(rec.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"verify", good}, nil, &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "ok: ") {
		t.Errorf("verify good record: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	// A seed other than the one committed to.
	rec.DiceSeed = fmt.Sprintf("%x", fairdice.NewSeed())
	bad := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(bad, []byte(rec.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"verify", bad}, nil, &stdout, &stderr); code != 2 || stdout.Len() != 0 || !strings.Contains(stderr.String(), "but the commitment was") {
		t.Errorf("verify tampered record: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"verify"}, nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "want one argument") {
		t.Errorf("verify without a record: exit %d, stderr %q", code, stderr.String())
	}
}

// TestServeClusterFlags: the cluster's flags (and the stand-in's level)
// are checked before anything starts: one line on stderr, nothing on stdout, exit status 2.
func TestServeClusterFlags(t *testing.T) {
	db := filepath.Join(t.TempDir(), "passage.db")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--db", db, "--node", "web1"}, "PostgreSQL"},
		{[]string{"--db", "postgres://db/x", "--advertise", "10.0.0.5:8080"}, "--advertise"},
		{[]string{"--db", "postgres://db/x", "--lease", "0s"}, "--lease"},
		{[]string{"--db", db, "--drain-wait", "-1s"}, "--drain-wait"},
		{[]string{"--db", db, "--stand-in", "nope"}, `--stand-in: agent: unknown player "nope"`},
		{[]string{"--db", db, "--public-url", "passage.example.org"}, "--public-url"},
		{[]string{"--db", db, "--public-url", "ftp://passage.example.org"}, "--public-url"},
		{[]string{"--db", db, "--public-url", "https://passage.example.org/?x=1"}, "--public-url"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"serve", "--addr", "127.0.0.1:0"}, tt.args...), nil, &stdout, &stderr)
		if code != 2 || stdout.Len() != 0 || strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("serve %v: exit %d, stdout %q, stderr %q; want exit 2 and one line about %s", tt.args, code, stdout.String(), stderr.String(), tt.want)
		}
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Errorf("a refused serve created the database (%v)", err)
	}
}

// TestServeDatabaseChoice: PASSAGE_DB names the database when --db is
// not given; a postgres:// URL selects PostgreSQL and is printed without
// its password.
func TestServeDatabaseChoice(t *testing.T) {
	t.Setenv("PASSAGE_DB", "")
	if got := dbDefault(); got != "passage.db" {
		t.Errorf("without PASSAGE_DB: %q, want passage.db", got)
	}
	t.Setenv("PASSAGE_DB", "postgres://passage:secret@db/passage")
	if got := dbDefault(); got != "postgres://passage:secret@db/passage" {
		t.Errorf("with PASSAGE_DB: %q", got)
	}
	for db, want := range map[string]bool{"postgres://db/x": true, "postgresql://db/x": true, "passage.db": false, "postgres.db": false} {
		if isPostgres(db) != want {
			t.Errorf("isPostgres(%q) = %v, want %v", db, !want, want)
		}
	}
	if got := dbName("postgres://passage:secret@db/passage"); strings.Contains(got, "secret") {
		t.Errorf("dbName shows the password: %q", got)
	}
}

// TestServeUsageNamesEveryFlag: the usage lines of 'passage help serve'
// name every flag its list describes (they named 5 of 19).
func TestServeUsageNamesEveryFlag(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "help", "serve")
	usage, flags, ok := strings.Cut(stdout, "\nFlags:\n")
	if code != 0 || !ok {
		t.Fatalf("passage help serve: exit %d\n%s", code, stdout)
	}
	usage, _, _ = strings.Cut(usage, "\nExample:")
	for _, m := range regexp.MustCompile(`(?m)^  --(\S+)`).FindAllStringSubmatch(flags, -1) {
		if !strings.Contains(usage, "[--"+m[1]+" ") && !strings.Contains(usage, "[--"+m[1]+"]") {
			t.Errorf("the usage lines do not name --%s:\n%s", m[1], usage)
		}
	}
}
