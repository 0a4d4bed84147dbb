package his

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"concordat/game"
)

// Diplo is the Diplomacy Phase in progress (§9, seed 001): Negotiation
// (announcements and confirmations), Peace, Ransom, Excommunication and War
// segments, in that order.
type Diplo struct {
	Seg     int     `json:"segment"`
	Who     Power   `json:"who"` // power whose turn it is in the segment
	Deal    *Deal   `json:"deal,omitempty"`
	Confirm []Power `json:"confirm,omitempty"` // parties still to confirm Deal
	// Peace in progress.
	Loser  Power `json:"loser"`
	Winner Power `json:"winner"`
	Remove int   `json:"remove"`
	Buys   []Buy `json:"buys,omitempty"`
	Queue  []int `json:"queue,omitempty"` // ransom: leaders; excommunication: powers
	// War segment.
	Cost      [NumMajors]int `json:"cost"`
	Paid      [NumMajors]int `json:"paid"`
	Intervene [][2]Power     `json:"intervene,omitempty"` // (minor, declarer) awaiting the natural ally
	Declared  [][2]Power     `json:"declared,omitempty"`
}

// Buy is one thing a power that sued for peace may buy back (§9.3 steps 5–7).
type Buy struct {
	Kind   string    `json:"kind"` // key, leader, pair
	Spaces []SpaceID `json:"spaces,omitempty"`
	Leader int       `json:"leader"`
}

func (d *Diplo) clone() *Diplo {
	c := *d
	if d.Deal != nil {
		dd := *d.Deal
		dd.Items = append([]Item(nil), d.Deal.Items...)
		c.Deal = &dd
	}
	c.Confirm = append([]Power(nil), d.Confirm...)
	c.Buys = append([]Buy(nil), d.Buys...)
	c.Queue = append([]int(nil), d.Queue...)
	c.Intervene = append([][2]Power(nil), d.Intervene...)
	c.Declared = append([][2]Power(nil), d.Declared...)
	return &c
}

// Segments.
const (
	segNegotiate = iota
	segPeace
	segRansom
	segExcom
	segWar
	segPay
	segDone
)

// Deal is an announced agreement or package (§9.1): every item takes effect
// or none does. It is the argument of a "diplomacy.announce" action:
//
//	{"items": [{"type": "peace", "a": "france", "b": "papacy"}, …]}
//
// or {"done": true} when the announcing power has nothing (more) to announce.
type Deal struct {
	Done  bool   `json:"done,omitempty"`
	Items []Item `json:"items,omitempty"`
	By    Power  `json:"by"`
}

// Item is one binding agreement. Types and their fields:
//
//	peace     a, b            end the war between a and b
//	alliance  a, b            ally a and b for this turn
//	loan      from, to, space, n [, leader, dest]   squadrons in port space lent to ally to
//	release   from, leader [, dest]   captor from frees a captured army leader
//	cede      from, to, space          political control of space passes to to
//	cards     from, to, n              to draws n (≤ 2) random cards from from's hand
//	mercs     from, to, take {space: n}, dest      up to 4 mercenaries change sides
//	divorce                           the Papacy grants Henry VIII's divorce
//	rescind   power                   the Papacy lifts power's excommunication
type Item struct {
	Type   string         `json:"type"`
	A      string         `json:"a,omitempty"`
	B      string         `json:"b,omitempty"`
	From   string         `json:"from,omitempty"`
	To     string         `json:"to,omitempty"`
	Space  string         `json:"space,omitempty"`
	N      int            `json:"n,omitempty"`
	Leader string         `json:"leader,omitempty"`
	Dest   string         `json:"dest,omitempty"`
	Take   map[string]int `json:"take,omitempty"`
	Power  string         `json:"power,omitempty"`
}

// String is the deal as compact JSON (its items as announced).
func (d *Deal) String() string {
	b, _ := json.Marshal(d.Items)
	return string(b)
}

// parties lists every power an item involves.
func (it *Item) parties() ([]Power, error) {
	var names []string
	switch it.Type {
	case "peace", "alliance":
		names = []string{it.A, it.B}
	case "loan", "cede", "cards", "mercs":
		names = []string{it.From, it.To}
	case "release":
		names = []string{it.From}
		if l, err := LeaderByID(it.Leader); err == nil {
			names = append(names, Leaders[l].Power.String()) // a captive of his printed power
		}
	case "divorce":
		names = []string{"papacy", "england"}
	case "rescind":
		names = []string{"papacy", it.Power}
	default:
		return nil, errorf("unknown agreement type %q", it.Type)
	}
	var out []Power
	for _, n := range names {
		p, err := ParsePower(n)
		if err != nil || !p.Major() {
			return nil, errorf("%s: %q is not a major power", it.Type, n)
		}
		out = append(out, p)
	}
	if len(out) == 2 && out[0] == out[1] {
		return nil, errorf("%s: a power cannot make an agreement with itself", it.Type)
	}
	return out, nil
}

func (d *Deal) parties() ([]Power, error) {
	var set uint16
	for i := range d.Items {
		ps, err := d.Items[i].parties()
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			set |= bit(p)
		}
	}
	var out []Power
	for p := Power(0); p < NumMajors; p++ {
		if set&bit(p) != 0 {
			out = append(out, p)
		}
	}
	return out, nil
}

// startDiplomacy begins the phase. Turn 1 is abbreviated (§7, ruling D6):
// England's deals with the Hapsburgs and France only.
func (s *State) startDiplomacy() {
	if s.Two != nil {
		s.startTwoDiplomacy()
		return
	}
	s.Diplo = &Diplo{Seg: segNegotiate, Who: Ottoman, Loser: NoPower, Winner: NoPower}
	if s.Turn == 1 {
		s.Diplo.Who = England
	}
	s.emit("phase", fmt.Sprintf("turn %d: Diplomacy", s.Turn))
}

func (s *State) nextWho() {
	d := s.Diplo
	d.Who++
	if s.Turn == 1 && d.Seg == segNegotiate {
		d.Who = NumMajors
	}
}

// stepDiplo advances the phase until a decision is owed.
func (s *State) stepDiplo() {
	d := s.Diplo
	for len(s.Stack) == 0 {
		switch d.Seg {
		case segNegotiate:
			if d.Who >= NumMajors {
				d.Seg, d.Who = segPeace, 0
				if s.Turn == 1 || s.Turn == 9 { // D6; no peace on the final turn
					d.Seg = segRansom
					if s.Turn == 1 {
						d.Seg = segDone
					}
				}
				continue
			}
			s.push(kAnnounce, d.Who)
			return
		case segPeace:
			if d.Loser != NoPower {
				if s.peaceStep() {
					return
				}
				continue
			}
			if d.Who >= NumMajors || s.tournamentLastTurn() { // no Peace segment on the Tournament's Turn 6
				d.Seg = segRansom
				d.Queue = nil
				for i, l := range s.Leaders {
					if l.Captor != NoPower && !Leaders[i].Naval {
						d.Queue = append(d.Queue, i)
					}
				}
				continue
			}
			if len(s.sueTargets(d.Who)) == 0 {
				d.Who++
				continue
			}
			s.push(kSue, d.Who)
			return
		case segRansom:
			for len(d.Queue) > 0 && s.Leaders[d.Queue[0]].Captor == NoPower {
				d.Queue = d.Queue[1:]
			}
			if len(d.Queue) == 0 {
				d.Seg = segExcom
				for p := Power(0); p < NumMajors; p++ {
					if s.Powers[p].MinusOne && s.Powers[p].ExcomOn > 0 && s.Powers[p].ExcomOn < s.Turn {
						d.Queue = append(d.Queue, int(p))
					}
				}
				continue
			}
			s.push(kRansom, Leaders[d.Queue[0]].Power)
			return
		case segExcom:
			if len(d.Queue) == 0 {
				d.Seg, d.Who = segWar, 0
				continue
			}
			s.push(kExcom, Power(d.Queue[0]))
			return
		case segWar:
			if len(d.Intervene) > 0 {
				ally := France
				if d.Intervene[0][0] == Venice {
					ally = Papacy
				}
				s.push(kIntervene, ally)
				return
			}
			if d.Who >= NumMajors {
				d.Seg, d.Who = segPay, 0
				continue
			}
			if len(s.warTargets(d.Who)) == 0 {
				d.Who++
				continue
			}
			s.push(kWar, d.Who)
			return
		case segPay:
			for d.Who < NumMajors && d.Paid[d.Who] >= d.Cost[d.Who] {
				d.Who++
			}
			if d.Who >= NumMajors {
				d.Seg = segDone
				continue
			}
			s.push(kPay, d.Who)
			return
		case segDone:
			s.Diplo = nil
			return
		}
	}
}

// --- negotiation ---

// applyAnnounce handles a "diplomacy.announce" action: a Deal or done.
func (s *State) applyAnnounce(a game.Action) error {
	d := s.Diplo
	var deal Deal
	if len(a.Args) == 0 {
		return errorf("diplomacy.announce: missing arguments: a deal {\"items\": […]} or {\"done\": true}")
	}
	var path []string
	if json.Unmarshal(a.Args, &path) == nil && len(path) == 1 && path[0] == "done" {
		deal.Done = true // the options-tree form: ["done"]
	} else if err := json.Unmarshal(a.Args, &deal); err != nil {
		return errorf("diplomacy.announce: want a deal {\"items\": […]}, {\"done\": true} or [\"done\"]: %v", err)
	}
	if deal.Done {
		if len(deal.Items) > 0 {
			return errorf("diplomacy.announce: a deal cannot be both done and have items")
		}
		s.pop()
		s.resolveAnnounceDone()
		s.run()
		return nil
	}
	if len(deal.Items) == 0 {
		return errorf("diplomacy.announce: the deal has no items")
	}
	deal.By = d.Who
	parties, err := deal.parties()
	if err != nil {
		return err
	}
	in := false
	for _, p := range parties {
		in = in || p == d.Who
		if s.Turn == 1 && p != England && p != Hapsburg && p != France {
			return errorf("on turn 1 England negotiates only with the Hapsburgs and France")
		}
	}
	if !in {
		return errorf("%s may announce only deals it is a party to", d.Who)
	}
	if s.Turn == 1 && len(parties) > 2 {
		return errorf("on turn 1 each deal is between England and one partner")
	}
	// Validate the whole package on a scratch copy.
	scratch := s.Clone()
	if err := scratch.doDeal(&deal); err != nil {
		return err
	}
	s.pop()
	d.Deal = &deal
	d.Confirm = nil
	for _, p := range parties {
		if p == d.Who {
			continue
		}
		// D1: in the 500th edition only parties later in Impulse Order
		// confirm; on turn 1 England's partner always confirms (§7).
		if s.Edition == Ed500 && p < d.Who && s.Turn != 1 {
			continue
		}
		d.Confirm = append(d.Confirm, p)
	}
	s.emit("deal", fmt.Sprintf("%s announces a deal: %s", powerWord(d.Who.String()), deal.Words()))
	s.nextConfirm()
	s.run()
	return nil
}

func (s *State) nextConfirm() {
	d := s.Diplo
	if len(d.Confirm) > 0 {
		s.push(kConfirm, d.Confirm[0])
		return
	}
	if err := s.doDeal(d.Deal); err != nil { // validated already; cannot fail
		s.emit("deal", "deal failed: "+err.Error())
	} else {
		s.emit("deal", "deal takes effect: "+d.Deal.Words())
	}
	d.Deal = nil
	if len(s.Displace) > 0 {
		return // the displaced units go first; stepDiplo then asks d.Who again
	}
	s.push(kAnnounce, d.Who)
}

func (s *State) resolveAnnounceDone() { s.nextWho() }

// itemOrder puts peace before alliances before everything else, so a deal
// may end a war and ally the two powers (§9.2).
func itemOrder(t string) int {
	switch t {
	case "peace":
		return 0
	case "alliance":
		return 1
	case "divorce":
		return 2
	}
	return 3
}

// doDeal carries out every item of a deal, or returns the first reason one
// cannot be carried out (on a scratch copy, to validate).
func (s *State) doDeal(deal *Deal) error {
	items := append([]Item(nil), deal.Items...)
	sort.SliceStable(items, func(i, j int) bool { return itemOrder(items[i].Type) < itemOrder(items[j].Type) })
	var allies [NumMajors]uint16 // alliances formed by this deal
	for i := range items {
		it := &items[i]
		if it.Type == "loan" {
			from, to := pw(it.From), pw(it.To)
			if from < NumMajors && to < NumMajors && allies[from]&bit(to) == 0 {
				return errorf("loan: squadrons are loaned together with the alliance of %s and %s, in the same deal", from, to)
			}
		}
		if err := s.doItem(it); err != nil {
			return err
		}
		if it.Type == "alliance" {
			a, b := pw(it.A), pw(it.B)
			allies[a] |= bit(b)
			allies[b] |= bit(a)
		}
	}
	return nil
}

func pw(name string) Power {
	p, err := ParsePower(name)
	if err != nil {
		return NoPower
	}
	return p
}

func (s *State) doItem(it *Item) error {
	switch it.Type {
	case "peace":
		a, b := pw(it.A), pw(it.B)
		if !s.AtWar(a, b) {
			return errorf("peace: %s and %s are not at war", a, b)
		}
		if s.League && (a == Protestant || b == Protestant) && (a == Hapsburg || b == Hapsburg || a == Papacy || b == Papacy) {
			return errorf("peace: the Schmalkaldic League's wars never end")
		}
		s.endWar(a, b)
	case "alliance":
		a, b := pw(it.A), pw(it.B)
		if s.AtWar(a, b) {
			return errorf("alliance: %s and %s are at war (end the war in the same deal)", a, b)
		}
		if (a == Papacy || b == Papacy) && (a == Ottoman || b == Ottoman) {
			return errorf("alliance: the Papacy never allies with the Ottomans")
		}
		if s.Divorce && (a == Papacy || b == Papacy) && (a == Hapsburg || b == Hapsburg) {
			return errorf("alliance: the Papacy granted Henry VIII's divorce this turn and may not ally with the Hapsburgs")
		}
		if s.Ally[a]&bit(b) != 0 {
			return errorf("alliance: %s and %s are already allied", a, b)
		}
		s.setAlly(a, b, true)
		s.AllyThisTurn[a] |= bit(b)
		s.AllyThisTurn[b] |= bit(a)
	case "loan":
		return s.doLoan(it)
	case "release":
		from := pw(it.From)
		l, err := LeaderByID(it.Leader)
		if err != nil {
			return errorf("release: %v", err)
		}
		if s.Leaders[l].Captor != from {
			return errorf("release: %s does not hold %s", from, Leaders[l].Name)
		}
		return s.returnLeader(l, it.Dest)
	case "cede":
		return s.doCede(it)
	case "cards":
		from, to := pw(it.From), pw(it.To)
		if it.N < 1 || it.N > 2 {
			return errorf("cards: between 1 and 2 random draws, not %d", it.N)
		}
		if s.DrawDir[to]&bit(from) != 0 {
			return errorf("cards: %s already gave card draws to %s this turn; draws flow one way only", to, from)
		}
		if len(s.drawable(from)) < it.N {
			return errorf("cards: %s has only %d cards that can be drawn (Home cards never are)", from, len(s.drawable(from)))
		}
		for i := 0; i < it.N; i++ {
			s.randomDraw(from, to)
		}
		s.DrawDir[from] |= bit(to)
	case "mercs":
		return s.doMercs(it)
	case "divorce":
		if s.Marital != 1 {
			return errorf("divorce: Henry VIII has not asked for a divorce")
		}
		if s.Ally[Papacy]&bit(Hapsburg) != 0 {
			return errorf("divorce: the Papacy is allied with the Hapsburgs this turn")
		}
		s.Divorce = true
		s.advanceMarital()
	case "rescind":
		p := pw(it.Power)
		if !s.Powers[p].MinusOne {
			return errorf("rescind: %s's ruler is not excommunicated", p)
		}
		s.Powers[p].MinusOne = false
	default:
		return errorf("unknown agreement type %q", it.Type)
	}
	return nil
}

// endWar ends a war (§9.3 step 8): a Papal peace with an excommunicated
// ruler's power lifts the excommunication.
func (s *State) endWar(a, b Power) {
	s.setWar(a, b, false)
	s.PeaceThisTurn[a] |= bit(b)
	s.PeaceThisTurn[b] |= bit(a)
	for _, x := range [2][2]Power{{a, b}, {b, a}} {
		if x[0] == Papacy && s.Powers[x[1]].MinusOne && s.Powers[x[1]].ExcomOn > 0 {
			s.Powers[x[1]].MinusOne = false
		}
	}
	s.emit("peace", fmt.Sprintf("%s and %s are at peace", a, b))
}

// pregnancyUp is the step from a pregnancy result that already occurred to
// the next line "up" the chart printed on the map (§21.3, ruling E1): the
// printed chart has 6 at the top and 1 at the bottom, so up is toward the
// higher results; past the top the marriage has no effect.
const pregnancyUp = +1

// advanceMarital moves Henry VIII's marital status one box and rolls on the
// pregnancy chart (§21.3); reaching Anne Boleyn gives the Hapsburgs the
// Catherine of Aragon marker.
func (s *State) advanceMarital() {
	s.Marital++
	if s.Marital < 2 {
		s.emit("marriage", "Henry VIII asks for a divorce")
		return // Ask for Divorce: no wife, no roll
	}
	if s.Marital == 2 {
		s.Catherine = true
		s.AnneTurn = s.Turn
	}
	defer s.marriageBenefits()
	r := s.Die()
	if s.Marital == 3 {
		r++
	}
	if r > 6 {
		r = 6 // a modified 7 is read as 6 (ruling E1)
	}
	for r >= 1 && r <= 6 && s.Pregnancy&(1<<r) != 0 {
		r += pregnancyUp
	}
	if r >= 1 && r <= 6 {
		s.Pregnancy |= 1 << r
	}
	if r == 3 {
		s.Flirt = true
	}
	s.emit("marriage", fmt.Sprintf("Henry VIII's marital status advances to box %d; pregnancy result %d", s.Marital, r))
}

// returnLeader puts a freed leader in his capital if his power controls it,
// else in dest, a friendly home key of his power (§9.1 item 4).
func (s *State) returnLeader(l int, dest string) error {
	p := s.lpower(l)
	for _, c := range capitalsOf[p] {
		if s.Spaces[c].Ctl == p && (dest == "" || dest == Spaces[c].ID) {
			s.Leaders[l] = LeaderState{Loc: int(c), Captor: NoPower}
			return nil
		}
	}
	if dest == "" {
		for _, h := range homeSpacesOf[p] {
			if Spaces[h].Type.IsKey() && s.FriendlySpace(h, p) {
				s.Leaders[l] = LeaderState{Loc: int(h), Captor: NoPower}
				return nil
			}
		}
		return errorf("%s has no capital or friendly home key to return to", Leaders[l].Name)
	}
	sp, err := SpaceByID(dest)
	if err != nil {
		return errorf("%v", err)
	}
	if Spaces[sp].Home != p || !Spaces[sp].Type.IsKey() || !s.FriendlySpace(sp, p) {
		return errorf("%s is not a friendly home key of %s", Spaces[sp].Name, p)
	}
	s.Leaders[l] = LeaderState{Loc: int(sp), Captor: NoPower}
	return nil
}

func (s *State) doLoan(it *Item) error {
	from, to := pw(it.From), pw(it.To)
	if to == Protestant {
		return errorf("loan: squadrons are never loaned to the Protestant")
	}
	if s.AllyThisTurn[from]&bit(to) == 0 {
		return errorf("loan: %s and %s must form their alliance in this negotiation", from, to)
	}
	if s.LoanDir[to]&bit(from) != 0 {
		return errorf("loan: loans flow one way only between %s and %s", from, to)
	}
	sp, err := SpaceByID(it.Space)
	if err != nil {
		return errorf("loan: %v", err)
	}
	if it.N < 1 || int(s.Spaces[sp].Units[from].Sq) < it.N {
		return errorf("loan: %s has not %d squadron(s) in %s", from, it.N, Spaces[sp].Name)
	}
	dests := s.nearestPortsOf(sp, to)
	if len(dests) == 0 {
		return errorf("loan: no port of %s can be reached by sea from %s", to, Spaces[sp].Name)
	}
	dst := dests[0]
	if it.Dest != "" {
		dst = NumSpaces
		for _, x := range dests {
			if Spaces[x].ID == it.Dest {
				dst = x
			}
		}
		if dst == NumSpaces {
			return errorf("loan: %s is not a nearest port of %s", it.Dest, to)
		}
	} else if len(dests) > 1 {
		return errorf("loan: several ports of %s are nearest; name one as dest", to)
	}
	leader := -1
	if it.Leader != "" {
		l, err := LeaderByID(it.Leader)
		if err != nil || !Leaders[l].Naval || s.lpower(l) != from || s.Leaders[l].Loc != int(sp) {
			return errorf("loan: %q is not a naval leader of %s in %s", it.Leader, from, Spaces[sp].Name)
		}
		leader = l
		s.Leaders[l].Loc = int(dst)
	}
	s.Spaces[sp].Units[from].Sq -= uint8(it.N)
	s.Spaces[dst].Units[to].Sq += uint8(it.N)
	s.Loans = append(s.Loans, Loan{Owner: from, Borrower: to, Loc: int(dst), N: uint8(it.N), Leader: leader})
	s.LoanDir[from] |= bit(to)
	return nil
}

// nearestPortsOf: ports controlled by p nearest to a port by sea, not
// passing through a port space.
func (s *State) nearestPortsOf(sp SpaceID, p Power) []SpaceID {
	var out []SpaceID
	for _, x := range s.nearestPorts(int(sp), p) {
		if s.Spaces[x].Ctl == p {
			out = append(out, x)
		}
	}
	return out
}

func (s *State) doCede(it *Item) error {
	from, to := pw(it.From), pw(it.To)
	sp, err := SpaceByID(it.Space)
	if err != nil {
		return errorf("cede: %v", err)
	}
	info := &Spaces[sp]
	if !s.ControlledBy(sp, from) {
		return errorf("cede: %s does not control %s", from, info.Name)
	}
	if isCapitalOf(sp, from) {
		return errorf("cede: %s may not cede its own capital", from)
	}
	if to == Protestant && !s.League {
		return errorf("cede: the Protestant may not gain political control before the Schmalkaldic League (§21.6)")
	}
	if s.Edition == Ed500 {
		ok := info.Home == from || info.Home == to || info.Home == Independent ||
			info.Home.Minor() && s.MinorAllyOf(info.Home) == to
		if !ok {
			return errorf("cede: %s is neither a home space of %s or %s, nor independent, nor a minor's space ceded to its ally (500th rule)", info.Name, from, to)
		}
	} else if info.Home.Minor() && s.MinorAllyOf(info.Home) != NoPower && info.Type.IsKey() {
		return errorf("cede: %s is a home key of an allied minor power", info.Name)
	}
	if info.Home == from {
		s.CededHome[from] |= bit(to)
	}
	s.Spaces[sp].Ctl = to
	if info.Home.Minor() && s.MinorAllyOf(info.Home) == to {
		s.Spaces[sp].Ctl = info.Home
	}
	s.displaceOnCession(sp, from)
	return nil
}

// displaceAll displaces the units in a space whose control changed that are
// not friendly to the new controller (§12.5).
func (s *State) displaceAll(sp SpaceID) {
	c := s.Spaces[sp].Ctl
	for q := Power(0); q < Independent; q++ {
		if s.Spaces[sp].Units[q].Any() && !s.Friendly(c, q) {
			s.displace(sp, q)
		}
	}
	for i, l := range s.Leaders {
		if l.Loc == int(sp) && !s.Friendly(c, s.lpower(i)) {
			s.Leaders[i].Loc = s.displaceDest(sp, s.decider(s.lpower(i)), Leaders[i].Naval)
		}
	}
}

// displaceDest is where displaced units of p go (§12.5): land units to the
// nearest fortified space p controls (nearest first, lowest index on a tie;
// the capital when it is that space), naval units to the nearest port p
// controls. OffMap when none exists.
func (s *State) displaceDest(sp SpaceID, p Power, naval bool) int {
	if naval {
		ports := s.nearestPorts(int(sp), p)
		if len(ports) == 0 {
			return OffMap
		}
		return int(ports[0])
	}
	d := landDist(sp)
	best := -1
	for i := range s.Spaces {
		if SpaceID(i) != sp && d[i] >= 0 && s.winterHomeOK(SpaceID(i), p) && (best < 0 || d[i] < d[best]) {
			best = i
		}
	}
	if best < 0 {
		return OffMap
	}
	return best
}

func (s *State) displace(sp SpaceID, q Power) {
	u := s.Spaces[sp].Units[q]
	p := s.decider(q)
	if p == NoPower {
		p = q
	}
	if u.Land() > 0 {
		if d := s.displaceDest(sp, p, false); d >= 0 {
			t := &s.Spaces[d].Units[q]
			t.Reg += u.Reg
			t.Merc += u.Merc
			t.Cav += u.Cav
			s.emit("displace", fmt.Sprintf("%s land units displaced from %s to %s", q, Spaces[sp].Name, Spaces[d].Name))
		}
	}
	if u.Naval() > 0 {
		if d := s.displaceDest(sp, p, true); d >= 0 {
			t := &s.Spaces[d].Units[q]
			t.Sq += u.Sq
			t.Cor += u.Cor
		}
	}
	s.Spaces[sp].Units[q] = Units{}
	s.besiegersGone(sp) // displaced besiegers besiege no more
}

func (s *State) doMercs(it *Item) error {
	from, to := pw(it.From), pw(it.To)
	if to == Ottoman {
		return errorf("mercs: the Ottomans never receive mercenaries")
	}
	if to == Protestant && !s.League {
		return errorf("mercs: the Protestant may not gain mercenaries before the Schmalkaldic League")
	}
	if s.MercDir[to]&bit(from) != 0 {
		return errorf("mercs: mercenaries flow one way only between %s and %s this turn", from, to)
	}
	n := 0
	keys := make([]string, 0, len(it.Take))
	for k := range it.Take {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		sp, err := SpaceByID(k)
		if err != nil {
			return errorf("mercs: %v", err)
		}
		c := it.Take[k]
		if c < 1 || int(s.Spaces[sp].Units[from].Merc) < c {
			return errorf("mercs: %s has not %d mercenaries in %s", from, c, Spaces[sp].Name)
		}
		n += c
	}
	if n < 1 || n > 4 {
		return errorf("mercs: between 1 and 4 mercenaries, not %d", n)
	}
	dst, err := SpaceByID(it.Dest)
	if err != nil {
		return errorf("mercs: dest: %v", err)
	}
	if to == Protestant {
		if Spaces[dst].Type != Electorate || !s.ControlledBy(dst, Protestant) {
			return errorf("mercs: the Protestant places mercenaries in an electorate it controls, not %s", Spaces[dst].Name)
		}
	} else if !isCapitalOf(dst, to) || s.Spaces[dst].Ctl != to {
		return errorf("mercs: %s places mercenaries in its own capital, under its control; not %s", to, Spaces[dst].Name)
	}
	if r := s.Room(to).Merc; r != Unlimited && int(r) < n {
		return errorf("mercs: %s has only %d mercenary counters left", to, r)
	}
	for _, k := range keys {
		s.Spaces[mustSpace(k)].Units[from].Merc -= uint8(it.Take[k])
	}
	s.place(&s.Spaces[dst].Units[to], to, 'm', n)
	s.MercDir[from] |= bit(to)
	return nil
}

// --- peace (§9.3) ---

// sueTargets lists the wars p may sue for peace in now.
func (s *State) sueTargets(p Power) []Power {
	var out []Power
	for q := Power(0); q < NumMajors; q++ {
		if q == p || !s.AtWar(p, q) || s.CededHome[p]&bit(q) != 0 {
			continue
		}
		if (p == Protestant && (q == Hapsburg || q == Papacy)) || (q == Protestant && (p == Hapsburg || p == Papacy)) {
			continue
		}
		held := false
		for i, l := range s.Leaders {
			held = held || (l.Captor == q && s.lpower(i) == p)
		}
		for _, h := range homeSpacesOf[p] {
			held = held || s.ControlledBy(h, q)
		}
		if held {
			out = append(out, q)
		}
	}
	return out
}

// peaceStep runs Steps 2–8 for the peace in progress; true when a decision
// is owed.
func (s *State) peaceStep() bool {
	d := s.Diplo
	if d.Remove > 0 {
		if len(s.unitChoices(d.Loser)) == 0 {
			d.Remove = 0
		} else {
			s.push(kPeaceRemove, d.Loser)
			return true
		}
	}
	if len(d.Buys) > 0 {
		s.push(kPeaceBuy, d.Loser)
		return true
	}
	s.endWar(d.Loser, d.Winner)
	p := d.Loser
	d.Loser, d.Winner = NoPower, NoPower
	if len(s.sueTargets(p)) > 0 { // D5: the same power may sue in another war
		s.push(kSue, p)
		return true
	}
	d.Who = p + 1
	return false
}

func (s *State) startPeace(loser, winner Power) {
	d := s.Diplo
	d.Loser, d.Winner = loser, winner
	vp := 1
	if loser == Ottoman || winner == Ottoman {
		vp = 2
	}
	s.Powers[winner].WarVP += vp
	s.emit("peace", fmt.Sprintf("%s sues %s for peace: %s gains %d War Winner VP", loser, winner, winner, vp))
	for _, h := range homeSpacesOf[winner] {
		if s.Spaces[h].Ctl == loser {
			s.Spaces[h].Ctl = winner
			s.displaceOnCession(h, loser)
		}
	}
	d.Remove = 2
	d.Buys = s.peaceBuys(loser, winner)
}

// peaceBuys lists what loser may buy back from winner after suing for
// peace (§9.3 steps 5–7), one price each: every home key winner controls,
// every army leader winner holds, and every set of two non-key home spaces
// winner controls (an odd one left over cannot be bought).
func (s *State) peaceBuys(loser, winner Power) []Buy {
	var buys []Buy
	var pairs []SpaceID
	for _, h := range homeSpacesOf[loser] {
		if !s.ControlledBy(h, winner) {
			continue
		}
		if Spaces[h].Type.IsKey() {
			buys = append(buys, Buy{Kind: "key", Spaces: []SpaceID{h}, Leader: -1})
		} else {
			pairs = append(pairs, h)
		}
	}
	for i, l := range s.Leaders {
		if l.Captor == winner && s.lpower(i) == loser {
			buys = append(buys, Buy{Kind: "leader", Leader: i})
		}
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		buys = append(buys, Buy{Kind: "pair", Spaces: []SpaceID{pairs[i], pairs[i+1]}, Leader: -1})
	}
	return buys
}

// buyBack gives loser what b bought back from winner (§9.3 steps 5–7; the
// price is paid by the caller): the leader returns home, or the spaces
// return to loser's control with winner's units there displaced.
func (s *State) buyBack(loser, winner Power, b Buy) {
	if b.Kind == "leader" {
		if err := s.returnLeader(b.Leader, ""); err != nil {
			s.emit("peace", err.Error())
		}
		return
	}
	for _, sp := range b.Spaces {
		s.Spaces[sp].Ctl = loser
		s.displaceOnCession(sp, winner)
	}
}

// label names what b buys back.
func (b Buy) label() string {
	if b.Kind == "leader" {
		return Leaders[b.Leader].Name
	}
	var names []string
	for _, sp := range b.Spaces {
		names = append(names, Spaces[sp].Name)
	}
	return strings.Join(names, " and ")
}

// unitChoices lists p's own units on the map as "loc/type" values.
func (s *State) unitChoices(p Power) []game.Choice {
	var out []game.Choice
	add := func(loc int, u Units) {
		for _, t := range []struct {
			n    uint8
			name string
		}{{u.Reg, "regular"}, {u.Merc, "mercenary"}, {u.Cav, "cavalry"}, {u.Sq, "squadron"}, {u.Cor, "corsair"}} {
			if t.n > 0 {
				v := s.locID(loc) + "/" + t.name
				out = append(out, game.Choice{Label: t.name + " in " + s.locText(loc), Value: v})
			}
		}
	}
	for i := range s.Spaces {
		add(i, s.Spaces[i].Units[p])
	}
	for i := range s.Seas {
		add(SeaLoc+i, s.Seas[i].Units[p])
	}
	return out
}

func (s *State) locID(loc int) string {
	if loc >= SeaLoc {
		return Seas[loc-SeaLoc].ID
	}
	return Spaces[loc].ID
}

func (s *State) removeUnit(p Power, v string) {
	f := strings.SplitN(v, "/", 2)
	var u *Units
	if sp, err := SpaceByID(f[0]); err == nil {
		u = &s.Spaces[sp].Units[p]
	} else {
		z, _ := SeaByID(f[0])
		u = &s.Seas[z].Units[p]
	}
	switch f[1] {
	case "regular":
		u.Reg--
	case "mercenary":
		u.Merc--
	case "cavalry":
		u.Cav--
	case "squadron": // eliminated naval units go to the Turn Track (§17)
		u.Sq--
		s.toTrack(p, 1, 0)
	case "corsair":
		u.Cor--
		s.toTrack(p, 0, 1)
	}
	s.emit("peace", fmt.Sprintf("%s removes a %s", p, strings.Replace(v, "/", " ", 1)))
}

// --- war (§9.6) ---

var dowCost = [NumMajors][NumMajors]int{
	Ottoman:    {0, 2, 2, 2, 2, 2},
	Hapsburg:   {2, 0, 3, 3, 4, 0},
	England:    {2, 3, 0, 3, 3, 2},
	France:     {2, 3, 3, 0, 3, 2},
	Papacy:     {2, 4, 3, 3, 0, 0},
	Protestant: {2, 0, 2, 2, 0, 0},
}

// DOWCost is the CP cost for p to declare war on q (§9.6); ok is false when
// the declaration is impossible at any time.
func (s *State) DOWCost(p, q Power) (cp int, ok bool) {
	if q.Minor() {
		return 1, true
	}
	c := dowCost[p][q]
	if c == 0 {
		return 0, false
	}
	if p == Hapsburg && q == England && s.Catherine {
		c -= 2
	}
	return c, true
}

// canDeclare applies the restrictions of §9.6 (at all times and during the
// Diplomacy Phase).
func (s *State) canDeclare(p, q Power) bool {
	if p == q || q == Independent || s.AtWar(p, q) || s.Allied(p, q) {
		return false
	}
	if p == Protestant && !s.League || q == Protestant && !s.League {
		return false
	}
	if _, ok := s.DOWCost(p, q); !ok {
		return false
	}
	switch q {
	case Hungary:
		return false
	case Scotland:
		if p == Ottoman || p == Papacy || p == Protestant || s.Ally[p]&bit(France) != 0 || s.PeaceThisTurn[p]&bit(France) != 0 {
			return false
		}
	case Venice:
		if p == England || s.Ally[p]&bit(Papacy) != 0 || s.PeaceThisTurn[p]&bit(Papacy) != 0 {
			return false
		}
	}
	if q.Minor() && s.MinorAllyOf(q) != NoPower {
		return false
	}
	return s.PeaceThisTurn[p]&bit(q) == 0 && s.AllyThisTurn[p]&bit(q) == 0
}

// handCP is the CP p's hand can pay for declarations (no Mandatory Events).
func (s *State) handCP(p Power) int {
	n := 0
	for _, c := range s.Powers[p].Hand {
		if Cards[c].Type != MandatoryCard {
			n += Cards[c].CP
		}
	}
	return n
}

func (s *State) warTargets(p Power) []Power {
	var out []Power
	for q := Power(0); q < Independent; q++ {
		if !s.canDeclare(p, q) {
			continue
		}
		c, _ := s.DOWCost(p, q)
		if s.Diplo.Cost[p]+c <= s.handCP(p) {
			out = append(out, q)
		}
	}
	return out
}

// --- choices and resolution ---

func yesNo(no, yes string, canYes bool) []game.Choice {
	out := []game.Choice{{Label: no, Value: "no"}}
	if canYes {
		out = append(out, game.Choice{Label: yes, Value: "yes"})
	}
	return out
}

func (s *State) diploChoices(dec Decision) []game.Choice {
	d := s.Diplo
	switch dec.Kind {
	case kAnnounce:
		// A deal is a JSON object (see Deal), not a path of this tree.
		return []game.Choice{{Label: "done: announce nothing (more); a deal is sent as a Deal object", Value: "done"}}
	case kConfirm:
		return []game.Choice{{Label: "reject", Value: "reject"}, {Label: "confirm", Value: "confirm"}}
	case kSue:
		out := []game.Choice{{Label: "no (more) peace", Value: "none"}}
		for _, q := range s.sueTargets(dec.Power) {
			out = append(out, game.Choice{Label: "sue " + q.String() + " for peace", Value: q.String()})
		}
		return append(out, s.marriagePeace(dec.Power)...) // Diplomatic Marriage (#73)
	case kPeaceRemove:
		return s.unitChoices(d.Loser)
	case kPeaceBuy:
		b := d.Buys[0]
		out := []game.Choice{{Label: "do not buy back", Value: "no"}, {Label: "pay 1 War Winner VP to " + d.Winner.String(), Value: "vp"}}
		if len(s.drawable(d.Loser)) > 0 {
			out = append(out, game.Choice{Label: "give " + d.Winner.String() + " 1 random card", Value: "card"})
		}
		_ = b
		return out
	case kRansom:
		return yesNo("no", "ransom "+Leaders[d.Queue[0]].Name+" (1 random card)", len(s.drawable(dec.Power)) > 0)
	case kExcom:
		return yesNo("no", "give the Papacy 1 random card to lift the excommunication", len(s.drawable(dec.Power)) > 0)
	case kWar:
		out := []game.Choice{{Label: "no (more) declarations", Value: "done"}}
		for _, q := range s.warTargets(dec.Power) {
			c, _ := s.DOWCost(dec.Power, q)
			out = append(out, game.Choice{Label: fmt.Sprintf("declare war on %s (%d CP)", q, c), Value: q.String()})
		}
		return out
	case kIntervene:
		p := dec.Power
		// Auld Alliance, Venetian Alliance pay for it (#69, #108)
		return append(yesNo("no", "intervene for 2 CP", d.Cost[p]+2 <= s.handCP(p)), s.allianceIntervention(p, d.Intervene[0][0])...)
	case kPay:
		var out []game.Choice
		for _, c := range s.Powers[dec.Power].Hand {
			if Cards[c].Type != MandatoryCard {
				out = append(out, game.Choice{Label: Cards[c].cpLabel, Value: Cards[c].num})
			}
		}
		return out
	}
	return nil
}

func (s *State) resolveDiplo(dec Decision, p []string) {
	d := s.Diplo
	switch dec.Kind {
	case kConfirm:
		if p[0] == "reject" {
			s.emit("deal", fmt.Sprintf("%s rejects the deal: none of it takes effect", dec.Power))
			d.Deal, d.Confirm = nil, nil
			s.push(kAnnounce, d.Who)
			return
		}
		d.Confirm = d.Confirm[1:]
		s.nextConfirm()
	case kSue:
		if p[0] == "none" {
			d.Who = dec.Power + 1
			return
		}
		if p[0] == "marriage" {
			s.marriageSue(dec.Power, pw(p[1]))
			return
		}
		s.startPeace(dec.Power, pw(p[0]))
	case kPeaceRemove:
		s.removeUnit(d.Loser, p[0])
		d.Remove--
	case kPeaceBuy:
		b := d.Buys[0]
		d.Buys = d.Buys[1:]
		switch p[0] {
		case "no":
			return
		case "vp":
			s.Powers[d.Winner].WarVP++
		case "card":
			s.randomDraw(d.Loser, d.Winner)
		}
		s.buyBack(d.Loser, d.Winner, b)
	case kRansom:
		l := d.Queue[0]
		d.Queue = d.Queue[1:]
		if p[0] == "yes" {
			captor := s.Leaders[l].Captor
			s.randomDraw(dec.Power, captor)
			if err := s.returnLeader(l, ""); err != nil {
				s.emit("ransom", err.Error())
			}
		}
	case kExcom:
		d.Queue = d.Queue[1:]
		if p[0] == "yes" {
			c := s.randomDraw(dec.Power, NoPower)
			s.StPeterCP += Cards[c].CP
			for s.StPeterCP >= 5 {
				s.StPeterCP -= 5
				if s.StPeterVP < 5 {
					s.StPeterVP++
				}
			}
			s.Discard = append(s.Discard, uint8(c))
			s.Powers[dec.Power].MinusOne = false
			s.emit("excommunication", fmt.Sprintf("%s pays #%d %s to the Papacy: excommunication lifted", dec.Power, Cards[c].Number, Cards[c].Name))
		}
	case kWar:
		if p[0] == "done" {
			d.Who = dec.Power + 1
			return
		}
		q := pw(p[0])
		c, _ := s.DOWCost(dec.Power, q)
		if dec.Power == Hapsburg && q == England && s.Catherine {
			s.Catherine = false
		}
		d.Cost[dec.Power] += c
		s.setWar(dec.Power, q, true)
		d.Declared = append(d.Declared, [2]Power{dec.Power, q})
		s.emit("war", fmt.Sprintf("%s declares war on %s (%d CP)", dec.Power, q, c))
		if q == Scotland && dec.Power != France || q == Venice && dec.Power != Papacy {
			d.Intervene = append(d.Intervene, [2]Power{q, dec.Power})
		}
	case kIntervene:
		iv := d.Intervene[0]
		d.Intervene = d.Intervene[1:]
		switch p[0] {
		case "yes":
			s.intervene(dec.Power, iv[0], iv[1])
			d.Cost[dec.Power] += 2
		case "card":
			s.allianceIntervene(dec.Power, iv[0], iv[1])
		}
	case kPay:
		n := 0
		fmt.Sscan(p[0], &n)
		c, _ := CardByNumber(n)
		s.playCard(dec.Power, c)
		d.Paid[dec.Power] += Cards[c].CP
	}
}

// intervene: the natural ally activates the minor and is at war with the
// declarer (§9.6 steps 4–6, §22.2).
func (s *State) intervene(ally, minor, declarer Power) {
	s.MinorAlly[minor-firstMinor] = ally
	for q := Power(0); q < NumPowers; q++ {
		s.War[minor] &^= bit(q)
		s.War[q] &^= bit(minor)
	}
	s.setWar(ally, declarer, true)
	s.warNavalBattles(ally, declarer) // in the Action Phase only (ruling D4)
	s.Phony[declarer] = true
	for i := range s.Spaces {
		sp := SpaceID(i)
		if s.Spaces[i].Units[ally].Land() > 0 && s.Spaces[i].Units[declarer].Land() > 0 {
			for _, q := range []Power{ally, declarer} {
				if !s.ControlledBy(sp, q) {
					s.displace(sp, q)
				}
			}
		}
	}
	s.emit("war", fmt.Sprintf("%s intervenes: %s is its ally; %s receives a Phony War marker", ally, minor, declarer))
}
