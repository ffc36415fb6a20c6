package server

// A WebSocket client of a game that runs on another node is served here
// all the same: the stream starts from a snapshot asked of the game's
// node, continues with the game's notes heard through the hub
// (notes.go), and the client's intents are carried out by the game's
// node through its /cluster/ endpoints. So the streams spread over the
// nodes with the clients, whichever node runs the games.

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"passage/internal/store"
)

// Headers between nodes: the shared secret (store.Leaser.ClusterSecret)
// and the address of the client a request is forwarded for, trusted
// only with the secret.
const (
	peerHeader   = "X-Passage-Peer"
	clientHeader = "X-Passage-Client"
)

// snapshot is a game's state message with its place among the game's
// notes.
type snapshot struct {
	Fence   int64           `json:"fence"`
	Seq     uint64          `json:"seq"`
	Over    bool            `json:"over"`  // the game has ended: nothing follows
	Close   string          `json:"close"` // the close reason when over
	Message json.RawMessage `json:"message"`
}

// handleSnapshot is GET /cluster/games/{id}/state, asked by another
// node that relays the game's events: the state message and the number
// of the last note sent, taken together in the game's actor.
func (s *Server) handleSnapshot(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	a, g, err := s.load(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if a == nil {
		v, err := s.storedView(r.Context(), g)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		msg, _ := json.Marshal(message{Type: "state", Game: &v})
		writeJSON(w, http.StatusOK, snapshot{Over: true, Close: closeReason(g.Status), Message: msg})
		return
	}
	snap, err := call(r.Context(), a, func() (snapshot, error) {
		v := a.view()
		msg, err := json.Marshal(message{Type: "state", Game: &v})
		var fence int64
		if a.lease != nil {
			fence = a.lease.Fence
		}
		return snapshot{Fence: fence, Seq: a.published, Message: msg}, err
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, snap)
}

// handleRelayedIntent is POST /cluster/games/{id}/intent: a WebSocket
// intent of a client of another node, answered with the message for
// that client.
func (s *Server) handleRelayedIntent(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxMessage))
	if err != nil {
		s.fail(w, r, newError(http.StatusRequestEntityTooLarge, nil, "intent larger than %d bytes", maxMessage))
		return
	}
	// The relaying node's key for the client's stream (peerOnly: only
	// another node can name one), clipped: it is kept by the actor.
	key := r.Header.Get(streamHeader)
	if len(key) > 64 {
		key = ""
	}
	writeJSON(w, http.StatusOK, s.intent(r.Context(), r, r.PathValue("id"), key, websocket.MessageText, body))
}

// peerOnly is h for the cluster's other nodes only (they send the
// shared secret): anyone else, and everyone on a single node, gets 404,
// so the endpoints between nodes are no second door to the games (and
// cannot load games into memory for a stranger).
func (s *Server) peerOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.fromPeer(r) {
			s.fail(w, r, newError(http.StatusNotFound, nil, "no such endpoint: %s %s", r.Method, clip(r.URL.Path)).as("no_endpoint"))
			return
		}
		h(w, r)
	}
}

// fromPeer reports whether r comes from another node of the cluster: it
// carries the nodes' shared secret (a single node has none).
func (s *Server) fromPeer(r *http.Request) bool {
	return s.secret != "" && subtle.ConstantTimeCompare([]byte(r.Header.Get(peerHeader)), []byte(s.secret)) == 1
}

// peerClient is the client a trusted peer forwarded r for.
func (s *Server) peerClient(r *http.Request) (string, bool) {
	c := r.Header.Get(clientHeader)
	if c == "" || !s.fromPeer(r) {
		return "", false
	}
	return c, true
}

// markForwarded sets the headers of a request this node forwards for
// the client of in.
func (s *Server) markForwarded(out http.Header, in *http.Request) {
	out.Set(forwardedHeader, s.cfg.Node)
	if s.secret != "" {
		out.Set(peerHeader, s.secret)
		out.Set(clientHeader, s.clientID(in))
	}
}

// askPeer sends a request to the node at addr on behalf of the client
// of in and decodes its JSON answer into out.
func (s *Server) askPeer(ctx context.Context, in *http.Request, method, addr, path string, body []byte, out any) error {
	return s.askPeerFor(ctx, in, "", method, addr, path, body, out)
}

// askPeerFor is askPeer for the relayed stream of key (streamHeader),
// when not empty.
func (s *Server) askPeerFor(ctx context.Context, in *http.Request, key, method, addr, path string, body []byte, out any) error {
	u, err := url.JoinPath(addr, path)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, u, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Host = in.Host
	s.markForwarded(req.Header, in)
	if key != "" {
		req.Header.Set(streamHeader, key)
	}
	if method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := s.peers.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("node %s: %s %s: %d %s", addr, method, path, resp.StatusCode, bytes.TrimSpace(b))
	}
	return json.Unmarshal(b, out)
}

// relayEvents serves the event stream of game id, which runs on the
// node that holds lease l.
func (s *Server) relayEvents(w http.ResponseWriter, r *http.Request, l store.Lease) {
	id := r.PathValue("id")
	if !sameOrigin(r) {
		s.fail(w, r, errCrossOrigin)
		return
	}
	if !s.hub.listening.Load() {
		s.fail(w, r, errElsewhere) // the node has just started: not yet
		return
	}
	f := s.hub.follow(id)
	defer s.hub.unfollow(id, f)
	var snap snapshot
	sctx, scancel := context.WithTimeout(r.Context(), 10*time.Second)
	err := s.askPeer(sctx, r, http.MethodGet, l.Addr, "/cluster/games/"+id+"/state", nil, &snap)
	scancel()
	if err != nil {
		s.log.Warn("snapshot from the game's node", "game", id, "node", l.Node, "err", err)
		s.fail(w, r, errElsewhere)
		return
	}
	c, done := s.acceptStream(w, r)
	if c == nil {
		return
	}
	defer done()
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()

	if !s.write(ctx, c, snap.Message) {
		return
	}
	if snap.Over {
		c.Close(websocket.StatusNormalClosure, snap.Close)
		return
	}
	// The stream's key on the game's node, where a hello marks its
	// seats present (presence.go) until the stream closes, renewed while
	// it lasts.
	key := s.cfg.Node + "." + newToken()[:16]
	var said atomic.Bool
	defer func() {
		if said.Load() {
			gctx, gcancel := context.WithTimeout(s.ctx, 2*time.Second)
			defer gcancel()
			var ans map[string]bool
			s.askPeerFor(gctx, r, key, http.MethodPost, l.Addr, "/cluster/games/"+id+"/gone", nil, &ans)
		}
	}()
	gate := s.answerIntents(ctx, cancel, c, func(typ websocket.MessageType, data []byte) message {
		var reply message
		if typ != websocket.MessageText {
			return s.wsError(r, "", errBinaryMessage)
		}
		if err := s.askPeerFor(ctx, r, key, http.MethodPost, l.Addr, "/cluster/games/"+id+"/intent", data, &reply); err != nil {
			s.log.Warn("intent for the game's node", "game", id, "node", l.Node, "err", err)
			return s.wsError(r, "", errElsewhere)
		}
		if reply.Type == "hello" {
			said.Store(true)
		}
		return reply
	})
	go s.keepAlive(ctx, cancel, c)
	go s.renewHere(ctx, r, key, &said, l.Addr, id)
	// closeStream after the reply to an intent in flight (see replyGate).
	closeStream := func(why string) {
		gate.settle(writeTimeout)
		s.closeStream(c, id, why)
	}

	const moved = "the game moved to another server: reconnect"
	next := snap.Seq + 1 // the note expected next
	for {
		select {
		case n, ok := <-f.ch:
			switch {
			case !ok || n.fence > snap.Fence:
				// The game left its node or moved, or this node's
				// listener reconnected and may have missed notes.
				closeStream(moved)
				return
			case n.fence < snap.Fence || n.seq < next:
				continue // older than the snapshot
			case n.seq > next:
				closeStream("messages lost: reconnect")
				return
			case n.msg == nil:
				closeStream(moved)
				return
			}
			next++
			if !s.write(ctx, c, n.msg) {
				return
			}
		case <-ctx.Done():
			if s.ctx.Err() != nil {
				c.Close(websocket.StatusGoingAway, "server shutting down")
			}
			return
		}
	}
}

// renewHere renews, every PingEvery until ctx ends, the presence of the
// relayed stream of key on the game's node at addr, once it said hello.
func (s *Server) renewHere(ctx context.Context, r *http.Request, key string, said *atomic.Bool, addr, id string) {
	every(ctx, s.cfg.PingEvery, func() {
		if !said.Load() {
			return
		}
		rctx, rcancel := context.WithTimeout(ctx, 5*time.Second)
		defer rcancel()
		var ans map[string]bool
		if err := s.askPeerFor(rctx, r, key, http.MethodPost, addr, "/cluster/games/"+id+"/here", nil, &ans); err != nil {
			s.log.Debug("renew a relayed stream's presence", "game", id, "err", err)
		}
	})
}

// write sends an encoded message to a client.
func (s *Server) write(ctx context.Context, c *websocket.Conn, msg []byte) bool {
	wctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	return c.Write(wctx, websocket.MessageText, msg) == nil
}
