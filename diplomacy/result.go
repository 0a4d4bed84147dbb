package diplomacy

import (
	"fmt"
	"strconv"
)

// Edition selects the rulebook where the DATC says editions differ.
type Edition uint8

// The rulebook editions. The zero value is the 2023 edition, the default.
//
// Where they differ (DATC v3.0):
//   - Convoy to an adjacent province: 1971 takes the convoy only when the
//     army swaps places with the unit it moves against; 1982, 2000 and 2023
//     take it when the order says "via convoy" or a fleet of the army's own
//     power convoys it ("intent"), and then never fall back to the land route.
//   - Several convoy routes: under 1971 the army fails when any fleet
//     convoying it is dislodged; later editions need one intact route.
//   - Convoy paradoxes: 1971 and 1982 apply their rulebook's rule (a
//     convoyed army does not cut certain supports, see supportGiven); 2000
//     and 2023 use the Szykman rule, the DATC's preference; any paradox left
//     under 1971/1982 falls to the Szykman rule too.
//   - A unit dislodged by a convoyed army may retreat to the army's origin
//     in 2000 and 2023, not in 1971 and 1982.
//   - Civil disorder removes the units farthest from the power's owned
//     centres in 2023, from its home centres before.
const (
	Edition2023 Edition = iota
	Edition2000
	Edition1982
	Edition1971
)

// String is the edition's year.
func (e Edition) String() string {
	switch e {
	case Edition1971:
		return "1971"
	case Edition1982:
		return "1982"
	case Edition2000:
		return "2000"
	}
	return "2023"
}

// ParseEdition reads "1971", "1982", "2000" or "2023"; "" is 2023.
func ParseEdition(s string) (Edition, error) {
	switch s {
	case "", "2023":
		return Edition2023, nil
	case "2000":
		return Edition2000, nil
	case "1982":
		return Edition1982, nil
	case "1971":
		return Edition1971, nil
	}
	return 0, fmt.Errorf("unknown rules edition %q (want 1971, 1982, 2000 or 2023)", s)
}

// Result is what became of an order.
type Result uint8

// The results. Succeeds and Fails follow the JSON interface's meaning:
// a hold succeeds when the unit was not dislodged, a move when the unit
// moved, a support when it was not cut and the supported unit did what the
// support names, a convoy when the fleet was not dislodged and the army it
// names was ordered to make that move, a build or disband when carried out.
const (
	Succeeds Result = iota
	Fails
	Invalid
)

// String is "succeeds", "fails" or "invalid".
func (r Result) String() string {
	switch r {
	case Succeeds:
		return "succeeds"
	case Fails:
		return "fails"
	}
	return "invalid"
}

// Reason says why an order failed or was invalid. Reasons are codes so that
// adjudication allocates nothing; Text formats one for people.
type Reason uint8

// The reasons.
const (
	NoReason Reason = iota
	ReasonNoUnit
	ReasonNotYours
	ReasonWrongType
	ReasonAlreadyOrdered
	ReasonWrongPhase
	ReasonCannotReach
	ReasonNeedCoast
	ReasonBadCoast
	ReasonNoSuchUnit
	ReasonSupportCannotReach
	ReasonSupportImpossible
	ReasonSupportSelf
	ReasonConvoyNotAtSea
	ReasonConvoyNotArmy
	ReasonConvoyNoRoute
	ReasonConvoyImpossible
	ReasonMoveToSelf
	ReasonBounced
	ReasonNoConvoy
	ReasonParadox
	ReasonDislodged
	ReasonCut
	ReasonVoid
	ReasonRetreatNotAllowed
	ReasonRetreatBounce
	ReasonNotDislodged
	ReasonNotHome
	ReasonNotOwned
	ReasonOccupied
	ReasonNoBuilds
	ReasonNoDisbandsOwed
	ReasonBuiltTwice
	ReasonCannotBuildType
	ReasonParse
)

// extraReasonText holds the texts of reasons defined by rule variants.
var extraReasonText map[Reason]string

// Outcome is the result of one order and why. Unit, At and To fill the
// reason's text; Detail carries a parser's message.
type Outcome struct {
	Result Result
	Reason Reason
	Unit   UnitType
	At, To Loc
	Detail string
}

// Text is the reason for people: "F nth cannot reach pic"; "" for none.
func (o Outcome) Text(m *Map) string {
	at, to := m.LocName(o.At), m.LocName(o.To)
	unit := at
	if o.Unit != NoUnit {
		unit = o.Unit.String() + " " + at
	}
	switch o.Reason {
	case NoReason:
		return ""
	case ReasonNoUnit:
		return "there is no unit at " + at
	case ReasonNotYours:
		return "the unit at " + at + " is not yours"
	case ReasonWrongType:
		return "the unit at " + at + " is not " + map[UnitType]string{Army: "an army", Fleet: "a fleet"}[o.Unit]
	case ReasonAlreadyOrdered:
		return "the unit at " + at + " already has an order"
	case ReasonWrongPhase:
		return "this kind of order is not allowed in a " + o.Detail + " phase"
	case ReasonCannotReach:
		return unit + " cannot reach " + to
	case ReasonNeedCoast:
		return unit + " can reach more than one coast of " + to + ": name the coast"
	case ReasonBadCoast:
		return unit + " cannot reach " + to
	case ReasonNoSuchUnit:
		return "there is no unit at " + to + " to support or convoy"
	case ReasonSupportCannotReach:
		return unit + " cannot support into " + to + ": it cannot move there"
	case ReasonSupportImpossible:
		return "the supported unit cannot reach " + to
	case ReasonSupportSelf:
		return "a unit cannot support itself"
	case ReasonConvoyNotAtSea:
		return "only a fleet at sea can convoy"
	case ReasonConvoyNotArmy:
		return "only an army can be convoyed"
	case ReasonConvoyNoRoute:
		return unit + " is on no convoy route to " + to
	case ReasonConvoyImpossible:
		return "an army cannot be convoyed to " + to
	case ReasonMoveToSelf:
		return "a unit cannot move to where it stands"
	case ReasonBounced:
		return "bounced"
	case ReasonNoConvoy:
		return "no convoy route"
	case ReasonParadox:
		return "the convoy was disrupted by a convoy paradox (Szykman rule)"
	case ReasonDislodged:
		return "dislodged"
	case ReasonCut:
		return "support cut"
	case ReasonVoid:
		return "the supported or convoyed unit did not do what the order names"
	case ReasonRetreatNotAllowed:
		return unit + " may not retreat to " + to
	case ReasonRetreatBounce:
		return "another unit retreated to the same province: both disbanded"
	case ReasonNotDislodged:
		return "the unit at " + at + " was not dislodged"
	case ReasonNotHome:
		return at + " is not a home centre of the power"
	case ReasonNotOwned:
		return at + " is not owned by the power"
	case ReasonOccupied:
		return at + " is occupied"
	case ReasonNoBuilds:
		return "no builds left"
	case ReasonNoDisbandsOwed:
		return "no disbands owed"
	case ReasonBuiltTwice:
		return "a unit is already built at " + at
	case ReasonCannotBuildType:
		return unit + " cannot stand there"
	case ReasonParse:
		return o.Detail
	}
	if t := borderReasonText(o, m); t != "" {
		return t
	}
	if t, ok := extraReasonText[o.Reason]; ok {
		return t
	}
	return "reason " + strconv.Itoa(int(o.Reason))
}
