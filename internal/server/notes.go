package server

// Events between nodes: the node that runs a game publishes every
// message it sends its own clients as a note (PostgreSQL NOTIFY through
// store.Notifier); every node listens, and hands the notes of a game to
// its local followers of that game, the WebSocket clients it serves for
// a game that runs elsewhere (relay.go).
//
// A note carries the lease's fencing number and the actor's count of
// messages, so that a follower can drop what its snapshot already shows
// and notice when the game has moved to another node. A note without a
// message says that the game left its node (it ended, idled or was
// handed over) or was too large to send: followers then close, and
// their clients reconnect to a fresh snapshot.

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"passage/internal/store"
)

// eventsChannel is the NOTIFY channel of the games' events.
const eventsChannel = "passage_events"

// note is one message of a game, from the node that runs it.
type note struct {
	game  string
	fence int64  // the lease it was sent under
	seq   uint64 // the actor's count of messages
	msg   []byte // nil: the game left the node; followers close
}

// encode is the note as a NOTIFY payload: a header line, then the
// message.
func (n note) encode() string {
	return fmt.Sprintf("%s %d %d\n%s", n.game, n.fence, n.seq, n.msg)
}

// decodeNote reads a payload of encode.
func decodeNote(p string) (note, bool) {
	head, msg, ok := strings.Cut(p, "\n")
	if !ok {
		return note{}, false
	}
	var n note
	if _, err := fmt.Sscanf(head, "%s %d %d", &n.game, &n.fence, &n.seq); err != nil {
		return note{}, false
	}
	if msg != "" {
		n.msg = []byte(msg)
	}
	return n, true
}

// follower is one local client of a game that runs on another node.
// The hub closes ch when the client must resynchronise.
type follower struct {
	ch chan note
}

// hub publishes this node's notes and hands the notes it hears to the
// local followers.
type hub struct {
	srv *Server
	n   store.Notifier
	out chan string // payloads to publish, in order
	// listening is set once the listener has started: a follower
	// registered before might miss notes, so none is until then.
	listening atomic.Bool

	mu      sync.Mutex
	follows map[string]map[*follower]struct{}
}

// publishQueue bounds the notes waiting to be published; past it a note
// is replaced by a resynchronisation (a note without a message) when
// room frees.
const publishQueue = 1 << 14

// maxNoteBatch bounds the notes sent in one transaction.
const maxNoteBatch = 256

func newHub(srv *Server, n store.Notifier) *hub {
	return &hub{srv: srv, n: n, out: make(chan string, publishQueue), follows: map[string]map[*follower]struct{}{}}
}

// run publishes and listens until the server closes.
func (h *hub) run(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		h.n.Listen(ctx, eventsChannel, h.connected, h.receive)
	}()
	h.publisher(ctx)
	wg.Wait()
}

// publish queues note n; it never blocks the actor. A message too large
// for a notification goes as a resynchronisation.
func (h *hub) publish(n note) {
	p := n.encode()
	if len(p) > store.MaxNotification {
		p = note{game: n.game, fence: n.fence, seq: n.seq}.encode()
	}
	select {
	case h.out <- p:
	default:
		h.srv.log.Warn("event notes queue full: a note is lost, followers of the game may lag", "game", n.game)
	}
}

// publisher sends queued notes, all those waiting in one transaction.
func (h *hub) publisher(ctx context.Context) {
	for {
		var batch []string
		select {
		case p := <-h.out:
			batch = append(batch, p)
		case <-ctx.Done():
			return
		}
	more:
		for len(batch) < maxNoteBatch {
			select {
			case p := <-h.out:
				batch = append(batch, p)
			default:
				break more
			}
		}
		if err := h.n.Notify(ctx, eventsChannel, batch); err != nil && ctx.Err() == nil {
			h.srv.log.Error("publish event notes", "notes", len(batch), "err", err)
		}
	}
}

// receive hands a note to the game's followers; a follower too far
// behind is closed (its client reconnects).
func (h *hub) receive(payload string) {
	n, ok := decodeNote(payload)
	if !ok {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for f := range h.follows[n.game] {
		select {
		case f.ch <- n:
		default:
			h.drop(n.game, f)
		}
	}
}

// follow adds a local follower of game id.
func (h *hub) follow(id string) *follower {
	f := &follower{ch: make(chan note, 2*subscriberQueue)}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.follows[id] == nil {
		h.follows[id] = map[*follower]struct{}{}
	}
	h.follows[id][f] = struct{}{}
	return f
}

// unfollow removes a follower whose client has gone.
func (h *hub) unfollow(id string, f *follower) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.drop(id, f)
}

// drop closes and removes a follower; h.mu is held.
func (h *hub) drop(id string, f *follower) {
	fs := h.follows[id]
	if _, ok := fs[f]; !ok {
		return
	}
	close(f.ch)
	delete(fs, f)
	if len(fs) == 0 {
		delete(h.follows, id)
	}
}

// closeGame closes the followers of game id (it moved or its node is
// gone).
func (h *hub) closeGame(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for f := range h.follows[id] {
		h.drop(id, f)
	}
}

// connected is called each time the listener starts listening: after a
// lost connection, notes sent meanwhile are lost, so every follower is
// closed (its client reconnects to a fresh snapshot).
func (h *hub) connected() {
	h.closeAll()
	h.listening.Store(true)
}

// closeAll closes every follower.
func (h *hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for id, fs := range h.follows {
		for f := range fs {
			h.drop(id, f)
		}
	}
}

// followed lists the games with local followers.
func (h *hub) followed() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	ids := make([]string, 0, len(h.follows))
	for id := range h.follows {
		ids = append(ids, id)
	}
	return ids
}

// checkFollowed closes the followers of games whose node is gone: no
// live lease any more, so no note will come (a dead node sends no
// "left" note). Run with the lease renewals.
func (h *hub) checkFollowed(ctx context.Context, leaser store.Leaser) {
	for _, id := range h.followed() {
		if _, ok, err := leaser.Holder(ctx, id); err == nil && !ok {
			h.closeGame(id)
		}
	}
}
