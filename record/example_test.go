package record_test

import (
	"fmt"
	"strings"

	"passage/internal/catalog"
	"passage/record"
)

// Read a record, open the ruleset it names and replay it to its end.
func ExampleReplay() {
	text := `passage-record 1
rules senet-jequier
b 2 11-13
w 1 9-10
`
	rec, err := record.Read(strings.NewReader(text))
	if err != nil {
		panic(err)
	}
	rules, err := catalog.ByID(rec.Rules)
	if err != nil {
		panic(err)
	}
	final, err := record.Replay(rules, rec)
	fmt.Println(final, err)
	// Output:
	// wbwbwbwb.w..b................. w <nil>
}
