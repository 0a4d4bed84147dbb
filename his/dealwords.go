package his

import (
	"fmt"
	"sort"
	"strings"
)

// powerWords are the powers as a sentence names them.
var powerWords = map[string]string{"ottoman": "the Ottoman", "hapsburg": "the Hapsburgs", "england": "England", "france": "France",
	"papacy": "the Papacy", "protestant": "the Protestant", "genoa": "Genoa", "hungary": "Hungary-Bohemia", "scotland": "Scotland", "venice": "Venice"}

func powerWord(id string) string {
	if w, ok := powerWords[id]; ok {
		return w
	}
	return id
}

// possessive is "England's", "the Hapsburgs'".
func possessive(id string) string {
	w := powerWord(id)
	if strings.HasSuffix(w, "s") {
		return w + "'"
	}
	return w + "'s"
}

// verb agrees with the power as subject: "England cedes", "the Hapsburgs cede".
func verb(id, one, many string) string {
	if strings.HasSuffix(powerWord(id), "s") {
		return powerWord(id) + " " + many
	}
	return powerWord(id) + " " + one
}

func spaceWord(id string) string {
	if i, err := SpaceByID(id); err == nil {
		return Spaces[i].Name
	}
	return id
}

func leaderWord(id string) string {
	if i, err := LeaderByID(id); err == nil {
		return Leaders[i].Name
	}
	return id
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Words is the deal in words, for prompts and the game log: "peace between
// France and the Papacy; the Protestant draws 1 card from the Hapsburgs'
// hand".
func (d *Deal) Words() string {
	if d.Done {
		return "nothing"
	}
	parts := make([]string, len(d.Items))
	for i, it := range d.Items {
		parts[i] = it.words()
	}
	return strings.Join(parts, "; ")
}

func (it *Item) words() string {
	switch it.Type {
	case "peace":
		return fmt.Sprintf("peace between %s and %s", powerWord(it.A), powerWord(it.B))
	case "alliance":
		return fmt.Sprintf("an alliance of %s and %s", powerWord(it.A), powerWord(it.B))
	case "loan":
		s := fmt.Sprintf("%s %s %s in %s", verb(it.From, "lends", "lend"), powerWord(it.To), plural(it.N, "squadron", "squadrons"), spaceWord(it.Space))
		if it.Leader != "" {
			s += " with " + leaderWord(it.Leader)
		}
		if it.Dest != "" {
			s += ", to " + spaceWord(it.Dest)
		}
		return s
	case "release":
		s := fmt.Sprintf("%s %s", verb(it.From, "releases", "release"), leaderWord(it.Leader))
		if it.Dest != "" {
			s += " to " + spaceWord(it.Dest)
		}
		return s
	case "cede":
		return fmt.Sprintf("%s %s to %s", verb(it.From, "cedes", "cede"), spaceWord(it.Space), powerWord(it.To))
	case "cards":
		return fmt.Sprintf("%s %s from %s hand", verb(it.To, "draws", "draw"), plural(it.N, "random card", "random cards"), possessive(it.From))
	case "mercs":
		var from []string
		n := 0
		for sp, k := range it.Take {
			from = append(from, fmt.Sprintf("%d from %s", k, spaceWord(sp)))
			n += k
		}
		sort.Strings(from)
		joins := "join"
		if n == 1 {
			joins = "joins"
		}
		return fmt.Sprintf("%d of %s mercenaries %s %s in %s (%s)", n, possessive(it.From), joins, powerWord(it.To), spaceWord(it.Dest), strings.Join(from, ", "))
	case "divorce":
		return "the Papacy grants Henry VIII's divorce"
	case "rescind":
		return "the Papacy lifts the excommunication of " + possessive(it.Power) + " ruler"
	}
	return it.Type
}
