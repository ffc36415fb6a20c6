package nneval

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
)

// The weight file: a magic line, a version, a header of "key: value"
// lines (the ruleset, the encoding, the command that produced the file
// and how long it trained), the shape, and the weights as little-endian
// floats in the order of Net.Params. Embedded files store float32;
// training checkpoints store float64 so that a resumed run continues
// with exactly the weights it stopped with.
const (
	fileMagic   = "PASSAGE-NN\n"
	fileVersion = 1
	maxHeader   = 64 << 10
)

// File is a weight file's contents.
type File struct {
	// Header holds the file's metadata: "rules", "encoding", "command",
	// "games" at least.
	Header map[string]string
	// Net is the network with float32 weights.
	Net *Net
	// Exact, when the file stores float64 weights (a checkpoint), holds
	// them; nil otherwise.
	Exact *Grads
	// Digest is the hex SHA-256 of the bytes Read read the file from
	// (empty for a File not read): what a record of games played with
	// these weights can name them by (passage sim --journal).
	Digest string
}

// ErrBadFile is returned (wrapped) for a file that is not a valid weight
// file.
var ErrBadFile = errors.New("nneval: bad weight file")

// Write writes f with float32 weights, or float64 ones when exact is
// set and f.Exact holds them.
func (f *File) Write(w io.Writer, exact bool) error {
	if exact && f.Exact == nil {
		return fmt.Errorf("nneval: write: no exact weights")
	}
	var b bytes.Buffer
	b.WriteString(fileMagic)
	put := func(v uint32) { binary.Write(&b, binary.LittleEndian, v) }
	put(fileVersion)
	keys := make([]string, 0, len(f.Header))
	for k := range f.Header {
		if strings.ContainsAny(k, ":\n") || strings.Contains(f.Header[k], "\n") {
			return fmt.Errorf("nneval: write: header %q: keys and values are one line, keys without ':'", k)
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var h strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&h, "%s: %s\n", k, f.Header[k])
	}
	put(uint32(h.Len()))
	b.WriteString(h.String())
	n := f.Net
	size := uint32(4)
	if exact {
		size = 8
	}
	for _, v := range []uint32{uint32(n.Inputs), uint32(n.Hidden), uint32(n.Outputs), size} {
		put(v)
	}
	if exact {
		for _, a := range f.Exact.Params() {
			for _, x := range a {
				binary.Write(&b, binary.LittleEndian, math.Float64bits(x))
			}
		}
	} else {
		for _, a := range n.Params() {
			for _, x := range a {
				put(math.Float32bits(x))
			}
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// Read reads a weight file. Anything malformed, truncated or followed by
// extra bytes is an error wrapping ErrBadFile.
func Read(data []byte) (*File, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadFile, fmt.Sprintf(format, args...))
	}
	if !bytes.HasPrefix(data, []byte(fileMagic)) {
		return nil, bad("not a Passage weight file")
	}
	rest := data[len(fileMagic):]
	u32 := func() (uint32, bool) {
		if len(rest) < 4 {
			return 0, false
		}
		v := binary.LittleEndian.Uint32(rest)
		rest = rest[4:]
		return v, true
	}
	v, ok := u32()
	if !ok {
		return nil, bad("truncated")
	}
	if v != fileVersion {
		return nil, bad("version %d, want %d", v, fileVersion)
	}
	hlen, ok := u32()
	if !ok || hlen > maxHeader || int(hlen) > len(rest) {
		return nil, bad("bad header length")
	}
	sum := sha256.Sum256(data)
	f := &File{Header: map[string]string{}, Digest: hex.EncodeToString(sum[:])}
	for _, line := range strings.Split(strings.TrimSuffix(string(rest[:hlen]), "\n"), "\n") {
		if line == "" {
			continue
		}
		k, val, ok := strings.Cut(line, ": ")
		if !ok {
			return nil, bad("header line %q is not key: value", line)
		}
		f.Header[k] = val
	}
	rest = rest[hlen:]
	var shape [4]uint32
	for i := range shape {
		if shape[i], ok = u32(); !ok {
			return nil, bad("truncated shape")
		}
	}
	if shape[3] != 4 && shape[3] != 8 {
		return nil, bad("float size %d", shape[3])
	}
	if shape[0] > 1<<20 || shape[1] > MaxHidden || shape[2] > MaxOutputs {
		return nil, bad("shape %d-%d-%d out of range", shape[0], shape[1], shape[2])
	}
	in, hid, out := int(shape[0]), int(shape[1]), int(shape[2])
	total := in*hid + hid + out*hid + in*out + out
	if len(rest) != total*int(shape[3]) { // checked before allocating
		return nil, bad("%d bytes of weights, want %d", len(rest), total*int(shape[3]))
	}
	n, err := NewNet(in, hid, out)
	if err != nil {
		return nil, bad("%v", err)
	}
	if shape[3] == 8 {
		f.Exact = NewGrads(n)
		for _, a := range f.Exact.Params() {
			for i := range a {
				a[i] = math.Float64frombits(binary.LittleEndian.Uint64(rest))
				rest = rest[8:]
			}
		}
		f.Exact.Round(n)
	} else {
		for _, a := range n.Params() {
			for i := range a {
				a[i] = math.Float32frombits(binary.LittleEndian.Uint32(rest))
				rest = rest[4:]
			}
		}
	}
	for _, a := range n.Params() {
		for _, x := range a {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return nil, bad("weight not finite")
			}
		}
	}
	f.Net = n
	return f, nil
}

// Round copies g, rounded to float32, into n's weights.
func (g *Grads) Round(n *Net) {
	for i, a := range g.Params() {
		dst := n.Params()[i]
		for j, x := range a {
			dst[j] = float32(x)
		}
	}
}
