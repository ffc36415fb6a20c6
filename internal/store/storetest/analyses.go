package storetest

import (
	"context"
	"errors"
	"testing"

	"passage/internal/store"
)

// RunAnalyses is the suite of a store that keeps game reviews
// (store.Analyses); open returns a new, empty store, closed by the
// suite.
func RunAnalyses(t *testing.T, open func(t *testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	defer st.Close()
	an, ok := st.(store.Analyses)
	if !ok {
		t.Fatalf("%T does not keep analyses", st)
	}
	if _, err := an.Analysis(ctx, "g1", "hard"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Analysis of an unknown game: %v, want ErrNotFound", err)
	}
	if err := an.SaveAnalysis(ctx, "g1", "hard", []byte(`{}`)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SaveAnalysis of an unknown game: %v, want ErrNotFound", err)
	}
	create(t, st, newGame("g1"))
	if err := an.SaveAnalysis(ctx, "g1", "hard", []byte(`{"a":1}`)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("SaveAnalysis of a game not over: %v, want ErrConflict", err)
	}
	if _, err := an.Analysis(ctx, "g1", "hard"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused analysis was stored: %v", err)
	}
	if err := st.End(ctx, "g1", store.StatusOver, `{"how":"abort"}`); err != nil {
		t.Fatal(err)
	}
	for _, doc := range []string{`{"a":1}`, `{"a":2}`} {
		if err := an.SaveAnalysis(ctx, "g1", "hard", []byte(doc)); err != nil {
			t.Fatalf("SaveAnalysis: %v", err)
		}
		got, err := an.Analysis(ctx, "g1", "hard")
		if err != nil || string(got) != doc {
			t.Errorf("Analysis after saving %s: %s, %v", doc, got, err)
		}
	}
	if _, err := an.Analysis(ctx, "g1", "expert"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Analysis at a level never saved: %v, want ErrNotFound", err)
	}
}
