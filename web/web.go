// Package web is Concordat's browser client: ES modules, a style sheet, the
// vendored view library (Preact with htm) and the drawn maps, embedded in the
// binary and served at "/" beside the API. There is no build step: the files
// under static/ are what the browser runs. The client knows the server only
// through the public HTTP API (/api/...) and its live-update stream.
//
// Files are served under /static/<version>/..., where the version is a hash
// of every embedded file: those answers may be cached for a year, and a new
// binary changes every URL. Any other path without a dot in its last segment
// is a route of the client (/games/12, /login) and gets index.html, which is
// never cached. Every answer carries a Content-Security-Policy that allows
// only the page's own origin.
package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"maps"
	"mime"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
)

//go:embed static
var embedded embed.FS

// CSP is the Content-Security-Policy of every answer: scripts, styles,
// images, fonts and connections from the page's own origin only, no
// plugins, no framing, no <base> rewriting.
const CSP = "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

// Handler serves the client.
type Handler struct {
	files   fs.FS
	version string
	index   []byte            // index.html as served: head, then tail
	head    []byte            // index.html up to the preloads
	tail    []byte            // the rest
	assets  map[string]*asset // by path under static/
}

// asset is one embedded file with its gzip form, made on first request.
type asset struct {
	body  []byte
	etag  string
	ctype string
	once  sync.Once
	gz    []byte
}

// New returns the handler of the embedded client.
func New() *Handler {
	sub, err := fs.Sub(embedded, "static")
	if err != nil {
		panic(err)
	}
	return NewFS(sub)
}

// NewFS returns a handler serving the client from files (laid out as
// static/ is), for tests that add files (such as maps) to the embedded ones.
func NewFS(files fs.FS) *Handler {
	h := &Handler{files: files, assets: map[string]*asset{}}
	sum := sha256.New()
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		one := sha256.Sum256(b)
		sum.Write([]byte(p))
		sum.Write(one[:])
		ct := mime.TypeByExtension(path.Ext(p))
		switch path.Ext(p) {
		case ".mjs", ".js":
			ct = "text/javascript; charset=utf-8"
		case ".json":
			ct = "application/json"
		case "":
			ct = "text/plain; charset=utf-8"
		}
		h.assets[p] = &asset{body: b, etag: `"` + hex.EncodeToString(one[:8]) + `"`, ctype: ct}
		return nil
	})
	if err != nil {
		panic(err)
	}
	h.version = hex.EncodeToString(sum.Sum(nil))[:12]
	idx, ok := h.assets["index.html"]
	if !ok {
		panic("web: no index.html")
	}
	// Every module main.js imports, directly or not, is preloaded: the browser
	// fetches them at once instead of discovering them import by import.
	// Modules loaded with import() (a Here I Stand page, the sandbox) are
	// fetched when needed.
	var preload bytes.Buffer
	for _, p := range h.staticGraph("js/main.js") {
		fmt.Fprintf(&preload, "<link rel=\"modulepreload\" href=\"/static/%s/%s\">\n", h.version, p)
	}
	page := bytes.ReplaceAll(idx.body, []byte("{{VERSION}}"), []byte(h.version))
	head, tail, ok := bytes.Cut(page, []byte("{{PRELOAD}}"))
	if !ok {
		panic("web: index.html has no {{PRELOAD}}")
	}
	h.head, h.tail = head, append(preload.Bytes(), tail...)
	h.index = append(slices.Clone(h.head), h.tail...)
	return h
}

// staticImport finds a module's static imports and re-exports ("import
// {x} from './a.js'", "import './b.js'", "export {y} from '../c.js'"),
// not import() calls.
var staticImport = regexp.MustCompile(`(?m)^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]`)

// staticGraph lists, sorted, the embedded modules root imports statically,
// directly or not, root included.
func (h *Handler) staticGraph(root string) []string {
	seen := map[string]bool{}
	var walk func(p string)
	walk = func(p string) {
		a := h.assets[p]
		if a == nil || seen[p] {
			return
		}
		seen[p] = true
		for _, m := range staticImport.FindAllSubmatch(a.body, -1) {
			if spec := string(m[1]); strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") {
				walk(path.Join(path.Dir(p), spec))
			}
		}
	}
	walk(root)
	return slices.Sorted(maps.Keys(seen))
}

// Version is the hash naming this build of the client's files (the
// /static/<version>/ prefix).
func (h *Handler) Version() string { return h.version }

// ServeHTTP serves a static file, or index.html for a client route.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", CSP)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer") // invitation links carry secrets
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hd.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if rest, ok := strings.CutPrefix(p, "/static/"); ok {
		version, file, ok := strings.Cut(rest, "/")
		a := h.assets[file]
		if !ok || a == nil || file == "index.html" {
			http.Error(w, "no such file", http.StatusNotFound)
			return
		}
		if version == h.version {
			hd.Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			hd.Set("Cache-Control", "no-cache") // a page of an older build: the current file, revalidated
		}
		h.serveAsset(w, r, a)
		return
	}
	if strings.Contains(path.Base(p), ".") {
		http.Error(w, "no such file", http.StatusNotFound)
		return
	}
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Cache-Control", "no-cache")
	if id := gameRoute(p); id != "" {
		// A game page: the browser fetches the game (the first thing the page
		// asks the API) while it loads the modules, instead of after them.
		// The page's ?as= names the seat it is shown as (an account holding
		// several seats), which the page reads the game as.
		seat := ""
		if as := r.URL.Query().Get("as"); as != "" && len(as) <= 32 && strings.Trim(as, "abcdefghijklmnopqrstuvwxyz_") == "" {
			seat = "?seat=" + as
		}
		w.Write(h.head)
		fmt.Fprintf(w, "<link rel=\"preload\" href=\"/api/games/%s%s\" as=\"fetch\" crossorigin>\n", id, seat)
		w.Write(h.tail)
		return
	}
	w.Write(h.index)
}

// gameRoute is the game id of a game page's path (/games/12, /games/12/history/3), or "".
func gameRoute(p string) string {
	rest, ok := strings.CutPrefix(p, "/games/")
	if !ok {
		return ""
	}
	id, _, _ := strings.Cut(rest, "/")
	if id == "" || len(id) > 19 || strings.Trim(id, "0123456789") != "" {
		return ""
	}
	return id
}

func (h *Handler) serveAsset(w http.ResponseWriter, r *http.Request, a *asset) {
	hd := w.Header()
	hd.Set("Content-Type", a.ctype)
	hd.Add("Vary", "Accept-Encoding")
	body, etag := a.body, a.etag
	if acceptsGzip(r) && len(a.body) > 512 {
		a.once.Do(func() {
			var b bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
			zw.Write(a.body)
			zw.Close()
			a.gz = b.Bytes()
		})
		body, etag = a.gz, strings.TrimSuffix(a.etag, `"`)+`-gz"`
		hd.Set("Content-Encoding", "gzip")
	}
	hd.Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		hd.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}
