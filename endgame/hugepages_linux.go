package endgame

import (
	"syscall"
	"unsafe"
)

// hugePages asks Linux to back a large array with huge pages before it
// is first written. A sweep reads the group's values at random (each
// position's successors are far apart in sweep order), and with 4 KiB
// pages nearly every such read of a K=4 group's 2.4 GB misses the TLB
// as well as the cache. Only advice: where the kernel declines, nothing
// changes but speed.
func hugePages[T any](s []T) {
	if len(s) == 0 {
		return
	}
	const huge = 2 << 20
	p := unsafe.Pointer(&s[0])
	size := uintptr(len(s)) * unsafe.Sizeof(s[0])
	skip := (huge - uintptr(p)%huge) % huge // to the first whole huge page
	if size < skip+huge {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(p, skip)), (size-skip)&^(huge-1))
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
