package diplomacy

// OptionInfo describes one option of a Diplomacy game (game.Config.Options,
// the "options" of `concordat adjudicate`, `--option` of `concordat bench`):
// its key, the values it takes and what it does, in a line.
// docs/variants.md has the whole rules of each.
type OptionInfo struct {
	Key     string `json:"key"`
	Values  string `json:"values"`
	Variant string `json:"variant"`
	Summary string `json:"summary"`
}

// optionInfos are the options ParseSettings reads, in the order of
// settingKeys (a test holds the two lists together).
var optionInfos = []OptionInfo{
	{"rules", "1971|1982|2000|2023", "edition", "the rulebook edition (default 2023; 1971 under Catspaw)"},
	{"players", "power,power,…", "any number of players", "only the powers named are played; the others' units hold and disband when dislodged"},
	{"preset", "5p|6p", "Standard 5P / 6P", "Germany and Italy (5P) or Italy (6P) unplayed, standard map only"},
	{"catspaw", "true|false", "Catspaw", "players also write extra orders for unplayed units; each follows its most-written valid order"},
	{"fog", "true|false", "Fog of War", "each power sees only around its units and its centres; history filtered the same way"},
	{"black_hole", "true|false", "Black Hole", "after each Spring and Fall a seeded province is destroyed with its unit; each power may protect a home"},
	{"crystal_ball", "true|false", "Crystal Ball", "movement orders are written one movement phase ahead"},
	{"seismic", "true|false", "Seismic", "before each Spring but the first, each power may connect or separate two provinces"},
	{"schizo", "true|false", "Schizodiplomacy", "after each season a province splits in two and another is destroyed; victory by majority of the centres left"},
	{"reverse_gunboat", "true|false", "Reverse Gunboat", "anonymous seats that do not know their power; only orders for their own units count"},
	{"double", "true|false", "Double Diplomacy", "two seats per power; a unit follows only an order both wrote"},
	{"payola", "true|false", "Payola", "treasuries; powers bid for any unit's orders and the highest total buys it"},
	{"anarchy", "true|false", "Anarchy", "an empty board; powers draft their home centres from preference lists, then build"},
	{"intimate", "true|false", "Intimate Diplomacy", "two players (players=a,b) bid each year for control of the other powers"},
}

// Options describes the options of a Diplomacy game, in a stable order.
func Options() []OptionInfo { return append([]OptionInfo(nil), optionInfos...) }
