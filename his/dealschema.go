package his

import (
	_ "embed"
	"encoding/json"
)

// DealSchema is the JSON Schema (draft 2020-12) of the argument of a
// "diplomacy.announce" action: a Deal with its Items, {"done": true} or
// ["done"]. Legal returns it as the options' Schema. It gives the shape
// (item types, their required fields, power ids, space and leader ids as
// strings, card counts); whether a deal is legal now is the engine's
// judgement. It is shared: do not change it.
var DealSchema = json.RawMessage(dealSchemaJSON[:len(dealSchemaJSON):len(dealSchemaJSON)])

//go:embed dealschema.json
var dealSchemaJSON []byte
