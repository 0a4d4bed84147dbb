package diplomacy

import "fmt"

// orderVariantKeys are the options of the variants that change who writes
// the orders a unit follows, or how a game starts (docs/variants.md, "Rule
// variants").
var orderVariantKeys = []string{"reverse_gunboat", "double", "payola", "anarchy", "intimate"}

// variantClashes are the pairs of options that do not combine, with why.
var variantClashes = []struct{ a, b, why string }{
	{"reverse_gunboat", "double", "both change who the seats are"},
	{"reverse_gunboat", "catspaw", "Catspaw's extra orders need players who know their power"},
	{"reverse_gunboat", "payola", "a treasury would tell a seat its power"},
	// The one exception to "Fog of War combines with anything": a seat's
	// fog is drawn around its power's units, so it would show the seat
	// which power it holds, the secret Reverse Gunboat is played for.
	{"reverse_gunboat", "fog", "the fog would show a seat its power"},
	{"reverse_gunboat", "crystal_ball", "orders ahead are not kept by seat"},
	{"double", "catspaw", "Catspaw's extra orders are per power, not per seat"},
	{"double", "payola", "both decide which order a unit follows"},
	{"double", "crystal_ball", "orders ahead are not kept by seat"},
	{"payola", "catspaw", "both decide which order a unit follows"},
	{"payola", "crystal_ball", "offers are made for this phase only"},
	{"anarchy", "black_hole", "the black hole rebuilds the map from its original homes"},
	{"anarchy", "reverse_gunboat", "a seat would learn its power from its draft"},
	{"anarchy", "double", "preference lists are written per power"},
	{"anarchy", "payola", "treasuries start from the centres owned at the start, which the draft has not yet dealt"},
	{"anarchy", "catspaw", "unplayed powers draft no centres, so Catspaw has no units to order"},
	{"intimate", "catspaw", "both give the unplayed powers' units to the players"},
	{"intimate", "reverse_gunboat", "both change who orders which power"},
	{"intimate", "double", "both change who orders which power"},
	{"intimate", "payola", "both spend a treasury on other powers' units"},
	{"intimate", "anarchy", "unplayed powers draft no centres, so there would be nothing to bid for"},
	{"intimate", "crystal_ball", "control changes each year, after orders ahead were written"},
	{"seismic", "reverse_gunboat", "seismic events are ordered by power, and a seat does not know its power"},
	{"seismic", "double", "seismic events are ordered one per power, and a power has two seats"},
	{"seismic", "intimate", "both open a phase before each Spring"},
	{"seismic", "anarchy", "the drafted home centres are not carried onto a changed map"},
	{"schizo", "anarchy", "the drafted home centres are not carried onto a changed map"},
}

// parseOrderVariants reads the order-writing variant options into s and
// refuses the combinations that collide.
func (s *Settings) parseOrderVariants(m *Map, opts map[string]string) error {
	var err error
	if s.ReverseGunboat, err = boolOption(opts, "reverse_gunboat"); err != nil {
		return err
	}
	if s.Double, err = boolOption(opts, "double"); err != nil {
		return err
	}
	if s.Payola, err = boolOption(opts, "payola"); err != nil {
		return err
	}
	if s.Anarchy, err = boolOption(opts, "anarchy"); err != nil {
		return err
	}
	if s.Intimate, err = boolOption(opts, "intimate"); err != nil {
		return err
	}
	on := map[string]bool{"reverse_gunboat": s.ReverseGunboat, "double": s.Double, "payola": s.Payola,
		"anarchy": s.Anarchy, "intimate": s.Intimate, "catspaw": s.Catspaw, "fog": s.Fog, "crystal_ball": s.CrystalBall, "black_hole": s.BlackHole,
		"seismic": s.Seismic, "schizo": s.Schizo}
	for _, c := range variantClashes {
		if on[c.a] && on[c.b] {
			return fmt.Errorf("options %s and %s do not combine: %s", c.a, c.b, c.why)
		}
	}
	if s.Intimate {
		n := 0
		for i, p := range m.Powers {
			if !p.Dummy && s.Played(Power(i)) {
				n++
			}
		}
		if _, ok := opts["players"]; !ok || n != 2 {
			return fmt.Errorf("intimate needs players= naming the two powers the players keep (%d played)", n)
		}
	}
	if s.ReverseGunboat {
		n := 0
		for i, p := range m.Powers {
			if !p.Dummy && s.Played(Power(i)) {
				n++
			}
		}
		if n < 2 {
			return fmt.Errorf("reverse_gunboat needs at least two played powers (%d played)", n)
		}
	}
	return nil
}

// phaseOnly refuses the variants a single phase with orders by power cannot
// express (concordat adjudicate): their orders are written by seats, or
// come with offers and treasuries, that only a hosted game carries.
func (s Settings) phaseOnly() error {
	for _, v := range []struct {
		on   bool
		name string
	}{{s.ReverseGunboat, "reverse_gunboat"}, {s.Double, "double"}, {s.Payola, "payola"}, {s.Anarchy, "anarchy"}, {s.Intimate, "intimate"}} {
		if v.on {
			return fmt.Errorf("%s is played through the game (seats, offers, treasuries), not as one phase with orders by power", v.name)
		}
	}
	return nil
}
