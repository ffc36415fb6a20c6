package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"passage/analysis"
	"passage/internal/store"
)

// GET /api/games/{id}/analysis[?level=L]: the review of a finished game
// (docs/analysis.md): 200 with the review when it is done, 202 with its
// progress while it waits or runs (asking starts it), 409 for a game not
// over: a game in play is never reviewed, for anyone.

var (
	errReviewInPlay    = &apiError{status: http.StatusConflict, msg: "no review during play: a game is reviewed once it is over"}
	errReviewAbandoned = &apiError{status: http.StatusConflict, msg: "the game was abandoned before it began: there is nothing to review"}
)

func (s *Server) handleAnalysis(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	level := s.reviews.cfg.Level
	if q := r.URL.Query(); q.Has("level") {
		level = q.Get("level")
	}
	if !reviewLevels[level] {
		s.fail(w, r, newError(http.StatusBadRequest, nil, "unknown review level %q (levels: hard, expert)", clip(level)))
		return
	}
	g, err := s.st.Game(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	switch g.Status {
	case store.StatusOver:
	case store.StatusAbandoned:
		s.fail(w, r, errReviewAbandoned)
		return
	default:
		s.fail(w, r, errReviewInPlay)
		return
	}
	doc, err := currentReview(r.Context(), s.reviews.stored, id, level)
	if err == nil {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(doc)
		return
	}
	if !errors.Is(err, store.ErrNotFound) {
		s.fail(w, r, err)
		return
	}
	p, err := s.reviews.request(id, level, g.Turns, s.clientID(r))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Retry-After", "1")
	writeJSON(w, http.StatusAccepted, p)
}

// currentReview is the stored review of game id at level, if one of the
// version this server makes is stored (analysis.ReportVersion). A review
// of an older version is as good as none (store.ErrNotFound): its
// figures mean something else (accuracy did), so it is made again and
// stored over the old one rather than served.
func currentReview(ctx context.Context, stored store.Analyses, id, level string) ([]byte, error) {
	doc, err := stored.Analysis(ctx, id, level)
	if err != nil {
		return nil, err
	}
	v, err := analysis.StoredVersion(doc)
	if err != nil {
		return nil, fmt.Errorf("the stored review of %s at %s: %w", id, level, err)
	}
	if v != analysis.ReportVersion {
		return nil, fmt.Errorf("the stored review of %s at %s is of version %d, not %d: %w", id, level, v, analysis.ReportVersion, store.ErrNotFound)
	}
	return doc, nil
}
