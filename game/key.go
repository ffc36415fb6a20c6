package game

// Keyer is implemented by positions that give their own 64-bit key:
// equal positions have equal keys, and the key is the same in every run
// and on every machine, so a search indexing its transposition table by
// it visits the same nodes every time (unlike hash/maphash, whose seeds
// are random per process).
type Keyer interface {
	Key() uint64
}

// Mix64 scrambles x so that every input bit affects every output bit
// (the finaliser of SplitMix64). Position keys combine their fields
// with it.
func Mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
