package main

import (
	"io"
)

func cmdPlay(args []string, stdin io.Reader, stdout io.Writer) error {
	return usageError{"play: not yet"}
}
