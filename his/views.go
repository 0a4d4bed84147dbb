package his

// The parts of a view (Rules.View) that name cards and debaters: a client
// shows them without the game's data.

// CardView is a card as a view shows it: its printed number, name, type
// and CP.
type CardView struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
	Type   string `json:"type"` // home, mandatory, response, combat, event, diplomacy
	CP     int    `json:"cp"`
}

var cardTypeIDs = [...]string{HomeCard: "home", MandatoryCard: "mandatory", ResponseCard: "response",
	CombatCard: "combat", EventCard: "event", DiplomaticCard: "diplomacy"}

// cardView is card index c as a view shows it.
func cardView(c int) CardView {
	ci := &Cards[c]
	return CardView{Number: ci.Number, Name: ci.Name, Type: cardTypeIDs[ci.Type], CP: ci.CP}
}

// cardViews is a list of card indices as a view shows them (never nil, so
// that an empty list is [] in JSON).
func cardViews(cs []uint8) []CardView {
	out := make([]CardView, len(cs))
	for i, c := range cs {
		out[i] = cardView(int(c))
	}
	return out
}

// DebaterView is a debater as a view shows him: name, side, rating (the
// value on his counter), language zone (Protestant debaters) and state.
type DebaterView struct {
	Name   string `json:"name"`
	Side   string `json:"side"` // papacy or protestant
	Value  int    `json:"value"`
	Zone   string `json:"zone,omitempty"`
	Status string `json:"status"` // out, uncommitted, committed, burnt, disgraced, away, removed
}

func (s *State) debaterView(i int) DebaterView {
	d := &Debaters[i]
	v := DebaterView{Name: d.Name, Side: d.Side.String(), Value: d.Value, Status: debStatusNames[s.Debaters[i]]}
	if d.Lang != LangNone {
		v.Zone = d.Lang.String()
	}
	return v
}

// DebateView is a theological debate as a view shows it: who called it
// and where, the debaters (by id, with their ratings) now facing each
// other, the hits, the outcome once known and the log.
type DebateView struct {
	Initiator  string       `json:"initiator"`
	Source     string       `json:"source"` // action, leipzig, inquisition, more, other
	Zone       string       `json:"zone,omitempty"`
	Round      int          `json:"round"`
	Papal      *DebaterSeat `json:"papal,omitempty"`
	Protestant *DebaterSeat `json:"protestant,omitempty"`
	PapalHits  int          `json:"papal_hits"`
	ProtHits   int          `json:"protestant_hits"`
	Winner     string       `json:"winner,omitempty"`
	Difference int          `json:"difference,omitempty"`
	Flips      int          `json:"flips_left,omitempty"`
	Flipped    []string     `json:"flipped,omitempty"`
	Result     string       `json:"result,omitempty"`
	Log        []string     `json:"log"`
}

// DebaterSeat is a debater taking part in a debate.
type DebaterSeat struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Value int    `json:"value"`
}

var debateSourceIDs = [...]string{SrcAction: "action", SrcLeipzig: "leipzig", SrcInquisition: "inquisition", SrcMore: "more", SrcOther: "other"}

func debaterSeat(i int) *DebaterSeat {
	if i < 0 || i >= len(Debaters) {
		return nil
	}
	return &DebaterSeat{ID: Debaters[i].ID, Name: Debaters[i].Name, Value: Debaters[i].Value}
}

func debateView(d *Debate) *DebateView {
	if d == nil {
		return nil
	}
	v := &DebateView{Initiator: d.Initiator.String(), Source: debateSourceIDs[d.Source], Round: d.Round,
		Papal: debaterSeat(d.Pap), Protestant: debaterSeat(d.Prot), PapalHits: d.PapHits, ProtHits: d.ProtHits,
		Difference: d.Diff, Flips: d.Flips, Flipped: d.Flipped, Result: d.Result, Log: d.Log}
	if d.Zone != LangNone {
		v.Zone = d.Zone.String()
	}
	if d.Winner != NoPower {
		v.Winner = d.Winner.String()
	}
	return v
}

// DietView is the Diet of Worms once its cards are revealed (§18.1.2): the
// card each power committed (absent when it had none to commit), the
// winner, the spaces still to flip and the log.
type DietView struct {
	Cards  map[string]CardView `json:"cards"`
	Winner string              `json:"winner,omitempty"`
	Flips  int                 `json:"flips_left"`
	Log    []string            `json:"log"`
}

func dietView(d *Diet) *DietView {
	if d == nil {
		return nil
	}
	v := &DietView{Cards: map[string]CardView{}, Flips: d.Flips, Log: d.Log}
	for i, c := range d.Cards {
		if c >= 0 {
			v.Cards[dietPowers[i].String()] = cardView(c)
		}
	}
	if d.Winner != NoPower {
		v.Winner = d.Winner.String()
	}
	return v
}

// revealedDiet is the Diet of Worms once its three cards are revealed:
// the one in progress (its winner flipping spaces), else the last one.
func (s *State) revealedDiet() *Diet {
	if d := s.Diet; d != nil {
		for _, c := range d.Cards {
			if c == -1 {
				return s.LastDiet
			}
		}
		return d
	}
	return s.LastDiet
}
