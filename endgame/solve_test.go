package endgame

import (
	"context"
	"testing"
)

func TestVerifyK2(t *testing.T) {
	for _, opts := range []map[string]string{nil, {"water": "15", "overshoot": "block"}} {
		c := mustClass(t, "senet-jequier", opts, 2)
		tab := mustSolve(t, c)
		rep, err := tab.Verify(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d checked, residual %.3g", c.Rules.ID(), rep.Checked, rep.MaxResidual)
	}
}
