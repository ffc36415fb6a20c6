package server

// Presence: whether a person's page is open on the game. A seat is
// present while at least one stream of the game has said hello with a
// token that holds it; the stream closing ends that. The game's actor
// keeps the streams that said hello (on its node: by subscriber; on
// another node, relayed: by the key that node gave the stream, until an
// expiry that the relaying node renews while the stream lasts), so that
// two tabs keep a seat present until both close, a stranger without the
// token marks nothing, and a relaying node that dies leaves no seat
// present for ever. Presence keeps no game in memory (idle ignores it:
// a local stream keeps its game in memory anyway, and a relayed one
// never did), and what it holds is bounded: one entry per local stream,
// at most maxRelayedHere relayed ones, each only after a hello with a
// seat's token.
//
// A change is broadcast as a state with event "presence" after
// HereDelay, and only if what the clients were last shown differs then,
// so that a page that reloads (its stream closes and opens again) or
// reconnects in a loop sends the others no storm of states.

import (
	"crypto/subtle"
	"net/http"
	"time"
)

// maxRelayedHere caps the relayed streams a game's actor keeps as
// present: more (which only holders of the game's seat tokens, through
// the other nodes' stream caps, could open) are not counted.
const maxRelayedHere = 64

// streamHeader carries, on the intents another node relays and on its
// renewals, the key it gave the client's stream (only with the nodes'
// shared secret).
const streamHeader = "X-Passage-Stream"

// hereEntry is one stream that said hello: the hash of its token, and
// for a relayed stream the moment it expires unless renewed (zero for a
// local one, which leaves with its subscriber).
type hereEntry struct {
	hash  string
	until time.Time
}

// relayedTTL is how long a relayed stream stays present without a
// renewal: its node renews it at every ping (PingEvery), and a missed
// renewal or two is forgiven.
func (s *Server) relayedTTL() time.Duration {
	return 2*s.cfg.PingEvery + s.cfg.PongWait
}

// markHere records that the stream key said hello with token, whose
// seats the hello found (from the mailbox). key is the stream's
// *subscriber, which must still be subscribed, or a relayed stream's
// key.
func (a *actor) markHere(key any, token string) {
	var until time.Time
	switch k := key.(type) {
	case *subscriber:
		if _, ok := a.subs[k]; !ok {
			return // the stream is closing
		}
	case string:
		if k == "" {
			return
		}
		if _, ok := a.here[k]; !ok && a.relayedCount() >= maxRelayedHere {
			return
		}
		until = time.Now().Add(a.srv.relayedTTL())
	default:
		return
	}
	if a.here == nil {
		a.here = map[any]hereEntry{}
	}
	a.here[key] = hereEntry{hash: hashToken(token), until: until}
	a.hereChanged()
}

// relayedCount is how many relayed streams the actor keeps.
func (a *actor) relayedCount() int {
	n := 0
	for k := range a.here {
		if _, ok := k.(string); ok {
			n++
		}
	}
	return n
}

// renewHere extends a relayed stream's presence; false when the actor
// does not know it (it was never marked, or has expired).
func (a *actor) renewHere(key string) bool {
	e, ok := a.here[key]
	if !ok {
		return false
	}
	e.until = time.Now().Add(a.srv.relayedTTL())
	a.here[key] = e
	return true
}

// leave forgets a stream (a local subscriber, or a relayed stream's
// key) that has closed.
func (a *actor) leave(key any) {
	if _, ok := a.here[key]; ok {
		delete(a.here, key)
		a.hereChanged()
	}
}

// presentSeats is the set of seats (bit i for seat i) that a person
// holds with a page open on the game now.
func (a *actor) presentSeats(now time.Time) uint64 {
	var mask uint64
	for _, e := range a.here {
		if !e.until.IsZero() && now.After(e.until) {
			continue
		}
		for i, s := range a.st.g.Seats {
			if s.TokenHash != "" && subtle.ConstantTimeCompare([]byte(s.TokenHash), []byte(e.hash)) == 1 {
				mask |= 1 << i
			}
		}
	}
	return mask
}

// hereChanged has the presence broadcast after HereDelay, unless a
// broadcast is due already.
func (a *actor) hereChanged() {
	a.hereAt(time.Now().Add(a.srv.cfg.HereDelay))
}

// hereAt arms the presence timer for at, unless it is armed for sooner.
func (a *actor) hereAt(at time.Time) {
	if a.hereTimer != nil && !a.hereDue.After(at) {
		return
	}
	if a.hereTimer != nil {
		a.hereTimer.Stop()
	}
	a.hereDue = at
	a.hereTimer = time.AfterFunc(time.Until(at), func() {
		a.post(a.publishHere)
	})
}

// publishHere drops the relayed streams that have expired, broadcasts
// the presence if the clients were last shown another, and arms the
// timer for the next expiry (from the mailbox).
func (a *actor) publishHere() {
	a.hereTimer = nil
	now := time.Now()
	var next time.Time
	for k, e := range a.here {
		switch {
		case e.until.IsZero():
		case now.After(e.until):
			delete(a.here, k)
		case next.IsZero() || e.until.Before(next):
			next = e.until
		}
	}
	if a.presentSeats(now) != a.shown {
		a.broadcast(&event{Kind: "presence", Seat: -1})
	}
	if !next.IsZero() {
		a.hereAt(next.Add(time.Millisecond))
	}
}

// handleRelayedStream is POST /cluster/games/{id}/here and .../gone:
// another node renews the presence of a relayed stream (the key in
// streamHeader) that said hello, or says it closed. It never loads the
// game: a game not in memory here has no presence to keep.
func (s *Server) handleRelayedStream(gone bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get(streamHeader)
		known := false
		if a := s.inMemory(r.PathValue("id")); a != nil && key != "" {
			known, _ = call(r.Context(), a, func() (bool, error) {
				if gone {
					a.leave(key)
					return true, nil
				}
				return a.renewHere(key), nil
			})
		}
		writeJSON(w, http.StatusOK, map[string]bool{"known": known})
	}
}
