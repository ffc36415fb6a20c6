package server

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

// recordsAnswer is one answer of GET /api/records.zip, read.
type recordsAnswer struct {
	names   []string          // the archive's files, in order
	files   map[string]string // their contents
	next    string            // the Link header's rel="next" URL, "" for none
	comment string
}

func (s *testServer) records(t *testing.T, path string) recordsAnswer {
	t.Helper()
	resp, err := http.Get(s.url + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d (%s), want 200", path, resp.StatusCode, body)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/zip" {
		t.Errorf("GET %s: Content-Type %q, want application/zip", path, ct)
	}
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatalf("GET %s: not a ZIP archive: %v", path, err)
	}
	out := recordsAnswer{files: map[string]string{}, comment: zr.Comment}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out.names = append(out.names, f.Name)
		out.files[f.Name] = string(b)
	}
	if link := resp.Header.Get("Link"); link != "" {
		u, ok := strings.CutPrefix(link, "<")
		u, rel, ok2 := strings.Cut(u, ">")
		if !ok || !ok2 || rel != `; rel="next"` {
			t.Fatalf("GET %s: Link %q, want <URL>; rel=\"next\"", path, link)
		}
		out.next = u
	}
	return out
}

// TestRecordsZip downloads the records of finished games in bulk: every
// game over and no other, newest first, each file what the game's own
// record endpoint answers, page by page to the end, by ruleset and by
// time.
func TestRecordsZip(t *testing.T) {
	s := newTestServer(t, Config{CreateBurst: 50, DownloadBurst: 100}) // it reads many pages at once
	both := []seatRequest{{Kind: "human", Take: true}, {Kind: "human", Take: true}}
	var over []string
	for range 3 { // Jéquier games won by a move
		c := s.create(t, createRequest{Rules: "senet-jequier", Start: nearEnd, Seats: both})
		s.throw(t, c.Game.ID, c.Token)
		if v := s.move(t, c.Game.ID, c.Token, "30-off"); v.Status != "over" {
			t.Fatalf("the game did not end: %+v", stateOf(v))
		}
		over = append(over, c.Game.ID)
	}
	resign := func(req createRequest) string {
		c := s.create(t, req)
		var resp gameResponse
		s.ok(t, http.StatusOK, "POST", "/api/games/"+c.Game.ID+"/resign", c.Token, nil, &resp)
		if resp.Game.Status != "over" {
			t.Fatalf("the game did not end: %+v", stateOf(resp.Game))
		}
		return c.Game.ID
	}
	water := resign(createRequest{Rules: "senet-jequier", Options: map[string]string{"water": "15"}, Seats: both})
	kinevet := resign(createRequest{Rules: "kinevet", Options: map[string]string{"players": "2"}, Seats: both})
	over = append(over, water, kinevet)
	// Games not over, made last (the newest): never in the archive.
	live, _, _ := twoPeople(t, s, "")
	waiting := s.create(t, createRequest{Rules: "senet-jequier", Seats: []seatRequest{{Kind: "human", Take: true}, {Kind: "human"}}}).Game.ID

	// The order: the time each game ended, newest first, then by ID.
	ended := map[string]time.Time{}
	for _, id := range over {
		g, err := s.st.Game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		ended[id] = g.Updated
	}
	slices.SortFunc(over, func(a, b string) int {
		if c := ended[b].Compare(ended[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	files := func(ids ...string) []string {
		out := []string{}
		for _, id := range ids {
			out = append(out, id+".txt")
		}
		return out
	}

	all := s.records(t, "/api/records.zip")
	if !slices.Equal(all.names, files(over...)) {
		t.Errorf("files %v, want %v (the games over, newest first; not %s live nor %s waiting)", all.names, files(over...), live, waiting)
	}
	for _, id := range over {
		status, want := s.do(t, "GET", "/api/games/"+id+"/record", "", nil)
		if status != http.StatusOK {
			t.Fatalf("record of %s: status %d", id, status)
		}
		if got := all.files[id+".txt"]; got != string(want) {
			t.Errorf("%s.txt:\n%s\nwant what GET /api/games/%s/record answers:\n%s", id, got, id, want)
		}
		if !strings.Contains(string(want), "\ndice-seed ") {
			t.Errorf("the record of finished game %s has no dice seed:\n%s", id, want)
		}
	}
	if all.next != "" || !strings.Contains(all.comment, "last page") {
		t.Errorf("one page of all: Link %q, comment %q; want no next page", all.next, all.comment)
	}

	// Two a page: every game once, in order, following the Link header;
	// the archive's comment names the same next page.
	var paged []string
	path := "/api/records.zip?limit=2"
	for pages := 0; path != ""; pages++ {
		if pages > len(over) {
			t.Fatalf("more than %d pages", pages)
		}
		p := s.records(t, path)
		if len(p.names) > 2 {
			t.Errorf("GET %s: %d files, want at most 2", path, len(p.names))
		}
		paged = append(paged, p.names...)
		path = ""
		if p.next != "" {
			if !strings.Contains(p.comment, p.next) {
				t.Errorf("comment %q does not name the next page %s", p.comment, p.next)
			}
			path = strings.TrimPrefix(p.next, s.url)
			if path == p.next || !strings.Contains(path, "limit=2") {
				t.Fatalf("next page %s: want a URL of this server that keeps limit=2", p.next)
			}
		}
	}
	if !slices.Equal(paged, files(over...)) {
		t.Errorf("paged: %v, want %v", paged, files(over...))
	}

	// By ruleset: a name takes every set of options, opt one set.
	mid := ended[over[2]]
	for _, tt := range []struct {
		query string
		want  []string
	}{
		{"rules=kinevet", []string{kinevet}},
		{"rules=senet-jequier", slices.DeleteFunc(slices.Clone(over), func(id string) bool { return id == kinevet })},
		{"rules=senet-jequier&opt=water=15", []string{water}},
		{"rules=senet-jequier&opt=water=1", slices.DeleteFunc(slices.Clone(over), func(id string) bool { return id == kinevet || id == water })},
		{"rules=senet-apokrif", nil},
		// By the time each ended: since from, until before.
		{"since=" + mid.Format(time.RFC3339Nano), slices.DeleteFunc(slices.Clone(over), func(id string) bool { return ended[id].Before(mid) })},
		{"until=" + mid.Format(time.RFC3339Nano), slices.DeleteFunc(slices.Clone(over), func(id string) bool { return !ended[id].Before(mid) })},
		{"since=" + mid.Format(time.RFC3339Nano) + "&until=" + mid.Add(time.Millisecond).Format(time.RFC3339Nano),
			slices.DeleteFunc(slices.Clone(over), func(id string) bool { return !ended[id].Equal(mid) })},
	} {
		if got := s.records(t, "/api/records.zip?"+strings.ReplaceAll(tt.query, "+", "%2B")).names; !slices.Equal(got, files(tt.want...)) {
			t.Errorf("%s: %v, want %v", tt.query, got, files(tt.want...))
		}
	}
}

// TestRecordsZipBadRequests: each bad parameter of GET /api/records.zip
// is a 400 in the API's error shape that says what is wrong.
func TestRecordsZipBadRequests(t *testing.T) {
	s := newTestServer(t, Config{DownloadBurst: 100})
	for _, tt := range []struct{ query, want string }{
		{"limit=0", `limit "0": want 1 to 1000`},
		{"limit=1001", `limit "1001": want 1 to 1000`},
		{"limit=ten", `limit "ten"`},
		{"since=yesterday", `since "yesterday": want a time in RFC 3339`},
		{"until=2026-13-01T00:00:00Z", `until "2026-13-01T00:00:00Z"`},
		{"since=2026-02-01T00:00:00Z&until=2026-01-01T00:00:00Z", "is not before until"},
		{"before=nothing", `before "nothing": not a cursor`},
		{"before=12-abc", `before "12-abc": not a cursor`},
		{"before=-5-aaaaaaaaaaaaa", "not a cursor"},
		{"rules=chess", `rules "chess": unknown ruleset`},
		{"opt=water=15", "give rules too"},
		{"rules=senet-jequier&opt=water=3", "opt: "},
		{"status=live", `unknown parameter "status"`},
		{"limit=5&limit=6", `parameter "limit" given 2 times`},
	} {
		status, body := s.do(t, "GET", "/api/records.zip?"+tt.query, "", nil)
		if status != http.StatusBadRequest {
			t.Errorf("%s: status %d (%s), want 400", tt.query, status, body)
			continue
		}
		var e errorBody
		if err := json.Unmarshal(body, &e); err != nil || e.Code != "bad_request" || !strings.Contains(e.Error, tt.want) {
			t.Errorf("%s: %s, want {\"error\": ...%q..., \"code\": \"bad_request\"}", tt.query, body, tt.want)
		}
	}
	// A cursor past every game is an empty last page, not an error.
	p := s.records(t, "/api/records.zip?before=0-aaaaaaaaaaaaa")
	if len(p.names) != 0 || p.next != "" {
		t.Errorf("before the first game: %v, next %q; want an empty last page", p.names, p.next)
	}
}

// TestRecordsZipLinked: the /docs index offers the download and links
// to the API's section on it, which exists.
func TestRecordsZipLinked(t *testing.T) {
	s := newTestServer(t, Config{})
	_, index := getPage(t, s.url+"/docs", nil)
	if !strings.Contains(index, `href="/api/records.zip"`) {
		t.Error("/docs does not link to /api/records.zip")
	}
	m := regexp.MustCompile(`href="/docs/api#([^"]+)"`).FindStringSubmatch(index)
	if m == nil {
		t.Fatal("/docs does not link to the section of /docs/api on the records")
	}
	_, api := getPage(t, s.url+"/docs/api", nil)
	if !regexp.MustCompile(`<h3 id="` + regexp.QuoteMeta(m[1]) + `"[^>]*><code>GET /api/records.zip</code>`).MatchString(api) {
		t.Errorf("/docs/api has no heading GET /api/records.zip with id %q", m[1])
	}
}

// TestRecordsZipRateLimited: a page of records reads up to a thousand
// games, so one client gets DownloadBurst pages at once and then 429
// rate_limited with Retry-After; a request refused as bad is not counted.
func TestRecordsZipRateLimited(t *testing.T) {
	s := newTestServer(t, Config{DownloadRate: rate.Limit(1.0 / 3600), DownloadBurst: 2})
	if status, body := s.do(t, "GET", "/api/records.zip?limit=0", "", nil); status != http.StatusBadRequest {
		t.Fatalf("a bad page: status %d (%s), want 400", status, body)
	}
	for i := range 2 {
		if status, body := s.do(t, "GET", "/api/records.zip", "", nil); status != http.StatusOK {
			t.Fatalf("page %d: status %d (%s), want 200", i+1, status, body)
		}
	}
	resp, err := http.Get(s.url + "/api/records.zip")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var e errorBody
	if err := json.NewDecoder(resp.Body).Decode(&e); err != nil || resp.StatusCode != http.StatusTooManyRequests || e.Code != "rate_limited" || resp.Header.Get("Retry-After") == "" {
		t.Errorf("a third page at once: status %d, %+v (%v), Retry-After %q; want 429 rate_limited with Retry-After", resp.StatusCode, e, err, resp.Header.Get("Retry-After"))
	}
}
