package multiplicity

import (
	"errors"
	"strings"
	"testing"

	"concordat/diplomacy"
)

func TestParseOrder(t *testing.T) {
	m := diplomacy.Standard()
	cases := []struct{ in, want string }{
		{"A mar & A pic MERGE 2A bur", "A mar & A pic MERGE 2A bur"},
		{"A(Mar) & A(Pic) MERGE 2A(Bur)", "A mar & A pic MERGE 2A bur"},
		{"A mun and A bur merge into ruh", "A mun & A bur MERGE ruh"},
		{"A lon & F mao MERGE A/F eng", "A lon & F mao MERGE A/F eng"},
		{"4A par SPLIT A pic, 2A bur, A gas", "4A par SPLIT A pic, 2A bur, A gas"},
		{"4A(Par) SPLIT A(Pic), 2A(Bur), A(Gas)", "4A par SPLIT A pic, 2A bur, A gas"},
		{"2A par split A pic and A bur", "2A par SPLIT A pic, A bur"},
		{"2A par S A bur - pic", "2A par S A bur - pic"},
		{"2A(Par) S A(Bur)-Pic", "2A par S A bur - pic"},
		{"3A(Pic) S A(Bre)-Par", "3A pic S A bre - par"},
		{"A(Par) S MERGE (Bur)", "A par S MERGE bur"},
		{"A par supports merge bur", "A par S MERGE bur"},
		{"A/3F eng C 2A lon - pic", "A/3F eng C 2A lon - pic"},
		{"2A par - bur", "2A par - bur"},
		{"A/F spa/nc - por", "A/F spa/nc - por"},
		{"2A/F bre H", "2A/F bre H"},
		{"Build 2A par", "Build 2A par"},
		{"Disband A/F bre", "A/F bre D"},
		{"par - bur", "par - bur"},
		{"A Par - Bur", "A par - bur"},
		{"F nth C A lon - nwy", "F nth C A lon - nwy"},
		{"A lon - nwy via convoy", "A lon - nwy via Convoy"},
		{"F stp (north coast) - bar", "F stp/nc - bar"},
		{"Waive", "Waive"},
		{"2A mun R boh", "2A mun R boh"},
	}
	for _, c := range cases {
		o, err := ParseOrder(m, c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := o.String(m); got != c.want {
			t.Errorf("%q: read as %q, want %q", c.in, got, c.want)
		}
	}
}

// A province whose id begins with "at" (Imperial's Atlanta) is not read as
// the word "at" after S MERGE.
func TestParseSupportMergeIntoAtPrefix(t *testing.T) {
	m, err := diplomacy.LoadMap("imperial")
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		"2A/F bah S MERGE atl":        "2A/F bah S MERGE atl",
		"A ten S MERGE at atl":        "A ten S MERGE atl",
		"A ten supports merge in atl": "A ten S MERGE atl",
	} {
		o, err := ParseOrder(m, in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if got := o.String(m); got != want {
			t.Errorf("%q: read as %q, want %q", in, got, want)
		}
	}
}

func TestParseOrderErrors(t *testing.T) {
	m := diplomacy.Standard()
	cases := []struct{ in, part, msg string }{
		{"A mar & A pqr MERGE 2A bur", "pqr", "unknown province"},
		{"A mar & A pic MERGE 2A brg", "brg", "unknown province"},
		{"4A par SPLIT A pic, 2A bxr, A gas", "bxr", "unknown province"},
		{"4A par SPLIT pic, 2A bur", "pic", "each part of a split starts with its unit"},
		{"A mar MERGE mar", "MERGE", "a merge needs two or more units"},
		{"A mar & A mar MERGE bur", "A mar", "named twice"},
		{"2A/3A par H", "2A/3A", "armies written twice"},
		{"0A par H", "0A", "1 to 99 parts"},
		{"2A par S A bur - xyz", "xyz", "unknown province"},
		{"2A par jump", "jump", "unknown order word"},
		{"2A par S MERGE", "", "missing"},
	}
	for _, c := range cases {
		_, err := ParseOrder(m, c.in)
		var oe *diplomacy.OrderError
		if !errors.As(err, &oe) {
			t.Errorf("%q: error %v, want an *OrderError", c.in, err)
			continue
		}
		if oe.Part != c.part || !strings.Contains(oe.Msg, c.msg) || oe.Order != c.in {
			t.Errorf("%q: part %q msg %q (order %q), want part %q msg containing %q", c.in, oe.Part, oe.Msg, oe.Order, c.part, c.msg)
		}
	}
}

// A province whose id is "and" (Youngstown's Andaman Sea) is a place in a
// merge or split, not the conjunction.
func TestParseOrderProvinceAnd(t *testing.T) {
	m, err := diplomacy.LoadMap("youngstown")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, want string }{
		{"A/F and & F tha/wc MERGE joh", "A/F and & F tha/wc MERGE joh"},
		{"F and and F tha/wc MERGE joh", "F and & F tha/wc MERGE joh"},
		{"F tha/wc & F and MERGE 2F joh", "F tha/wc & F and MERGE 2F joh"},
		{"2F joh SPLIT F and, F tha/wc", "2F joh SPLIT F and, F tha/wc"},
		{"2F joh SPLIT F and and F tha/wc", "2F joh SPLIT F and, F tha/wc"},
	} {
		o, err := ParseOrder(m, c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := o.String(m); got != c.want {
			t.Errorf("%q read as %q, want %q", c.in, got, c.want)
		}
	}
}
