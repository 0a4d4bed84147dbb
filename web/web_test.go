package web

import (
	"bufio"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func get(t *testing.T, h http.Handler, path string, hdr ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Every vendored file is the pinned one: its SHA-256 is the one listed in
// vendor/SHA256SUMS, and nothing in vendor/ goes unlisted.
func TestVendorHashes(t *testing.T) {
	sums, err := fs.ReadFile(embedded, "static/vendor/SHA256SUMS")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(string(sums)))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 2 {
			t.Fatalf("SHA256SUMS: bad line %q", sc.Text())
		}
		want[f[1]] = f[0]
	}
	if len(want) < 4 {
		t.Fatalf("SHA256SUMS lists %d files; want Preact, htm and their licences", len(want))
	}
	entries, err := fs.ReadDir(embedded, "static/vendor")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, e := range entries {
		name := e.Name()
		if name == "SHA256SUMS" || name == "README.md" {
			continue
		}
		b, _ := fs.ReadFile(embedded, "static/vendor/"+name)
		sum := sha256.Sum256(b)
		w, ok := want[name]
		switch {
		case !ok:
			t.Errorf("vendor/%s is not listed in SHA256SUMS", name)
		case hex.EncodeToString(sum[:]) != w:
			t.Errorf("vendor/%s: SHA-256 %x, want %s (the pinned file was changed)", name, sum, w)
		default:
			seen++
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d listed files are in vendor/", seen, len(want))
	}
}

func TestIndexForClientRoutes(t *testing.T) {
	h := New()
	for _, p := range []string{"/", "/login", "/games/12", "/games/12/history/3", "/invite/4/abcdef"} {
		r := get(t, h, p)
		b := body(t, r)
		if r.StatusCode != 200 || !strings.Contains(b, `<div id="app">`) {
			t.Errorf("%s: %d, not index.html", p, r.StatusCode)
		}
		if !strings.Contains(b, "/static/"+h.Version()+"/js/main.js") || strings.Contains(b, "{{VERSION}}") {
			t.Errorf("%s: the page does not load the versioned main.js", p)
		}
		if got := r.Header.Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: Cache-Control %q, want no-cache", p, got)
		}
		if got := r.Header.Get("Content-Security-Policy"); got != CSP {
			t.Errorf("%s: CSP %q", p, got)
		}
		if r.Header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s: invitation links would leak through the Referer", p)
		}
	}
	// Every page preloads every module main.js imports, directly or not, and none that only
	// import() loads; every embedded module is one of those, or one import() loads, or boot.js.
	lobby := body(t, get(t, h, "/lobby"))
	preloaded := func(p string) bool {
		return strings.Contains(lobby, `<link rel="modulepreload" href="/static/`+h.Version()+"/"+p+`">`)
	}
	dynamic := regexp.MustCompile(`import\('([^']+)'\)`)
	lazy := map[string]bool{}
	var modules []string
	fs.WalkDir(embedded, "static", func(p string, d fs.DirEntry, err error) error {
		if strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".mjs") {
			p = strings.TrimPrefix(p, "static/")
			modules = append(modules, p)
			b, _ := fs.ReadFile(embedded, "static/"+p)
			for _, m := range dynamic.FindAllStringSubmatch(string(b), -1) {
				for _, q := range h.staticGraph(path.Join(path.Dir(p), m[1])) {
					lazy[q] = true
				}
			}
		}
		return err
	})
	graph := h.staticGraph("js/main.js")
	for _, want := range []string{"js/main.js", "js/lib.js", "vendor/preact-11.2.0.mjs", "vendor/htm-3.1.1.mjs", "js/diplomacy/page.js", "js/diplomacy/map.js", "js/games/registry.js"} {
		if !slices.Contains(graph, want) {
			t.Errorf("main.js's graph lacks %s: %q", want, graph)
		}
	}
	for _, p := range modules {
		inGraph := slices.Contains(graph, p)
		if preloaded(p) != inGraph {
			t.Errorf("%s: preloaded %v, in main.js's static graph %v", p, preloaded(p), inGraph)
		}
		if !inGraph && !lazy[p] && p != "js/boot.js" {
			t.Errorf("%s is neither imported by main.js nor loaded by an import()", p)
		}
	}
	for _, p := range []string{"js/his/page.js", "js/his/board.js", "js/sandbox/page.js"} {
		if preloaded(p) || !lazy[p] {
			t.Errorf("%s: preloaded %v, loaded by import() %v; want loaded when needed only", p, preloaded(p), lazy[p])
		}
	}
	if len(modules) < 20 {
		t.Errorf("%d modules found", len(modules))
	}
	for p, want := range map[string]string{"/games/12": "12", "/games/12/history/3": "12", "/games/7/press": "7", "/games/x": "", "/games/12x": "", "/games/": "", "/": "", "/sandbox": "",
		"/games/123456789012345678901": "",
		// The seat a page is shown as (?as=) is the one the game is read as; anything else in it is no seat.
		"/games/12?as=protestant": "12?seat=protestant", "/games/12/press?as=papacy&x=1": "12?seat=papacy", "/games/12?as=%22%3E": "12"} {
		b := body(t, get(t, h, p))
		link := `<link rel="preload" href="/api/games/` + want + `" as="fetch" crossorigin>`
		if n := strings.Count(b, `rel="preload"`); want != "" && (n != 1 || !strings.Contains(b, link)) || want == "" && n != 0 {
			t.Errorf("%s: %d API preloads, want %q", p, n, want)
		}
	}
	// A path that names a file is no client route.
	for _, p := range []string{"/favicon.ico", "/robots.txt", "/static/" + h.Version() + "/nope.js", "/static/" + h.Version() + "/index.html", "/static/x"} {
		if r := get(t, h, p); r.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", p, r.StatusCode)
		}
	}
}

// The policy allows only the page's own origin: no inline script or style, no other host.
func TestCSPAllowsOnlySelf(t *testing.T) {
	for _, d := range strings.Split(CSP, ";") {
		d = strings.TrimSpace(d)
		for _, w := range strings.Fields(d)[1:] {
			if w != "'self'" && w != "'none'" {
				t.Errorf("CSP directive %q allows %s", d, w)
			}
		}
	}
	if !strings.HasPrefix(CSP, "default-src 'self'") {
		t.Errorf("CSP %q: want default-src 'self'", CSP)
	}
	// And index.html has nothing inline the policy would block.
	b, _ := fs.ReadFile(embedded, "static/index.html")
	if strings.Contains(string(b), "<script>") || strings.Contains(string(b), "<style") || strings.Contains(string(b), " style=") || strings.Contains(string(b), "importmap") {
		t.Error("index.html has inline script or style")
	}
}

func TestAssetCaching(t *testing.T) {
	h := New()
	path := "/static/" + h.Version() + "/js/main.js"
	r := get(t, h, path)
	b := body(t, r)
	if r.StatusCode != 200 || !strings.Contains(b, "import") {
		t.Fatalf("%s: %d", path, r.StatusCode)
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
		t.Errorf("main.js: Content-Type %q (modules need a JavaScript type)", ct)
	}
	if cc := r.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
		t.Errorf("versioned asset: Cache-Control %q", cc)
	}
	etag := r.Header.Get("ETag")
	if r2 := get(t, h, path, "If-None-Match", etag); r2.StatusCode != 304 {
		t.Errorf("If-None-Match: %d, want 304", r2.StatusCode)
	}
	// A page of an older build gets today's file, revalidated each time.
	if r3 := get(t, h, "/static/000000000000/js/main.js"); r3.StatusCode != 200 || r3.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("old version: %d %q", r3.StatusCode, r3.Header.Get("Cache-Control"))
	}
	// Compressed when the browser accepts it, and the same bytes unpacked.
	r4 := get(t, h, path, "Accept-Encoding", "gzip, br")
	if r4.Header.Get("Content-Encoding") != "gzip" || r4.Header.Get("ETag") == etag {
		t.Fatalf("gzip: encoding %q, etag %q", r4.Header.Get("Content-Encoding"), r4.Header.Get("ETag"))
	}
	zr, err := gzip.NewReader(r4.Body)
	if err != nil {
		t.Fatal(err)
	}
	unz, _ := io.ReadAll(zr)
	if string(unz) != b {
		t.Error("gzip body differs from the file")
	}
	if r5 := get(t, h, path, "Accept-Encoding", "gzip;q=0"); r5.Header.Get("Content-Encoding") != "" {
		t.Error("gzip sent though refused")
	}
}

func TestMethods(t *testing.T) {
	h := New()
	for _, m := range []string{"POST", "PUT", "DELETE"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(m, "/", nil))
		if rec.Code != 405 || rec.Header().Get("Allow") != "GET, HEAD" {
			t.Errorf("%s /: %d %q", m, rec.Code, rec.Header().Get("Allow"))
		}
	}
}
