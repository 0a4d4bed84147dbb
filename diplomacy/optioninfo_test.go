package diplomacy

import "testing"

// Every option ParseSettings reads is described, once, in its order, and
// nothing else is.
func TestOptionsDescribeEverySetting(t *testing.T) {
	infos := Options()
	if len(infos) != len(settingKeys) {
		t.Fatalf("%d options described, %d read by ParseSettings", len(infos), len(settingKeys))
	}
	for i, o := range infos {
		if o.Key != settingKeys[i] {
			t.Errorf("option %d: described %q, ParseSettings reads %q", i, o.Key, settingKeys[i])
		}
		if o.Values == "" || o.Variant == "" || o.Summary == "" {
			t.Errorf("option %q: incomplete description %+v", o.Key, o)
		}
	}
}
