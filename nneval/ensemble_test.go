package nneval

import (
	"math"
	"slices"
	"testing"
	"testing/fstest"

	"passage/ludo"
	"passage/senet"
)

// An ensemble's estimate is the one of the mean of its members' logits:
// on Senet the logistic of the mean, on three-player Ludo the soft-max
// of the means; it does not allocate, and a member of another shape is
// refused.
func TestEnsembleAveragesLogits(t *testing.T) {
	r := senet.MustNew("senet-szenet", nil)
	enc := SenetEncoder{R: r}
	var nets []*Net
	for seed := range uint64(3) {
		n, _ := NewNet(enc.Inputs(), 16, 1)
		randomize(n, seed+1, 0.3)
		nets = append(nets, n)
	}
	e, _ := NewEval(nets[0], enc)
	for _, n := range nets[1:] {
		if err := e.Add(n); err != nil {
			t.Fatal(err)
		}
	}
	ps := randomPositions(r, 200, 3)
	for _, p := range ps {
		x := enc.Encode(p)
		var mean float64
		for _, n := range nets {
			var z [1]float32
			n.Logits(x.Active(), z[:])
			mean += float64(z[0]) / 3
		}
		want := 1 / (1 + math.Exp(-mean))
		v := e.Evaluate(p)
		if got := v[enc.Mover(p)]; math.Abs(got-want) > 1e-5 {
			t.Fatalf("%s: mover's share %v, the mean logit's %v", r.FormatPosition(p), got, want)
		}
	}
	if n := testing.AllocsPerRun(50, func() {
		for _, p := range ps[:20] {
			e.Evaluate(p)
		}
	}); n != 0 {
		t.Errorf("an ensemble's Evaluate allocates %v times per run", n)
	}
	other, _ := NewNet(enc.Inputs(), 16, 3)
	if err := e.Add(other); err == nil {
		t.Error("a member with 3 outputs joined a 1-output ensemble")
	}

	l := ludo.MustNew("kinevet", map[string]string{"players": "3"})
	lenc := NewLudoEncoder(l)
	a, _ := NewNet(ludoInputs, 8, 3)
	b, _ := NewNet(ludoInputs, 8, 3)
	randomize(a, 7, 0.3)
	randomize(b, 8, 0.3)
	le, _ := NewEval(a, lenc)
	if err := le.Add(b); err != nil {
		t.Fatal(err)
	}
	for _, p := range randomPositions(l, 200, 4) {
		x := lenc.Encode(p)
		var za, zb [3]float32
		a.Logits(x.Active(), za[:])
		b.Logits(x.Active(), zb[:])
		var z [3]float32
		for i := range z {
			z[i] = (za[i] + zb[i]) / 2
		}
		var rel [MaxOutputs]float64
		softmax(z[:], rel[:3])
		v, m := le.Evaluate(p), lenc.Mover(p)
		for k := range 3 {
			if math.Abs(v[(m+k)%3]-rel[k]) > 1e-6 {
				t.Fatalf("%s: payoffs %v, the mean logits give %v (mover %d)", l.FormatPosition(p), v, rel[:3], m)
			}
		}
	}
}

// A key's members are KEY, KEY.2, KEY.3, ... up to the first gap, and
// Keys lists the keys alone.
func TestMembersAndKeys(t *testing.T) {
	fsys := fstest.MapFS{}
	for _, name := range []string{"senet-szenet", "senet-szenet.2", "senet-szenet.3", "senet-szenet.5", "kinevet-2p"} {
		fsys["weights/"+name+".nnw"] = &fstest.MapFile{}
	}
	if got := members(fsys, "senet-szenet"); !slices.Equal(got, []string{"senet-szenet", "senet-szenet.2", "senet-szenet.3"}) {
		t.Errorf("members = %v", got)
	}
	if got := members(fsys, "kinevet-2p"); !slices.Equal(got, []string{"kinevet-2p"}) {
		t.Errorf("members = %v", got)
	}
	if got := members(fsys, "senet-jequier"); got != nil {
		t.Errorf("members of a key without weights = %v", got)
	}
	if got := keys(fsys); !slices.Equal(got, []string{"kinevet-2p", "senet-szenet"}) {
		t.Errorf("keys = %v", got)
	}
}
