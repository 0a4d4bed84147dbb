package main

// lonLat is where each space's town (or region) lies on the globe:
// [longitude, latitude] in degrees, rounded, from general geography. It
// ties real coastlines to the printed board: the warp from the globe to the
// board (warp.go) is fitted so that every town lands on its printed space.
var lonLat = map[string][2]float64{
	"stirling": {-3.94, 56.12}, "edinburgh": {-3.19, 55.95}, "glasgow": {-4.25, 55.86}, "carlisle": {-2.93, 54.89},
	"berwick": {-2.00, 55.77}, "york": {-1.08, 53.96}, "shrewsbury": {-2.75, 52.71}, "lincoln": {-0.54, 53.23},
	"norwich": {1.30, 52.63}, "wales": {-3.80, 52.30}, "bristol": {-2.59, 51.45}, "london": {-0.13, 51.51},
	"plymouth": {-4.14, 50.37}, "portsmouth": {-1.09, 50.80}, "calais": {1.86, 50.95}, "brest": {-4.49, 48.39},
	"nantes": {-1.55, 47.22}, "bordeaux": {-0.58, 44.84}, "rouen": {1.10, 49.44}, "tours": {0.69, 47.39},
	"limoges": {1.26, 45.83}, "toulouse": {1.44, 43.60}, "boulogne": {1.61, 50.73}, "paris": {2.35, 48.86},
	"orleans": {1.91, 47.90}, "st_quentin": {3.29, 49.85}, "st_dizier": {4.95, 48.64}, "dijon": {5.04, 47.32},
	"lyon": {4.84, 45.76}, "avignon": {4.81, 43.95}, "marseille": {5.37, 43.30}, "grenoble": {5.72, 45.19},
	"amsterdam": {4.90, 52.37}, "antwerp": {4.40, 51.22}, "brussels": {4.35, 50.85}, "liege": {5.57, 50.63},
	"metz": {6.18, 49.12}, "besancon": {6.02, 47.24}, "geneva": {6.14, 46.20}, "nice": {7.27, 43.70},
	"corunna": {-8.41, 43.36}, "valladolid": {-4.72, 41.65}, "madrid": {-3.70, 40.42}, "cordoba": {-4.78, 37.89},
	"granada": {-3.60, 37.18}, "seville": {-5.98, 37.39}, "gibraltar": {-5.35, 36.14}, "bilbao": {-2.93, 43.26},
	"navarre": {-1.64, 42.82}, "zaragoza": {-0.88, 41.65}, "valencia": {-0.38, 39.47}, "cartagena": {-0.98, 37.60},
	"barcelona": {2.17, 41.39}, "munster": {7.63, 51.96}, "bremen": {8.80, 53.08}, "hamburg": {9.99, 53.55},
	"lubeck": {10.69, 53.87}, "stettin": {14.55, 53.43}, "brunswick": {10.52, 52.27}, "magdeburg": {11.63, 52.13},
	"brandenburg": {12.53, 52.41}, "wittenberg": {12.65, 51.87}, "cologne": {6.96, 50.94}, "kassel": {9.48, 51.31},
	"erfurt": {11.03, 50.98}, "leipzig": {12.37, 51.34}, "trier": {6.64, 49.75}, "mainz": {8.27, 50.00},
	"nuremberg": {11.08, 49.45}, "regensburg": {12.10, 49.01}, "linz": {14.29, 48.31}, "vienna": {16.37, 48.21},
	"strasburg": {7.75, 48.57}, "worms": {8.36, 49.63}, "augsburg": {10.90, 48.37}, "innsbruck": {11.40, 47.27},
	"salzburg": {13.04, 47.81}, "graz": {15.44, 47.07}, "basel": {7.59, 47.56}, "zurich": {8.54, 47.38},
	"turin": {7.69, 45.07}, "milan": {9.19, 45.46}, "trent": {11.12, 46.07}, "venice": {12.32, 45.44},
	"trieste": {13.78, 45.65}, "pavia": {9.16, 45.19}, "modena": {10.93, 44.65}, "ravenna": {12.20, 44.42},
	"genoa": {8.93, 44.41}, "bastia": {9.45, 42.70}, "florence": {11.26, 43.77}, "siena": {11.33, 43.32},
	"ancona": {13.52, 43.62}, "rome": {12.50, 41.90}, "cerignola": {15.90, 41.27}, "naples": {14.27, 40.85},
	"taranto": {17.24, 40.47}, "palermo": {13.36, 38.12}, "messina": {15.55, 38.19}, "palma": {2.65, 39.57},
	"cagliari": {9.12, 39.22}, "oran": {-0.63, 35.70}, "algiers": {3.06, 36.75}, "tunis": {10.18, 36.81},
	"malta": {14.45, 35.88}, "tripoli": {13.19, 32.89}, "breslau": {17.04, 51.11}, "prague": {14.44, 50.08},
	"brunn": {16.61, 49.19}, "pressburg": {17.11, 48.15}, "buda": {19.04, 47.50}, "szegedin": {20.15, 46.25},
	"agram": {15.98, 45.81}, "mohacs": {18.68, 45.99}, "belgrade": {20.45, 44.79}, "zara": {15.23, 44.12},
	"ragusa": {18.09, 42.65}, "bucharest": {26.10, 44.43}, "nicopolis": {24.90, 43.70}, "varna": {27.91, 43.21},
	"nezh": {21.90, 43.32}, "sofia": {23.32, 42.70}, "edirne": {26.56, 41.68}, "istanbul": {28.98, 41.01},
	"scutari": {19.51, 42.07}, "durazzo": {19.45, 41.32}, "salonika": {22.94, 40.64}, "larissa": {22.42, 39.64},
	"lepanto": {21.83, 38.39}, "athens": {23.73, 37.98}, "coron": {21.96, 36.80}, "corfu": {19.92, 39.62},
	"candia": {25.13, 35.34}, "rhodes": {28.22, 36.43},
}

// seaSeeds are points of open water in each sea zone ([longitude,
// latitude]): the zones grow from them through the water (grid.go), so that
// each zone fills its own basin. seaLabels are where the zones' names go.
var seaSeeds = map[string][][2]float64{
	"irish_sea":           {{-5.0, 53.8}, {-5.6, 52.3}, {-5.2, 54.5}},
	"north_sea":           {{2.5, 56.0}, {4.0, 54.0}, {2.3, 52.5}, {6.0, 57.5}, {-0.5, 58.5}},
	"english_channel":     {{-2.5, 50.2}, {0.5, 50.3}, {-5.0, 49.5}},
	"bay_of_biscay":       {{-4.5, 45.5}, {-3.0, 44.0}, {-7.5, 47.0}},
	"atlantic_ocean":      {{-12.0, 40.0}, {-10.0, 37.0}, {-7.5, 36.2}, {-13.0, 46.0}, {-12.0, 52.0}},
	"baltic_sea":          {{14.0, 55.0}, {18.0, 55.5}, {11.5, 54.5}, {19.5, 58.0}},
	"gulf_of_lyon":        {{4.5, 42.0}, {6.5, 41.5}, {2.5, 40.0}, {1.0, 39.5}},
	"barbary_coast":       {{0.0, 37.0}, {4.0, 37.5}, {7.5, 38.0}, {-3.5, 36.2}},
	"tyrrhenian_sea":      {{12.0, 40.0}, {11.0, 42.0}, {13.5, 39.0}},
	"adriatic_sea":        {{15.0, 43.0}, {13.5, 44.5}, {17.5, 41.8}, {19.0, 40.5}},
	"ionian_sea":          {{18.5, 37.5}, {19.5, 39.0}, {17.0, 38.0}, {21.0, 36.0}},
	"north_african_coast": {{16.0, 34.0}, {20.0, 33.5}, {12.0, 35.0}, {25.0, 33.8}, {28.0, 34.5}},
	"aegean_sea":          {{25.0, 38.5}, {24.5, 40.0}, {25.5, 36.5}, {27.0, 37.5}},
	"black_sea":           {{31.0, 43.0}, {34.0, 43.5}, {29.5, 44.5}, {30.5, 42.0}},
}

var seaLabels = map[string][2]float64{
	"irish_sea": {-5.6, 53.9}, "north_sea": {2.6, 55.6}, "english_channel": {-1.6, 50.1}, "bay_of_biscay": {-4.8, 45.6},
	"atlantic_ocean": {-11.0, 40.5}, "baltic_sea": {16.5, 55.3}, "gulf_of_lyon": {5.0, 42.2}, "barbary_coast": {2.0, 37.4},
	"tyrrhenian_sea": {11.8, 40.2}, "adriatic_sea": {15.0, 43.0}, "ionian_sea": {18.3, 37.6}, "north_african_coast": {17.5, 33.8},
	"aegean_sea": {25.0, 38.6}, "black_sea": {30.3, 43.5},
}
