package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"passage/web"
)

// rawClient asks for exactly the encodings a test names: Go's client
// otherwise adds Accept-Encoding: gzip and unzips behind the test's back.
var rawClient = &http.Client{Transport: &http.Transport{DisableCompression: true}}

// rawGet is GET path with the given headers, and the body as sent.
func rawGet(t *testing.T, s *testServer, path string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.url+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := rawClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("bad gzip: %v", err)
	}
	return out
}

func varies(resp *http.Response, on string) bool {
	for _, v := range resp.Header.Values("Vary") {
		for f := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(f), on) {
				return true
			}
		}
	}
	return false
}

var staticRef = regexp.MustCompile(`(?:href|src)="(/static/[^"]*)"`)
var relativeImport = regexp.MustCompile(`from '(\./[^']+)'`)

// TestStaticFiles: the pages name the static files under this release's
// version, where they are kept a year (immutable) with a strong ETag
// answered 304; gzipped once at start for a client that accepts it
// (Vary: Accept-Encoding, the same bytes once unzipped), plain for one
// that does not; the modules' relative imports resolve to files of the
// same version; an old version's address, or none, still gets the file,
// revalidated each time (finding 3 of the player review on a slow phone
// connection: every page view fetched every file again, uncompressed).
func TestStaticFiles(t *testing.T) {
	s := newTestServer(t, Config{})
	id, _, _ := twoPeople(t, s, "")
	static, err := loadStatic()
	if err != nil {
		t.Fatal(err)
	}
	refs := map[string]bool{}
	for _, page := range []string{"/", "/g/" + id, "/g/" + id + "/replay", "/rules"} {
		_, b := rawGet(t, s, page)
		for _, m := range staticRef.FindAllStringSubmatch(string(b), -1) {
			refs[m[1]] = true
		}
	}
	// The modules the pages load, and those they import, by following
	// their relative imports from the page's address.
	todo := slices.Sorted(func(yield func(string) bool) {
		for r := range refs {
			if !yield(r) {
				return
			}
		}
	})
	if len(todo) < 4 {
		t.Fatalf("the pages name only %v", todo)
	}
	for len(todo) > 0 {
		ref := todo[0]
		todo = todo[1:]
		prefix := "/static/" + static.version + "/"
		name, ok := strings.CutPrefix(ref, prefix)
		if !ok {
			t.Errorf("%s is not under this release's %s", ref, prefix)
			continue
		}
		want, err := web.Static.ReadFile("static/" + name)
		if err != nil {
			t.Errorf("%s: no such file in web/static: %v", ref, err)
			continue
		}
		resp, plain := rawGet(t, s, ref)
		if resp.StatusCode != http.StatusOK || !bytes.Equal(plain, want) || resp.Header.Get("Content-Encoding") != "" {
			t.Errorf("GET %s without Accept-Encoding: %d, %s, %d bytes, want the file's %d plain", ref, resp.StatusCode, resp.Header.Get("Content-Encoding"), len(plain), len(want))
		}
		if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("GET %s: Cache-Control %q, want a year, immutable", ref, cc)
		}
		etag := resp.Header.Get("ETag")
		if !strings.HasPrefix(etag, `"`) {
			t.Errorf("GET %s: ETag %q, want a strong one", ref, etag)
		}
		if resp, b := rawGet(t, s, ref, "If-None-Match", etag); resp.StatusCode != http.StatusNotModified || len(b) != 0 {
			t.Errorf("GET %s If-None-Match its ETag: %d with %d bytes, want 304", ref, resp.StatusCode, len(b))
		}
		if compressible(resp.Header.Get("Content-Type")) {
			if !varies(resp, "Accept-Encoding") {
				t.Errorf("GET %s: Vary %q lacks Accept-Encoding", ref, resp.Header.Values("Vary"))
			}
			zr, zb := rawGet(t, s, ref, "Accept-Encoding", "gzip, deflate, br")
			if zr.Header.Get("Content-Encoding") != "gzip" || !varies(zr, "Accept-Encoding") {
				t.Errorf("GET %s accepting gzip: Content-Encoding %q, Vary %q", ref, zr.Header.Get("Content-Encoding"), zr.Header.Values("Vary"))
				continue
			}
			if len(zb) >= len(want) || zr.Header.Get("Content-Length") != strconv.Itoa(len(zb)) {
				t.Errorf("GET %s gzipped: %d bytes (Content-Length %s) for %d", ref, len(zb), zr.Header.Get("Content-Length"), len(want))
			}
			if got := gunzip(t, zb); !bytes.Equal(got, want) {
				t.Errorf("GET %s gzipped: unzipped, %d bytes other than the file's %d", ref, len(got), len(want))
			}
			zetag := zr.Header.Get("ETag")
			if zetag == etag || !strings.HasPrefix(zetag, `"`) {
				t.Errorf("GET %s gzipped: ETag %q, want a strong one of its own (plain: %q)", ref, zetag, etag)
			}
			if resp, _ := rawGet(t, s, ref, "Accept-Encoding", "gzip", "If-None-Match", zetag); resp.StatusCode != http.StatusNotModified {
				t.Errorf("GET %s gzipped, If-None-Match its ETag: %d, want 304", ref, resp.StatusCode)
			}
			if resp, _ := rawGet(t, s, ref, "Accept-Encoding", "gzip;q=0, identity"); resp.Header.Get("Content-Encoding") != "" {
				t.Errorf("GET %s refusing gzip (q=0): Content-Encoding %q", ref, resp.Header.Get("Content-Encoding"))
			}
		}
		if strings.HasSuffix(name, ".js") {
			base, _ := url.Parse(ref)
			for _, m := range relativeImport.FindAllStringSubmatch(string(want), -1) {
				imp, _ := url.Parse(m[1])
				if to := base.ResolveReference(imp).Path; !refs[to] {
					refs[to] = true
					todo = append(todo, to)
				}
			}
		}
	}
	for _, name := range []string{"app.js", "game.js", "i18n.js", "style.css", "favicon.svg"} {
		if !refs["/static/"+static.version+"/"+name] {
			t.Errorf("%s: neither named by a page nor imported", name)
		}
	}

	// A page from before a deploy (another version) or an address with
	// none: this release's file, revalidated, not kept for a year.
	want, _ := web.Static.ReadFile("static/game.js")
	for _, path := range []string{"/static/0123456789ab/game.js", "/static/game.js"} {
		resp, b := rawGet(t, s, path, "Accept-Encoding", "gzip")
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Cache-Control") != "no-cache" || !bytes.Equal(gunzip(t, b), want) {
			t.Errorf("GET %s: %d, Cache-Control %q, want this release's game.js, no-cache", path, resp.StatusCode, resp.Header.Get("Cache-Control"))
		}
	}
	for _, path := range []string{"/static/" + static.version + "/nothing.js", "/static/nothing.js"} {
		if resp, _ := rawGet(t, s, path); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, resp.StatusCode)
		}
	}
}

// TestCompressedAnswers: the pages and the API's larger answers (a
// game's record.json) are gzipped for a client that accepts it, with
// Vary: Accept-Encoding, and unzip to what a client without gzip gets;
// a small answer, a POST's and a client's without Accept-Encoding are
// sent as they are.
func TestCompressedAnswers(t *testing.T) {
	s := newTestServer(t, Config{})
	id, white, black := twoPeople(t, s, "")
	s.firstTurns(t, id, map[int]string{0: white, 1: black})
	for _, path := range []string{"/", "/g/" + id, "/docs/api", "/api/games/" + id + "/record.json", "/api/rulesets", "/rules/kinevet/board.svg"} {
		plainResp, plain := rawGet(t, s, path)
		if plainResp.StatusCode != http.StatusOK || plainResp.Header.Get("Content-Encoding") != "" {
			t.Errorf("GET %s without Accept-Encoding: %d, Content-Encoding %q", path, plainResp.StatusCode, plainResp.Header.Get("Content-Encoding"))
		}
		if len(plain) < gzipMinSize {
			t.Fatalf("GET %s: %d bytes, too few to be compressed: choose a larger answer", path, len(plain))
		}
		resp, zb := rawGet(t, s, path, "Accept-Encoding", "gzip")
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" || !varies(resp, "Accept-Encoding") {
			t.Errorf("GET %s accepting gzip: %d, Content-Encoding %q, Vary %q", path, resp.StatusCode, resp.Header.Get("Content-Encoding"), resp.Header.Values("Vary"))
			continue
		}
		if resp.Header.Get("Content-Type") != plainResp.Header.Get("Content-Type") {
			t.Errorf("GET %s gzipped: Content-Type %q, plain %q", path, resp.Header.Get("Content-Type"), plainResp.Header.Get("Content-Type"))
		}
		if len(zb) >= len(plain) {
			t.Errorf("GET %s gzipped: %d bytes for %d", path, len(zb), len(plain))
		}
		if got := gunzip(t, zb); !bytes.Equal(got, plain) {
			t.Errorf("GET %s gzipped: unzipped it differs from the plain answer (%d bytes, %d)", path, len(got), len(plain))
		}
		if strings.HasPrefix(path, "/g/") && !varies(resp, "Accept-Language") {
			t.Errorf("GET %s gzipped: Vary %q lost the page's own", path, resp.Header.Values("Vary"))
		}
	}
	if resp, b := rawGet(t, s, "/healthz", "Accept-Encoding", "gzip"); resp.Header.Get("Content-Encoding") != "" || len(b) >= gzipMinSize {
		t.Errorf("GET /healthz: Content-Encoding %q (%d bytes), want none for a small answer", resp.Header.Get("Content-Encoding"), len(b))
	}
	req, _ := http.NewRequest(http.MethodPost, s.url+"/api/games/"+id+"/throw", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := rawClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "" {
		t.Errorf("POST throw: Content-Encoding %q, want none", resp.Header.Get("Content-Encoding"))
	}
}

// TestCompressStreams: a handler that flushes gets its bytes out at
// each Flush, compressed, and the whole unzips to what it wrote; one
// that sets its own encoding, an event stream, or a type that is not
// text, passes as it is; a WebSocket upgrade asking for gzip is served a stream.
func TestCompressStreams(t *testing.T) {
	ts := httptest.NewServer(compress(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/flush":
			w.Header().Set("Content-Type", "text/plain")
			rc := http.NewResponseController(w)
			io.WriteString(w, "first ")
			if err := rc.Flush(); err != nil {
				t.Errorf("flush: %v", err)
			}
			<-r.Context().Done() // held until the client has read "first"
		case "/png":
			w.Header().Set("Content-Type", "image/png")
			w.Write(bytes.Repeat([]byte{1}, 4096))
		case "/events":
			w.Header().Set("Content-Type", "text/event-stream")
			w.Write(bytes.Repeat([]byte("data:x\n\n"), 512))
		case "/encoded":
			w.Header().Set("Content-Type", "text/plain")
			w.Header().Set("Content-Encoding", "br")
			w.Write(bytes.Repeat([]byte{1}, 4096))
		}
	})))
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+"/flush", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := rawClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("a flushed text answer: Content-Encoding %q, want gzip", resp.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]byte, len("first "))
	if _, err := io.ReadFull(zr, got); err != nil || string(got) != "first " {
		t.Fatalf("before the handler ends: %q, %v, want the flushed %q", got, err, "first ")
	}
	cancel()
	resp.Body.Close()
	for _, path := range []string{"/png", "/events", "/encoded"} {
		req, _ := http.NewRequest(http.MethodGet, ts.URL+path, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := rawClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if want := map[string]string{"/encoded": "br"}[path]; resp.Header.Get("Content-Encoding") != want || len(b) != 4096 {
			t.Errorf("GET %s: Content-Encoding %q, %d bytes, want %q and the 4096 written", path, resp.Header.Get("Content-Encoding"), len(b), want)
		}
	}

	s := newTestServer(t, Config{})
	id, _, _ := twoPeople(t, s, "")
	h := http.Header{}
	h.Set("Accept-Encoding", "gzip, deflate, br")
	dctx, dcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer dcancel()
	c, _, err := websocket.Dial(dctx, "ws"+strings.TrimPrefix(s.url, "http")+"/api/games/"+id+"/events", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("a WebSocket asking for gzip: %v", err)
	}
	defer c.CloseNow()
	w := &wsClient{t: t, c: c}
	if m := w.read(); m.Type != "state" {
		t.Errorf("a WebSocket asking for gzip: first message %+v, want the state", m)
	}
}

// staticURL is the address of web/static's file name in this release,
// as the pages name it: a test that imports a module the page has
// loaded gets the same instance, not a second copy from /static/NAME.
func staticURL(t *testing.T, name string) string {
	t.Helper()
	static, err := loadStatic()
	if err != nil {
		t.Fatal(err)
	}
	u, err := static.url(name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
