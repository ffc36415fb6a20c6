package server

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"net/http"
	"strings"
	"time"

	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/internal/store"
)

// A rematch is a new game of a finished one: the same ruleset, options,
// start and time limit, with the seats moved on by one (swapped, with
// two). Its ID derives from the old game's seed, so the old game needs
// no column to find it, and two people asking at once meet in one game:
// the first creates it, the second takes their seat in it.

var errNotOver = &apiError{status: http.StatusConflict, code: "not_over", msg: "a rematch follows a finished game: this one is not over"}

// rematchID is the ID of the rematch of the game with seed.
func rematchID(seed []byte) string {
	m := hmac.New(sha256.New, seed)
	m.Write([]byte("passage rematch"))
	return strings.ToLower(idEncoding.EncodeToString(m.Sum(nil)[:8]))
}

// rematchSeat is the seat in the rematch of old seat i of n.
func rematchSeat(i, n int) int { return (i + 1) % n }

// rematchGame is the rematch of old, with the seats of token's holder
// (seats, in old) taken by token.
func rematchGame(old store.Game, seats []int, token string, now time.Time) store.Game {
	n := len(old.Seats)
	g := store.Game{
		ID: rematchID(old.Seed), Rules: old.Rules, Start: old.Start, Pos: old.Start,
		Status: store.StatusLive, Seats: make([]store.Seat, n), TimeLimit: old.TimeLimit,
		Created: now, Updated: now,
	}
	for i, s := range old.Seats {
		g.Seats[rematchSeat(i, n)] = store.Seat{Kind: s.Kind}
	}
	for _, i := range seats {
		g.Seats[rematchSeat(i, n)].TokenHash = hashToken(token)
	}
	for _, s := range g.Seats {
		if s.Open() {
			g.Status = store.StatusWaiting
		}
	}
	g.Seed = fairdice.NewSeed()
	g.Commit = fairdice.Commit(g.Seed)
	return g
}

// handleRematch creates the rematch of a finished game for a seat
// holder (201, with their new token), or, when it exists, gives the
// caller their seats in it (200, with their new token).
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	if s.clustered() {
		// The rematch may run on another node already: the seats are
		// taken there.
		if old, err := s.st.Game(r.Context(), r.PathValue("id")); err == nil && s.forwardTo(w, r, rematchID(old.Seed), nil) {
			return
		}
	}
	tok := bearer(r)
	var req struct {
		// NewToken is the token to give, of the client's making
		// (takeRequest): asking again after a lost answer then gets the
		// same seats instead of finding them taken.
		NewToken string `json:"newToken"`
	}
	if err := decode(w, r, &req, true); err != nil {
		s.fail(w, r, err)
		return
	}
	ctx := r.Context()
	old, err := s.st.Game(ctx, r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		err = errUnknownGame
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	kit, err := catalog.OpenID(old.Rules)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	seats, err := newTurnState(kit, old, nil).seatsOf(tok)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if old.Status != store.StatusOver {
		s.fail(w, r, errNotOver)
		return
	}
	id := rematchID(old.Seed)
	if _, err := s.st.Game(ctx, id); errors.Is(err, store.ErrNotFound) {
		if s.draining.Load() {
			s.fail(w, r, errDraining) // no new game on a node that stops, as for a create
			return
		}
		if err := limit(s.creates, s.clientID(r), "new games"); err != nil {
			s.fail(w, r, err)
			return
		}
		token, err := takeToken(req.NewToken)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		g := rematchGame(old, seats, token, time.Now().UTC())
		err = s.st.CreateGame(ctx, g)
		if err == nil {
			s.metrics.created.Inc()
			s.log.Info("rematch created", "game", g.ID, "of", old.ID)
			s.rematches.created(old.ID)
			if newTurnState(kit, g, nil).next().kind != actNone {
				if _, _, err := s.load(ctx, g.ID); err != nil {
					s.log.Warn("rematch not started", "game", g.ID, "err", err)
				}
			}
			v, err := s.view(ctx, g.ID)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			held, _ := newTurnState(kit, g, nil).seatsOf(token)
			writeJSON(w, http.StatusCreated, takeResult{Token: token, Seats: held, Game: v})
			return
		}
		if !errors.Is(err, store.ErrConflict) {
			s.fail(w, r, err)
			return
		}
		// Created by the other person meanwhile: accept it.
	} else if err != nil {
		s.fail(w, r, err)
		return
	}
	next, err := s.st.Game(ctx, id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var res takeResult
	token := ""
	for _, i := range seats {
		seat := rematchSeat(i, len(old.Seats))
		res, err = withActor(ctx, s, id, func(a *actor) (takeResult, error) {
			return a.doTake(seat, token, inviteSecret(next.Seed, seat), req.NewToken)
		})
		if err != nil {
			s.fail(w, r, err)
			return
		}
		token = res.Token
	}
	writeJSON(w, http.StatusOK, res)
}

// rematchOf is the ID of the rematch of finished game g, or "".
func (s *Server) rematchOf(ctx context.Context, g store.Game) string {
	if g.Status != store.StatusOver {
		return ""
	}
	id := rematchID(g.Seed)
	if _, err := s.st.Game(ctx, id); err != nil {
		return ""
	}
	return id
}
