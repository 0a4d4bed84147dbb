package main

import (
	"bytes"
	"fmt"

	"concordat/his"
)

// previewSVG draws the board roughly as the client does, for looking at
// the generator's work without a server.
func (b *board) previewSVG() []byte {
	var s bytes.Buffer
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%g %g %g %g" width="%g" height="%g">`, Box[0], Box[1], Box[2]-Box[0], Box[3]-Box[1], (Box[2]-Box[0])/2, (Box[3]-Box[1])/2)
	fmt.Fprintf(&s, `<rect x="%g" y="%g" width="%g" height="%g" fill="#a9c8e2"/>`, Box[0], Box[1], Box[2]-Box[0], Box[3]-Box[1])
	seaFill := []string{"#a9c8e2", "#b4d0e7", "#9fc1de", "#bcd5ea"}
	for i, rs := range b.seaRings {
		fmt.Fprintf(&s, `<path d="%s" fill="%s"/>`, pathData(rs, true), seaFill[i%4])
	}
	fmt.Fprintf(&s, `<path d="%s" fill="none" stroke="#4a6f94" stroke-width="3" stroke-dasharray="14 8"/>`, pathData(b.seaLines, false))
	fmt.Fprintf(&s, `<clipPath id="land"><path d="%s" clip-rule="evenodd"/></clipPath>`, pathData(b.land, true))
	fmt.Fprintf(&s, `<path d="%s" fill="#ece3cc" fill-rule="evenodd" stroke="#4b5d6e" stroke-width="3"/>`, pathData(b.land, true))
	tint := map[int16]string{1: "#f3d6d6", 2: "#d6dcf3", 3: "#e6e6e6", 4: "#d9efd5", 5: "#f3ecc8", 0: "#ece3cc", offBoard: "#c9c4b8"}
	s.WriteString(`<g clip-path="url(#land)">`)
	for l, rs := range b.zoneRings {
		fmt.Fprintf(&s, `<path d="%s" fill="%s"/>`, pathData(rs, true), tint[l])
	}
	fmt.Fprintf(&s, `<path d="%s" fill="none" stroke="#8a7f6a" stroke-width="2"/>`, pathData(b.zoneLines, false))
	s.WriteString(`</g>`)
	fmt.Fprintf(&s, `<path d="%s" fill="none" stroke="#4b5d6e" stroke-width="3"/>`, pathData(b.land, true))
	for _, sp := range his.Spaces {
		for _, e := range sp.Edges {
			if e.To < his.SpaceID(indexOf(sp.ID)) {
				continue
			}
			t := his.Spaces[e.To]
			dash := ` stroke="#555"`
			if e.Pass {
				dash = ` stroke-dasharray="10 8" stroke="#b91c1c"`
			}
			fmt.Fprintf(&s, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke-width="4"%s/>`, sp.XY[0], sp.XY[1], t.XY[0], t.XY[1], dash)
		}
	}
	for i, sp := range his.Spaces {
		x, y := sp.XY[0], sp.XY[1]
		if sp.Type == his.Unfortified {
			fmt.Fprintf(&s, `<circle cx="%d" cy="%d" r="%g" fill="#fff" stroke="#222" stroke-width="3"/>`, x, y, SpaceR)
		} else {
			fmt.Fprintf(&s, `<rect x="%g" y="%g" width="%g" height="%g" fill="#fff" stroke="#222" stroke-width="4"/>`, float64(x)-SpaceR, float64(y)-SpaceR, 2*SpaceR, 2*SpaceR)
		}
		l := b.labels[i]
		fmt.Fprintf(&s, `<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#f0f" stroke-width="1"/>`, l.box.x0, l.box.y0, l.box.x1-l.box.x0, l.box.y1-l.box.y0)
		fmt.Fprintf(&s, `<text x="%g" y="%g" text-anchor="%s" dominant-baseline="central" font-family="sans-serif" font-weight="600" font-size="%g">%s</text>`, l.X, l.Y, l.Anchor, LabelSize, sp.Name)
	}
	for i, sea := range his.Seas {
		fmt.Fprintf(&s, `<text x="%g" y="%g" text-anchor="middle" font-family="serif" font-style="italic" font-size="44" fill="#1e3a5f">%s</text>`, b.seaLabel[i][0], b.seaLabel[i][1], sea.Name)
	}
	s.WriteString(`</svg>`)
	return s.Bytes()
}

func indexOf(id string) int {
	for i, s := range his.Spaces {
		if s.ID == id {
			return i
		}
	}
	return -1
}
