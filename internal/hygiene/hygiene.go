// Package hygiene checks what the repository tracks: no compiled
// executables and no file over MaxSize, since build outputs and large
// data belong outside version control (the committed fiteval binary
// was such a file). The test command runs it through this package's
// test, which checks the files git tracks.
package hygiene

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// MaxSize is the largest file the repository may track, in bytes.
const MaxSize = 1 << 20

// File is one tracked file: its path, git mode ("100644", "100755"...),
// size in bytes and its first bytes.
type File struct {
	Path string
	Mode string
	Size int64
	Head []byte
}

// headSize is how many leading bytes Check looks at.
const headSize = 512

// magics are the leading bytes of compiled executables and libraries:
// ELF, Mach-O (both byte orders, 32 and 64 bits, and universal), and
// WebAssembly. PE files start with "MZ", which is checked with a NUL
// byte as well because text can start with those letters.
var magics = [][]byte{
	[]byte("\x7fELF"),
	{0xfe, 0xed, 0xfa, 0xce}, {0xce, 0xfa, 0xed, 0xfe},
	{0xfe, 0xed, 0xfa, 0xcf}, {0xcf, 0xfa, 0xed, 0xfe},
	{0xca, 0xfe, 0xba, 0xbe},
	[]byte("\x00asm"),
}

// Problems lists what is wrong with f, if anything.
func Problems(f File) []string {
	var out []string
	if f.Size > MaxSize {
		out = append(out, fmt.Sprintf("%s: %d bytes, over the limit of %d (1 MB)", f.Path, f.Size, MaxSize))
	}
	if executable(f.Head) {
		out = append(out, fmt.Sprintf("%s: a compiled executable", f.Path))
	} else if f.Mode == "100755" && !bytes.HasPrefix(f.Head, []byte("#!")) {
		out = append(out, fmt.Sprintf("%s: marked executable but not a script (no #! line)", f.Path))
	}
	return out
}

func executable(head []byte) bool {
	for _, m := range magics {
		if bytes.HasPrefix(head, m) {
			return true
		}
	}
	return bytes.HasPrefix(head, []byte("MZ")) && bytes.IndexByte(head, 0) >= 0
}

// Tracked lists the files git tracks in the work tree at root, with the
// sizes and first bytes of their checked-out contents.
func Tracked(root string) ([]File, error) {
	cmd := exec.Command("git", "ls-files", "--stage", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("hygiene: git ls-files in %s: %w", root, err)
	}
	var files []File
	for entry := range strings.SplitSeq(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		// "MODE OBJECT STAGE\tPATH"
		meta, path, ok := strings.Cut(entry, "\t")
		if !ok {
			return nil, fmt.Errorf("hygiene: unexpected git ls-files entry %q", entry)
		}
		mode, _, _ := strings.Cut(meta, " ")
		if mode == "160000" { // a submodule: no file here
			continue
		}
		f, err := read(filepath.Join(root, path))
		if err != nil {
			return nil, err
		}
		f.Path, f.Mode = path, mode
		files = append(files, f)
	}
	return files, nil
}

// read fills in the size and first bytes of the file at path. A tracked
// file deleted from the work tree is skipped (size 0, no head).
func read(path string) (File, error) {
	fh, err := os.Open(path)
	if os.IsNotExist(err) {
		return File{}, nil
	}
	if err != nil {
		return File{}, fmt.Errorf("hygiene: %w", err)
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return File{}, fmt.Errorf("hygiene: %w", err)
	}
	head := make([]byte, headSize)
	n, err := io.ReadFull(fh, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return File{}, fmt.Errorf("hygiene: %s: %w", path, err)
	}
	return File{Size: st.Size(), Head: head[:n]}, nil
}
