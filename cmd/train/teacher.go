package main

import (
	"fmt"
	"os"

	"passage/nneval"
)

// readWeights reads the weight file (or checkpoint) at path, which must
// have been made for the encoding enc and the weights key.
func readWeights(path, enc, key string) (*nneval.File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := nneval.Read(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if f.Header["encoding"] != enc {
		return nil, fmt.Errorf("%s: encoding %q, want %q", path, f.Header["encoding"], enc)
	}
	if f.Header["key"] != key {
		return nil, fmt.Errorf("%s: weights of %s, not %s", path, f.Header["key"], key)
	}
	return f, nil
}

// loadTeacher is the evaluation -teacher names: the network in one
// weight file, or the ensemble of several (their logits averaged).
func loadTeacher[P comparable](paths []string, enc nneval.Encoder[P], key string) (*nneval.Eval[P], error) {
	var e *nneval.Eval[P]
	for _, path := range paths {
		f, err := readWeights(path, enc.Name(), key)
		if err != nil {
			return nil, fmt.Errorf("-teacher %w", err)
		}
		if e == nil {
			e, err = nneval.NewEval(f.Net, enc)
		} else {
			err = e.Add(f.Net)
		}
		if err != nil {
			return nil, fmt.Errorf("-teacher %s: %w", path, err)
		}
	}
	return e, nil
}
