package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"passage/nneval"
)

// runTrain runs the command and returns its exit status and output.
func runTrain(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestErrorsFollowTheContract(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{},
		{"-rules", "nope"},
		{"-rules", "senet-szenet", "-hidden", "12", "-out", filepath.Join(dir, "x")},
		{"-rules", "senet-szenet", "-lambda", "2"},
		{"-rules", "senet-szenet", "-rate-end", "-0.1"},
		{"-rules", "kinevet", "-opt", "players"},
		{"-rules", "kinevet", "-opt", "players=9"},
		{"-rules", "senet-szenet", "-opponent", "wizard"},
		{"-rules", "senet-szenet", "-plot", "x.png"},
		{"-info", filepath.Join(dir, "missing.nnw")},
		{"-rules", "senet-szenet", "extra"},
		{"-rules", "senet-szenet", "-stop-after", "-1"},
	} {
		code, out, errs := runTrain(args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "train: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, nothing, one line", args, code, out, errs)
		}
	}
}

// tiny trains a small network into dir and returns the weight file.
func tiny(t *testing.T, dir string, extra ...string) []byte {
	t.Helper()
	out := filepath.Join(dir, "w.nnw")
	args := append([]string{"-rules", "senet-jequier", "-games", "24", "-batch", "8", "-hidden", "8",
		"-out", out, "-checkpoint", filepath.Join(dir, "c.ckpt")}, extra...)
	if code, _, errs := runTrain(args...); code != 0 {
		t.Fatalf("%q: exit %d: %s", args, code, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The same command gives the same file on any number of workers, and
// continuing a checkpoint of a shorter run gives the longer run's file.
func TestWeightsAreReproducible(t *testing.T) {
	one := tiny(t, t.TempDir(), "-workers", "1")
	if two := tiny(t, t.TempDir(), "-workers", "3"); !bytes.Equal(one, two) {
		t.Error("1 and 3 workers wrote different weights")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "w.nnw")
	if code, _, errs := runTrain("-rules", "senet-jequier", "-games", "16", "-batch", "8", "-hidden", "8",
		"-out", out, "-checkpoint", filepath.Join(dir, "c.ckpt")); code != 0 {
		t.Fatal(errs)
	}
	if resumed := tiny(t, dir, "-resume"); !bytes.Equal(one, resumed) {
		t.Error("a run resumed from 16 games wrote different weights than one of 24")
	}
	// A run of 24 games stopped at 16 and continued ends where one run does.
	dir = t.TempDir()
	out = filepath.Join(dir, "w.nnw")
	code, _, errs := runTrain("-rules", "senet-jequier", "-games", "24", "-batch", "8", "-hidden", "8",
		"-out", out, "-checkpoint", filepath.Join(dir, "c.ckpt"), "-stop-after", "16")
	if code != 0 || !strings.Contains(errs, "stopped after 16 games") {
		t.Fatalf("-stop-after 16: exit %d, %s", code, errs)
	}
	stopped, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	f, err := nneval.Read(stopped)
	if err != nil || f.Header["games"] != "16" || !strings.Contains(f.Header["command"], " -games 24 ") || !strings.Contains(f.Header["command"], " -stop-after 16") {
		t.Errorf("the weight file at -stop-after 16: %v, header %v", err, f.Header)
	}
	if resumed := tiny(t, dir, "-resume"); !bytes.Equal(one, resumed) {
		t.Error("a run stopped at 16 games and resumed wrote different weights than one of 24")
	}
	// A checkpoint of another configuration is refused.
	code, _, errs = runTrain("-rules", "senet-jequier", "-games", "24", "-batch", "8", "-hidden", "16",
		"-out", out, "-checkpoint", filepath.Join(dir, "c.ckpt"), "-resume")
	if code != 2 || !strings.Contains(errs, "checkpoint") {
		t.Errorf("mismatched checkpoint: exit %d, %s", code, errs)
	}
}

func TestInfoNamesTheCommand(t *testing.T) {
	dir := t.TempDir()
	tiny(t, dir)
	code, out, errs := runTrain("-info", filepath.Join(dir, "w.nnw"))
	want := "command: go run ./cmd/train -rules senet-jequier -games 24 -hidden 8 -batch 8 -lambda 0.7 -rate 0.5 -skip-rate 1"
	if code != 0 || !strings.Contains(out, want) || !strings.Contains(out, "shape: ") || strings.Contains(out, "-rate-end") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// A falling rate is part of what made the weights.
	tiny(t, dir, "-rate-end", "0.05")
	code, out, errs = runTrain("-info", filepath.Join(dir, "w.nnw"))
	if code != 0 || !strings.Contains(out, " -seed 1 -rate-end 0.05") {
		t.Errorf("with -rate-end: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestCurveAndPlot(t *testing.T) {
	dir := t.TempDir()
	csv, png := filepath.Join(dir, "c.csv"), filepath.Join(dir, "c.png")
	tiny(t, dir, "-curve", csv, "-curve-every", "8", "-curve-games", "4", "-plot", png)
	data, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 5 || lines[0] != "games,win_rate,low,high,loss" || !strings.HasPrefix(lines[1], "0,") || !strings.HasPrefix(lines[4], "24,") {
		t.Errorf("curve:\n%s", data)
	}
	if st, err := os.Stat(png); err != nil || st.Size() == 0 {
		t.Errorf("plot: %v", err)
	}
}

// -teacher: the files it names (one, or an ensemble) are what the run
// learns; their paths are part of the command in the header, and a
// teacher made for another ruleset is refused with the error contract.
func TestTeacher(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.nnw")
	if err := os.WriteFile(a, tiny(t, dir, "-seed", "2"), 0o644); err != nil {
		t.Fatal(err)
	}
	plain := tiny(t, dir)
	taught := tiny(t, dir, "-lambda", "0", "-teacher", a, "-teacher", a)
	if bytes.Equal(plain, taught) {
		t.Error("-teacher changed nothing")
	}
	code, out, errs := runTrain("-info", filepath.Join(dir, "w.nnw"))
	if code != 0 || !strings.Contains(out, " -teacher "+a+" -teacher "+a) {
		t.Errorf("-info: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	szenet := filepath.Join(dir, "s.nnw")
	if code, _, errs := runTrain("-rules", "senet-szenet", "-games", "8", "-batch", "8", "-hidden", "8",
		"-out", szenet, "-checkpoint", filepath.Join(dir, "s.ckpt")); code != 0 {
		t.Fatal(errs)
	}
	for _, teacher := range []string{szenet, filepath.Join(dir, "missing.nnw")} {
		code, out, errs := runTrain("-rules", "senet-jequier", "-games", "8", "-hidden", "8", "-teacher", teacher,
			"-out", filepath.Join(dir, "x.nnw"), "-checkpoint", filepath.Join(dir, "x.ckpt"))
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "-teacher") {
			t.Errorf("-teacher %s: exit %d, stdout %q, stderr %q", teacher, code, out, errs)
		}
	}
}

// -policy: the network in the file it names chooses self-play's moves
// while the run learns their values; the weights are the same on any
// number of workers and differ from self-play's, the path is part of
// the command in the header, and a policy made for another ruleset, a
// missing file or -policy with -teacher is refused with the error
// contract.
func TestPolicy(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.nnw")
	if err := os.WriteFile(a, tiny(t, dir, "-seed", "2"), 0o644); err != nil {
		t.Fatal(err)
	}
	plain := tiny(t, dir)
	one := tiny(t, t.TempDir(), "-policy", a, "-epsilon", "0.2", "-workers", "1")
	if three := tiny(t, t.TempDir(), "-policy", a, "-epsilon", "0.2", "-workers", "3"); !bytes.Equal(one, three) {
		t.Error("-policy: 1 and 3 workers wrote different weights")
	}
	if bytes.Equal(plain, tiny(t, dir, "-policy", a)) {
		t.Error("-policy changed nothing")
	}
	code, out, errs := runTrain("-info", filepath.Join(dir, "w.nnw"))
	if code != 0 || !strings.Contains(out, " -policy "+a) {
		t.Errorf("-info: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	szenet := filepath.Join(dir, "s.nnw")
	if code, _, errs := runTrain("-rules", "senet-szenet", "-games", "8", "-batch", "8", "-hidden", "8",
		"-out", szenet, "-checkpoint", filepath.Join(dir, "s.ckpt")); code != 0 {
		t.Fatal(errs)
	}
	for _, extra := range [][]string{{"-policy", szenet}, {"-policy", filepath.Join(dir, "missing.nnw")}, {"-policy", a, "-teacher", a}} {
		args := append([]string{"-rules", "senet-jequier", "-games", "8", "-hidden", "8",
			"-out", filepath.Join(dir, "x.nnw"), "-checkpoint", filepath.Join(dir, "x.ckpt")}, extra...)
		code, out, errs := runTrain(args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "-policy") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", extra, code, out, errs)
		}
	}
}
