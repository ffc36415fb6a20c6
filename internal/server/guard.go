package server

import (
	"mime"
	"net/http"
	"runtime/debug"
	"strconv"
)

// securityPolicy is the Content-Security-Policy of every response:
// scripts only from the server's own files (no inline script), nothing
// may frame the pages, and connections (the API, the WebSocket) only to
// the server. Styles may be inline because the board drawings set
// colours on their elements.
const securityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// guard wraps the routes: security headers on every response, a
// recovered panic as a logged 500, then for state-changing requests
// the refusal of cross-origin browser requests and of bodies that are
// not declared JSON. Together these keep another site from acting
// through a visitor's browser: a page elsewhere can send a form or a
// text/plain request without asking first, but not one with
// Content-Type application/json, and the browser marks its origin.
func (s *Server) guard(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		// Counted when answered, by the class of the status (a 5xx rate
		// is what an operator watches); a panic's 500 included.
		w := &statusRecorder{ResponseWriter: rw}
		defer func() { s.metrics.requests.WithLabelValues(w.class()).Inc() }()
		h := w.Header()
		h.Set("Content-Security-Policy", securityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic", "method", r.Method, "path", clip(r.URL.Path), "panic", v, "stack", string(debug.Stack()))
				s.fail(w, r, errPanic)
			}
		}()
		if !safeMethod(r.Method) {
			if err := cop.Check(r); err != nil {
				s.fail(w, r, errCrossOrigin)
				return
			}
			if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
				s.fail(w, r, refusal(http.StatusUnsupportedMediaType, "content_type", 0,
					"send Content-Type: application/json with every request that changes something").as("content_type"))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// errCrossOrigin refuses a browser request from another site's page.
var errCrossOrigin = refusal(http.StatusForbidden, "cross_origin", 0, "cross-origin request refused: this server acts only for its own pages").as("cross_origin")

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// statusRecorder remembers the status a handler answered with. Unwrap
// lets http.ResponseController and the WebSocket upgrade reach the
// connection underneath.
type statusRecorder struct {
	http.ResponseWriter
	code int
}

func (w *statusRecorder) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusRecorder) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusRecorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// class is the status's class, "2xx" to "5xx" ("2xx" when the handler
// wrote nothing: net/http then answers 200).
func (w *statusRecorder) class() string {
	code := w.code
	if code == 0 {
		code = http.StatusOK
	}
	return strconv.Itoa(code/100) + "xx"
}
