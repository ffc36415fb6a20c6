package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/time/rate"

	"passage/internal/fairdice"
	"passage/internal/store"
	"passage/internal/store/sqlite"
)

// The load and abuse harness: bounded runs on loopback that report the
// server's figures as benchmark metrics. Run them one at a time, on a
// quiet machine, under nice:
//
//	nice -n 19 go test ./internal/server -run '^$' -bench 'Load/people' -benchtime 1x -timeout 10m
//
// Each benchmark does one run whatever b.N is (use -benchtime 1x). The
// clients run in the same process as the server, so CPU and memory
// figures include both ends, except for the restart, measured on the
// real binary. The targets are in the README with the figures.

func BenchmarkLoad(b *testing.B) {
	b.Run("people", func(b *testing.B) { // 1,000 live games between people
		for range b.N {
			loadPeople(b, envInt("PASSAGE_LOAD_GAMES", 1000), 20*time.Second)
		}
	})
	b.Run("computers", func(b *testing.B) { // /healthz while 100 expert games run
		for range b.N {
			loadComputers(b, envInt("PASSAGE_LOAD_GAMES", 100), 20*time.Second)
		}
	})
	b.Run("restart", func(b *testing.B) { // restart with 100,000 stored games
		for range b.N {
			loadRestart(b, envInt("PASSAGE_LOAD_GAMES", 100000))
		}
	})
	b.Run("waiting", func(b *testing.B) { // the memory of 10,000 waiting games
		for range b.N {
			loadWaiting(b, envInt("PASSAGE_LOAD_GAMES", 10000))
		}
	})
	b.Run("abuse", func(b *testing.B) { // the findings replayed at once
		for range b.N {
			loadAbuse(b)
		}
	})
}

// envInt is the integer in environment variable name, or def.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// unlimited lifts the limits that a harness, one client creating
// everything, would hit.
func unlimited(cfg Config) Config {
	cfg.CreateRate, cfg.CreateBurst = rate.Inf, 1
	cfg.TakeRate, cfg.TakeBurst = rate.Inf, 1
	cfg.MaxComputerGames = 1 << 20
	cfg.MaxGames = 1 << 20
	cfg.MaxStreams = 1 << 20
	return cfg
}

// loadClient is an HTTP client that keeps enough connections open.
func loadClient() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConns: 4096, MaxIdleConnsPerHost: 4096, IdleConnTimeout: time.Minute}, Timeout: 30 * time.Second}
}

// apiCall sends a JSON request; it returns the decoded answer's error.
func apiCall(c *http.Client, method, url, token string, body, out any) error {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		return err
	}
	if method != "GET" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, url, resp.StatusCode, b)
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// latencies is a concurrent list of durations.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d time.Duration) {
	l.mu.Lock()
	l.d = append(l.d, d)
	l.mu.Unlock()
}

// quantile is the q quantile (nearest rank), in milliseconds.
func (l *latencies) quantile(q float64) float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.d) == 0 {
		return 0
	}
	s := slices.Clone(l.d)
	slices.Sort(s)
	i := max(0, min(len(s)-1, int(q*float64(len(s))+0.5)-1))
	return float64(s[i].Microseconds()) / 1000
}

func (l *latencies) len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.d)
}

// probeHealth asks /healthz every interval until ctx ends.
func probeHealth(ctx context.Context, c *http.Client, url string, every time.Duration, into *latencies) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			t0 := time.Now()
			if apiCall(c, "GET", url+"/healthz", "", nil, nil) == nil {
				into.add(time.Since(t0))
			}
		}
	}
}

// rss is the process's resident memory and its peak, in bytes.
func rss(pid string) (now, peak int64) {
	b, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return 0, 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			switch f[0] {
			case "VmRSS:":
				now = kb << 10
			case "VmHWM:":
				peak = kb << 10
			}
		}
	}
	return now, peak
}

// listen serves srv on an ephemeral loopback port.
func listen(b *testing.B, srv *Server) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	hs := srv.HTTPServer()
	go hs.Serve(ln)
	b.Cleanup(func() { hs.Close() })
	return "http://" + ln.Addr().String()
}

// loadPeople plays games between two person-like clients for d: each
// follows its game over WebSocket and throws and moves over the API,
// thinking 0.5-1.5 s before each action. It reports moves per second,
// move-to-broadcast (from sending the move to receiving its broadcast)
// p50 and p99, /healthz p99, RSS and goroutines.
func loadPeople(b *testing.B, games int, d time.Duration) {
	s := newTestServer(b, unlimited(Config{}))
	url := listen(b, s.srv)
	c := loadClient()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var bcast, health latencies
	var moves sync.WaitGroup
	var failures, played int64
	var firstErr error
	var mu sync.Mutex
	for i := range games {
		var created createResponse
		if err := apiCall(c, "POST", url+"/api/games", "", createRequest{Rules: "senet-jequier",
			Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Take: true}}}, &created); err != nil {
			b.Fatal(err)
		}
		moves.Add(1)
		go func() {
			defer moves.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 1))
			n, err := playLikePeople(ctx, c, url, url, created.Game.ID, created.Token, rng, &bcast)
			mu.Lock()
			played += int64(n)
			if err != nil && ctx.Err() == nil {
				failures++
				if firstErr == nil {
					firstErr = err
				}
			}
			mu.Unlock()
		}()
	}
	go probeHealth(ctx, c, url, 20*time.Millisecond, &health)
	t0, cpu0 := time.Now(), cpuTime()
	<-ctx.Done()
	elapsed, cpu := time.Since(t0), cpuTime()-cpu0
	now, peak := rss("self")
	goroutines := runtime.NumGoroutine()
	moves.Wait()
	b.ReportMetric(float64(played)/elapsed.Seconds(), "moves/s")
	b.ReportMetric(bcast.quantile(0.5), "p50-broadcast-ms")
	b.ReportMetric(bcast.quantile(0.99), "p99-broadcast-ms")
	b.ReportMetric(histogramQuantile(b, c, url, "passage_move_broadcast_seconds", 0.99)*1000, "server-p99-broadcast-ms")
	b.ReportMetric(health.quantile(0.99), "p99-healthz-ms")
	b.ReportMetric(float64(now)/(1<<20), "RSS-MB")
	b.ReportMetric(float64(peak)/(1<<20), "peak-RSS-MB")
	b.ReportMetric(float64(goroutines), "goroutines")
	b.ReportMetric(float64(failures), "failed-games")
	if failures > 0 {
		// A refused game is a harness that measures the wrong thing (a
		// limit unlimited does not lift), not a slow server.
		b.Errorf("%d of %d games failed, the first with %v", failures, games, firstErr)
	}
	// The CPU the whole process used per move, both ends: what the run
	// needs of the machine, whatever share of it the run was given.
	b.ReportMetric(cpu.Seconds()*1000/float64(max(played, 1)), "CPU-ms/move")
	b.ReportMetric(cpu.Seconds()/elapsed.Seconds(), "cores-used")
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// playLikePeople plays one game with one token for both seats until ctx
// ends or the game does, and returns the moves it made. It acts through
// the API at url and follows the game's stream at watchURL (another
// node's, to measure across nodes).
func playLikePeople(ctx context.Context, c *http.Client, url, watchURL, id, token string, rng *rand.Rand, bcast *latencies) (int, error) {
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(watchURL, "http")+"/api/games/"+id+"/events", nil)
	if err != nil {
		return 0, err
	}
	defer ws.CloseNow()
	ws.SetReadLimit(1 << 20)
	type broadcast struct {
		turn int
		at   time.Time
	}
	moved := make(chan broadcast, 1) // moves broadcast, when they arrived
	go func() {
		for {
			_, b, err := ws.Read(ctx)
			if err != nil {
				close(moved)
				return
			}
			var m message
			if json.Unmarshal(b, &m) == nil && m.Event != nil && m.Event.Kind == "move" {
				select {
				case moved <- broadcast{m.Game.Turns, time.Now()}:
				default:
				}
			}
		}
	}()
	n := 0
	for {
		think := func() bool {
			select {
			case <-ctx.Done():
				return false
			case <-time.After(time.Duration(500+rng.IntN(1000)) * time.Millisecond):
				return true
			}
		}
		if !think() {
			return n, nil
		}
		var g gameResponse
		if err := apiCall(c, "POST", url+"/api/games/"+id+"/throw", token, nil, &g); err != nil {
			return n, err
		}
		if !think() {
			return n, nil
		}
		sent := time.Now()
		if err := apiCall(c, "POST", url+"/api/games/"+id+"/move", token, map[string]any{"move": g.Game.Moves[rng.IntN(len(g.Game.Moves))].Move}, &g); err != nil {
			return n, err
		}
		for m := range moved {
			if m.turn >= g.Game.Turns {
				bcast.add(m.at.Sub(sent))
				break
			}
		}
		n++
		if g.Game.Status == "over" {
			return n, nil
		}
	}
}

// loadComputers runs games between expert players (no pause) and asks
// /healthz every 10 ms: its p50 and p99, and the moves per second.
func loadComputers(b *testing.B, games int, d time.Duration) {
	s := newTestServer(b, unlimited(Config{}))
	url := listen(b, s.srv)
	c := loadClient()
	for range games {
		if err := apiCall(c, "POST", url+"/api/games", "", createRequest{Rules: "senet-jequier",
			Seats: []seatRequest{{Kind: "expert"}, {Kind: "expert"}}}, nil); err != nil {
			b.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var health latencies
	t0 := time.Now()
	probeHealth(ctx, c, url, 10*time.Millisecond, &health)
	elapsed := time.Since(t0)
	queued, running := s.srv.pool.counts()
	b.ReportMetric(health.quantile(0.5), "p50-healthz-ms")
	b.ReportMetric(health.quantile(0.99), "p99-healthz-ms")
	b.ReportMetric(float64(health.len()), "healthz-probes")
	b.ReportMetric(float64(moveCount(b, url, c))/elapsed.Seconds(), "moves/s")
	b.ReportMetric(float64(queued), "searches-queued")
	b.ReportMetric(float64(running), "searches-running")
}

// histogramQuantile is the upper bound of the bucket of histogram name
// that holds its q quantile, as the server's /metrics reports it.
func histogramQuantile(b *testing.B, c *http.Client, url, name string, q float64) float64 {
	resp, err := c.Get(url + "/metrics")
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	type bucket struct{ le, n float64 }
	var buckets []bucket
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), name+`_bucket{le="`)
		if !ok {
			continue
		}
		le, n, _ := strings.Cut(rest, `"} `)
		l, _ := strconv.ParseFloat(le, 64)
		v, _ := strconv.ParseFloat(n, 64)
		buckets = append(buckets, bucket{l, v})
	}
	if len(buckets) == 0 {
		return 0
	}
	total := buckets[len(buckets)-1].n
	for _, bk := range buckets {
		if bk.n >= q*total {
			return bk.le
		}
	}
	return buckets[len(buckets)-1].le
}

// moveCount reads passage_moves_total.
func moveCount(b *testing.B, url string, c *http.Client) int {
	resp, err := c.Get(url + "/metrics")
	if err != nil {
		b.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "passage_moves_total "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return int(f)
		}
	}
	return 0
}

// loadRestart stores games (a tenth live between computers, the others
// between people: waiting, live and over) and starts the real binary
// on them: the time until it serves, and its RSS then and at its peak.
func loadRestart(b *testing.B, games int) {
	ctx := context.Background()
	dir := b.TempDir()
	db := filepath.Join(dir, "passage.db")
	st, err := sqlite.Open(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	seed := fairdice.NewSeed()
	start := "wbwbwbwbw.b................... b opening=w"
	batch := make([]store.Game, 0, 5000)
	for i := range games {
		g := store.Game{ID: gameID("r", i), Rules: "senet-jequier", Start: start, Pos: start, Status: store.StatusLive,
			Seats:  []store.Seat{{Kind: store.Human, TokenHash: "a"}, {Kind: store.Human, TokenHash: "b"}},
			Commit: fairdice.Commit(seed), Seed: seed, Created: time.Now(), Updated: time.Now()}
		switch i % 10 {
		case 0:
			g.Seats[1] = store.Seat{Kind: "easy"} // the computer (Black) to play
		case 1, 2, 3:
			g.Status = store.StatusWaiting
			g.Seats[1] = store.Seat{Kind: store.Human, Anyone: i%2 == 0}
		case 4, 5:
			g.Status = store.StatusOver
		}
		if batch = append(batch, g); len(batch) == cap(batch) || i == games-1 {
			if err := st.CreateGames(ctx, batch); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	st.Close()
	bin := filepath.Join(dir, "passage")
	if out, err := exec.Command("go", "build", "-o", bin, "passage/cmd/passage").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	t0 := time.Now()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db, "--log", "warn", "--bot-delay", "1h")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.Contains(line, "serving") {
		b.Fatalf("the server said %q, %v", line, err)
	}
	ready := time.Since(t0)
	now, peak := rss(strconv.Itoa(cmd.Process.Pid))
	b.ReportMetric(ready.Seconds(), "restart-s")
	b.ReportMetric(float64(now)/(1<<20), "RSS-MB")
	b.ReportMetric(float64(peak)/(1<<20), "peak-RSS-MB")
}

// loadWaiting creates waiting games through the API and holds each in
// memory (as when its page is open): the heap and stack they cost.
func loadWaiting(b *testing.B, games int) {
	s := newTestServer(b, unlimited(Config{}))
	ctx := context.Background()
	var ids []string
	for range games {
		var c createResponse
		if err := apiCall(http.DefaultClient, "POST", s.url+"/api/games", "", createRequest{Rules: "senet-jequier"}, &c); err != nil {
			b.Fatal(err)
		}
		ids = append(ids, c.Game.ID)
	}
	stored := s.srv.GamesInMemory()
	heap0, stack0 := memory()
	for _, id := range ids {
		if _, _, err := s.srv.load(ctx, id); err != nil {
			b.Fatal(err)
		}
	}
	heap1, stack1 := memory()
	total := heap1 - heap0 + stack1 - stack0
	b.ReportMetric(float64(stored), "in-memory-before-load")
	b.ReportMetric(float64(total)/(1<<20), "MB-in-memory")
	b.ReportMetric(float64(total)/float64(games), "bytes/game")
}

// memory is the live heap and the goroutine stacks in use.
func memory() (heap, stack int64) {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc), int64(m.StackInuse)
}

// loadAbuse replays the findings at once, with the default limits,
// while /healthz is probed: a flood of creations from one address,
// computer-only games past the cap, cross-site and text/plain
// requests, invited seats without their secret, 100 trickling bodies
// and 100 silent connections. It reports how many of each were refused
// and /healthz p99.
func loadAbuse(b *testing.B) {
	s := newTestServer(b, Config{ReadHeaderTimeout: time.Second, ReadTimeout: 2 * time.Second, IdleTimeout: 2 * time.Second, BotDelay: time.Millisecond})
	url := listen(b, s.srv)
	c := loadClient()
	ctx, cancel := context.WithCancel(context.Background())
	var health latencies
	done := make(chan struct{})
	go func() { probeHealth(ctx, c, url, 10*time.Millisecond, &health); close(done) }()
	refused := map[string]int{}
	try := func(what string, req *http.Request) {
		resp, err := c.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode >= 400 {
			refused[what]++
		}
	}
	post := func(path, ctype, origin, body string) *http.Request {
		req, _ := http.NewRequest("POST", url+path, strings.NewReader(body))
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		return req
	}
	for range 20 {
		try("computers", post("/api/games", "application/json", "", `{"rules":"senet-jequier","seats":[{"kind":"expert"},{"kind":"expert"}]}`))
	}
	for range 1000 {
		try("flood", post("/api/games", "application/json", "", `{"rules":"senet-jequier"}`))
	}
	for range 100 {
		try("text-plain", post("/api/games", "text/plain", "", `{"rules":"senet-jequier"}`))
		try("cross-origin", post("/api/games", "application/json", "https://evil.example", `{"rules":"senet-jequier"}`))
	}
	var list gameList
	if err := apiCall(c, "GET", url+"/api/games?limit=500", "", nil, &list); err != nil {
		b.Fatal(err)
	}
	for _, g := range list.Games {
		if g.Status == "waiting" {
			try("uninvited", post("/api/games/"+g.ID+"/seats/1", "application/json", "", `{}`))
		}
	}
	var conns []net.Conn
	for i := range 200 {
		conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
		if err != nil {
			b.Fatal(err)
		}
		conns = append(conns, conn)
		if i%2 == 0 {
			fmt.Fprintf(conn, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{")
		}
	}
	time.Sleep(4 * time.Second) // past the read and idle timeouts
	open := 0
	for _, conn := range conns {
		conn.SetReadDeadline(time.Now().Add(10 * time.Millisecond))
		if _, err := conn.Read(make([]byte, 1)); err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				open++
			}
		}
		conn.Close()
	}
	cancel()
	<-done
	for _, what := range []string{"flood", "computers", "text-plain", "cross-origin", "uninvited"} {
		b.ReportMetric(float64(refused[what]), "refused-"+what)
	}
	b.ReportMetric(float64(open), "slow-conns-still-open")
	b.ReportMetric(health.quantile(0.99), "p99-healthz-ms")
}
