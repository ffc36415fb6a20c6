package catalog

import (
	"errors"
	"testing"

	"passage/game"
)

func TestByID(t *testing.T) {
	tests := []struct {
		id      string
		wantID  string
		wantErr error
	}{
		{"senet-jequier", "senet-jequier", nil},
		{"senet-jequier water=15", "senet-jequier water=15", nil},
		{"senet-jequier  water=15 overshoot=block", "senet-jequier overshoot=block water=15", nil},
		{"", "", game.ErrUnknownRules},
		{"senet-nope", "", game.ErrUnknownRules},
		{"senet-jequier water=3", "", game.ErrBadOption},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			r, err := ByID(tt.id)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("ByID(%q) error = %v, want %v", tt.id, err, tt.wantErr)
			}
			if err == nil && r.ID() != tt.wantID {
				t.Errorf("ByID(%q).ID() = %q, want %q", tt.id, r.ID(), tt.wantID)
			}
		})
	}
}

// TestOpenIDShares: OpenID builds a ruleset once per ID and shares it
// (the server opens one for every game it holds), up to kitCacheSize
// IDs; past that it builds each anew, so the cache stays bounded.
func TestOpenIDShares(t *testing.T) {
	defer func(n int) { kitCacheSize = n }(kitCacheSize)
	kitCache.Lock()
	kitCache.kits = map[string]Kit{}
	kitCache.Unlock()
	kitCacheSize = 1
	a, err := OpenID("senet-jequier water=15")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := OpenID("senet-jequier water=15")
	if a.Ruleset != b.Ruleset {
		t.Error("one ID opened twice built its ruleset twice")
	}
	c, _ := OpenID("senet-szenet")
	d, _ := OpenID("senet-szenet")
	if c.Ruleset == d.Ruleset {
		t.Error("an ID past the cache's size was kept")
	}
	if _, err := OpenID("senet-nonsense"); err == nil {
		t.Error("an unknown ruleset opened")
	}
	kitCache.Lock()
	defer kitCache.Unlock()
	if len(kitCache.kits) != 1 {
		t.Errorf("%d kits kept, want 1", len(kitCache.kits))
	}
}
