package shapes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html"
)

// File is the drawn map as web/static/maps/<id>.json holds it (the fields
// the preview and the tests read).
type File struct {
	ID        string  `json:"id"`
	Title     string  `json:"title"`
	Width     float64 `json:"width"`
	Height    float64 `json:"height"`
	UnitSize  float64 `json:"unit_size"`
	LabelSize float64 `json:"label_size"`
	Provinces []struct {
		ID        string           `json:"id"`
		Name      string           `json:"name"`
		Abbr      string           `json:"abbr"`
		Kind      string           `json:"kind"`
		SC        bool             `json:"sc"`
		Path      string           `json:"path"`
		Label     Point            `json:"label"`
		LabelSize float64          `json:"label_size"`
		Unit      Point            `json:"unit"`
		Coasts    map[string]Point `json:"coasts"`
	} `json:"provinces"`
	Impassable []struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Abbr  string `json:"abbr"`
		Path  string `json:"path"`
		Label Point  `json:"label"`
	} `json:"impassable"`
	NeutralLand  string `json:"neutral_land"`
	NeutralWater string `json:"neutral_water"`
	Coastline    string `json:"coastline"`
}

// Preview is an HTML page that draws a map file the way a client would:
// land and sea fills (each province a slightly different shade), borders,
// coastlines, supply centres, unit and fleet points and labels.
func Preview(data []byte) ([]byte, error) {
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "<!doctype html><html><head><meta charset=utf-8><title>%s</title><style>body{margin:0;background:#777}svg{display:block}text{font-family:sans-serif;font-weight:bold;text-anchor:middle;dominant-baseline:central;paint-order:stroke;stroke:#fff;stroke-width:2px;stroke-opacity:.6}</style></head><body>\n", html.EscapeString(f.Title))
	fmt.Fprintf(&b, "<svg xmlns='http://www.w3.org/2000/svg' width='100%%' viewBox='0 0 %g %g'>\n", f.Width, f.Height)
	fmt.Fprintf(&b, "<rect width='%g' height='%g' fill='#cfcfcf'/>\n", f.Width, f.Height)
	sw := f.UnitSize / 14
	fmt.Fprintf(&b, "<path d='%s' fill='#e8dfc8' stroke='#9a8f78' stroke-width='%g'/>\n", f.NeutralLand, sw)
	fmt.Fprintf(&b, "<path d='%s' fill='#bcd6ea'/>\n", f.NeutralWater)
	for _, p := range f.Provinces {
		h := fnv.New32a()
		h.Write([]byte(p.ID))
		v := int(h.Sum32() % 24)
		fill := fmt.Sprintf("hsl(%d,45%%,%d%%)", 30+v*2, 70+v%10)
		if p.Kind == "sea" {
			fill = fmt.Sprintf("hsl(%d,55%%,%d%%)", 200+v%12, 70+v%8)
		}
		fmt.Fprintf(&b, "<path d='%s' fill='%s' stroke='#554' stroke-width='%g'><title>%s</title></path>\n", p.Path, fill, sw, html.EscapeString(p.Name))
	}
	for _, x := range f.Impassable {
		fmt.Fprintf(&b, "<path d='%s' fill='#8a8378' stroke='#554' stroke-width='%g'/>\n", x.Path, sw)
	}
	fmt.Fprintf(&b, "<path d='%s' fill='none' stroke='#235' stroke-width='%g'/>\n", f.Coastline, sw*2.5)
	for _, p := range f.Provinces {
		r := f.UnitSize / 2
		fmt.Fprintf(&b, "<circle cx='%g' cy='%g' r='%g' fill='none' stroke='#a22' stroke-width='%g' stroke-dasharray='%g'/>\n", p.Unit[0], p.Unit[1], r, sw, sw*2)
		for _, c := range p.Coasts {
			fmt.Fprintf(&b, "<circle cx='%g' cy='%g' r='%g' fill='none' stroke='#22a' stroke-width='%g'/>\n", c[0], c[1], r*0.8, sw)
		}
		if p.SC {
			fmt.Fprintf(&b, "<circle cx='%g' cy='%g' r='%g' fill='#222'/>\n", p.Unit[0], p.Unit[1], r/4)
		}
		size := f.LabelSize
		if p.LabelSize > 0 {
			size = p.LabelSize
		}
		fmt.Fprintf(&b, "<text x='%g' y='%g' font-size='%g'>%s</text>\n", p.Label[0], p.Label[1], size, html.EscapeString(p.Abbr))
	}
	for _, x := range f.Impassable {
		fmt.Fprintf(&b, "<text x='%g' y='%g' font-size='%g' fill='#eee' style='stroke:none'>%s</text>\n", x.Label[0], x.Label[1], f.LabelSize, html.EscapeString(x.Abbr))
	}
	b.WriteString("</svg></body></html>\n")
	return b.Bytes(), nil
}
