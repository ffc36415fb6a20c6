package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/coder/websocket"
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
}

// event is the change a state message follows.
type event struct {
	Kind string `json:"kind"` // "throw", "move", "seat", "away", "back"
	Seat int    `json:"seat"`
	Roll int    `json:"roll,omitempty"`
	Move string `json:"move,omitempty"`
	// Effects names the special rules a move set off (catalog.Kit.Effects).
	Effects []string `json:"effects,omitempty"`
}

// intentMsg is every message a client may send.
type intentMsg struct {
	Type  string `json:"type"` // "hello", "take", "throw", "move"
	ID    string `json:"id"`   // echoed in the answer
	Token string `json:"token"`
	Move  string `json:"move"`
	Turn  *int   `json:"turn"`
	Seat  *int   `json:"seat"`
}

// handleEvents streams a game's events over a WebSocket and takes the
// client's intents.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	a, g, err := s.actor(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered
	}
	defer c.CloseNow()
	c.SetReadLimit(maxMessage)
	s.metrics.conns.Add(1)
	defer s.metrics.conns.Add(-1)
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()

	var sub *subscriber
	for range 3 {
		if a == nil {
			break
		}
		sub, err = call(ctx, a, a.subscribe)
		if !errors.Is(err, errStopped) {
			break
		}
		if a, g, err = s.actor(ctx, id); err != nil {
			break
		}
	}
	if err != nil {
		c.Close(websocket.StatusInternalError, publicMessage(err))
		return
	}
	if sub == nil {
		// A finished game: its final state, then a normal close.
		v, err := s.storedView(ctx, g)
		if err != nil {
			c.Close(websocket.StatusInternalError, "internal error")
			return
		}
		s.send(ctx, c, message{Type: "state", Game: &v})
		c.Close(websocket.StatusNormalClosure, "game over")
		return
	}
	defer func() {
		if a != nil {
			call(context.Background(), a, func() (struct{}, error) { return a.unsubscribe(sub) })
		}
	}()

	go func() {
		defer cancel()
		for {
			typ, data, err := c.Read(ctx)
			if err != nil {
				return
			}
			reply := s.intent(ctx, id, typ, data)
			if !s.send(ctx, c, reply) {
				return
			}
		}
	}()

	for {
		select {
		case msg, ok := <-sub.ch:
			if !ok {
				s.closeStream(c, id)
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

// closeStream closes a stream whose queue the actor closed: the game is
// over, the server stops, or the client fell behind.
func (s *Server) closeStream(c *websocket.Conn, id string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	a, _, err := s.actor(ctx, id)
	switch {
	case err != nil:
		c.Close(websocket.StatusGoingAway, publicMessage(err))
	case a == nil:
		c.Close(websocket.StatusNormalClosure, "game over")
	default:
		c.Close(websocket.StatusTryAgainLater, "too slow: reconnect")
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

// intent carries out one client message and returns the answer for that
// client. Every failure leaves the game unchanged.
func (s *Server) intent(ctx context.Context, id string, typ websocket.MessageType, data []byte) message {
	submitted := time.Now()
	if typ != websocket.MessageText {
		return wsError("", newError(http.StatusBadRequest, nil, "binary messages are not understood: send JSON text"))
	}
	var in intentMsg
	if err := decodeBytes(data, &in); err != nil {
		return wsError("", err)
	}
	switch in.Type {
	case "hello":
		seats, err := withActor(ctx, s, id, func(a *actor) ([]int, error) { return a.hello(in.Token) })
		if err != nil {
			return wsError(in.ID, err)
		}
		return message{Type: "hello", ID: in.ID, Seats: seats}
	case "take":
		if in.Seat == nil {
			return wsError(in.ID, newError(http.StatusBadRequest, nil, "take: missing seat"))
		}
		res, err := withActor(ctx, s, id, func(a *actor) (takeResult, error) { return a.doTake(*in.Seat, in.Token) })
		if err != nil {
			return wsError(in.ID, err)
		}
		return message{Type: "taken", ID: in.ID, Token: res.Token, Seats: res.Seats}
	case "throw":
		if _, err := withActor(ctx, s, id, func(a *actor) (gameView, error) { return a.doThrow(in.Token) }); err != nil {
			return wsError(in.ID, err)
		}
		return message{Type: "ack", ID: in.ID}
	case "move":
		if _, err := withActor(ctx, s, id, func(a *actor) (gameView, error) { return a.doMove(in.Token, in.Move, in.Turn, submitted) }); err != nil {
			return wsError(in.ID, err)
		}
		return message{Type: "ack", ID: in.ID}
	}
	return wsError(in.ID, newError(http.StatusBadRequest, nil, "unknown message type %q (want hello, take, throw or move)", in.Type))
}

func wsError(id string, err error) message {
	return message{Type: "error", ID: id, Error: publicMessage(err), Status: statusOf(err)}
}
