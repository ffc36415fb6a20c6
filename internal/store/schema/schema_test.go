package schema

import (
	"errors"
	"testing"
	"testing/fstest"
)

func TestLoadAndPending(t *testing.T) {
	fsys := fstest.MapFS{
		"m/0002_b.sql": {Data: []byte("B")},
		"m/0001_a.sql": {Data: []byte("A")},
		"m/README":     {Data: []byte("not a migration")},
	}
	ms, err := Load(fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 || ms[0].SQL != "A" || ms[1].Version != 2 || ms[1].Name != "0002_b.sql" || Latest(ms) != 2 {
		t.Fatalf("Load: %+v", ms)
	}
	for current, want := range map[int]int{0: 2, 1: 1, 2: 0} {
		p, err := Pending(ms, current)
		if err != nil || len(p) != want || (want > 0 && p[0].Version != current+1) {
			t.Errorf("Pending at %d: %+v, %v; want %d migrations from %d", current, p, err, want, current+1)
		}
	}
	if _, err := Pending(ms, 3); !errors.Is(err, ErrTooNew) {
		t.Errorf("Pending at 3: %v, want ErrTooNew", err)
	}
}

func TestLoadGap(t *testing.T) {
	fsys := fstest.MapFS{"m/0001_a.sql": {}, "m/0003_c.sql": {}}
	if _, err := Load(fsys, "m"); err == nil {
		t.Error("Load with a gap in the numbers: no error")
	}
	if _, err := Load(fstest.MapFS{"m/x_a.sql": {}}, "m"); err == nil {
		t.Error("Load of a file without a number: no error")
	}
}
