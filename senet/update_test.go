package senet

import "flag"

// update rewrites the files in testdata from the engine instead of
// comparing with them: go test ./senet -update.
var update = flag.Bool("update", false, "rewrite the golden and move-count files in testdata")
