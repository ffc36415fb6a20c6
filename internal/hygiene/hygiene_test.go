package hygiene

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepositoryTracksNoBinaries is the check the test command relies
// on: no tracked file of this repository is an executable or over 1 MB.
func TestRepositoryTracksNoBinaries(t *testing.T) {
	files, err := Tracked("../..")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("git tracks %d files here; expected the whole repository", len(files))
	}
	for _, f := range files {
		for _, p := range Problems(f) {
			t.Error(p)
		}
	}
}

func TestProblems(t *testing.T) {
	tests := []struct {
		name string
		f    File
		want string // "" for no problem
	}{
		{"source", File{Path: "a.go", Mode: "100644", Size: 900, Head: []byte("package a\n")}, ""},
		{"script", File{Path: "test.sh", Mode: "100755", Size: 900, Head: []byte("#!/usr/bin/env bash\n")}, ""},
		{"exactly 1 MB", File{Path: "d.txt", Mode: "100644", Size: MaxSize, Head: []byte("x")}, ""},
		{"text starting MZ", File{Path: "n.md", Mode: "100644", Size: 10, Head: []byte("MZ notes\n")}, ""},
		{"over 1 MB", File{Path: "big.txt", Mode: "100644", Size: MaxSize + 1, Head: []byte("x")}, "big.txt: 1048577 bytes, over the limit"},
		{"ELF", File{Path: "fiteval", Mode: "100755", Size: 2_750_000, Head: []byte("\x7fELF\x02\x01\x01")}, "fiteval: a compiled executable"},
		{"ELF without the mode", File{Path: "tool", Mode: "100644", Size: 100, Head: []byte("\x7fELF\x02")}, "tool: a compiled executable"},
		{"Mach-O", File{Path: "mac", Mode: "100644", Size: 100, Head: []byte{0xcf, 0xfa, 0xed, 0xfe, 7}}, "mac: a compiled executable"},
		{"PE", File{Path: "w.exe", Mode: "100644", Size: 100, Head: []byte("MZ\x90\x00\x03\x00")}, "w.exe: a compiled executable"},
		{"executable data", File{Path: "x.dat", Mode: "100755", Size: 10, Head: []byte("data")}, "x.dat: marked executable but not a script"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(Problems(tt.f), "; ")
			if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
				t.Errorf("Problems = %q, want %q", got, tt.want)
			}
		})
	}
	if got := Problems(File{Path: "both", Mode: "100755", Size: MaxSize + 1, Head: []byte("\x7fELF")}); len(got) != 2 {
		t.Errorf("a large executable: %q, want two problems", got)
	}
}

// TestTracked lists a scratch repository: tracked files only, with
// modes, sizes and first bytes.
func TestTracked(t *testing.T) {
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	write := func(name, content string, mode os.FileMode) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), mode); err != nil {
			t.Fatal(err)
		}
	}
	git("init", "-q")
	write("a.go", "package a\n", 0o644)
	write("prog", "\x7fELF\x02\x01", 0o755)
	write("untracked.bin", "\x7fELF", 0o755)
	git("add", "a.go", "prog")
	files, err := Tracked(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[0].Path != "a.go" || files[1].Path != "prog" {
		t.Fatalf("Tracked = %+v, want a.go and prog", files)
	}
	if files[0].Mode != "100644" || files[0].Size != 10 || string(files[0].Head) != "package a\n" {
		t.Errorf("a.go: %+v", files[0])
	}
	if files[1].Mode != "100755" || len(Problems(files[1])) != 1 {
		t.Errorf("prog: %+v, problems %q", files[1], Problems(files[1]))
	}
	if _, err := Tracked(t.TempDir()); err == nil {
		t.Error("Tracked outside a repository: no error")
	}
}
