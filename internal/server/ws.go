package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/coder/websocket"

	"passage/game"
	"passage/internal/store"
)

// maxMessage is the largest WebSocket message a client may send; a
// larger one closes the connection with status 1009 (message too big).
const maxMessage = 4096

// writeTimeout bounds each write to a client.
const writeTimeout = 10 * time.Second

// message is every message the server sends on a game's stream.
type message struct {
	// Type is "state" (the game, after the change Event describes, or
	// the first snapshot without one), "hello" (the seats a token
	// holds), "taken" (a seat taken: token and seats), "ack" (an intent
	// done; its state follows as a "state" message) or "error" (to this
	// client only; the game is unchanged).
	Type   string    `json:"type"`
	ID     string    `json:"id,omitempty"` // the intent's ID, echoed
	Game   *gameView `json:"game,omitempty"`
	Event  *event    `json:"event,omitempty"`
	Seats  []int     `json:"seats,omitempty"`
	Token  string    `json:"token,omitempty"`
	Error  string    `json:"error,omitempty"`
	Status int       `json:"status,omitempty"` // the HTTP status of the same error
	Code   string    `json:"code,omitempty"`   // the error's stable code (docs/api.md)
}

// event is the change a state message follows.
type event struct {
	Kind string `json:"kind"` // "throw", "move", "seat", "away", "back", "handover", "abandoned", "resign", "abort", "noStart", "claim", "noReturn", "presence" (seat -1)
	Seat int    `json:"seat"`
	Roll int    `json:"roll,omitempty"`
	Move string `json:"move,omitempty"`
	// Effects names the special rules a move set off (catalog.Kit.Effects).
	Effects []string `json:"effects,omitempty"`
	// Blocked lists the moves the throw would have given but for a wall
	// (catalog.Kit.Blocks): why a move list was short or a pass forced.
	Blocked []game.Block `json:"blocked,omitempty"`
}

// intentMsg is every message a client may send.
type intentMsg struct {
	Type  string `json:"type"` // "hello", "take", "throw", "move"
	ID    string `json:"id"`   // echoed in the answer
	Token string `json:"token"`
	Move  string `json:"move"`
	Turn  *int   `json:"turn"`
	Seat  *int   `json:"seat"`
	// Invite is the invite secret of a take, NewToken the token of the
	// client's making it gives (takeRequest).
	Invite   string `json:"invite"`
	NewToken string `json:"newToken"`
}

// handleEvents streams a game's events over a WebSocket and takes the
// client's intents. The stream is exempt from the HTTP server's read
// and write timeouts (it is meant to last): each write has its own
// deadline, and a ping every PingEvery must be answered within
// PongWait, so a vanished client is noticed.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !sameOrigin(r) {
		s.fail(w, r, errCrossOrigin)
		return
	}
	a, g, err := s.load(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, done := s.acceptStream(w, r)
	if c == nil {
		return // Accept has answered
	}
	defer done()
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()

	var sub *subscriber
	if a != nil {
		// withActor, as every command: it waits out an actor that a sweep
		// stopped just now, and loads the game again.
		sub, err = withActor(ctx, s, id, func(act *actor) (*subscriber, error) {
			a = act
			return act.subscribe()
		})
		if errors.Is(err, errGameOver) || errors.Is(err, errAbandoned) {
			// It ended meanwhile: its final state, as below.
			sub, err = nil, nil
			g, err = s.st.Game(ctx, id)
		}
	}
	if errors.Is(err, errReloading) {
		c.Close(websocket.StatusTryAgainLater, "the game is being reloaded: reconnect")
		return
	}
	if err != nil {
		c.Close(websocket.StatusInternalError, publicMessage(err))
		return
	}
	if sub == nil {
		// A finished game: its final state, then a normal close.
		v, rs, err := s.storedViewRematch(ctx, g)
		if err != nil {
			c.Close(websocket.StatusInternalError, "internal error")
			return
		}
		s.send(ctx, c, message{Type: "state", Game: &v})
		if r.URL.Query().Get("wait") == "rematch" && rs.awaits() {
			s.waitRematch(ctx, c, rs)
		}
		c.Close(websocket.StatusNormalClosure, closeReason(g.Status))
		return
	}
	defer func() {
		uctx, ucancel := context.WithTimeout(s.ctx, time.Second)
		defer ucancel()
		call(uctx, a, func() (struct{}, error) { return a.unsubscribe(sub) })
	}()

	gate := s.answerIntents(ctx, cancel, c, func(typ websocket.MessageType, data []byte) message {
		return s.intent(ctx, r, id, sub, typ, data)
	})
	go s.keepAlive(ctx, cancel, c)

	for {
		select {
		case msg, ok := <-sub.ch:
			if !ok {
				gate.settle(writeTimeout)
				s.closeStream(c, id, "too slow: reconnect")
				return
			}
			wctx, wcancel := context.WithTimeout(ctx, writeTimeout)
			err := c.Write(wctx, websocket.MessageText, msg)
			wcancel()
			if err != nil {
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

// acceptStream upgrades the request to a WebSocket that is exempt from
// the HTTP server's deadlines and counted in the metrics; nil when the
// upgrade failed (Accept has answered). done closes it and uncounts it.
func (s *Server) acceptStream(w http.ResponseWriter, r *http.Request) (c *websocket.Conn, done func()) {
	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Time{})
	rc.SetWriteDeadline(time.Time{})
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		s.log.Info("websocket refused", "path", clip(r.URL.Path), "err", err)
		return nil, nil
	}
	c.SetReadLimit(maxMessage)
	s.metrics.conns.Inc()
	return c, func() {
		s.metrics.conns.Dec()
		c.CloseNow()
	}
}

// closeReason is the close message of a stream of a game in status.
func closeReason(status store.Status) string {
	if status == store.StatusAbandoned {
		return "game abandoned"
	}
	return "game over"
}

// closeStream closes a stream whose queue was closed: the game ended,
// the server stops, or else (why) the client must reconnect.
func (s *Server) closeStream(c *websocket.Conn, id, why string) {
	if s.ctx.Err() != nil {
		c.Close(websocket.StatusGoingAway, "server shutting down")
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, time.Second)
	defer cancel()
	g, err := s.st.Game(ctx, id)
	switch {
	case err != nil:
		c.Close(websocket.StatusGoingAway, publicMessage(err))
	case g.Status.Done():
		c.Close(websocket.StatusNormalClosure, closeReason(g.Status))
	case s.draining.Load():
		c.Close(websocket.StatusTryAgainLater, "this server is stopping: reconnect")
	default:
		c.Close(websocket.StatusTryAgainLater, why)
	}
}

// send writes one message to a client.
func (s *Server) send(ctx context.Context, c *websocket.Conn, m message) bool {
	b, err := json.Marshal(m)
	if err != nil {
		return false
	}
	wctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	return c.Write(wctx, websocket.MessageText, b) == nil
}

// errBinaryMessage answers a binary WebSocket message, here and on a
// relayed stream.
var errBinaryMessage = newError(http.StatusBadRequest, nil, "binary messages are not understood: send JSON text")

// intent carries out one client message and returns the answer for that
// client. Every failure leaves the game unchanged. stream is the
// client's stream, which a hello marks present (presence.go): its
// *subscriber, or the key of a stream another node relays.
func (s *Server) intent(ctx context.Context, r *http.Request, id string, stream any, typ websocket.MessageType, data []byte) message {
	submitted := time.Now()
	if typ != websocket.MessageText {
		return s.wsError(r, "", errBinaryMessage)
	}
	var in intentMsg
	if err := decodeBytes(data, &in); err != nil {
		return s.wsError(r, "", err)
	}
	switch in.Type {
	case "hello":
		seats, err := withActor(ctx, s, id, func(a *actor) ([]int, error) {
			seats, err := a.hello(in.Token)
			if err == nil {
				a.markHere(stream, in.Token)
			}
			return seats, err
		})
		if err != nil {
			return s.wsError(r, in.ID, err)
		}
		return message{Type: "hello", ID: in.ID, Seats: seats}
	case "take":
		if in.Seat == nil {
			return s.wsError(r, in.ID, newError(http.StatusBadRequest, nil, "take: missing seat"))
		}
		if err := limit(s.takes, s.clientID(r), "seats taken"); err != nil {
			return s.wsError(r, in.ID, err)
		}
		res, err := withActor(ctx, s, id, func(a *actor) (takeResult, error) { return a.doTake(*in.Seat, in.Token, in.Invite, in.NewToken) })
		if err != nil {
			return s.wsError(r, in.ID, err)
		}
		return message{Type: "taken", ID: in.ID, Token: res.Token, Seats: res.Seats}
	case "throw":
		if _, err := withActor(ctx, s, id, func(a *actor) (gameView, error) { return a.doThrow(in.Token) }); err != nil {
			return s.wsError(r, in.ID, err)
		}
		return message{Type: "ack", ID: in.ID}
	case "move":
		if _, err := withActor(ctx, s, id, func(a *actor) (gameView, error) { return a.doMove(in.Token, in.Move, in.Turn, submitted) }); err != nil {
			return s.wsError(r, in.ID, err)
		}
		return message{Type: "ack", ID: in.ID}
	}
	return s.wsError(r, in.ID, newError(http.StatusBadRequest, nil, "unknown message type %q (want hello, take, throw or move)", clip(in.Type)))
}

// wsError is the error answer to a client's intent on the WebSocket,
// logged and counted as fail does for HTTP.
func (s *Server) wsError(r *http.Request, id string, err error) message {
	s.logFailure(r, err)
	return message{Type: "error", ID: id, Error: publicMessage(err), Status: statusOf(err), Code: codeOf(err)}
}

// sameOrigin reports whether a WebSocket handshake comes from the
// server's own pages (or from a program, which sends no Origin).
// Browsers let any page open a WebSocket anywhere, so the Origin is the
// only sign of another site's page.
func sameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && strings.EqualFold(u.Host, r.Host)
}

// keepAlive pings the client every PingEvery until ctx ends; a ping not
// answered within PongWait cancels the stream.
func (s *Server) keepAlive(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn) {
	defer cancel()
	t := time.NewTicker(s.cfg.PingEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			pctx, pcancel := context.WithTimeout(ctx, s.cfg.PongWait)
			err := c.Ping(pctx)
			pcancel()
			if err != nil {
				return
			}
		}
	}
}
