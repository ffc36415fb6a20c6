package server

import (
	"compress/gzip"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// compress gzips the answers to GET requests whose type is text (the
// pages, the rules diagrams, a game's record.json and review, of tens
// of KB each) for a client that accepts gzip, with Vary:
// Accept-Encoding. The static files are compressed once at start
// (static.go) and pass through as they are, as does any answer that
// already has a Content-Encoding (the metrics, a response proxied from
// another node) or none to compress (204, 304, a range).
//
// A WebSocket upgrade never goes through it: its connection is taken
// over, and a stream's messages are small and frequent. Nor do other
// methods than GET: their answers are a few hundred bytes.
//
// The header is held until gzipMinSize bytes of body have come (or the
// handler returns, or flushes): a smaller answer is sent as it is, the
// gzip frame would cost more than it saves.
func compress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || r.Header.Get("Upgrade") != "" || !acceptsGzip(r) {
			next.ServeHTTP(w, r)
			return
		}
		gw := &gzipWriter{ResponseWriter: w}
		next.ServeHTTP(gw, r)
		gw.finish()
	})
}

// gzipMinSize is the size below which an answer is not compressed.
const gzipMinSize = 1024

var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}

// gzipWriter compresses a response once it knows it is worth it.
// Flush still flushes (the compressed bytes so far, then the
// connection), and Unwrap lets http.ResponseController reach the
// connection's deadlines.
type gzipWriter struct {
	http.ResponseWriter
	status      int  // the handler's status, held while pending
	wroteHeader bool // the handler has written its header (or a body)
	pending     bool // compressible: the header is held and the body buffered in buf
	buf         []byte
	zw          *gzip.Writer // compressing: header sent, body through zw
}

func (g *gzipWriter) WriteHeader(code int) {
	if g.wroteHeader {
		if !g.pending {
			g.ResponseWriter.WriteHeader(code) // superfluous: net/http says so
		}
		return
	}
	if code < 200 {
		g.ResponseWriter.WriteHeader(code) // informational (103 Early Hints)
		return
	}
	g.wroteHeader, g.status = true, code
	h := g.Header()
	if code == http.StatusNoContent || code == http.StatusNotModified || code == http.StatusPartialContent ||
		h.Get("Content-Encoding") != "" || h.Get("Content-Range") != "" || !compressible(h.Get("Content-Type")) {
		g.ResponseWriter.WriteHeader(code)
		return
	}
	if n, err := strconv.Atoi(h.Get("Content-Length")); err == nil && n < gzipMinSize {
		g.ResponseWriter.WriteHeader(code)
		return
	}
	g.pending = true
}

func (g *gzipWriter) Write(p []byte) (int, error) {
	if !g.wroteHeader {
		if g.Header().Get("Content-Type") == "" {
			// What net/http would say of it, known before the choice.
			g.Header().Set("Content-Type", http.DetectContentType(p))
		}
		g.WriteHeader(http.StatusOK)
	}
	switch {
	case g.zw != nil:
		return g.zw.Write(p)
	case g.pending:
		g.buf = append(g.buf, p...)
		if len(g.buf) >= gzipMinSize {
			if err := g.start(); err != nil {
				return 0, err
			}
		}
		return len(p), nil
	default:
		return g.ResponseWriter.Write(p)
	}
}

// start sends the held header, marked gzip, and the buffered body
// through the compressor.
func (g *gzipWriter) start() error {
	h := g.Header()
	h.Del("Content-Length")
	h.Set("Content-Encoding", "gzip")
	h.Add("Vary", "Accept-Encoding")
	if etag := h.Get("ETag"); etag != "" && !strings.HasPrefix(etag, "W/") {
		h.Set("ETag", "W/"+etag) // the same content, other bytes
	}
	g.pending = false
	g.ResponseWriter.WriteHeader(g.status)
	g.zw = gzipWriters.Get().(*gzip.Writer)
	g.zw.Reset(g.ResponseWriter)
	_, err := g.zw.Write(g.buf)
	g.buf = nil
	return err
}

// finish ends the response once the handler has returned: a small
// answer still held is sent as it is, a compressed one is closed.
func (g *gzipWriter) finish() {
	switch {
	case g.pending:
		g.pending = false
		g.ResponseWriter.WriteHeader(g.status)
		g.ResponseWriter.Write(g.buf)
	case g.zw != nil:
		g.zw.Close()
		gzipWriters.Put(g.zw)
		g.zw = nil
	}
}

// FlushError sends what the handler has written so far: a held header
// then starts compressing, since the handler wants its bytes out.
func (g *gzipWriter) FlushError() error {
	if !g.wroteHeader {
		g.WriteHeader(http.StatusOK)
	}
	if g.pending {
		if err := g.start(); err != nil {
			return err
		}
	}
	if g.zw != nil {
		if err := g.zw.Flush(); err != nil {
			return err
		}
	}
	return http.NewResponseController(g.ResponseWriter).Flush()
}

func (g *gzipWriter) Flush() { g.FlushError() }

func (g *gzipWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }

// compressible reports whether a Content-Type is text worth gzipping:
// HTML, CSS, JavaScript, JSON, SVG, plain text.
func compressible(ctype string) bool {
	mt, _, err := mime.ParseMediaType(ctype)
	if err != nil {
		return false
	}
	switch mt {
	case "application/json", "application/javascript", "application/xml", "image/svg+xml":
		return true
	case "text/event-stream":
		return false // a stream's events must not wait in a compressor
	}
	return strings.HasPrefix(mt, "text/")
}

// acceptsGzip reports whether the request's Accept-Encoding allows
// gzip: named with a q above 0, or not named and "*" allowed.
func acceptsGzip(r *http.Request) bool {
	gzipQ, starQ := -1.0, -1.0
	for _, v := range r.Header.Values("Accept-Encoding") {
		for part := range strings.SplitSeq(v, ",") {
			coding, params, _ := strings.Cut(part, ";")
			q := 1.0
			for p := range strings.SplitSeq(params, ";") {
				if k, val, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
					if f, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
						q = f
					} else {
						q = 0
					}
				}
			}
			switch strings.ToLower(strings.TrimSpace(coding)) {
			case "gzip", "x-gzip":
				gzipQ = q
			case "*":
				starQ = q
			}
		}
	}
	if gzipQ >= 0 {
		return gzipQ > 0
	}
	return starQ > 0
}
