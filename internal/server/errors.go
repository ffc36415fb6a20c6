package server

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"passage/game"
	"passage/internal/store"
)

// apiError is an error with the HTTP status it is answered with. The
// WebSocket reports the same message and status in an error event.
type apiError struct {
	status int
	msg    string
	err    error // wrapped, for errors.Is; may be nil
	// reason names a refusal for the metrics (refused requests by
	// reason); empty for an ordinary client error.
	reason string
	// retryAfter, for a 429 or a 503, is when to try again.
	retryAfter time.Duration
	// code names the error for clients, which show it in their
	// language (docs/api.md lists every code); empty takes the code of
	// its status (statusCodes).
	code string
}

// as gives e its stable code for clients.
func (e *apiError) as(code string) *apiError {
	e.code = code
	return e
}

func (e *apiError) Error() string { return e.msg }
func (e *apiError) Unwrap() error { return e.err }

func newError(status int, err error, format string, args ...any) *apiError {
	return &apiError{status: status, msg: fmt.Sprintf(format, args...), err: err}
}

// refusal is a request refused to protect the server or its users; it
// is counted by reason.
func refusal(status int, reason string, retryAfter time.Duration, format string, args ...any) *apiError {
	return &apiError{status: status, msg: fmt.Sprintf(format, args...), reason: reason, retryAfter: retryAfter}
}

// The errors a client can cause. Each names the problem plainly.
var (
	errMissingToken = &apiError{status: http.StatusUnauthorized, code: "missing_token", msg: "missing seat token (send Authorization: Bearer TOKEN)"}
	errBadToken     = &apiError{status: http.StatusForbidden, code: "bad_token", msg: "this token holds no seat in this game"}
	errNoInvite     = &apiError{status: http.StatusForbidden, code: "invite_only", msg: "this seat is by invitation: only the holder of its invite link may take it"}
	errGameOver     = &apiError{status: http.StatusConflict, code: "game_over", msg: "the game is over", err: game.ErrGameOver}
	errAbandoned    = &apiError{status: http.StatusConflict, code: "abandoned", msg: "the game was abandoned: nobody took the open seats in time"}
	errWaiting      = &apiError{status: http.StatusConflict, code: "waiting_for_players", msg: "the game waits for players to take their seats"}
	errNotThrown    = &apiError{status: http.StatusConflict, code: "not_thrown", msg: "throw first: no throw to move with"}
	errThrown       = &apiError{status: http.StatusConflict, code: "already_thrown", msg: "already thrown: make a move with this throw"}
	errUnknownGame  = &apiError{status: http.StatusNotFound, code: "unknown_game", msg: "no such game", err: store.ErrNotFound}
	errShutdown     = &apiError{status: http.StatusServiceUnavailable, code: "shutting_down", msg: "the server is shutting down", reason: "shutdown"}
	// errStale: a timer or a computer's answer meant for a state that
	// has changed since; nothing to do. Never reaches a client.
	errStale = errors.New("stale automatic action")
	// errPanic: a handler panicked (a bug); logged with its stack.
	errPanic = errors.New("handler panicked")
)

// statusOf is the HTTP status for err: an apiError's own, 404 for an
// unknown game, 500 for anything else (a server fault, not the
// client's).
func statusOf(err error) int {
	var ae *apiError
	switch {
	case errors.As(err, &ae):
		return ae.status
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, store.ErrConflict):
		return http.StatusConflict
	}
	return http.StatusInternalServerError
}

// publicMessage is what a client is told about err: the message of a
// client error, a fixed text for a server fault (logged in full).
func publicMessage(err error) string {
	var ae *apiError
	if errors.As(err, &ae) {
		return clipTo(ae.msg, maxErrorMessage)
	}
	if errors.Is(err, store.ErrNotFound) {
		return errUnknownGame.msg
	}
	if errors.Is(err, store.ErrConflict) {
		return errChanged
	}
	return "internal error"
}

// errChanged answers a write the store refused because the game changed
// meanwhile (e.g. it was abandoned as a seat was being taken).
const errChanged = "the game changed meanwhile: look again"

// statusCodes are the codes of errors without one of their own, by
// HTTP status; "internal" is a server fault.
var statusCodes = map[int]string{
	http.StatusBadRequest:            "bad_request",
	http.StatusUnauthorized:          "missing_token",
	http.StatusForbidden:             "forbidden",
	http.StatusNotFound:              "not_found",
	http.StatusConflict:              "conflict",
	http.StatusRequestEntityTooLarge: "body_too_large",
	http.StatusUnsupportedMediaType:  "content_type",
	http.StatusUnprocessableEntity:   "illegal_move",
	http.StatusTooManyRequests:       "rate_limited",
	http.StatusServiceUnavailable:    "unavailable",
	http.StatusInternalServerError:   "internal",
}

// codeOf is the stable code a client is told for err (docs/api.md):
// an apiError's own, "changed" for a store conflict, else its status's.
func codeOf(err error) string {
	var ae *apiError
	if errors.As(err, &ae) && ae.code != "" {
		return ae.code
	}
	switch {
	case errors.Is(err, store.ErrNotFound):
		return errUnknownGame.code
	case errors.Is(err, store.ErrConflict):
		return "changed"
	}
	if c, ok := statusCodes[statusOf(err)]; ok {
		return c
	}
	return "error"
}

// errorBody is every error's JSON: the English words and the code a
// client shows in its own language.
type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// fail is the one way a handler answers an error: it is logged (a
// server fault as an error with its cause, a client's mistake at info
// level), counted when it is a refusal, and answered as JSON with its
// status (and Retry-After when there is one).
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	s.logFailure(r, err)
	var ae *apiError
	if errors.As(err, &ae) && ae.retryAfter > 0 {
		secs := int((ae.retryAfter + time.Second - 1) / time.Second)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
	}
	writeJSON(w, statusOf(err), errorBody{Error: publicMessage(err), Code: codeOf(err)})
}

// logFailure logs a failed request or intent and counts a refusal.
func (s *Server) logFailure(r *http.Request, err error) {
	status := statusOf(err)
	level := slog.LevelInfo
	if status >= 500 && status != http.StatusServiceUnavailable {
		level = slog.LevelError
	}
	// A client's mistake may repeat what it sent: its path and error
	// are shortened (maxEcho). A server fault's error is the server's own.
	msg := err.Error()
	if level != slog.LevelError {
		msg = clip(msg)
	}
	s.log.Log(r.Context(), level, "request failed", "method", r.Method, "path", clip(r.URL.Path), "status", status, "err", msg)
	var ae *apiError
	if errors.As(err, &ae) && ae.reason != "" {
		s.metrics.refused.WithLabelValues(ae.reason).Inc()
	}
}
