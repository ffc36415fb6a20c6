package server

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"time"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/fairdice"
	"passage/internal/store"
	"passage/record"
)

// recordOf builds the record of game id so far; the dice seed is in it
// once the game is over.
func (s *Server) recordOf(r *http.Request, id string) (record.Record, []store.Turn, store.Game, game.Ruleset, error) {
	return s.recordAt(r.Context(), id)
}

// recordAt is recordOf outside a request.
func (s *Server) recordAt(ctx context.Context, id string) (record.Record, []store.Turn, store.Game, game.Ruleset, error) {
	g, err := s.st.Game(ctx, id)
	if err != nil {
		return record.Record{}, nil, g, nil, err
	}
	return s.recordOfGame(ctx, g)
}

// recordOfGame is the record of g, already read from the store, with its
// turns read now (store.ErrNotFound if the game has gone since).
func (s *Server) recordOfGame(ctx context.Context, g store.Game) (record.Record, []store.Turn, store.Game, game.Ruleset, error) {
	turns, err := s.st.Turns(ctx, g.ID)
	if err != nil {
		return record.Record{}, nil, g, nil, err
	}
	rules, err := catalog.ByID(g.Rules)
	if err != nil {
		return record.Record{}, nil, g, nil, err
	}
	rec := record.Record{Rules: g.Rules, Game: g.ID, Date: g.Created.Truncate(time.Second), Start: g.Start, Commit: g.Commit, End: g.Pos}
	for _, seat := range g.Seats {
		rec.Seats = append(rec.Seats, seat.Kind)
	}
	if g.Status == store.StatusOver {
		rec.DiceSeed = hex.EncodeToString(g.Seed)
	}
	for _, t := range turns {
		_, letter := game.SeatName(rules, game.Player(t.Seat))
		rec.Turns = append(rec.Turns, record.Turn{Seat: letter, Roll: t.Roll, Move: t.Move})
	}
	rec.Resigned = resignations(rules, g)
	return rec, turns, g, rules, nil
}

// resignations are the record's resignations of game g: each seat that
// resigned while the game went on (Seat.Resigned, the throw it resigned
// on), and a resignation that ended the game, after the seats' (it came
// last). The record counts the turns played before each: the throw less
// one.
func resignations(rules game.Ruleset, g store.Game) []record.Resignation {
	var out []record.Resignation
	add := func(seat, throw int) {
		_, letter := game.SeatName(rules, game.Player(seat))
		out = append(out, record.Resignation{Seat: letter, Turn: throw - 1})
	}
	for i, s := range g.Seats {
		if s.Resigned > 0 {
			add(i, s.Resigned)
		}
	}
	if end, ok := endResult(g); ok && end.How == "resign" {
		add(end.Seat, end.Turn)
	}
	slices.SortStableFunc(out, func(a, b record.Resignation) int { return a.Turn - b.Turn })
	return out
}

// recordText is game id's record in the text format, as GET
// /api/games/{id}/record answers it.
func (s *Server) recordText(ctx context.Context, id string) ([]byte, error) {
	rec, _, _, _, err := s.recordAt(ctx, id)
	if err != nil {
		return nil, err
	}
	return recordBytes(rec)
}

// recordBytes is rec in the text format.
func recordBytes(rec record.Record) ([]byte, error) {
	var b bytes.Buffer
	if err := record.Write(&b, rec); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func (s *Server) handleRecordText(w http.ResponseWriter, r *http.Request) {
	b, err := s.recordText(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if r.URL.Query().Has("download") {
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="passage-%s.txt"`, r.PathValue("id")))
	}
	w.Write(b)
}

// recordJSON is the record as JSON, with each turn's position.
type recordJSON struct {
	ID       string      `json:"id"`
	Rules    string      `json:"rules"`
	Name     string      `json:"name"`
	Board    string      `json:"board"`
	Status   string      `json:"status"`
	Seats    []seatView  `json:"seats"`
	Start    string      `json:"start"`
	Turns    []turnView  `json:"turns"`
	End      string      `json:"end"`
	Result   *resultView `json:"result"`
	Commit   string      `json:"commit"`
	DiceSeed string      `json:"diceSeed,omitempty"`
	Text     string      `json:"text"` // the record in the text format
}

func (s *Server) handleRecordJSON(w http.ResponseWriter, r *http.Request) {
	rec, turns, g, rules, err := s.recordOf(r, r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	name, _, board := specOf(g.Rules)
	out := recordJSON{
		ID: g.ID, Rules: g.Rules, Name: name, Board: board, Status: string(g.Status),
		Seats: seatViews(rules, g.Seats), Start: g.Start, Turns: []turnView{}, End: g.Pos,
		Result: gameResult(rules, g), Commit: g.Commit, DiceSeed: rec.DiceSeed, Text: rec.String(),
	}
	kit, err := catalog.OpenID(g.Rules)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	before := g.Start
	for _, t := range turns {
		tv := turnViewOf(rules, t)
		tv.Effects = kit.Effects(before, t.Roll, t.Move)
		tv.Blocked = kit.Blocks(before, t.Roll)
		out.Turns = append(out.Turns, *tv)
		before = t.Pos
	}
	if r.URL.Query().Has("download") {
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="passage-%s.json"`, g.ID))
	}
	writeJSON(w, http.StatusOK, out)
}

// verifyView is the check of a finished game's throws.
type verifyView struct {
	OK       bool   `json:"ok"`
	Throws   int    `json:"throws"`
	Commit   string `json:"commit"`
	DiceSeed string `json:"diceSeed"`
	Message  string `json:"message"`
}

func (s *Server) handleVerify(w http.ResponseWriter, r *http.Request) {
	rec, _, g, rules, err := s.recordOf(r, r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if g.Status != store.StatusOver {
		s.fail(w, r, newError(http.StatusConflict, nil, "the dice seed is revealed when the game is over").as("seed_hidden"))
		return
	}
	out := verifyView{Commit: rec.Commit, DiceSeed: rec.DiceSeed}
	rep, err := fairdice.Verify(rules, rec)
	if err != nil {
		out.Message = err.Error()
	} else {
		out.OK, out.Throws = true, rep.Throws
		out.Message = fmt.Sprintf("SHA-256 of the seed matches the commitment; all %d throws are the seed's", rep.Throws)
	}
	writeJSON(w, http.StatusOK, out)
}
