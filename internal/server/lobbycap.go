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
	mu       sync.Mutex // guards the map only, never held across a store read
	byClient map[string]*clientGames
}

// clientGames are one client's open games. Its lock is held across the
// store reads of reserve, so that creates sent at once by one client are
// counted one after the other (a reservation not yet stored counts:
// reserveGrace), while other clients' creates do not wait for them.
type clientGames struct {
	mu    sync.Mutex
	games []openGame
	gone  bool // dropped from the map by forget: a reserve holding it starts again
}

type openGame struct {
	id      string
	created time.Time
}

func newOpenGames() *openGames {
	return &openGames{byClient: map[string]*clientGames{}}
}

// client is the entry of client, locked; a new one if it has none.
func (o *openGames) client(client string) *clientGames {
	for {
		o.mu.Lock()
		c := o.byClient[client]
		if c == nil {
			c = &clientGames{}
			o.byClient[client] = c
		}
		o.mu.Unlock()
		if testHookClientLookedUp != nil {
			testHookClientLookedUp()
		}
		c.mu.Lock()
		if !c.gone {
			return c
		}
		c.mu.Unlock() // forget dropped it between the two locks
	}
}

// testHookClientLookedUp, set only by a test, runs in client between
// the map's lookup and the entry's lock, where forget may drop the entry
// (as net/http's testHook variables do).
var testHookClientLookedUp func()

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
	c := o.client(client)
	defer c.mu.Unlock()
	kept := c.games[:0:0]
	for _, g := range c.games {
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
	c.games = kept
	if len(kept) >= max {
		return errTooManyOpenGames(len(kept))
	}
	c.games = append(kept, openGame{id: id, created: now})
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
// game. A client whose reserve is under way is left to the next sweep.
func (o *openGames) forget(cutoff time.Time) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for name, c := range o.byClient {
		if !c.mu.TryLock() {
			continue
		}
		c.games = slices.DeleteFunc(c.games, func(g openGame) bool { return g.created.Before(cutoff) })
		if len(c.games) == 0 {
			c.gone = true
			delete(o.byClient, name)
		}
		c.mu.Unlock()
	}
}
