package server

import (
	"errors"
	"strings"
	"testing"
	"time"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/store"
)

// playUntilBothMoved plays first legal moves, each by the token of the
// seat to move, until both seats have played a turn.
func playUntilBothMoved(t *testing.T, st turnState) turnState {
	t.Helper()
	tokens := []string{"white", "black"}
	for i := 0; !(st.moved[0] && st.moved[1]); i++ {
		if i > 100 {
			t.Fatal("no reply in 100 turns")
		}
		tok := tokens[st.toMove()]
		st = mustApply(t, st, command{kind: cmdThrow, token: tok, now: machineT0}).next
		st = mustApply(t, st, command{kind: cmdMove, token: tok, move: st.moves[0].Move, now: machineT0}).next
	}
	return st
}

func TestMachineResign(t *testing.T) {
	st := machine(t)
	now := machineT0.Add(time.Minute)
	if _, err := st.apply(command{kind: cmdResign, token: "nobody", now: now}); !errors.Is(err, errBadToken) {
		t.Errorf("resign with a token of no seat: %v, want errBadToken", err)
	}
	out := mustApply(t, st, command{kind: cmdResign, token: "white", now: now})
	g := out.next.g
	if g.Status != store.StatusOver || len(out.writes) != 1 || out.writes[0].kind != writeEnd || out.writes[0].result != g.Result {
		t.Fatalf("after resigning: status %q, writes %+v", g.Status, out.writes)
	}
	if len(out.events) != 1 || out.events[0].Kind != "resign" || out.events[0].Seat != 0 {
		t.Errorf("events %+v, want one resign of seat 0", out.events)
	}
	r := gameResult(st.kit.Ruleset, g)
	if r == nil || r.Winner != 1 || r.How != "resign" || r.Turn != 1 || r.Text != "White resigned on throw 1" {
		t.Errorf("result %+v", r)
	}
	if _, err := out.next.apply(command{kind: cmdResign, token: "black", now: now}); !errors.Is(err, errGameOver) {
		t.Errorf("resigning a finished game: %v, want errGameOver", err)
	}
	waiting := machine(t, store.Seat{Kind: store.Human, TokenHash: hashToken("white")}, store.Seat{Kind: store.Human})
	if _, err := waiting.apply(command{kind: cmdResign, token: "white", now: now}); err != errNotStarted {
		t.Errorf("resigning a waiting game: %v, want errNotStarted", err)
	}
	// Later in the game: the turn in progress is told.
	later := playUntilBothMoved(t, st)
	out = mustApply(t, later, command{kind: cmdResign, token: "black", now: now})
	if r := gameResult(st.kit.Ruleset, out.next.g); r.Winner != 0 || r.Turn != later.g.Turns+1 || r.Seat != 1 {
		t.Errorf("black resigning at turn %d: %+v", later.g.Turns+1, r)
	}
}

func TestMachineAbort(t *testing.T) {
	st := machine(t)
	out := mustApply(t, st, command{kind: cmdAbort, token: "black", now: machineT0})
	r := gameResult(st.kit.Ruleset, out.next.g)
	if out.next.g.Status != store.StatusOver || r.Winner != -1 || r.How != "abort" || r.Text != "Black aborted the game on throw 1: no winner" {
		t.Errorf("abort at the start: status %q, result %+v", out.next.g.Status, r)
	}
	waiting := machine(t, store.Seat{Kind: store.Human, TokenHash: hashToken("white")}, store.Seat{Kind: store.Human})
	mustApply(t, waiting, command{kind: cmdAbort, token: "white", now: machineT0})

	// After the first side moved it may still be aborted; not after both.
	one := mustApply(t, st, command{kind: cmdThrow, token: "black"}).next
	one = mustApply(t, one, command{kind: cmdMove, token: "black", move: one.moves[0].Move}).next
	mustApply(t, one, command{kind: cmdAbort, token: "white", now: machineT0})
	both := playUntilBothMoved(t, st)
	if _, err := both.apply(command{kind: cmdAbort, token: "white"}); err != errTooLate {
		t.Errorf("abort after both moved: %v, want errTooLate", err)
	}
	// The same from the log, as after a restart.
	reloaded := newTurnState(st.kit, both.g, both.last).withLog([]store.Turn{{Seat: 0}, {Seat: 1}})
	if _, err := reloaded.apply(command{kind: cmdAbort, token: "white"}); err != errTooLate {
		t.Errorf("abort of a reloaded game both moved in: %v, want errTooLate", err)
	}
}

func TestMachineClaim(t *testing.T) {
	st := started(machine(t))
	st.g.TimeLimit = time.Minute
	if _, err := st.apply(command{kind: cmdClaim, token: "white", now: machineT0}); err != errNotLeft {
		t.Errorf("claim while the opponent is there: %v, want errNotLeft", err)
	}
	// Black, to move, lets the time run out.
	left := mustApply(t, st, command{kind: cmdTimeout, seat: 1, now: machineT0.Add(time.Minute)}).next
	if _, err := left.apply(command{kind: cmdClaim, token: "black", now: machineT0}); err != errNotLeft {
		t.Errorf("claim by the one who left: %v, want errNotLeft", err)
	}
	out := mustApply(t, left, command{kind: cmdClaim, token: "white", now: machineT0.Add(2 * time.Minute)})
	r := gameResult(st.kit.Ruleset, out.next.g)
	if r.Winner != 0 || r.How != "claim" || r.Text != "White claimed the win on throw 1: the opponent left" {
		t.Errorf("claim: %+v", r)
	}
	if out.events[0].Kind != "claim" || out.events[0].Seat != 0 {
		t.Errorf("claim events %+v", out.events)
	}
}

func TestMachineHandOver(t *testing.T) {
	st := started(machine(t))
	st.g.TimeLimit = time.Minute
	if _, err := st.apply(command{kind: cmdHandOver, token: "white", by: "easy"}); err != errNoneToHandOver || !strings.Contains(err.Error(), "a hand-over needs") || codeOf(err) != "no_opponent_left" {
		t.Errorf("hand over while the opponent is there: %v, want errNoneToHandOver (it named a claim)", err)
	}
	left := mustApply(t, st, command{kind: cmdTimeout, seat: 1, now: machineT0.Add(time.Minute)}).next
	out := mustApply(t, left, command{kind: cmdHandOver, token: "white", by: "easy"})
	if got := out.next.g.Seats[1]; got != (store.Seat{Kind: "easy"}) || out.next.g.Status != store.StatusLive {
		t.Errorf("Black's seat after the hand-over: %+v, status %q", got, out.next.g.Status)
	}
	if len(out.writes) != 1 || out.writes[0] != (storeWrite{kind: writeHandOver, seat: 1, player: "easy"}) ||
		len(out.events) != 1 || out.events[0].Kind != "handover" || out.events[0].Seat != 1 {
		t.Errorf("hand-over writes %+v events %+v", out.writes, out.events)
	}
	if a := out.next.next(); a.kind != actComputer || a.seat != 1 {
		t.Errorf("after the hand-over the next action is %+v, want the computer for seat 1", a)
	}
	if _, err := out.next.apply(command{kind: cmdThrow, token: "black"}); !errors.Is(err, errBadToken) {
		t.Errorf("the old token of a handed-over seat: %v, want errBadToken", err)
	}
}

func TestResultText(t *testing.T) {
	st := machine(t)
	if got, want := resultText(st.kit.Ruleset, "finish", 1, 211, 1), "Black bore off the last piece on throw 211"; got != want {
		t.Errorf("finish: %q, want %q", got, want)
	}
	ludo, err := catalog.Open("kinevet", nil)
	if err != nil {
		t.Fatal(err)
	}
	name, _ := game.SeatName(ludo.Ruleset, 2)
	if got, want := resultText(ludo.Ruleset, "finish", 2, 90, 2), name+" brought the last piece home on throw 90"; got != want {
		t.Errorf("Ludo finish: %q, want %q", got, want)
	}
	if got, want := resultText(ludo.Ruleset, "finish", -1, 90, -1), "The game ended on throw 90 with no single winner"; got != want {
		t.Errorf("no winner: %q, want %q", got, want)
	}
}

// TestMachineClaimNeedsAllGone: with three sides a claim needs both
// others to have left; one gone is not enough (the other still plays),
// and a computer's seat never leaves.
func TestMachineClaimNeedsAllGone(t *testing.T) {
	person := func(tok string) store.Seat { return store.Seat{Kind: store.Human, TokenHash: hashToken(tok)} }
	st := machineOf(t, "kinevet", []string{"players=3"}, person("a"), person("b"), person("c"))
	st.g.Seats[1].Away = true
	if _, err := st.apply(command{kind: cmdClaim, token: "a", now: machineT0}); err != errOthersPlay {
		t.Errorf("claim with one of two opponents gone: %v, want errOthersPlay", err)
	}
	st.g.Seats[2].Away = true
	out := mustApply(t, st, command{kind: cmdClaim, token: "a", now: machineT0})
	if r := gameResult(st.kit.Ruleset, out.next.g); r.Winner != 0 || r.How != "claim" {
		t.Errorf("claim with both opponents gone: %+v", r)
	}
	withComputer := machineOf(t, "kinevet", []string{"players=3"}, person("a"), person("b"), store.Seat{Kind: "medium"})
	withComputer.g.Seats[1].Away = true
	if _, err := withComputer.apply(command{kind: cmdClaim, token: "a", now: machineT0}); err != errOthersPlay {
		t.Errorf("claim while a computer plays on: %v, want errOthersPlay", err)
	}
}

// TestMachineNoFirstMove: a time limit running out before any person
// has played a turn aborts the game, with no winner, instead of leaving
// the seat to the computer; once a person has played, the computer
// takes the seat over.
func TestMachineNoFirstMove(t *testing.T) {
	st := machine(t, store.Seat{Kind: "medium"}, store.Seat{Kind: store.Human, TokenHash: hashToken("black")})
	st.g.TimeLimit = time.Minute
	a := st.next()
	out := mustApply(t, st, command{kind: cmdTimeout, seat: 1, now: a.at})
	r := gameResult(st.kit.Ruleset, out.next.g)
	if out.next.g.Status != store.StatusOver || r.How != "noStart" || r.Seat != 1 || r.Winner != -1 || r.Payoffs[0] != 0 || r.Payoffs[1] != 0 {
		t.Fatalf("Black's first turn ran out: status %q result %+v", out.next.g.Status, r)
	}
	if r.Text != "Black did not play a first turn in time: the game is aborted, no winner" {
		t.Errorf("result text %q", r.Text)
	}
	if len(out.writes) != 1 || out.writes[0].kind != writeEnd || len(out.events) != 1 || out.events[0].Kind != "noStart" || out.events[0].Seat != 1 {
		t.Errorf("writes %+v events %+v", out.writes, out.events)
	}
	if n := out.next.next(); n.kind != actNone {
		t.Errorf("after the abort the next action is %+v", n)
	}
	// Reloaded from a log in which Black has played, the seat goes away.
	played := newTurnState(st.kit, st.g, nil).withLog([]store.Turn{{Seat: 1}})
	away := mustApply(t, played, command{kind: cmdTimeout, seat: 1, now: a.at})
	if away.next.g.Status != store.StatusLive || !away.next.g.Seats[1].Away {
		t.Errorf("a timeout after Black played: status %q seats %+v", away.next.g.Status, away.next.g.Seats)
	}
	// Only the computer has played: the person's first turn aborts.
	computerPlayed := newTurnState(st.kit, st.g, nil).withLog([]store.Turn{{Seat: 0}})
	if out := mustApply(t, computerPlayed, command{kind: cmdTimeout, seat: 1, now: a.at}); out.next.g.Status != store.StatusOver {
		t.Errorf("a timeout after only the computer played: status %q", out.next.g.Status)
	}
	// With three people, one who has not played yet goes away once
	// another has played: the people who play keep their game.
	person := func(tok string) store.Seat { return store.Seat{Kind: store.Human, TokenHash: hashToken(tok)} }
	three := machineOf(t, "kinevet", []string{"players=3"}, person("a"), person("b"), person("c"))
	three.g.TimeLimit = time.Minute
	three.moved[1] = true
	n := three.next()
	if n.kind != actDeadline || three.moved[n.seat] {
		t.Fatalf("three people: next %+v, moved %v", n, three.moved)
	}
	if out := mustApply(t, three, command{kind: cmdTimeout, seat: n.seat, now: n.at}); out.next.g.Status != store.StatusLive || !out.next.g.Seats[n.seat].Away {
		t.Errorf("a first turn running out after another person played: status %q seats %+v", out.next.g.Status, out.next.g.Seats)
	}
}
