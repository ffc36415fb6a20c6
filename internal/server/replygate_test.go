package server

import (
	"context"
	"testing"
	"time"
)

// TestReplyGate: a close waits for the reply being sent, and no intent
// starts once the close has the gate.
func TestReplyGate(t *testing.T) {
	g := newReplyGate()
	if !g.enter(context.Background()) {
		t.Fatal("enter on a free gate failed")
	}
	settled := make(chan struct{})
	go func() {
		g.settle(time.Minute)
		close(settled)
	}()
	select {
	case <-settled:
		t.Fatal("settle returned while a reply was in flight")
	case <-time.After(50 * time.Millisecond):
	}
	g.leave()
	<-settled
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if g.enter(ctx) {
		t.Error("an intent entered a gate held for the close")
	}
}
