package server

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/internal/store"
)

// The turn machine on its own: no store, no clock, no goroutines.

var machineT0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// machine is a Jéquier game between two people holding tokens "white"
// and "black" (Black throws first), or with the seats given.
func machine(t *testing.T, seats ...store.Seat) turnState {
	t.Helper()
	return machineOf(t, "senet-jequier", nil, seats...)
}

// machineOf is a game of rules with options opts between the seats given
// (two people, "white" and "black", when none are).
func machineOf(t *testing.T, rules string, opts []string, seats ...store.Seat) turnState {
	t.Helper()
	kit, err := catalog.Open(rules, opts)
	if err != nil {
		t.Fatal(err)
	}
	if seats == nil {
		seats = []store.Seat{{Kind: store.Human, TokenHash: hashToken("white")}, {Kind: store.Human, TokenHash: hashToken("black")}}
	}
	seed := make([]byte, fairdice.SeedSize)
	g := store.Game{ID: "g", Rules: kit.ID(), Start: kit.Start(), Pos: kit.Start(), Status: store.StatusLive,
		Seats: seats, Seed: seed, Commit: fairdice.Commit(seed), Created: machineT0, Updated: machineT0}
	for _, s := range seats {
		if s.Open() {
			g.Status = store.StatusWaiting
		}
	}
	return newTurnState(kit, g, nil)
}

// started is st with every seat having played a turn already, so that a
// time limit running out hands a seat to the computer; in a game where
// the seat has not played, it aborts the game (TestMachineNoFirstMove).
func started(st turnState) turnState {
	for i := range st.moved {
		st.moved[i] = true
	}
	return st
}

// sameState compares two states but for their kit (functions, which
// reflect.DeepEqual never finds equal).
func sameState(a, b turnState) bool {
	a.kit, b.kit = catalog.Kit{}, catalog.Kit{}
	return reflect.DeepEqual(a, b)
}

// mustApply applies c and fails the test on an error.
func mustApply(t *testing.T, st turnState, c command) outcome {
	t.Helper()
	out, err := st.apply(c)
	if err != nil {
		t.Fatalf("command %v: %v", c.kind, err)
	}
	return out
}

// TestMachineRefusalsChangeNothing: every refused command returns the
// state it was given, no writes and no events.
func TestMachineRefusalsChangeNothing(t *testing.T) {
	st := machine(t)
	thrown := mustApply(t, st, command{kind: cmdThrow, token: "black", now: machineT0}).next
	waiting := machine(t, store.Seat{Kind: store.Human, TokenHash: hashToken("white")}, store.Seat{Kind: store.Human})
	for _, tt := range []struct {
		name string
		st   turnState
		c    command
		want error
	}{
		{"throw without token", st, command{kind: cmdThrow}, errMissingToken},
		{"throw with a foreign token", st, command{kind: cmdThrow, token: "mallory"}, errBadToken},
		{"throw out of turn", st, command{kind: cmdThrow, token: "white"}, nil},
		{"throw twice", thrown, command{kind: cmdThrow, token: "black"}, errThrown},
		{"move before the throw", st, command{kind: cmdMove, token: "black", move: "9-10"}, errNotThrown},
		{"illegal move", thrown, command{kind: cmdMove, token: "black", move: "1-30"}, nil},
		{"take a held seat", st, command{kind: cmdTake, seat: 1, newToken: "x"}, nil},
		{"take an invited seat without the secret", waiting, command{kind: cmdTake, seat: 1, newToken: "x"}, errNoInvite},
		{"take an invited seat with a wrong secret", waiting, command{kind: cmdTake, seat: 1, newToken: "x", invite: "guess"}, errNoInvite},
		{"throw while waiting", waiting, command{kind: cmdThrow, token: "white"}, errWaiting},
		{"timeout without a time limit", st, command{kind: cmdTimeout, seat: 1, now: machineT0.Add(time.Hour)}, errStale},
		{"computer throw on a person's turn", st, command{kind: cmdComputerThrow}, errStale},
		{"abandon a live game", st, command{kind: cmdAbandon}, errStale},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, err := tt.st.apply(tt.c)
			if err == nil {
				t.Fatal("accepted")
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("error %v, want %v", err, tt.want)
			}
			if len(out.writes) != 0 || len(out.events) != 0 || !sameState(out.next, tt.st) {
				t.Errorf("a refused command changed something: %+v", out)
			}
		})
	}
}

// TestMachineTurn: a throw draws the seed's throw and writes that the
// turn is thrown; a move writes the turn and hands the throw to the
// other seat. The state the command was applied to is untouched (a
// value).
func TestMachineTurn(t *testing.T) {
	st := machine(t)
	out := mustApply(t, st, command{kind: cmdThrow, token: "black", now: machineT0})
	want, _ := fairdice.Throw(st.g.Seed, 0, mustOutcomes(t, st))
	thrown := storeWrite{kind: writeThrow, turn: store.Turn{N: 1, Seat: 1, Roll: want}}
	if !out.next.hasRoll || out.next.roll != want || !reflect.DeepEqual(out.writes, []storeWrite{thrown}) || out.next.g.Thrown != 1 {
		t.Fatalf("after the throw: roll %d (has %v), writes %+v, thrown %d; want roll %d, the write %+v, thrown 1", out.next.roll, out.next.hasRoll, out.writes, out.next.g.Thrown, want, thrown)
	}
	if !reflect.DeepEqual(out.events, []event{{Kind: "throw", Seat: 1, Roll: want}}) {
		t.Errorf("throw events %+v", out.events)
	}
	move := out.next.moves[0]
	at := machineT0.Add(time.Second)
	moved := mustApply(t, out.next, command{kind: cmdMove, token: "black", move: move.Move, now: at})
	w := moved.writes
	if len(w) != 1 || w[0].kind != writeTurn || w[0].turn.N != 1 || w[0].turn.Move != move.Move || w[0].turn.Pos != move.Pos || w[0].turn.At != at || w[0].status != store.StatusLive {
		t.Errorf("move writes %+v", w)
	}
	if n := moved.next; n.g.Turns != 1 || n.g.Pos != move.Pos || n.hasRoll || n.toMove() != 0 || n.turnStarted != at {
		t.Errorf("after the move: %+v", n.g)
	}
	if st.g.Turns != 0 || st.hasRoll {
		t.Errorf("the original state changed: %+v", st.g)
	}
	stale := 7
	if _, err := out.next.apply(command{kind: cmdMove, token: "black", move: move.Move, expect: &stale}); err == nil {
		t.Error("a move meant for turn 7 was accepted at turn 1")
	}
}

// TestMachineThrowLoaded: a game stored with its next turn thrown by a
// person (a restart, a game back in memory, another node) loads thrown,
// with the same throw and moves as before, and its move is played
// without a new throw; a turn thrown before the last move is not, nor
// a game that is over. A computer's throw is not written: the computer
// throws again, the same throw, when the game is loaded.
func TestMachineThrowLoaded(t *testing.T) {
	st := machine(t)
	thrown := mustApply(t, st, command{kind: cmdThrow, token: "black", now: machineT0}).next
	loaded := newTurnState(st.kit, thrown.g, nil)
	if !loaded.hasRoll || loaded.roll != thrown.roll || !reflect.DeepEqual(loaded.moves, thrown.moves) {
		t.Fatalf("loaded: roll %d (has %v), moves %v; want roll %d, moves %v", loaded.roll, loaded.hasRoll, loaded.moves, thrown.roll, thrown.moves)
	}
	if _, err := loaded.apply(command{kind: cmdThrow, token: "black"}); !errors.Is(err, errThrown) {
		t.Errorf("a throw of the loaded turn: %v, want %v", err, errThrown)
	}
	moved := mustApply(t, loaded, command{kind: cmdMove, token: "black", move: loaded.moves[0].Move, now: machineT0})
	if w := moved.writes; len(w) != 1 || w[0].turn.Roll != thrown.roll {
		t.Errorf("the loaded throw's move writes %+v, want its turn with the throw %d", w, thrown.roll)
	}
	if again := newTurnState(st.kit, moved.next.g, nil); again.hasRoll {
		t.Errorf("loaded after the move (thrown %d, turns %d): thrown %d, want not thrown", again.g.Thrown, again.g.Turns, again.roll)
	}
	over := thrown.g
	over.Status = store.StatusOver
	if newTurnState(st.kit, over, nil).hasRoll {
		t.Error("a game over loads thrown")
	}

	computer := machine(t, store.Seat{Kind: store.Human, TokenHash: hashToken("white")}, store.Seat{Kind: "medium"})
	out := mustApply(t, computer, command{kind: cmdComputerThrow})
	if len(out.writes) != 0 || out.next.g.Thrown != 0 || !out.next.hasRoll {
		t.Errorf("a computer's throw: writes %+v, thrown %d; want no write", out.writes, out.next.g.Thrown)
	}
}

func mustOutcomes(t *testing.T, st turnState) []game.Outcome {
	t.Helper()
	o, err := st.kit.Outcomes(st.g.Pos)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// TestMachineTake: the secret of the invite takes a seat by invitation
// and the game goes live; a seat open to anyone needs none; a holder of
// another seat of the game may take it with their token.
func TestMachineTake(t *testing.T) {
	white := store.Seat{Kind: store.Human, TokenHash: hashToken("white")}
	invited := machine(t, white, store.Seat{Kind: store.Human})
	out := mustApply(t, invited, command{kind: cmdTake, seat: 1, newToken: "bob", invite: inviteSecret(invited.g.Seed, 1), now: machineT0})
	if out.token != "bob" || !reflect.DeepEqual(out.seats, []int{1}) || out.next.g.Status != store.StatusLive {
		t.Errorf("take with the invite: token %q seats %v status %s", out.token, out.seats, out.next.g.Status)
	}
	if w := out.writes; len(w) != 1 || w[0].kind != writeSeat || w[0].hash != hashToken("bob") || w[0].status != store.StatusLive {
		t.Errorf("take writes %+v", w)
	}
	if _, err := invited.apply(command{kind: cmdTake, seat: 1, newToken: "bob", invite: inviteSecret(invited.g.Seed, 0)}); !errors.Is(err, errNoInvite) {
		t.Errorf("take with another seat's secret: %v, want errNoInvite", err)
	}
	own := mustApply(t, invited, command{kind: cmdTake, seat: 1, token: "white", now: machineT0})
	if !reflect.DeepEqual(own.seats, []int{0, 1}) {
		t.Errorf("take with the creator's token: seats %v, want [0 1]", own.seats)
	}
	anyone := machine(t, white, store.Seat{Kind: store.Human, Anyone: true})
	if out := mustApply(t, anyone, command{kind: cmdTake, seat: 1, newToken: "eve", now: machineT0}); out.token != "eve" {
		t.Errorf("take a seat open to anyone: %+v", out)
	}
	if out := mustApply(t, invited, command{kind: cmdAbandon}); out.next.g.Status != store.StatusAbandoned {
		t.Errorf("abandon: status %s", out.next.g.Status)
	}
}

// TestMachineAutomatic: the next automatic action, the time limit
// handing the seat to the computer, the computer's throw and move, and
// the person's return.
func TestMachineAutomatic(t *testing.T) {
	st := started(machine(t)) // White stays: the stand-in plays for Black (TestMachineWaitsForPeople)
	if a := st.next(); a.kind != actNone {
		t.Fatalf("person to play without a limit: next %+v", a)
	}
	st.g.TimeLimit = time.Minute
	a := st.next()
	if a.kind != actDeadline || a.seat != 1 || !a.at.Equal(machineT0.Add(time.Minute)) {
		t.Fatalf("with a limit: next %+v", a)
	}
	if _, err := st.apply(command{kind: cmdTimeout, seat: 1, now: a.at.Add(-time.Millisecond)}); !errors.Is(err, errStale) {
		t.Errorf("timeout before the deadline: %v, want errStale", err)
	}
	away := mustApply(t, st, command{kind: cmdTimeout, seat: 1, now: a.at})
	if !away.next.g.Seats[1].Away || away.next.next().kind != actComputer || away.writes[0] != (storeWrite{kind: writeAway, seat: 1, away: true}) {
		t.Fatalf("after the timeout: %+v, writes %+v", away.next.g.Seats, away.writes)
	}
	thrown := mustApply(t, away.next, command{kind: cmdComputerThrow})
	played := mustApply(t, thrown.next, command{kind: cmdComputerMove, move: "no such move", by: "medium", now: a.at})
	if w := played.writes[0]; w.turn.Move != thrown.next.moves[0].Move || w.turn.By != "medium" {
		t.Errorf("an unknown computer move: played %+v, want the first legal move", w.turn)
	}
	back := mustApply(t, played.next, command{kind: cmdHello, token: "black"})
	if back.next.g.Seats[1].Away || len(back.events) != 1 || back.events[0].Kind != "back" {
		t.Errorf("hello of the person who was away: seats %+v events %+v", back.next.g.Seats, back.events)
	}
}

// TestMachineWaitsForPeople (operator review, finding 5a): when every
// person's seat is away, the stand-in does not play the game out between
// computers, which no client's cap counts: the game waits until a person
// is back, and then the stand-in plays the seats still away.
func TestMachineWaitsForPeople(t *testing.T) {
	alone := started(machine(t, store.Seat{Kind: "medium"}, store.Seat{Kind: store.Human, TokenHash: hashToken("black")}))
	alone.g.TimeLimit = time.Minute
	a := alone.next()
	away := mustApply(t, alone, command{kind: cmdTimeout, seat: 1, now: a.at})
	if n := away.next.next(); !away.next.g.Seats[1].Away || n.kind != actNone {
		t.Errorf("the only person away: next %+v, want none (the game waits)", n)
	}
	back := mustApply(t, away.next, command{kind: cmdHello, token: "black", now: a.at.Add(time.Second)})
	if n := back.next.next(); n.kind != actDeadline || n.seat != 1 {
		t.Errorf("the person back: next %+v, want their deadline", n)
	}

	two := started(machine(t))
	two.g.TimeLimit = time.Minute
	two.g.Seats[0].Away = true // White left; Black is to move
	a = two.next()
	if a.kind != actDeadline || a.seat != 1 {
		t.Fatalf("Black to play while White is away: next %+v", a)
	}
	both := mustApply(t, two, command{kind: cmdTimeout, seat: 1, now: a.at})
	if n := both.next.next(); n.kind != actNone {
		t.Errorf("both people away: next %+v, want none", n)
	}
	white := mustApply(t, both.next, command{kind: cmdHello, token: "white", now: a.at})
	if n := white.next.next(); n.kind != actComputer || n.seat != 1 {
		t.Errorf("White back, Black away and to move: next %+v, want the stand-in for Black", n)
	}
	// White, away too, hands Black's seat over: White is back by acting,
	// so that the game does not wait for them once the computer played.
	handed := mustApply(t, both.next, command{kind: cmdHandOver, token: "white", by: "medium", now: a.at})
	if handed.next.g.Seats[0].Away || handed.next.g.Seats[1].Kind != "medium" {
		t.Errorf("after White's hand-over: seats %+v", handed.next.g.Seats)
	}
}

// TestBackGetsFreshClock: a person whose time ran out and who comes back
// on their own turn has the whole limit again, rather than the old
// deadline that would send them away at once.
func TestBackGetsFreshClock(t *testing.T) {
	st := started(machine(t, store.Seat{Kind: "medium"}, store.Seat{Kind: store.Human, TokenHash: hashToken("black")}))
	st.g.TimeLimit = time.Minute
	a := st.next()
	if a.kind != actDeadline || a.seat != 1 {
		t.Fatalf("with a limit: next %+v", a)
	}
	away := mustApply(t, st, command{kind: cmdTimeout, seat: 1, now: a.at})
	later := a.at.Add(5 * time.Second)
	back := mustApply(t, away.next, command{kind: cmdHello, token: "black", now: later})
	if back.next.g.Seats[1].Away {
		t.Fatal("still away after hello")
	}
	if n := back.next.next(); n.kind != actDeadline || !n.at.Equal(later.Add(time.Minute)) {
		t.Errorf("back on their turn: next %+v, want a deadline a minute after the return (%v)", n, later.Add(time.Minute))
	}
}

// TestMachineStaleMove: a move meant for a turn already played (the
// seat's other tab played first) is refused as stale_move, not as
// not_your_turn now that the other seat is to move, nor as game_over
// once that move ended the game: the game page takes it quietly.
func TestMachineStaleMove(t *testing.T) {
	st := machine(t)
	played := 0
	for st.toMove() == 1 {
		thrown := mustApply(t, st, command{kind: cmdThrow, token: "black", now: machineT0}).next
		st = mustApply(t, thrown, command{kind: cmdMove, token: "black", move: thrown.moves[0].Move, now: machineT0}).next
		played++
	}
	over := st
	over.g.Status = store.StatusOver
	for name, at := range map[string]turnState{"White to move": st, "the game over": over} {
		_, err := at.apply(command{kind: cmdMove, token: "black", move: "9-10", expect: &played, now: machineT0})
		var ae *apiError
		if !errors.As(err, &ae) || ae.code != "stale_move" {
			t.Errorf("%s: a move meant for turn %d (played) is refused with %v, want stale_move", name, played, err)
		}
	}
	// A move of the current turn is still told whose turn it is.
	next := played + 1
	if _, err := st.apply(command{kind: cmdMove, token: "black", move: "9-10", expect: &next, now: machineT0}); !errors.Is(err, game.ErrNotYourTurn) {
		t.Errorf("black's move for turn %d on White's turn: %v, want not your turn", next, err)
	}
}

// TestMachinePace (player review): a computer's throws and moves wait
// the pace meant for people (Config.BotDelay) while a person still plays
// a seat of the game, away or not, and in a game between computers,
// which people watch; once every person has finished (Ludo finish=all)
// or resigned, the computers play the places left out without a pause.
// The finished seats are the position's (done=), by seat under any
// order of the colours.
func TestMachinePace(t *testing.T) {
	person := func(token string) store.Seat { return store.Seat{Kind: store.Human, TokenHash: hashToken(token)} }
	computer := store.Seat{Kind: "easy"}
	resigned := store.Seat{Kind: "easy", TokenHash: hashToken("r"), Resigned: 7}
	away := store.Seat{Kind: store.Human, TokenHash: hashToken("w"), Away: true}
	const track = "........................................ " // the 40 squares, empty
	for _, tt := range []struct {
		name  string
		opts  []string
		pos   string // "" for the start
		seats []store.Seat
		paced bool
	}{
		{"a person playing", []string{"finish=all"}, "", []store.Seat{person("a"), computer, computer, computer}, true},
		{"the person finished", []string{"finish=all"}, track + "rrrr/..../..../.... y done=r", []store.Seat{person("a"), computer, computer, computer}, false},
		{"one person finished, one playing", []string{"finish=all"}, track + "rrrr/..../..../.... y done=r", []store.Seat{person("a"), computer, person("c"), computer}, true},
		{"one person finished, one resigned", []string{"finish=all"}, track + "rrrr/..../..../.... g done=r", []store.Seat{person("a"), resigned, computer, computer}, false},
		{"the person resigned", []string{"finish=all"}, "", []store.Seat{resigned, computer, computer, computer}, false},
		{"a person away", []string{"finish=all"}, track + "rrrr/..../..../.... g done=r", []store.Seat{person("a"), away, computer, computer}, true},
		{"computers only", []string{"finish=all"}, track + "rrrr/..../..../.... y done=r", []store.Seat{computer, computer, computer, computer}, true},
		{"green first: seat 0 finished", []string{"finish=all", "colors=gryb"}, track + "..../..../gggg/.... r colors=gryb done=g", []store.Seat{person("a"), computer, computer, computer}, false},
		{"green first: seat 1 finished", []string{"finish=all", "colors=gryb"}, track + "rrrr/..../..../.... y colors=gryb done=r", []store.Seat{person("a"), computer, computer, computer}, true},
		{"Senet against the computer", nil, "", nil, true},
	} {
		rules := "kinevet"
		if tt.seats == nil {
			rules, tt.seats = "senet-jequier", []store.Seat{person("a"), computer}
		}
		st := machineOf(t, rules, tt.opts, tt.seats...)
		if tt.pos != "" {
			if norm, err := st.kit.Normalize(tt.pos); err != nil || norm != tt.pos {
				t.Fatalf("%s: %q: %q, %v", tt.name, tt.pos, norm, err)
			}
			st.g.Pos = tt.pos
		}
		if got := st.paced(); got != tt.paced {
			t.Errorf("%s: paced %v, want %v", tt.name, got, tt.paced)
		}
		want := time.Duration(0)
		if tt.paced {
			want = 700 * time.Millisecond
		}
		if got := st.botDelay(700 * time.Millisecond); got != want {
			t.Errorf("%s: botDelay %v, want %v", tt.name, got, want)
		}
	}
}
