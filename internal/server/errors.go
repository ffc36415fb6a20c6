package server

import (
	"errors"
	"fmt"
	"net/http"

	"passage/game"
	"passage/internal/store"
)

// apiError is an error with the HTTP status it is answered with. The
// WebSocket reports the same message and status in an error event.
type apiError struct {
	status int
	msg    string
	err    error // wrapped, for errors.Is; may be nil
}

func (e *apiError) Error() string { return e.msg }
func (e *apiError) Unwrap() error { return e.err }

func newError(status int, err error, format string, args ...any) *apiError {
	return &apiError{status: status, msg: fmt.Sprintf(format, args...), err: err}
}

// The errors a client can cause. Each names the problem plainly.
var (
	errMissingToken = &apiError{status: http.StatusUnauthorized, msg: "missing seat token (send Authorization: Bearer TOKEN)"}
	errBadToken     = &apiError{status: http.StatusForbidden, msg: "this token holds no seat in this game"}
	errGameOver     = &apiError{status: http.StatusConflict, msg: "the game is over", err: game.ErrGameOver}
	errWaiting      = &apiError{status: http.StatusConflict, msg: "the game waits for players to take their seats"}
	errNotThrown    = &apiError{status: http.StatusConflict, msg: "throw first: no throw to move with"}
	errThrown       = &apiError{status: http.StatusConflict, msg: "already thrown: make a move with this throw"}
	errUnknownGame  = &apiError{status: http.StatusNotFound, msg: "no such game", err: store.ErrNotFound}
	errShutdown     = &apiError{status: http.StatusServiceUnavailable, msg: "the server is shutting down"}
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
	}
	return http.StatusInternalServerError
}

// publicMessage is what a client is told about err: the message of a
// client error, a fixed text for a server fault (logged in full).
func publicMessage(err error) string {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae.msg
	}
	if errors.Is(err, store.ErrNotFound) {
		return errUnknownGame.msg
	}
	return "internal error"
}
