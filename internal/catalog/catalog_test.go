package catalog

import (
	"errors"
	"slices"
	"testing"

	"passage/game"
	"passage/nneval"
)

// TestRegistry: every ruleset is registered once, in the documented
// order, and opens under its defaults with its own name as ID, a
// computer player and its Spec's options checked.
func TestRegistry(t *testing.T) {
	var names []string
	for _, s := range Specs() {
		names = append(names, s.Name)
	}
	if want := []string{"senet-jequier", "senet-szenet", "senet-apokrif", "kinevet"}; !slices.Equal(names, want) {
		t.Fatalf("Specs() = %v, want %v", names, want)
	}
	for _, s := range Specs() {
		kit, err := Open(s.Name, nil)
		if err != nil {
			t.Fatalf("Open(%s): %v", s.Name, err)
		}
		if kit.ID() != s.Name {
			t.Errorf("Open(%s).ID() = %q", s.Name, kit.ID())
		}
		if _, err := kit.NewPlayer("hard", 1); err != nil {
			t.Errorf("%s: NewPlayer(hard): %v", s.Name, err)
		}
		if _, err := Open(s.Name, []string{"nonsense=1"}); !errors.Is(err, game.ErrBadOption) {
			t.Errorf("Open(%s, nonsense=1) = %v, want ErrBadOption", s.Name, err)
		}
		if got, err := Lookup(s.Name); err != nil || got.Name != s.Name || got.Board == "" {
			t.Errorf("Lookup(%s) = %+v, %v", s.Name, got, err)
		}
	}
	if _, err := Lookup("chess"); !errors.Is(err, game.ErrUnknownRules) {
		t.Errorf("Lookup(chess) = %v, want ErrUnknownRules", err)
	}
}

// TestKitPlayIsChecked: the text rules a Kit plays by reject what Match
// rejects and leave nothing changed.
func TestKitPlayIsChecked(t *testing.T) {
	kit, err := Open("senet-jequier", nil)
	if err != nil {
		t.Fatal(err)
	}
	start := kit.Start()
	for _, tt := range []struct {
		pos  string
		roll int
		move string
		want error
	}{
		{start, 2, "11-14", game.ErrIllegalMove},
		{start, 7, "11-18", game.ErrBadRoll},
		{".....b.b.b.b.b................ - off=wwwww winner=w", 1, "pass", game.ErrGameOver},
	} {
		if got, err := kit.Play(tt.pos, tt.roll, tt.move); !errors.Is(err, tt.want) || got != "" {
			t.Errorf("Play(%q, %d, %s) = %q, %v; want %v", tt.pos, tt.roll, tt.move, got, err, tt.want)
		}
	}
}

// TestKitHouses: a Kit's houses follow its options, and equal its Spec's
// under the defaults.
func TestKitHouses(t *testing.T) {
	squares := func(hs []game.House) []int {
		var out []int
		for _, h := range hs {
			out = append(out, h.Square)
		}
		return out
	}
	def, err := Open("senet-jequier", nil)
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := Lookup("senet-jequier")
	if got, want := squares(def.Houses()), squares(spec.Houses); !slices.Equal(got, want) || len(got) == 0 {
		t.Errorf("default houses on %v, Spec's on %v", got, want)
	}
	w15, err := Open("senet-jequier", []string{"water=15"})
	if err != nil {
		t.Fatal(err)
	}
	if got := squares(w15.Houses()); !slices.Contains(got, 15) || slices.Contains(got, 1) {
		t.Errorf("water=15 houses on %v, want 15 and not 1", got)
	}
}

// TestPlayersKeepThePlayingNetwork: Apokrif's computer players search
// with its playing network (weights/senet-apokrif.nnw), never with the
// review network the game review judges with (nneval.ReviewForSenet).
func TestPlayersKeepThePlayingNetwork(t *testing.T) {
	kit, err := Open("senet-apokrif", nil)
	if err != nil {
		t.Fatal(err)
	}
	play, err := nneval.Load("senet-apokrif")
	if err != nil {
		t.Fatal(err)
	}
	review, err := nneval.Load(nneval.ReviewKey("senet-apokrif"))
	if err != nil {
		t.Fatal(err)
	}
	if kit.Weights != play.Digest || kit.Weights == review.Digest {
		t.Errorf("the players' weights %s; the playing network %s, the review network %s", kit.Weights, play.Digest, review.Digest)
	}
}
