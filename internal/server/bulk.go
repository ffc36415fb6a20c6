package server

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/store"
)

// The pages of GET /api/records.zip: recordsPage games unless the
// request asks for fewer, at most maxRecordsPage.
const (
	recordsPage    = 100
	maxRecordsPage = 1000
)

// recordsParams are the query parameters GET /api/records.zip knows:
// each at most once but opt, which may repeat.
var recordsParams = []string{"rules", "opt", "since", "until", "limit", "before"}

// recordsQuery reads the query of GET /api/records.zip into the filter
// of the games of its page, with one game more than the page holds (to
// know whether another page follows).
func recordsQuery(q url.Values) (store.Filter, int, error) {
	bad := func(format string, args ...any) (store.Filter, int, error) {
		return store.Filter{}, 0, newError(http.StatusBadRequest, nil, format, args...)
	}
	for k, v := range q {
		if !slices.Contains(recordsParams, k) {
			return bad("unknown parameter %q: want %s", clip(k), strings.Join(recordsParams, ", "))
		}
		if len(v) > 1 && k != "opt" {
			return bad("parameter %q given %d times: give it once", k, len(v))
		}
	}
	f := store.Filter{Status: store.StatusOver}
	if name := q.Get("rules"); name != "" {
		if _, err := catalog.Lookup(name); err != nil {
			return bad("rules %q: unknown ruleset (GET /api/rulesets lists them)", clip(name))
		}
		if opts := q["opt"]; len(opts) > 0 {
			kit, err := catalog.Open(name, opts)
			if err != nil {
				return bad("opt: %s", clip(err.Error()))
			}
			f.RulesID = kit.ID()
		} else {
			f.Rules = name
		}
	} else if q.Has("opt") {
		return bad("opt is for a ruleset's options: give rules too")
	}
	for _, p := range []struct {
		name string
		t    *time.Time
	}{{"since", &f.Since}, {"until", &f.Until}} {
		v := q.Get(p.name)
		if v == "" {
			continue
		}
		t, err := time.Parse(time.RFC3339, v)
		if err != nil {
			return bad("%s %q: want a time in RFC 3339 (2026-01-31T12:00:00Z)", p.name, clip(v))
		}
		*p.t = t
	}
	if !f.Since.IsZero() && !f.Until.IsZero() && !f.Since.Before(f.Until) {
		return bad("since %s is not before until %s: no game can be in between", q.Get("since"), q.Get("until"))
	}
	n := recordsPage
	if l := q.Get("limit"); l != "" {
		var err error
		n, err = strconv.Atoi(l)
		if err != nil || n < 1 || n > maxRecordsPage {
			return bad("limit %q: want 1 to %d games a page (fetch the next with the Link header's URL)", clip(l), maxRecordsPage)
		}
	}
	if b := q.Get("before"); b != "" {
		c, ok := parseRecordsCursor(b)
		if !ok {
			return bad("before %q: not a cursor of this endpoint (copy the next page's URL from the Link header or the archive's comment)", clip(b))
		}
		f.After = c
	}
	f.Limit = n + 1
	return f, n, nil
}

// The cursor of GET /api/records.zip's next page, the value of before:
// the last game of a page, as the time of its end in Unix milliseconds
// and its ID ("1765144697123-abcdefghijklm").
func recordsCursor(g store.Game) string {
	return strconv.FormatInt(store.MS(g.Updated), 10) + "-" + g.ID
}

func parseRecordsCursor(v string) (store.Cursor, bool) {
	ms, id, ok := strings.Cut(v, "-")
	if !ok || !validID(id) {
		return store.Cursor{}, false
	}
	n, err := strconv.ParseInt(ms, 10, 64)
	if err != nil || n < 0 {
		return store.Cursor{}, false
	}
	return store.Cursor{Updated: store.FromMS(n), ID: id}, true
}

// handleRecords answers GET /api/records.zip: a ZIP archive of the
// records of finished games, newest first, one page at a time. Each
// game is a file GAMEID.txt that holds what GET /api/games/{id}/record
// answers for it (recordText); a live game is never in it, so no seed
// of a game in play is. The URL of the next page, if any, is in the
// Link header (rel="next") and in the archive's comment.
//
// The archive is written as it is read from the store. A failure once
// it has begun cannot change the status any more: the connection is
// cut, and the archive, without its end, does not open.
func (s *Server) handleRecords(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f, n, err := recordsQuery(q)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// Counted once the request is sound: a page reads up to
	// maxRecordsPage games, so a client gets a few a minute.
	if err := limit(s.downloads, s.clientID(r), "record downloads"); err != nil {
		s.fail(w, r, err)
		return
	}
	games, err := s.st.Games(r.Context(), f)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	next := ""
	if len(games) > n {
		games = games[:n]
		q.Set("before", recordsCursor(games[n-1]))
		next = s.baseURL(r) + "/api/records.zip?" + q.Encode()
	}
	h := w.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", `attachment; filename="passage-records.zip"`)
	h.Set("Cache-Control", "no-store")
	if next != "" {
		h.Set("Link", "<"+next+`>; rel="next"`)
	}
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	zw := zip.NewWriter(w)
	written := 0
	for _, g := range games {
		// Each game has the time a request has to write its answer:
		// a whole page may take longer, a stalled client may not.
		rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		// The game as listed: a finished game changes no more, so only
		// its turns are read (gone if it was pruned since).
		rec, _, _, _, err := s.recordOfGame(r.Context(), g)
		switch {
		case errors.Is(err, store.ErrNotFound) || errors.Is(err, game.ErrUnknownRules):
			continue // pruned since it was listed, or a ruleset this build does not know
		case err != nil:
			s.abortRecords(r, g.ID, err)
		case g.Status != store.StatusOver:
			s.abortRecords(r, g.ID, fmt.Errorf("the store listed a game that is %s among the finished", g.Status))
		}
		text, err := recordBytes(rec)
		var fw io.Writer
		if err == nil {
			fw, err = zw.CreateHeader(&zip.FileHeader{Name: g.ID + ".txt", Method: zip.Deflate, Modified: g.Updated})
		}
		if err == nil {
			_, err = fw.Write(text)
		}
		if err != nil {
			s.abortRecords(r, g.ID, err)
		}
		written++
	}
	comment := fmt.Sprintf("Passage: the records of %d finished games, newest first.\n", written)
	if written == 1 {
		comment = "Passage: the record of 1 finished game.\n"
	}
	if next != "" {
		comment += "Next page: " + next + "\n"
	} else {
		comment += "The last page: no older games.\n"
	}
	zw.SetComment(comment)
	if err := zw.Close(); err != nil {
		s.abortRecords(r, "", err)
	}
}

// abortRecords ends a download of records that failed under way: the
// status is sent, so the connection is cut (http.ErrAbortHandler) and
// the client sees a truncated archive rather than a short one.
func (s *Server) abortRecords(r *http.Request, id string, err error) {
	if r.Context().Err() == nil {
		s.log.Error("records download failed", "game", id, "err", err)
	}
	panic(http.ErrAbortHandler)
}
