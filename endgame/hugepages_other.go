//go:build !linux

package endgame

// hugePages is Linux's advice for large arrays (hugepages_linux.go);
// elsewhere it does nothing.
func hugePages[T any](s []T) {}
