package diplomacy

// BuildSiteReason says why the map's build rules keep power pw from building
// in province p while the centres are owned as owners (by province) says,
// leaving aside what stands in p: ReasonNotHome when p is not a place the
// rules let pw build in — its own home centres; under build_any any supply
// centre; under remote_builds any centre while pw owns one of its home
// centres; under home_builds any centre that is some power's home —,
// ReasonNotOwned when pw does not own p, and NoReason otherwise. The
// standard adjudicator adds that p must be empty; Multiplicity lets a build
// join the power's own unit there.
func (m *Map) BuildSiteReason(owners []Power, pw Power, p Province) Reason {
	pi := m.Provinces[p]
	ownHome := pi.Home == pw && containsProv(m.Powers[pw].Homes, p)
	switch {
	case m.HasRule("build_any"):
		if !pi.Center {
			return ReasonNotHome
		}
	case m.HasRule("remote_builds"):
		if !pi.Center {
			return ReasonNotHome
		}
		keeps := false
		for _, h := range m.Powers[pw].Homes {
			keeps = keeps || owners[h] == pw
		}
		if !keeps && !ownHome {
			return ReasonNotHome
		}
	case m.HasRule("home_builds"):
		if !pi.Center || pi.Home == NoPower {
			return ReasonNotHome
		}
	default:
		if !ownHome {
			return ReasonNotHome
		}
	}
	if owners[p] != pw {
		return ReasonNotOwned
	}
	return NoReason
}
