package nneval

import (
	"embed"
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
// (weights/KEY.nnw, KEY as Key gives it), each produced by the
// command its header names.
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

// Keys lists the keys that have embedded weights.
func Keys() []string {
	var out []string
	entries, _ := weightFiles.ReadDir("weights")
	for _, e := range entries {
		if k, ok := strings.CutSuffix(e.Name(), ".nnw"); ok {
			out = append(out, k)
		}
	}
	return out
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

// ForLudo is the learned evaluation of r, or nil when r has no weights.
func ForLudo(r *ludo.Rules) game.Evaluator[ludo.Position] {
	return bindEmbedded[ludo.Position](LudoKey(r), NewLudoEncoder(r))
}

// bindEmbedded binds the embedded weights named key to enc, or returns
// nil when there are none. The tests load every embedded file, so a
// file that fails to load or fit its encoding is caught before release;
// should one slip through, the game falls back to its other evaluation.
func bindEmbedded[P comparable](key string, enc Encoder[P]) game.Evaluator[P] {
	f, err := Load(key)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err == nil && f.Header["encoding"] != enc.Name() {
		err = fmt.Errorf("weights/%s.nnw: encoding %q, want %q", key, f.Header["encoding"], enc.Name())
	}
	var e *Eval[P]
	if err == nil {
		e, err = NewEval(f.Net, enc)
	}
	if err == nil {
		e.digest = f.Digest
	}
	if err != nil {
		slog.Error("nneval: embedded weights unusable; using the other evaluation", "err", err)
		return nil
	}
	return e
}
