package server

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/record"
)

// servedRecord reads game id's text record as GET /record serves it and
// checks it as `passage verify` does (record.Read, then
// fairdice.Verify, which replays it: record.Replay); it returns the
// record's lines and what Read made of them.
func servedRecord(t *testing.T, s *testServer, id string) ([]string, record.Record) {
	t.Helper()
	status, b := s.do(t, "GET", "/api/games/"+id+"/record", "", nil)
	if status != http.StatusOK {
		t.Fatalf("GET record: %d %s", status, b)
	}
	rec, err := record.Read(strings.NewReader(string(b)))
	if err != nil {
		t.Fatalf("the served record does not read: %v\n%s", err, b)
	}
	rules, err := catalog.ByID(rec.Rules)
	if err != nil {
		t.Fatal(err)
	}
	if rep, err := fairdice.Verify(rules, rec); err != nil || rep.Throws != len(rec.Turns) {
		t.Errorf("verify of the served record: %+v, %v\n%s", rep, err, b)
	}
	return strings.Split(strings.TrimSpace(string(b)), "\n"), rec
}

// turnsBefore is the number of turn lines before line i of a record.
func turnsBefore(lines []string, i int) int {
	n := 0
	for _, l := range lines[:i] {
		f := strings.Fields(l)
		if len(f) != 3 || f[0] == "resigned" {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err == nil { // SEAT ROLL MOVE
			n++
		}
	}
	return n
}

// TestRecordResigned: the text record (GET /api/games/{id}/record) has a
// line "resigned SEAT TURN" for a seat that resigned in the middle of a
// game of three, among the turns where it came, with the number of
// turns played before it; the computer's turns for that seat follow it.
// The resignation that then ends the game has the same line after the
// last turn, and so has a two-seat game's. The records still verify and
// replay (the `passage verify` path).
func TestRecordResigned(t *testing.T) {
	s := newTestServer(t, Config{BotDelay: time.Millisecond, StandIn: "easy"})
	id, tokens := seatedGame(t, s, map[string]string{"players": "3"}, 3)
	s.playFirst(t, id, tokens, 5)
	var resp gameResponse
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", tokens[1], nil, &resp)
	yellowAt := resp.Game.Turns // turns played before Yellow resigned
	if resp.Game.Status != "live" || resp.Game.Seats[1].Resigned != yellowAt+1 {
		t.Fatalf("after Yellow resigned: %q, Yellow %+v", resp.Game.Status, resp.Game.Seats[1])
	}
	// Red and Green play on, and the computer Yellow, until Yellow has
	// had two turns more.
	deadline := time.Now().Add(2 * time.Minute)
	for yellow := 0; yellow < 2; {
		if time.Now().After(deadline) {
			t.Fatal("the computer played no two turns of Yellow's")
		}
		v := s.game(t, id)
		if v.Status != "live" {
			t.Fatalf("the game is %s", v.Status)
		}
		if v.ToMove == 1 {
			s.waitFor(t, id, "the computer's turn for Yellow", func(g gameView) bool { return g.Turns > v.Turns })
			yellow++
			continue
		}
		s.playTurnsOf(t, id, v.ToMove, tokens[v.ToMove])
	}
	// Green resigns: Red alone is left, and wins.
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id+"/resign", tokens[2], nil, &resp)
	if resp.Game.Status != "over" || resp.Game.Result == nil || resp.Game.Result.How != "resign" {
		t.Fatalf("after Green resigned: %q %+v", resp.Game.Status, resp.Game.Result)
	}
	lines, rec := servedRecord(t, s, id)
	text := strings.Join(lines, "\n")
	want := []record.Resignation{{Seat: "y", Turn: yellowAt}, {Seat: "g", Turn: resp.Game.Turns}}
	if fmt.Sprint(rec.Resigned) != fmt.Sprint(want) {
		t.Errorf("the record's resignations %+v, want %+v:\n%s", rec.Resigned, want, text)
	}
	for _, r := range want {
		line := fmt.Sprintf("resigned %s %d", r.Seat, r.Turn)
		i := strings.Index("\n"+text+"\n", "\n"+line+"\n")
		if i < 0 {
			t.Errorf("no line %q in the record:\n%s", line, text)
			continue
		}
		at := strings.Count(text[:i], "\n")
		if n := turnsBefore(lines, at); n != r.Turn {
			t.Errorf("%q stands after %d turns", line, n)
		}
	}
	after := 0
	for _, tn := range rec.Turns[yellowAt:] {
		if tn.Seat == "y" {
			after++
		}
	}
	if after < 2 {
		t.Errorf("%d turns of Yellow's after its resignation, want the computer's 2", after)
	}
	if last := lines[len(lines)-2]; last != fmt.Sprintf("resigned g %d", resp.Game.Turns) {
		t.Errorf("the line before the end is %q, want Green's resignation", last)
	}

	// Two seats: the resignation ends the game, its line after the last turn.
	id2, tokens2 := seatedGame(t, s, map[string]string{"players": "2"}, 2)
	s.playFirst(t, id2, tokens2, 3)
	s.ok(t, http.StatusOK, "POST", "/api/games/"+id2+"/resign", tokens2[0], nil, &resp)
	if resp.Game.Status != "over" {
		t.Fatalf("a two-seat game after a resignation: %q", resp.Game.Status)
	}
	lines, rec = servedRecord(t, s, id2)
	if got, want := lines[len(lines)-2], fmt.Sprintf("resigned r %d", resp.Game.Turns); got != want || len(rec.Resigned) != 1 {
		t.Errorf("the two-seat record ends %q, want %q:\n%s", got, want, strings.Join(lines, "\n"))
	}
}

// TestRecordGameAndDate (player review 6: a record said neither which
// game it was nor when): the served record names the game's ID and its
// creation, to the second, as the API reports it.
func TestRecordGameAndDate(t *testing.T) {
	s := newTestServer(t, Config{})
	id, tokens := seatedGame(t, s, map[string]string{"players": "2"}, 2)
	s.playFirst(t, id, tokens, 2)
	_, text := s.do(t, "GET", "/api/games/"+id+"/record", "", nil)
	rec, err := record.Read(bytes.NewReader(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	sum := s.game(t, id)
	if rec.Game != id || !rec.Date.Equal(sum.Created.Truncate(time.Second)) || sum.Created.IsZero() {
		t.Errorf("record game %q date %v, want %q and %v:\n%s", rec.Game, rec.Date, id, sum.Created, text)
	}
}
