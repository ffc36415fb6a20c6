package nneval

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"passage/ludo"
	"passage/senet"
)

// Every embedded weight file reads, names the command that made it,
// stays within 1 MB and fits the encoding of the ruleset it serves.
func TestEmbeddedWeights(t *testing.T) {
	keys := Keys()
	if len(keys) == 0 {
		t.Fatal("no embedded weights")
	}
	for _, key := range keys {
		for _, name := range Members(key) {
			info, err := fs.Stat(weightFiles, "weights/"+name+".nnw")
			if err != nil {
				t.Fatal(err)
			}
			if info.Size() > 1<<20 {
				t.Errorf("%s: %d bytes, more than 1 MB", name, info.Size())
			}
			f, err := Load(name)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if f.Exact != nil {
				t.Errorf("%s: a checkpoint (float64 weights) was embedded", name)
			}
			if cmd := f.Header["command"]; !strings.HasPrefix(cmd, "go run ./cmd/train -rules ") || f.Header["key"] != key {
				t.Errorf("%s: header %v", name, f.Header)
			}
		}
	}
	for _, name := range senetNames {
		r := senet.MustNew(name, nil)
		if e := ForSenet(r); (e != nil) != has(keys, SenetKey(r)) {
			t.Errorf("%s: evaluation %v, weights %v", name, e != nil, has(keys, SenetKey(r)))
		}
	}
	for _, players := range []string{"2", "3", "4"} {
		r := ludo.MustNew("kinevet", map[string]string{"players": players})
		if e := ForLudo(r); (e != nil) != has(keys, LudoKey(r)) {
			t.Errorf("kinevet %s players: evaluation %v, weights %v", players, e != nil, has(keys, LudoKey(r)))
		}
	}
}

func has(keys []string, k string) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}

func TestKeys(t *testing.T) {
	if k := SenetKey(senet.MustNew("senet-jequier", map[string]string{"water": "15"})); k != "senet-jequier" {
		t.Errorf("SenetKey = %q", k)
	}
	if k := LudoKey(ludo.MustNew("kinevet", map[string]string{"players": "3", "goal-jump": "on"})); k != "kinevet-3p" {
		t.Errorf("LudoKey = %q", k)
	}
	if _, err := Load("no-such-ruleset"); err == nil {
		t.Error("Load of a missing key succeeded")
	}
}

// TestEmbeddedDigest: every embedded file's Digest, which sim journals
// record, is the SHA-256 of its bytes, and the evaluation bound to it
// reports the same.
func TestEmbeddedDigest(t *testing.T) {
	if len(Keys()) == 0 {
		t.Fatal("no embedded weights")
	}
	for _, key := range Keys() {
		data, err := weightFiles.ReadFile("weights/" + key + ".nnw")
		if err != nil {
			t.Fatal(err)
		}
		f, err := Load(key)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("%x", sha256.Sum256(data)); f.Digest != want {
			t.Errorf("%s: digest %s, want %s", key, f.Digest, want)
		}
	}
	// Each Senet ruleset with weights: its evaluation names its file (or
	// for an ensemble the SHA-256 of its files' digests, one a line).
	for _, name := range []string{"senet-jequier", "senet-szenet", "senet-apokrif"} {
		r, err := senet.New(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		e, ok := ForSenet(r).(*Eval[senet.Position])
		if !ok {
			continue // no weights: the catalog records none
		}
		var digests []string
		for _, m := range Members(SenetKey(r)) {
			f, _ := Load(m)
			digests = append(digests, f.Digest)
		}
		want := digests[0]
		if len(digests) > 1 {
			want = fmt.Sprintf("%x", sha256.Sum256([]byte(strings.Join(digests, "\n")+"\n")))
		}
		if e.Digest() != want {
			t.Errorf("%s: the evaluation reports digest %q, its files %q", name, e.Digest(), digests)
		}
	}
}

// Review networks (weights/KEY.review.nnw): each reads, names the
// command that made it and the weights of its ruleset, stays within
// 1 MB and is no checkpoint. ReviewForSenet uses Apokrif's, whose values
// differ from its playing network's, and falls back to the playing
// network (the same file) for the rulesets without one.
func TestReviewWeights(t *testing.T) {
	entries, err := fs.ReadDir(weightFiles, "weights")
	if err != nil {
		t.Fatal(err)
	}
	reviews := map[string]bool{}
	for _, e := range entries {
		key, ok := strings.CutSuffix(e.Name(), ".review.nnw")
		if !ok {
			continue
		}
		reviews[key] = true
		info, _ := e.Info()
		if info.Size() > 1<<20 {
			t.Errorf("%s: %d bytes, more than 1 MB", e.Name(), info.Size())
		}
		f, err := Load(ReviewKey(key))
		if err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		if f.Exact != nil || f.Header["key"] != key || !strings.HasPrefix(f.Header["command"], "go run ./cmd/train -rules ") {
			t.Errorf("%s: checkpoint %v, header %v", e.Name(), f.Exact != nil, f.Header)
		}
	}
	if !reviews["senet-apokrif"] {
		t.Fatal("no review network for senet-apokrif")
	}
	for _, name := range senetNames {
		r := senet.MustNew(name, nil)
		review, ok := ReviewForSenet(r).(*Eval[senet.Position])
		play := ForSenet(r).(*Eval[senet.Position])
		if !ok {
			t.Fatalf("%s: no review evaluation", name)
		}
		f, _ := Load(SenetKey(r))
		if reviews[SenetKey(r)] {
			f, _ = Load(ReviewKey(SenetKey(r)))
		}
		if review.Digest() != f.Digest {
			t.Errorf("%s: the review evaluation is %s, want %s", name, review.Digest(), f.Digest)
		}
		differ := false
		for _, p := range randomPositions(r, 50, 3) {
			if review.Evaluate(p)[0] != play.Evaluate(p)[0] {
				differ = true
			}
		}
		if differ != reviews[SenetKey(r)] {
			t.Errorf("%s: review values differ from the players' %v, review network %v", name, differ, reviews[SenetKey(r)])
		}
	}
}
