package server

import (
	"context"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// A finished game's page learns of a rematch over its WebSocket: when
// the game's stream closes at the end, the page opens it again with
// ?wait=rematch, and the server keeps that stream open until someone
// asks for the rematch, sends the old game's state with "rematch" set
// (event kind "rematch") and closes. Once a rematch was called off
// (withdrawn, refused, expired), the stream waits so for the next. The rematch is announced at once
// by the server that created it (rematchHub); one made by another
// server over the same store is seen at the stream's next ping.

// rematchHub tells the streams waiting on a finished game that its
// rematch was created.
type rematchHub struct {
	mu    sync.Mutex
	waits map[string]map[chan struct{}]bool // by old game ID
}

func newRematchHub() *rematchHub {
	return &rematchHub{waits: map[string]map[chan struct{}]bool{}}
}

// wait returns a channel that receives when game id's rematch is
// created; stop must follow.
func (h *rematchHub) wait(id string) chan struct{} {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.waits[id] == nil {
		h.waits[id] = map[chan struct{}]bool{}
	}
	h.waits[id][ch] = true
	return ch
}

// stop forgets a channel of wait.
func (h *rematchHub) stop(id string, ch chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.waits[id], ch)
	if len(h.waits[id]) == 0 {
		delete(h.waits, id)
	}
}

// created tells every stream waiting on game id that a rematch of it
// was created.
func (h *rematchHub) created(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.waits[id] {
		select {
		case ch <- struct{}{}:
		default: // told already
		}
	}
}

// waitRematch keeps the stream c of finished game rs.g open until a
// rematch follows rs (the rematches its first state showed: none, or
// the latest called off), then sends the game's state with it, event
// kind "rematch". It returns when the client goes, the server stops, or
// the rematch was sent; the caller closes c. A read that fails is tried
// again at the next ping: it says nothing of a rematch.
func (s *Server) waitRematch(ctx context.Context, c *websocket.Conn, rs rematchState) {
	g, had := rs.g, rs.id()
	ch := s.rematches.wait(g.ID)
	defer s.rematches.stop(g.ID, ch)
	ctx = c.CloseRead(ctx) // done when the client closes or sends anything
	if ok, err := s.nextExists(ctx, rs); ok && err == nil {
		ch <- struct{}{} // created between the first state and now
	}
	tick := time.NewTicker(s.cfg.PingEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ch:
		case <-tick.C:
			pctx, cancel := context.WithTimeout(ctx, s.cfg.PongWait)
			err := c.Ping(pctx)
			cancel()
			if err != nil {
				return
			}
			if ok, err := s.nextExists(ctx, rs); !ok || err != nil {
				continue
			}
		}
		v, err := s.storedView(ctx, g)
		if err != nil || v.Rematch == had {
			continue
		}
		s.send(ctx, c, message{Type: "state", Game: &v, Event: &event{Kind: "rematch", Seat: -1}})
		return
	}
}
