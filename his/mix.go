package his

// The counter mix is a hard limit (§5): no power ever has more units of a
// type on the map than it has counters. The reference data does not give the
// counter mix, so State.Mix starts with the limits the rules state (only the
// Ottomans have cavalry and corsairs and no mercenaries; the Protestant and
// Hungary-Bohemia have no squadrons, §5.2–5.3) and Unlimited elsewhere; a
// scenario or test may set the real numbers.

// Unlimited marks an unknown counter-mix limit.
const Unlimited = 255

// defaultMix is the counter mix as far as the rules fix it.
func defaultMix() [NumPowers]Units {
	var m [NumPowers]Units
	for p := Power(0); p < NumPowers; p++ {
		m[p] = Units{Reg: Unlimited, Merc: Unlimited, Sq: Unlimited}
		if p == Ottoman {
			m[p].Merc, m[p].Cav, m[p].Cor = 0, Unlimited, Unlimited
		}
		if !p.Major() {
			m[p].Merc = 0
		}
		if p == Protestant || p == Hungary {
			m[p].Sq = 0
		}
	}
	return m
}

// OnMap counts p's units of each type on the map (spaces and sea zones,
// and the foreign war cards).
func (s *State) OnMap(p Power) Units {
	var t [5]int
	add := func(u Units) {
		t[0] += int(u.Reg)
		t[1] += int(u.Merc)
		t[2] += int(u.Cav)
		t[3] += int(u.Sq)
		t[4] += int(u.Cor)
	}
	for i := range s.Spaces {
		add(s.Spaces[i].Units[p])
	}
	for i := range s.Seas {
		add(s.Seas[i].Units[p])
	}
	if p == Ottoman || p == England {
		add(s.onWarCards(p)) // units on foreign war cards (§21.7)
	}
	c := func(n int) uint8 {
		if n > 254 {
			return 254
		}
		return uint8(n)
	}
	return Units{Reg: c(t[0]), Merc: c(t[1]), Cav: c(t[2]), Sq: c(t[3]), Cor: c(t[4])}
}

// Room is how many more units of each type p may place: its counter mix
// less what is on the map and the naval units lost this turn (Unlimited
// where the mix is unknown).
func (s *State) Room(p Power) Units {
	on, mix := s.OnMap(p), s.Mix[p]
	// naval units lost this turn wait on the Turn Track (§17)
	on.Sq += s.NavalLost[p].Sq
	on.Cor += s.NavalLost[p].Cor
	r := func(lim, n uint8) uint8 {
		switch {
		case lim == Unlimited:
			return Unlimited
		case n >= lim:
			return 0
		}
		return lim - n
	}
	return Units{Reg: r(mix.Reg, on.Reg), Merc: r(mix.Merc, on.Merc), Cav: r(mix.Cav, on.Cav), Sq: r(mix.Sq, on.Sq), Cor: r(mix.Cor, on.Cor)}
}

// place adds up to want units to p's units at u, as far as the counter mix
// allows, and returns how many it placed. kind: 'r', 'm', 'c', 's', 'k'.
func (s *State) place(u *Units, p Power, kind byte, want int) int {
	room := s.Room(p)
	var lim uint8
	var field *uint8
	switch kind {
	case 'r':
		lim, field = room.Reg, &u.Reg
	case 'm':
		lim, field = room.Merc, &u.Merc
	case 'c':
		lim, field = room.Cav, &u.Cav
	case 's':
		lim, field = room.Sq, &u.Sq
	default:
		lim, field = room.Cor, &u.Cor
	}
	n := want
	if lim != Unlimited && n > int(lim) {
		n = int(lim)
	}
	*field += uint8(n)
	return n
}
