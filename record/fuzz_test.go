package record

import (
	"reflect"
	"strings"
	"testing"

	"passage/internal/catalog"
)

// FuzzReadReplay: any text given to Read (a record a stranger uploads to
// `passage analyze`, or a file from disk) gives a record or an error,
// never a panic; a record Read accepts writes back and reads back the
// same; and replaying it under its ruleset gives a position or an error.
func FuzzReadReplay(f *testing.F) {
	f.Add(sample)
	f.Add("passage-record 1\nrules kinevet players=2\nseats human hard\n\nr 6 in-1\nend x\n")
	f.Add("passage-record 1\nrules senet-apokrif\nstart wbwbwbwbwb.................... w\nw 5 10-15\n")
	f.Add("passage-record 1\nrules senet-szenet\ncommit 00\nseed 1\n")
	f.Add("passage-record 1\nrules kinevet players=3\nresigned y 0\nr 6 in-1\nresigned g 1\nend x\n")
	f.Add("passage-record 1\nrules senet-jequier\ngame abc\ndate 2026-12-07T19:04:05+01:00\nseed 3\n")
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := Read(strings.NewReader(text))
		if err != nil {
			return
		}
		var b strings.Builder
		if err := Write(&b, rec); err != nil {
			t.Fatalf("Write refuses a record Read took: %v\n%q", err, text)
		}
		back, err := Read(strings.NewReader(b.String()))
		if err != nil {
			t.Fatalf("Read(Write(rec)): %v\n%s", err, b.String())
		}
		if !reflect.DeepEqual(back, rec) {
			t.Fatalf("Read(Write(rec)) = %+v, want %+v", back, rec)
		}
		kit, err := catalog.OpenID(rec.Rules)
		if err != nil {
			return
		}
		Replay(kit.Ruleset, rec)
	})
}
