//go:build unix

package nneval

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time the process has used. On a machine shared with
// other work a benchmark's wall-clock ns/op measures the queue as much
// as the code; the CPU time it used does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU runs f b.N times and reports the CPU nanoseconds per call
// and the calls per CPU second.
func reportCPU(b *testing.B, f func(i int)) {
	b.ReportAllocs()
	t0 := cpuTime()
	i := 0
	for b.Loop() {
		f(i)
		i++
	}
	ns := float64(cpuTime()-t0) / float64(i)
	b.ReportMetric(ns, "cpu-ns/op")
	b.ReportMetric(1e9/ns, "evals/cpu-s")
}
