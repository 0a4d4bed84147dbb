package diplomacy

import (
	"strings"
	"testing"
)

// FuzzMapEdits reads up to four map edits (one per line, as the
// adjudicate input's "edits" carry them) and applies them to the standard
// map: an edit either fails to parse or to apply, with an error naming it,
// or it reads back as written and the changed map keeps its invariants
// (symmetric borders, nothing left in a destroyed province); the standard
// map itself never changes.
func FuzzMapEdits(f *testing.F) {
	for _, s := range []string{
		"split bre", "destroy par", "connect par mun", "separate spa gas",
		"split par\nsplit par2\ndestroy bur", "connect rom apu\nseparate rom apu",
		"majority\ndestroy ber", "split spa", "connect lon lon", "destroy xyz",
		"Connect PAR  mun", "split", "majority extra", "",
	} {
		f.Add(s)
	}
	base := Standard()
	before := len(base.Provinces)
	f.Fuzz(func(t *testing.T, text string) {
		m := base
		for i, line := range strings.Split(text, "\n") {
			if i == 4 {
				break
			}
			e, err := ParseMapEdit(line)
			if err != nil {
				if !strings.Contains(err.Error(), "map edit") {
					t.Fatalf("%q: error %q does not say it is a map edit", line, err)
				}
				continue
			}
			again, err := ParseMapEdit(e.String())
			if err != nil || again != e {
				t.Fatalf("%q: %+v reads back from %q as %+v (%v)", line, e, e.String(), again, err)
			}
			next, err := m.WithEdits(e)
			if err != nil {
				if !strings.HasPrefix(err.Error(), "map edit ") || !strings.Contains(err.Error(), e.Op.String()) {
					t.Fatalf("%q: error %q does not name the edit", line, err)
				}
				continue
			}
			m = next
			checkMapInvariants(t, NewPosition(m))
		}
		if len(base.Provinces) != before || len(base.Edits()) != 0 {
			t.Fatalf("the standard map changed")
		}
	})
}
