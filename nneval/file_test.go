package nneval

import (
	"bytes"
	"errors"
	"math"
	"testing"
)

func testFile(t *testing.T) *File {
	t.Helper()
	n, err := NewNet(20, 8, 2)
	if err != nil {
		t.Fatal(err)
	}
	randomize(n, 1, 1)
	return &File{Header: map[string]string{"rules": "test", "encoding": "x", "command": "go run ./cmd/train -rules test"}, Net: n}
}

func TestFileRoundTrip(t *testing.T) {
	f := testFile(t)
	var b bytes.Buffer
	if err := f.Write(&b, false); err != nil {
		t.Fatal(err)
	}
	g, err := Read(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if g.Header["command"] != f.Header["command"] || g.Header["rules"] != "test" || g.Exact != nil {
		t.Errorf("header %v", g.Header)
	}
	for i, a := range f.Net.Params() {
		for j, x := range a {
			if g.Net.Params()[i][j] != x {
				t.Fatalf("array %d weight %d: read %v, wrote %v", i, j, g.Net.Params()[i][j], x)
			}
		}
	}
}

// A checkpoint keeps the float64 weights bit for bit.
func TestFileExactRoundTrip(t *testing.T) {
	f := testFile(t)
	f.Exact = NewGrads(f.Net)
	for i, a := range f.Exact.Params() {
		for j := range a {
			a[j] = math.Pi * float64(i*1000+j) / 7
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b, true); err != nil {
		t.Fatal(err)
	}
	g, err := Read(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range f.Exact.Params() {
		for j, x := range a {
			if g.Exact.Params()[i][j] != x || g.Net.Params()[i][j] != float32(x) {
				t.Fatalf("array %d weight %d differs", i, j)
			}
		}
	}
}

func TestReadRejectsBadFiles(t *testing.T) {
	var b bytes.Buffer
	if err := testFile(t).Write(&b, false); err != nil {
		t.Fatal(err)
	}
	good := b.Bytes()
	nan := bytes.Clone(good)
	copy(nan[len(nan)-4:], []byte{0, 0, 0xc0, 0x7f}) // a float32 NaN
	for name, data := range map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("PASSAGE-NX\n"), good[11:]...),
		"version":   append(append([]byte("PASSAGE-NN\n"), 9, 0, 0, 0), good[15:]...),
		"truncated": good[:len(good)-1],
		"trailing":  append(bytes.Clone(good), 0),
		"header":    good[:20],
		"nan":       nan,
	} {
		if _, err := Read(data); !errors.Is(err, ErrBadFile) {
			t.Errorf("%s: got %v, want ErrBadFile", name, err)
		}
	}
}

func TestWriteRejectsMultilineHeader(t *testing.T) {
	f := testFile(t)
	f.Header["command"] = "a\nb"
	if err := f.Write(&bytes.Buffer{}, false); err == nil {
		t.Error("a header value with a newline was written")
	}
}

func FuzzRead(f *testing.F) {
	var b bytes.Buffer
	n, _ := NewNet(3, 8, 1)
	(&File{Header: map[string]string{"a": "b"}, Net: n}).Write(&b, false)
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Read(data)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := file.Write(&out, file.Exact != nil); err != nil {
			t.Fatal(err)
		}
		if _, err := Read(out.Bytes()); err != nil {
			t.Fatalf("rewritten file does not read: %v", err)
		}
	})
}
