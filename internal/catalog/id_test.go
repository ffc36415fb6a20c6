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
