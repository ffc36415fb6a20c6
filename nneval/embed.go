package nneval

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"strings"
	"sync"

	"passage/game"
	"passage/ludo"
	"passage/senet"
)

// weightFiles holds the trained weights, one file per ruleset
// (weights/KEY.nnw, KEY as SenetKey or LudoKey gives it), or for an
// ensemble several (KEY.nnw, KEY.2.nnw, ...: Members), each produced by
// the command its header names.
//
//go:embed weights
var weightFiles embed.FS

var (
	cacheMu sync.Mutex
	cache   = map[string]*File{}
)

// Load reads the embedded weights named key (see SenetKey, LudoKey).
// It returns an error wrapping fs.ErrNotExist when there are none.
func Load(key string) (*File, error) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if f, ok := cache[key]; ok {
		return f, nil
	}
	data, err := weightFiles.ReadFile("weights/" + key + ".nnw")
	if err != nil {
		return nil, err
	}
	f, err := Read(data)
	if err != nil {
		return nil, fmt.Errorf("weights/%s.nnw: %w", key, err)
	}
	cache[key] = f
	return f, nil
}

// Keys lists the keys that have embedded weights (not the further
// members of an ensemble, see Members).
func Keys() []string { return keys(weightFiles) }

func keys(fsys fs.FS) []string {
	var out []string
	entries, _ := fs.ReadDir(fsys, "weights")
	for _, e := range entries {
		if k, ok := strings.CutSuffix(e.Name(), ".nnw"); ok && !strings.Contains(k, ".") {
			out = append(out, k)
		}
	}
	return out
}

// Members lists the names under which key's weights are embedded:
// key itself, then key.2, key.3, ... while they exist (weights/KEY.N.nnw,
// each made by the command its header names). More than one makes an
// ensemble whose logits are averaged.
func Members(key string) []string { return members(weightFiles, key) }

func members(fsys fs.FS, key string) []string {
	var out []string
	for n := 1; ; n++ {
		name := key
		if n > 1 {
			name = fmt.Sprintf("%s.%d", key, n)
		}
		if _, err := fs.Stat(fsys, "weights/"+name+".nnw"); err != nil {
			return out
		}
		out = append(out, name)
	}
}

// SenetKey names a Senet ruleset's weights: the ruleset's name. The
// weights are trained with its default options and serve all of them.
func SenetKey(r *senet.Rules) string {
	name, _, _ := strings.Cut(r.ID(), " ")
	return name
}

// LudoKey names a Ludo ruleset's weights by the number of players
// ("kinevet-4p"): the encoding is relative to the seats, so one file
// serves every choice of colours and house rules for that count.
func LudoKey(r *ludo.Rules) string {
	name, _, _ := strings.Cut(r.ID(), " ")
	return fmt.Sprintf("%s-%dp", name, r.NColors)
}

// ForSenet is the learned evaluation of r, or nil when r has no
// weights.
func ForSenet(r *senet.Rules) game.Evaluator[senet.Position] {
	return bindEmbedded[senet.Position](SenetKey(r), SenetEncoder{R: r})
}

// ReviewKey names the review network of the weights key: a network
// embedded for the game review alone (weights/KEY.review.nnw), beside
// the one the players search with. The dot keeps it out of Keys.
func ReviewKey(key string) string { return key + ".review" }

// ReviewForSenet is the evaluation the game review judges r with: the
// review network of r's ruleset where one is embedded (Apokrif's, which
// estimates the chances of its players' games without the discount its
// playing network was trained with: docs/analysis.md), else the
// playing network (ForSenet). Players never use it.
func ReviewForSenet(r *senet.Rules) game.Evaluator[senet.Position] {
	if e := bindEmbedded[senet.Position](ReviewKey(SenetKey(r)), SenetEncoder{R: r}); e != nil {
		return e
	}
	return ForSenet(r)
}

// ForLudo is the learned evaluation of r, or nil when r has no weights.
func ForLudo(r *ludo.Rules) game.Evaluator[ludo.Position] {
	return bindEmbedded[ludo.Position](LudoKey(r), NewLudoEncoder(r))
}

// bindEmbedded binds the embedded weights named key to enc, or returns
// nil when there are none. The tests load every embedded file, so a
// file that fails to load or fit its encoding is caught before release;
// should one slip through, the game falls back to its other evaluation.
func bindEmbedded[P comparable](key string, enc Encoder[P]) game.Evaluator[P] {
	e, err := embeddedEval(key, enc)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		slog.Error("nneval: embedded weights unusable; using the other evaluation", "err", err)
		return nil
	}
	return e
}

// embeddedEval binds the embedded members of key (Members) to enc. Its
// digest is the one file's, or for an ensemble the SHA-256 of the
// members' digests, one a line, so that a journal or cache made with
// other members is told apart.
func embeddedEval[P comparable](key string, enc Encoder[P]) (*Eval[P], error) {
	names := Members(key)
	if len(names) == 0 {
		return nil, fmt.Errorf("weights/%s.nnw: %w", key, fs.ErrNotExist)
	}
	var e *Eval[P]
	var digests []string
	for _, name := range names {
		f, err := Load(name)
		if err != nil {
			return nil, err
		}
		if f.Header["encoding"] != enc.Name() {
			return nil, fmt.Errorf("weights/%s.nnw: encoding %q, want %q", name, f.Header["encoding"], enc.Name())
		}
		if e == nil {
			e, err = NewEval(f.Net, enc)
		} else {
			err = e.Add(f.Net)
		}
		if err != nil {
			return nil, fmt.Errorf("weights/%s.nnw: %w", name, err)
		}
		digests = append(digests, f.Digest)
	}
	e.digest = digests[0]
	if len(digests) > 1 {
		sum := sha256.Sum256([]byte(strings.Join(digests, "\n") + "\n"))
		e.digest = hex.EncodeToString(sum[:])
	}
	return e, nil
}
