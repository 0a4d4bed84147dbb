package his

import "testing"

// The New World markers: #48 Galleons and #53 Plantations once per power,
// #111 moves the single Colonial Governor/Native Uprising marker, #49
// Huguenot Raiders needs a home port under Protestant influence.
func TestNewWorldMarkers(t *testing.T) {
	s := impulseState(t, 4, Papacy, mustCard(48))
	s.NW.Galleons[England] = true
	if got := optionValues(t, s, "event", "48"); has(got, "england") || !has(got, "hapsburg") {
		t.Fatalf("Galleons for a power without one: %v", got)
	}
	answer(t, s, kImpulse, Papacy, "event", "48", "hapsburg")
	if !s.NW.Galleons[Hapsburg] || !cardIn(s.Discard, mustCard(48)) {
		t.Fatal("the Hapsburgs have Galleons; the card is discarded")
	}
	s = impulseState(t, 4, Papacy, mustCard(48))
	s.NW.Galleons = [NumMajors]bool{Hapsburg: true, England: true, France: true}
	if has(optionValues(t, s, "event"), "48") {
		t.Fatal("all three have Galleons: not playable")
	}
	s = impulseState(t, 4, France, mustCard(53))
	answer(t, s, kImpulse, France, "event", "53", "france")
	if !s.NW.Plantations[France] {
		t.Fatal("Plantations for France")
	}
	s = impulseState(t, 4, Ottoman, mustCard(111))
	s.NW.Uprising[France] = true
	answer(t, s, kImpulse, Ottoman, "event", "111", "hapsburg", "governor")
	if s.NW.Uprising[France] || !s.NW.Governor[Hapsburg] {
		t.Fatal("the one marker moves to the Hapsburgs, Colonial Governor side up")
	}
	s = impulseState(t, 4, Protestant, mustCard(49))
	if has(optionValues(t, s, "event"), "49") {
		t.Fatal("no home port under Protestant influence yet: no Raider")
	}
	s.Spaces[sp(t, "hamburg")].Prot = true
	answer(t, s, kImpulse, Protestant, "event", "49", "protestant")
	if !s.NW.Raiders[Protestant] {
		t.Fatal("the Protestant Raider is in play")
	}
}

// Voyages by card: #50 Mercator's Map (an exploration with +2, counting as
// the power's one), #101 Smallpox (the player's conquest with +2), #99
// Sebastian Cabot (once per power per game), #54 Potosi.
func TestNewWorldVoyageCards(t *testing.T) {
	s := impulseState(t, 4, Papacy, mustCard(50))
	answer(t, s, kImpulse, Papacy, "event", "50", "england")
	if v := s.NW.Explore[England]; !v.On || !v.Bonus || s.canExplore(England) {
		t.Fatalf("England explores with Mercator's +2 and may not explore again: %+v", v)
	}
	s = impulseState(t, 4, France, mustCard(101))
	answer(t, s, kImpulse, France, "event", "101")
	if v := s.NW.Conquer[France]; !v.On || !v.Bonus {
		t.Fatalf("France's conquest with Smallpox: %+v", v)
	}
	if has(optionValues(t, impulseState(t, 4, Papacy, mustCard(101)), "event"), "101") {
		t.Fatal("Smallpox only for England, France and the Hapsburgs")
	}
	s = impulseState(t, 4, England, mustCard(99))
	answer(t, s, kImpulse, England, "event", "99")
	if !s.NW.Cabot[England] {
		t.Fatal("Cabot sails for England")
	}
	s.NW.Explorers[cabotOf[England]] = VLost
	s.NW.Cabot[England] = false
	s2 := impulseState(t, 5, England, mustCard(99))
	s2.NW = s.NW
	if has(optionValues(t, s2, "event"), "99") {
		t.Fatal("England's Cabot is gone: once per game")
	}
	s = impulseState(t, 4, Ottoman, mustCard(54))
	answer(t, s, kImpulse, Ottoman, "event", "54", "france")
	if s.NW.Colonies[5] != boxPotosi || !cardIn(s.Gone, mustCard(54)) {
		t.Fatalf("Potosi in France's first box; the card leaves the game: %v", s.NW.Colonies)
	}
}

// #77 Fountain of Youth cancels an exploration (on 4–6 an explorer of that
// power is lost); #98 Search for Cibola an exploration or a conquest; the
// power may not launch another this turn. #96 Sale of Moluccas: 2 cards to
// the circumnavigator.
func TestNewWorldCancels(t *testing.T) {
	s := impulseState(t, 4, France, mustCard(77))
	if has(optionValues(t, s, "event", "77"), "england") {
		t.Fatal("England has no voyage under way")
	}
	pool := len(s.explorerPool(Hapsburg))
	s.Script = []int{5}
	answer(t, s, kImpulse, France, "event", "77", "hapsburg")
	if s.NW.Explore[Hapsburg].On || len(s.explorerPool(Hapsburg)) != pool-1 || s.canExplore(Hapsburg) {
		t.Fatal("the Hapsburg exploration is cancelled, an explorer lost, no new one this turn")
	}
	s = impulseState(t, 4, France, mustCard(98))
	answer(t, s, kImpulse, France, "event", "98", "hapsburg", "conquer")
	if s.NW.Conquer[Hapsburg].On || s.canConquer(Hapsburg) || s.TurnFx.NoConquer&bit(Hapsburg) == 0 {
		t.Fatal("the Hapsburg conquest is cancelled for the turn")
	}
	s = impulseState(t, 4, Papacy, mustCard(96))
	if has(optionValues(t, s, "event"), "96") {
		t.Fatal("no circumnavigation yet")
	}
	s.NW.Discoveries[Circumnavigation] = Claim{Claimed: true, Power: England}
	answer(t, s, kImpulse, Papacy, "event", "96")
	if len(s.Powers[England].Hand) != 2 || !cardIn(s.Gone, mustCard(96)) {
		t.Fatal("England draws 2; the card leaves the game")
	}
}
