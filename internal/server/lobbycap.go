package server

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync"
	"time"

	"passage/internal/store"
)

// openGames caps the games one client has waiting in the lobby: created
// with a seat open to anyone and not yet started (Config.MaxOpenGames).
// Such a game is listed for --waiting-expiry, and the lobby shows the
// most recent ones, so one address creating them at its create rate
// would push everyone else's out of view. The store does not say who
// created a game: this count lives in memory, per node, and is empty
// after a restart.
type openGames struct {
	mu       sync.Mutex // held across the store reads of reserve; a reservation not yet stored counts (reserveGrace)
	byClient map[string][]openGame
}

type openGame struct {
	id      string
	created time.Time
}

func newOpenGames() *openGames {
	return &openGames{byClient: map[string][]openGame{}}
}

// errTooManyOpenGames answers a create past the cap.
func errTooManyOpenGames(n int) error {
	return refusal(http.StatusTooManyRequests, "open_games", time.Minute,
		"you have %d games open to anyone waiting for players, as many as one address may: wait for one to start, or abort one", n).as("too_many_open_games")
}

// reserve counts game id, about to be created with a seat open to
// anyone, for client, unless the client has max such games still
// waiting for someone to take such a seat. The games it counted before
// are looked up in st: those started, abandoned or aborted since, or not
// stored reserveGrace after their reservation, no longer count.
func (o *openGames) reserve(ctx context.Context, st store.Store, client, id string, max int, now time.Time) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	kept := o.byClient[client][:0:0]
	for _, g := range o.byClient[client] {
		open, stored, err := stillOpen(ctx, st, g.id)
		if err != nil {
			return err
		}
		// A game reserved a moment ago may not be stored yet: its
		// create is still under way (two creates sent at once). It
		// counts until reserveGrace has passed; one never stored (a
		// create refused after its reservation) no longer counts then.
		if open || !stored && now.Sub(g.created) < reserveGrace {
			kept = append(kept, g)
		}
	}
	if len(kept) >= max {
		o.byClient[client] = kept
		return errTooManyOpenGames(len(kept))
	}
	o.byClient[client] = append(kept, openGame{id: id, created: now})
	return nil
}

// reserveGrace is how long a reservation counts before its game is in
// the store: a create takes a fraction of a second.
const reserveGrace = time.Minute

// stillOpen reports whether game id is stored, and whether it waits for
// players with a seat open to anyone.
func stillOpen(ctx context.Context, st store.Store, id string) (open, stored bool, err error) {
	g, err := st.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return false, false, nil
	}
	if err != nil {
		return false, false, err
	}
	return g.Status == store.StatusWaiting && slices.ContainsFunc(g.Seats, openToAnyone), true, nil
}

func openToAnyone(s store.Seat) bool { return s.Open() && s.Anyone }

// forget drops the games created before cutoff (the waiting expiry:
// abandoned by now, or started), and the clients left with none, so
// that the map does not grow with every address that ever opened a
// game.
func (o *openGames) forget(cutoff time.Time) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for c, games := range o.byClient {
		games = slices.DeleteFunc(games, func(g openGame) bool { return g.created.Before(cutoff) })
		if len(games) == 0 {
			delete(o.byClient, c)
		} else {
			o.byClient[c] = games
		}
	}
}
