package endgame

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"passage/senet"
)

// A table file is, in little-endian order:
//
//	magic    "PSGTABLE" (8 bytes)
//	version  uint16 (FormatVersion)
//	K        uint16
//	idLen    uint16, then the ruleset ID (canonical, with options)
//	count    uint64, the number of positions
//	values   count x uint16, the mover's win probability times 65535
//	checksum SHA-256 of everything before it (32 bytes)
//
// The version changes whenever the class, its indexing or the layout
// changes, so an old file is refused rather than misread.
const (
	tableMagic    = "PSGTABLE"
	FormatVersion = 1
	// Ext is the extension of table files (ignored by git).
	Ext = ".pegt"
)

// ErrBadTable is wrapped by every error reading a table file.
var ErrBadTable = errors.New("bad endgame table")

// FileName is the name of the table of ruleset id with at most k pieces
// a side: "senet-jequier_water=15.k3.pegt".
func FileName(id string, k int) string {
	return strings.ReplaceAll(id, " ", "_") + fmt.Sprintf(".k%d", k) + Ext
}

// DefaultDir is where tables go unless --out or --tables says otherwise:
// passage/endgame in the user cache directory.
func DefaultDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no user cache directory (%v): pass a directory", err)
	}
	return filepath.Join(dir, "passage", "endgame"), nil
}

// WriteFile writes t to path through a temporary file, so that a table
// file is either complete or absent.
func (t *Table) WriteFile(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	h := sha256.New()
	mw := io.MultiWriter(w, h)
	id := t.Class.Rules.ID()
	var head bytes.Buffer
	head.WriteString(tableMagic)
	binary.Write(&head, binary.LittleEndian, uint16(FormatVersion))
	binary.Write(&head, binary.LittleEndian, uint16(t.Class.K))
	binary.Write(&head, binary.LittleEndian, uint16(len(id)))
	head.WriteString(id)
	binary.Write(&head, binary.LittleEndian, uint64(len(t.vals)))
	mw.Write(head.Bytes())
	buf := make([]byte, 0, 1<<16)
	for i, v := range t.vals {
		buf = binary.LittleEndian.AppendUint16(buf, v)
		if len(buf) == cap(buf) || i == len(t.vals)-1 {
			mw.Write(buf)
			buf = buf[:0]
		}
	}
	w.Write(h.Sum(nil))
	err = errors.Join(w.Flush(), f.Close())
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// ReadFile reads a table file and checks its version, its ruleset and
// its checksum.
func ReadFile(path string) (*Table, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrBadTable, path, fmt.Sprintf(format, args...))
	}
	if len(data) < len(tableMagic)+6+8+sha256.Size || string(data[:len(tableMagic)]) != tableMagic {
		return nil, bad("not a Passage endgame table")
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, bad("checksum mismatch (the file is damaged)")
	}
	r := bytes.NewReader(body[len(tableMagic):])
	var version, k, idLen uint16
	binary.Read(r, binary.LittleEndian, &version)
	binary.Read(r, binary.LittleEndian, &k)
	binary.Read(r, binary.LittleEndian, &idLen)
	if version != FormatVersion {
		return nil, bad("format version %d, this program reads %d (solve it again)", version, FormatVersion)
	}
	id := make([]byte, idLen)
	if _, err := io.ReadFull(r, id); err != nil {
		return nil, bad("truncated header")
	}
	var count uint64
	if err := binary.Read(r, binary.LittleEndian, &count); err != nil {
		return nil, bad("truncated header")
	}
	rules, err := openRules(string(id))
	if err != nil {
		return nil, bad("%v", err)
	}
	c, err := NewClass(rules, int(k))
	if err != nil {
		return nil, bad("%v", err)
	}
	if uint64(c.size) != count || uint64(r.Len()) != 2*count {
		return nil, bad("holds %d values, the class of %s with %d pieces has %d", count, id, k, c.size)
	}
	rest := body[len(body)-r.Len():]
	t := &Table{Class: c, vals: make([]uint16, count)}
	for i := range t.vals {
		t.vals[i] = binary.LittleEndian.Uint16(rest[2*i:])
	}
	return t, nil
}

// openRules builds the Senet ruleset a canonical ID names.
func openRules(id string) (*senet.Rules, error) {
	f := strings.Fields(id)
	if len(f) == 0 {
		return nil, fmt.Errorf("empty ruleset ID")
	}
	opts := map[string]string{}
	for _, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("ruleset ID %q: option %q is not KEY=VALUE", id, kv)
		}
		opts[k] = v
	}
	r, err := senet.New(f[0], opts)
	if err != nil {
		return nil, err
	}
	if r.ID() != id {
		return nil, fmt.Errorf("ruleset ID %q is not canonical (%q)", id, r.ID())
	}
	return r, nil
}

// A checkpoint file holds a solve in progress: the table's header
// fields, the number of layer groups finished, the sweeps done in the
// next one, and every value as float32, with a SHA-256 at the end.
const checkpointMagic = "PSGCHKPT"

func checkpointHeader(c *Class, groupsDone, sweep int) []byte {
	var b bytes.Buffer
	b.WriteString(checkpointMagic)
	id := c.Rules.ID()
	binary.Write(&b, binary.LittleEndian, uint16(FormatVersion))
	binary.Write(&b, binary.LittleEndian, uint16(c.K))
	binary.Write(&b, binary.LittleEndian, uint16(len(id)))
	b.WriteString(id)
	binary.Write(&b, binary.LittleEndian, uint64(c.size))
	binary.Write(&b, binary.LittleEndian, uint32(groupsDone))
	binary.Write(&b, binary.LittleEndian, uint32(sweep))
	return b.Bytes()
}

func saveCheckpoint(path string, c *Class, groupsDone, sweep int, vals []float32) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	h := sha256.New()
	mw := io.MultiWriter(w, h)
	mw.Write(checkpointHeader(c, groupsDone, sweep))
	buf := make([]byte, 0, 1<<16)
	for i, v := range vals {
		buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(v))
		if len(buf) == cap(buf) || i == len(vals)-1 {
			mw.Write(buf)
			buf = buf[:0]
		}
	}
	w.Write(h.Sum(nil))
	if err := errors.Join(w.Flush(), f.Close()); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// loadCheckpoint fills vals from the checkpoint at path if there is one
// for this class; ok is false when there is none.
func loadCheckpoint(path string, c *Class, vals []float32) (groupsDone, sweep int, ok bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, err
	}
	head := checkpointHeader(c, 0, 0)
	n := len(head) - 8
	if len(data) != len(head)+4*len(vals)+sha256.Size || !bytes.Equal(data[:n], head[:n]) {
		return 0, 0, false, fmt.Errorf("%w: %s is a checkpoint of another solve; delete it to start afresh", ErrBadTable, path)
	}
	body := data[:len(data)-sha256.Size]
	if sum := sha256.Sum256(body); !bytes.Equal(sum[:], data[len(body):]) {
		return 0, 0, false, fmt.Errorf("%w: %s: checksum mismatch; delete it to start afresh", ErrBadTable, path)
	}
	groupsDone = int(binary.LittleEndian.Uint32(data[n:]))
	sweep = int(binary.LittleEndian.Uint32(data[n+4:]))
	for i := range vals {
		vals[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[len(head)+4*i:]))
	}
	return groupsDone, sweep, true, nil
}
