package server

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/internal/store"
)

// A rematch is a new game of a finished one: the same ruleset, options,
// start and time limit, with the seats moved on by one (swapped, with
// two). Its ID derives from the old game's seed and its number, so the
// old game needs no column to find it, and two people asking at once
// meet in one game: the first creates it, the second takes their seat
// in it. Only a game whose every seat was taken may have rematches
// (rematchable): not a withdrawn or expired offer, which nobody else
// joined. Its rematches are numbered from 0: the latest one that exists
// is its rematch, and a new one follows only once that was called off
// (withdrawn, refused or expired: calledOff), at most rematchMax in all,
// so that offering and withdrawing again and again cannot make games
// without end: as a withdrawn offer may have no rematch of its own, one
// person alone makes at most rematchMax games from one finished game; a
// game aborted after both sides sat down (a rematch accepted, then
// aborted) may have rematches of its own, as any game both sides
// joined, each of which the other side must accept again.

// rematchMax is how many rematches one finished game may have.
const rematchMax = 5

var (
	errNotOver         = &apiError{status: http.StatusConflict, code: "not_over", msg: "a rematch follows a finished game: this one is not over"}
	errNoRematch       = &apiError{status: http.StatusConflict, code: "no_rematch", msg: "a rematch follows a game whose seats were all taken: a seat of this one never was (a withdrawn or expired offer)"}
	errNoMoreRematches = &apiError{status: http.StatusConflict, code: "no_more_rematches",
		msg: fmt.Sprintf("this game has had %d rematches called off, as many as one game may have: start a new game instead", rematchMax)}
)

// rematchID is the ID of rematch n (from 0) of the game with seed. The
// first has the ID it had when a game had one rematch only.
func rematchID(seed []byte, n int) string {
	m := hmac.New(sha256.New, seed)
	m.Write([]byte("passage rematch"))
	if n > 0 {
		fmt.Fprintf(m, " %d", n)
	}
	return strings.ToLower(idEncoding.EncodeToString(m.Sum(nil)[:8]))
}

// calledOff reports whether rematch g ended without being played, so
// that another may be asked for: withdrawn or refused (aborted, or
// aborted as a first turn's time ran out) or expired (abandoned: nobody
// took its seats in time).
func calledOff(g store.Game) bool {
	if g.Status == store.StatusAbandoned {
		return true
	}
	rec, ok := endResult(g)
	return ok && (rec.How == "abort" || rec.How == "noStart")
}

// rematchable reports whether finished game g may have rematches: every
// seat of it was taken. An abort after both sides sat down leaves a
// rematch (the sides may have wanted other colours or options), as it
// did before a game could have several.
func rematchable(g store.Game) bool {
	if g.Status != store.StatusOver {
		return false
	}
	for _, seat := range g.Seats {
		if seat.Open() {
			return false
		}
	}
	return true
}

// rematchState is what became of finished game g's rematches, read
// once (lastRematch) and passed along: its latest rematch, number n
// (-1 when none was asked for, or g may have none), and that game.
type rematchState struct {
	g    store.Game
	n    int
	last store.Game
}

// lastRematch reads finished game g's latest rematch: none, without a
// read, when g may have none (rematchable).
func (s *Server) lastRematch(ctx context.Context, g store.Game) (rematchState, error) {
	rs := rematchState{g: g, n: -1}
	if !rematchable(g) {
		return rs, nil
	}
	for i := range rematchMax {
		next, err := s.st.Game(ctx, rematchID(g.Seed, i))
		if errors.Is(err, store.ErrNotFound) {
			break
		}
		if err != nil {
			return rematchState{}, err
		}
		rs.n, rs.last = i, next
	}
	return rs, nil
}

// id is the ID of the latest rematch, or "".
func (rs rematchState) id() string {
	if rs.n < 0 {
		return ""
	}
	return rematchID(rs.g.Seed, rs.n)
}

// off reports whether the latest rematch was called off.
func (rs rematchState) off() bool { return rs.n >= 0 && calledOff(rs.last) }

// final reports whether the latest rematch is the last g may have.
func (rs rematchState) final() bool { return rs.n >= 0 && rs.n+1 >= rematchMax }

// target is the rematch that a seat holder asking now gets: the latest,
// to take their seats in (create false), or the next, to create, when
// none was asked for or the latest was called off.
func (rs rematchState) target() (n int, create bool, err error) {
	switch {
	case !rematchable(rs.g):
		return 0, false, errNoRematch
	case rs.n < 0:
		return 0, true, nil
	case !rs.off():
		return rs.n, false, nil
	case rs.final():
		return 0, false, errNoMoreRematches
	}
	return rs.n + 1, true, nil
}

// awaits reports whether a rematch may be asked for now: none was, or
// the latest was called off and another may follow it.
func (rs rematchState) awaits() bool {
	_, create, err := rs.target()
	return err == nil && create
}

// nextExists reports whether the rematch that would follow rs (when it
// awaits one) exists now: one read, which a stream waiting for it makes
// at each ping.
func (s *Server) nextExists(ctx context.Context, rs rematchState) (bool, error) {
	_, err := s.st.Game(ctx, rematchID(rs.g.Seed, rs.n+1))
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// rematchSeat is the seat in the rematch of old seat i of n.
func rematchSeat(i, n int) int { return (i + 1) % n }

// rematchGame is rematch number of old, with the seats of token's
// holder (seats, in old) taken by token.
func rematchGame(old store.Game, number int, seats []int, token string, now time.Time) store.Game {
	n := len(old.Seats)
	g := store.Game{
		ID: rematchID(old.Seed, number), Rules: old.Rules, Start: old.Start, Pos: old.Start,
		Status: store.StatusLive, Seats: make([]store.Seat, n), TimeLimit: old.TimeLimit,
		Created: now, Updated: now,
	}
	for i, s := range old.Seats {
		kind := s.Kind
		if s.Resigned > 0 {
			kind = store.Human // the person who resigned, not the computer that stood in
		}
		g.Seats[rematchSeat(i, n)] = store.Seat{Kind: kind}
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
	tok := bearer(r)
	var req struct {
		// NewToken is the token to give, of the client's making
		// (takeRequest): asking again after a lost answer then gets the
		// same seats instead of finding them taken.
		NewToken string `json:"newToken"`
	}
	// The body is kept, to be forwarded with the request (below).
	body, err := readBody(w, r)
	if err == nil {
		err = decodeBody(body, &req, true)
	}
	if err != nil {
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
	if !rematchable(old) {
		s.fail(w, r, errNoRematch)
		return
	}
	for try := 0; ; try++ {
		rs, err := s.lastRematch(ctx, old)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		n, create, err := rs.target()
		if err != nil {
			s.fail(w, r, err)
			return
		}
		if create {
			if testHookRematchCreate != nil {
				testHookRematchCreate()
			}
			done, err := s.createRematch(w, r, kit, old, n, seats, req.NewToken)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			if done {
				return
			}
			// Created by another person meanwhile: accept it.
		}
		if testHookRematchJoin != nil {
			testHookRematchJoin()
		}
		// In a cluster the rematch to join may run on another node (one
		// created elsewhere meanwhile too): its seats are taken there.
		// One to create runs nowhere yet.
		r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(body)), int64(len(body))
		if s.forwardTo(w, r, rematchID(old.Seed, n), nil) {
			return
		}
		res, err := s.joinRematch(ctx, old, rematchID(old.Seed, n), seats, req.NewToken)
		if (errors.Is(err, errGameOver) || errors.Is(err, errAbandoned)) && try == 0 {
			// Called off as this accepted it (its asker withdrew the
			// offer just now): the caller's press asks for the next.
			continue
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, res)
		return
	}
}

// testHookRematchJoin, set only by a test, runs in handleRematch between
// choosing the rematch to join and joining it; testHookRematchCreate
// between choosing the rematch to create and creating it.
var testHookRematchJoin, testHookRematchCreate func()

// createRematch creates rematch n of old for the holder of seats and
// answers 201, or reports false when another request created it first.
func (s *Server) createRematch(w http.ResponseWriter, r *http.Request, kit catalog.Kit, old store.Game, n int, seats []int, own string) (bool, error) {
	ctx := r.Context()
	if s.draining.Load() {
		return false, errDraining // no new game on a node that stops, as for a create
	}
	if err := limit(s.creates, s.clientID(r), "new games"); err != nil {
		return false, err
	}
	token, err := takeToken(own)
	if err != nil {
		return false, err
	}
	g := rematchGame(old, n, seats, token, time.Now().UTC())
	err = s.st.CreateGame(ctx, g)
	if errors.Is(err, store.ErrConflict) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	s.metrics.created.Inc()
	s.log.Info("rematch created", "game", g.ID, "of", old.ID, "number", n)
	s.rematches.created(old.ID)
	if newTurnState(kit, g, nil).next().kind != actNone {
		if _, _, err := s.load(ctx, g.ID); err != nil {
			s.log.Warn("rematch not started", "game", g.ID, "err", err)
		}
	}
	v, err := s.view(ctx, g.ID)
	if err != nil {
		return false, err
	}
	held, _ := newTurnState(kit, g, nil).seatsOf(token)
	writeJSON(w, http.StatusCreated, takeResult{Token: token, Seats: held, Game: v})
	return true, nil
}

// joinRematch gives the holder of seats of old their seats in its
// rematch id.
func (s *Server) joinRematch(ctx context.Context, old store.Game, id string, seats []int, own string) (takeResult, error) {
	next, err := s.st.Game(ctx, id)
	if err != nil {
		return takeResult{}, err
	}
	var res takeResult
	token := ""
	for _, i := range seats {
		seat := rematchSeat(i, len(old.Seats))
		res, err = withActor(ctx, s, id, func(a *actor) (takeResult, error) {
			return a.doTake(seat, token, inviteSecret(next.Seed, seat), own)
		})
		if err != nil {
			return takeResult{}, err
		}
		token = res.Token
	}
	return res, nil
}
