package server

import (
	"context"
	"errors"

	"passage/internal/catalog"
	"passage/internal/store"
)

// withHolder is withActor for an intent only a seat's holder may send
// (throw, move, resign, abort, claim, hand over). A game not in memory is
// loaded only once token is found among its stored seats: a stranger's
// intent, with a made-up token, is refused from the store (401
// missing_token, 403 bad_token) without taking a place among the games in
// memory, so that game IDs and garbage tokens cannot fill MaxGames.
func withHolder[T any](ctx context.Context, s *Server, id, token string, f func(a *actor) (T, error)) (T, error) {
	if err := s.holdsSeat(ctx, id, token); err != nil {
		var zero T
		return zero, err
	}
	return withActor(ctx, s, id, f)
}

// holdsSeat checks token against the stored seats of game id when the
// game is not in memory (its actor checks it otherwise, against seats
// that may be newer than the store's for a moment).
func (s *Server) holdsSeat(ctx context.Context, id, token string) error {
	return s.checkStored(ctx, id, func(st turnState) error {
		_, err := st.seatsOf(token)
		return err
	})
}

// mayTake runs a take on the stored game, without loading it, when the
// game is not in memory: the turn machine is pure, so the same rules give
// the same refusal (a wrong invite secret, a seat taken, no such seat)
// that the actor would, and a stranger's take costs no place among the
// games in memory. A take the stored game allows is then made by the
// actor, on the game as it is.
func (s *Server) mayTake(ctx context.Context, id string, seat int, token, invite string) error {
	return s.checkStored(ctx, id, func(st turnState) error {
		// A fresh token stands for the new one: the check is the
		// secret's and the seat's, not the token's.
		_, err := st.apply(command{kind: cmdTake, seat: seat, token: token, invite: invite, newToken: newToken()})
		return err
	})
}

// checkStored runs check on the stored state of game id, unless the game
// is in memory (its actor checks then) or over or abandoned (withActor
// answers game_over or abandoned without loading it): the edge where a
// stranger's intent is refused before it costs a place in memory.
func (s *Server) checkStored(ctx context.Context, id string, check func(turnState) error) error {
	if s.inMemory(id) != nil {
		return nil
	}
	g, err := s.st.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return errUnknownGame
	}
	if err != nil {
		return err
	}
	if g.Status.Done() {
		return nil
	}
	kit, err := catalog.OpenID(g.Rules)
	if err != nil {
		return err
	}
	return check(newTurnState(kit, g, nil))
}
