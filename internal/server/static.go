package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"sync"
	"time"

	"passage/web"
)

// The static files (web/static) are served under a versioned prefix,
// /static/VERSION/NAME, VERSION being a hash of all of them, with
// Cache-Control "public, max-age=31536000, immutable" (as lichess does):
// a browser asks for a file once per release, not once per page, which
// on a slow phone connection is most of a game page's weight. One
// version for the whole tree, not a hash per file, because the modules
// import each other by relative name (import ... from './app.js'): under
// /static/VERSION/ those imports resolve to the same version with no
// import map, and a page never mixes the files of two releases.
//
// The pages name the files through the template function "static"
// (layout.html). A request for another version (a page from before a
// deploy, or from another node of a cluster in the middle of a rolling
// one) gets this release's file with Cache-Control no-cache: it works,
// and is never kept for a year under a name that meant other bytes. No
// redirect to the current version, which two nodes of different
// releases could send back and forth. /static/NAME without a version
// (the favicon's old address, a link from elsewhere) is served the same
// way.
//
// Every file has a strong ETag (a hash of its bytes), so a revalidation
// is answered 304; the compressible ones are gzipped once at start and
// sent so to a client that accepts gzip (Vary: Accept-Encoding), under
// an ETag of their own, as a strong validator must differ between
// encodings.

// staticFile is one file of web/static, as served.
type staticFile struct {
	name   string
	ctype  string
	body   []byte
	etag   string
	gz     []byte // gzipped body; nil when not compressible or no smaller
	gzEtag string
}

// staticFiles is the tree of web/static with its version.
type staticFiles struct {
	version string
	files   map[string]*staticFile
}

// loadStatic reads, hashes and compresses the embedded files once per
// process: they are part of the binary.
var loadStatic = sync.OnceValues(func() (*staticFiles, error) { return newStaticFiles(web.Static, "static") })

func newStaticFiles(fsys fs.FS, dir string) (*staticFiles, error) {
	entries, err := fs.ReadDir(fsys, dir) // sorted by name: the version does not depend on the order read
	if err != nil {
		return nil, err
	}
	sf := &staticFiles{files: map[string]*staticFile{}}
	tree := sha256.New()
	for _, e := range entries {
		if e.IsDir() {
			continue // none: the modules sit side by side
		}
		name := e.Name()
		body, err := fs.ReadFile(fsys, dir+"/"+name)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(body)
		hash := hex.EncodeToString(sum[:12])
		f := &staticFile{name: name, body: body, etag: `"` + hash + `"`, ctype: mime.TypeByExtension(path.Ext(name))}
		if f.ctype == "" {
			f.ctype = http.DetectContentType(body)
		}
		if compressible(f.ctype) {
			var b bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
			zw.Write(body)
			if err := zw.Close(); err != nil {
				return nil, err
			}
			if b.Len() < len(body) {
				f.gz, f.gzEtag = b.Bytes(), `"`+hash+`-gz"`
			}
		}
		sf.files[name] = f
		tree.Write([]byte(name + "\x00"))
		tree.Write(sum[:])
	}
	sf.version = hex.EncodeToString(tree.Sum(nil)[:6])
	return sf, nil
}

// url is the address of file name in this release, for the templates
// ({{static "game.js"}}). A name that is not a static file is a broken
// template: the page fails (500, logged), which the page tests catch.
func (sf *staticFiles) url(name string) (string, error) {
	if sf.files[name] == nil {
		return "", fmt.Errorf("no static file %q in web/static", name)
	}
	return "/static/" + sf.version + "/" + name, nil
}

// serveVersioned serves GET /static/{version}/{file}: this release's
// files for a year, any other version's request with this release's
// file, revalidated each time.
func (sf *staticFiles) serveVersioned(w http.ResponseWriter, r *http.Request) {
	sf.serve(w, r, r.PathValue("version") == sf.version)
}

// serveUnversioned serves GET /static/{file}, revalidated each time.
func (sf *staticFiles) serveUnversioned(w http.ResponseWriter, r *http.Request) {
	sf.serve(w, r, false)
}

func (sf *staticFiles) serve(w http.ResponseWriter, r *http.Request, immutable bool) {
	f := sf.files[r.PathValue("file")]
	if f == nil {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	if immutable {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	h.Set("Content-Type", f.ctype)
	body, etag := f.body, f.etag
	if f.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			body, etag = f.gz, f.gzEtag
			h.Set("Content-Encoding", "gzip")
			// ServeContent leaves the length out when an encoding is
			// set; it is known (a range or a 304 sets or drops it).
			h.Set("Content-Length", strconv.Itoa(len(body)))
		}
	}
	h.Set("ETag", etag)
	// No Last-Modified: the embedded files carry no time, and the ETag
	// says more.
	http.ServeContent(w, r, f.name, time.Time{}, bytes.NewReader(body))
}
