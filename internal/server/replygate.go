package server

import (
	"context"
	"time"

	"github.com/coder/websocket"
)

// replyGate orders a stream's last reply before its close. A client's
// intent (the final move, say) is answered by the stream's reader while
// the game's end closes the stream from its writer; without the gate
// the close can win, and the client never learns that its move was
// taken. The reader holds the gate from reading an intent to sending
// the reply; the writer waits for it, a bounded time, before closing.
type replyGate chan struct{}

func newReplyGate() replyGate { return make(replyGate, 1) }

// enter takes the gate for one intent; false when ctx ends first.
func (g replyGate) enter(ctx context.Context) bool {
	select {
	case g <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

// leave gives the gate back after the reply is sent.
func (g replyGate) leave() { <-g }

// settle waits at most d for an intent being answered, then keeps the
// gate so that no new intent starts on a stream about to close.
func (g replyGate) settle(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case g <- struct{}{}:
	case <-t.C:
	}
}

// answerIntents reads the client's intents on c until ctx ends or the
// client goes (then it cancels), sending each one answer's reply under
// the returned gate; the stream's writer settles the gate before it
// closes the stream.
func (s *Server) answerIntents(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn, answer func(typ websocket.MessageType, data []byte) message) replyGate {
	gate := newReplyGate()
	go func() {
		defer cancel()
		for {
			typ, data, err := c.Read(ctx)
			if err != nil || !gate.enter(ctx) {
				return
			}
			sent := s.send(ctx, c, answer(typ, data))
			gate.leave()
			if !sent {
				return
			}
		}
	}()
	return gate
}
