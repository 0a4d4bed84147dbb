package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// docBlock is one fenced block of a page: its language and its text.
type docBlock struct {
	lang, text string
}

// docBlocks splits a Markdown page into its fenced blocks.
func docBlocks(page string) []docBlock {
	var out []docBlock
	var cur *docBlock
	for _, line := range strings.Split(page, "\n") {
		if strings.HasPrefix(line, "```") {
			if cur == nil {
				cur = &docBlock{lang: strings.TrimPrefix(line, "```")}
			} else {
				out = append(out, *cur)
				cur = nil
			}
			continue
		}
		if cur != nil {
			cur.text += line + "\n"
		}
	}
	return out
}

// shellWords splits a command line as a POSIX shell would for the forms
// the page uses: single quotes (literal), double quotes and bare words
// (with $VAR and ${VAR} expanded from vars), concatenated; it stops at an
// unquoted "|" and returns the rest (the pipe) apart.
func shellWords(line string, vars map[string]string) (words []string, pipe string, err error) {
	var w strings.Builder
	inWord := false
	expand := func(s string, i int) (string, int) { // s[i] == '$'
		j := i + 1
		if j < len(s) && s[j] == '{' {
			k := strings.IndexByte(s[j:], '}')
			return vars[s[j+1:j+k]], j + k + 1
		}
		for j < len(s) && (s[j] == '_' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= '0' && s[j] <= '9') {
			j++
		}
		return vars[s[i+1:j]], j
	}
	for i := 0; i < len(line); {
		c := line[i]
		switch {
		case c == '\'':
			k := strings.IndexByte(line[i+1:], '\'')
			if k < 0 {
				return nil, "", fmt.Errorf("unterminated ' in %q", line)
			}
			w.WriteString(line[i+1 : i+1+k])
			i, inWord = i+k+2, true
		case c == '"':
			i++
			for i < len(line) && line[i] != '"' {
				if line[i] == '$' {
					v, j := expand(line, i)
					w.WriteString(v)
					i = j
					continue
				}
				if line[i] == '\\' && i+1 < len(line) {
					i++
				}
				w.WriteByte(line[i])
				i++
			}
			if i >= len(line) {
				return nil, "", fmt.Errorf("unterminated \" in %q", line)
			}
			i, inWord = i+1, true
		case c == '$':
			v, j := expand(line, i)
			w.WriteString(v)
			i, inWord = j, true
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
			i++
		case c == '|':
			if inWord {
				words = append(words, w.String())
			}
			return words, strings.TrimSpace(line[i+1:]), nil
		case c == '&' && strings.TrimSpace(line[i+1:]) == "":
			i++
		default:
			w.WriteByte(c)
			i, inWord = i+1, true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, "", nil
}

// jqPath evaluates a jq path of the page's simple form (.a.b[0].c) on v.
func jqPath(v any, path string) (any, error) {
	re := regexp.MustCompile(`\.([a-z_]+)|\[(\d+)\]`)
	if !re.MatchString(path) || re.ReplaceAllString(path, "") != "" {
		return nil, fmt.Errorf("jq path %q is not of the form .a.b[0]", path)
	}
	for _, m := range re.FindAllStringSubmatch(path, -1) {
		switch {
		case m[1] != "":
			o, ok := v.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("%s: not an object", path)
			}
			v = o[m[1]]
		default:
			a, ok := v.([]any)
			n, _ := strconv.Atoi(m[2])
			if !ok || n >= len(a) {
				return nil, fmt.Errorf("%s: no element %d", path, n)
			}
			v = a[n]
		}
	}
	return v, nil
}

// docRun replays the page's commands against a test server.
type docRun struct {
	t      *testing.T
	e      *env
	s      *schemas
	vars   map[string]string
	jars   map[string]http.CookieJar
	last   []byte // the last command's answer
	filled bool   // the other seats were taken
	ran    int    // curl commands run
}

// curl runs one curl command line (its words), as curl would send it.
func (d *docRun) curl(words []string) []byte {
	d.t.Helper()
	method, url, body := "GET", "", ""
	header := http.Header{}
	var saveTo, readFrom string
	stream := false
	for i := 1; i < len(words); i++ {
		arg := func() string {
			i++
			if i >= len(words) {
				d.t.Fatalf("curl %v: %s takes an argument", words, words[i-1])
			}
			return words[i]
		}
		switch w := words[i]; w {
		case "-s":
		case "-N":
			stream = true
		case "-X":
			method = arg()
		case "-H":
			k, v, _ := strings.Cut(arg(), ": ")
			header.Add(k, v)
		case "-d":
			body = arg()
			if method == "GET" {
				method = "POST"
			}
		case "-c":
			saveTo = arg()
		case "-b":
			readFrom = arg()
		default:
			if strings.HasPrefix(w, "-") || url != "" {
				d.t.Fatalf("curl %v: %q is not something the replay knows", words, w)
			}
			url = w
		}
	}
	if !strings.HasPrefix(url, d.vars["BASE"]) {
		d.t.Fatalf("curl %v: the URL %q is not on $BASE", words, url)
	}
	jar := d.jars[readFrom+saveTo]
	if jar == nil {
		jar, _ = cookiejar.New(nil)
		if saveTo != "" {
			d.jars[saveTo] = jar
		}
	}
	hc := &http.Client{Jar: jar}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var rb io.Reader
	if body != "" {
		rb = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rb)
	if err != nil {
		d.t.Fatal(err)
	}
	req.Header = header
	resp, err := hc.Do(req)
	if err != nil {
		d.t.Fatalf("curl %v: %v", words, err)
	}
	defer resp.Body.Close()
	d.ran++
	path := strings.TrimPrefix(url, d.vars["BASE"])
	if stream {
		// The stream's first event, then the command is over.
		sc := bufio.NewScanner(resp.Body)
		var ev []string
		for sc.Scan() && (len(ev) == 0 || sc.Text() != "") {
			ev = append(ev, sc.Text())
		}
		if resp.StatusCode != http.StatusOK || len(ev) != 2 {
			d.t.Fatalf("curl %v: %d, first event %q", words, resp.StatusCode, ev)
		}
		return []byte(strings.Join(ev, "\n") + "\n")
	}
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		d.t.Fatal(err)
	}
	if resp.StatusCode/100 != 2 {
		d.t.Fatalf("curl %v: %d %s", words, resp.StatusCode, out)
	}
	d.s.check(method, routeOf(path), resp.StatusCode, out)
	if strings.HasSuffix(path, "/join") && !d.filled {
		d.fillSeats()
	}
	return out
}

// fillSeats has six more players join the game the page created.
func (d *docRun) fillSeats() {
	d.t.Helper()
	id, _ := strconv.ParseInt(d.vars["GAME"], 10, 64)
	for _, p := range powers {
		if p == "france" {
			continue
		}
		d.e.register("doc"+p).mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]string{"seat": p}, http.StatusOK, nil)
	}
	d.filled = true
}

// line runs one command line of a sh block.
func (d *docRun) line(line string) {
	d.t.Helper()
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "go run ") {
		return
	}
	if i := strings.Index(line, " #"); i >= 0 {
		line = strings.TrimSpace(line[:i])
	}
	if m := regexp.MustCompile(`^([A-Z]+)=\$\((.*)\)$`).FindStringSubmatch(line); m != nil {
		words, pipe, err := shellWords(m[2], d.vars)
		if err != nil || len(words) == 0 || words[0] != "curl" || !strings.HasPrefix(pipe, "jq -r ") {
			d.t.Fatalf("%q: want VAR=$(curl … | jq -r PATH) (%v)", line, err)
		}
		d.last = d.curl(words)
		var v any
		if err := json.Unmarshal(d.last, &v); err != nil {
			d.t.Fatalf("%q: the answer is not JSON: %s", line, d.last)
		}
		got, err := jqPath(v, strings.TrimPrefix(pipe, "jq -r "))
		if err != nil || got == nil {
			d.t.Fatalf("%q: %v in %s", line, err, d.last)
		}
		d.vars[m[1]] = fmt.Sprint(got)
		if f, ok := got.(float64); ok {
			d.vars[m[1]] = strconv.FormatFloat(f, 'f', -1, 64)
		}
		return
	}
	if m := regexp.MustCompile(`^([A-Z]+)=(.*)$`).FindStringSubmatch(line); m != nil {
		words, _, err := shellWords(m[2], d.vars)
		if err != nil || len(words) != 1 {
			d.t.Fatalf("%q: %v", line, err)
		}
		d.vars[m[1]] = words[0]
		return
	}
	words, _, err := shellWords(line, d.vars)
	if err != nil || len(words) == 0 || words[0] != "curl" {
		d.t.Fatalf("%q: not a command the replay knows (%v)", line, err)
	}
	d.last = d.curl(words)
}

// example checks the last answer against an example block after it: the
// same JSON (an example with "…" in it: the answer begins as the example
// does before it), or the same text.
func (d *docRun) example(b docBlock) {
	d.t.Helper()
	want := strings.TrimSpace(b.text)
	got := strings.TrimSpace(string(d.last))
	if b.lang != "json" {
		if got != want {
			d.t.Fatalf("the page shows\n%s\nthe server answered\n%s", want, got)
		}
		return
	}
	if prefix, _, cut := strings.Cut(want, "…"); cut {
		if !strings.HasPrefix(got, prefix) {
			d.t.Fatalf("the page shows an answer beginning\n%s\nthe server answered\n%s", prefix, got)
		}
		return
	}
	var w, g any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		d.t.Fatalf("the page's example is not JSON: %v\n%s", err, want)
	}
	json.Unmarshal([]byte(got), &g)
	if !reflect.DeepEqual(w, g) {
		d.t.Fatalf("the page shows\n%s\nthe server answered\n%s", want, got)
	}
}

// TestAPIWalkthrough runs every curl command of docs/api.md, in order,
// against a test server (one that the page's `serve` stands for), and
// checks each answer: a 2xx status, its schema in openapi.json, and the
// examples the page shows after a command.
func TestAPIWalkthrough(t *testing.T) {
	page, err := os.ReadFile("../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t)
	d := &docRun{t: t, e: e, s: newSchemas(t), vars: map[string]string{}, jars: map[string]http.CookieJar{}}
	blocks := docBlocks(string(page))
	for _, b := range blocks {
		switch b.lang {
		case "sh":
			text := strings.ReplaceAll(b.text, "\\\n", " ")
			for _, line := range strings.Split(text, "\n") {
				d.line(line)
			}
			if d.vars["BASE"] != "" && !strings.HasPrefix(d.vars["BASE"], e.http.URL) {
				d.vars["BASE"] = e.http.URL // the page's server is the test's
			}
		default:
			d.example(b)
		}
	}
	if d.ran < 20 {
		t.Fatalf("only %d curl commands ran", d.ran)
	}
	if g := e.game(mustAtoi(t, d.vars["GAME"])); g.Status != "active" || g.Seq < 3 {
		t.Fatalf("the walkthrough's game: %+v", g)
	}
	var buf bytes.Buffer
	for k, v := range d.vars {
		fmt.Fprintf(&buf, "%s=%s ", k, v)
	}
	t.Logf("%d commands; %s", d.ran, buf.String())
}

func mustAtoi(t *testing.T, s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
