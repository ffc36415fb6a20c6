package senet

import "flag"

// The -update flag rewrites the Apokrif files in testdata (move counts,
// golden game) from the engine instead of comparing with them:
//
//	go test ./senet -run 'TestApokrifPerft|TestApokrifGolden' -update
//
// Test files written in parallel may register the same flag, so it is
// registered only if no other file has done so.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden and move-count files in testdata")
	}
}

// apokrifUpdating reports whether the run was asked to rewrite testdata.
func apokrifUpdating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}
