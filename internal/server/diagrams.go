package server

import (
	"bytes"
	"fmt"
	"html/template"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/i18n"
	"passage/web"
)

// The rules pages show diagrams drawn from the rulesets' own data: the
// board with its houses (game.Spec.Houses) and the throws with their
// probabilities (the ruleset's outcomes), so that a page cannot show
// other houses or odds than the game plays. They are drawn once, at
// start-up, as SVG images (/rules/NAME/board.svg, /rules/NAME/throws.svg),
// once in each language: their words come from the catalogs (web.diagram.*).

// svgDoc is a drawing made of simple shapes, written by the template
// templates/diagrams/diagram.svg.
type svgDoc struct {
	W, H    int
	Title   string
	Rects   []svgRect
	Paths   []svgPath
	Circles []svgCircle
	Texts   []svgText
}

type svgRect struct {
	X, Y, W, H, RX float64
	Fill, Stroke   string
}

type svgPath struct{ D, Fill, Stroke, Transform string }

type svgCircle struct {
	X, Y, R, SW  float64
	Fill, Stroke string
}

type svgText struct {
	X, Y, Size              float64
	Fill, Anchor, Weight, S string
}

func (d *svgDoc) text(x, y, size float64, s, fill, anchor, weight string) {
	d.Texts = append(d.Texts, svgText{X: x, Y: y, Size: size, Fill: fill, Anchor: anchor, Weight: weight, S: s})
}

// boldEm is a generous estimate of the average width of a bold
// sans-serif glyph, in ems, for the Latin and Cyrillic labels of the
// diagrams: the server cannot measure the font the browser will use.
const boldEm = 0.62

// label writes s in bold, centred on (x, y), within maxW: on one line,
// or with wrap broken at its last space into two lines (a translation
// is often longer than the English: "домик: красный" for "red yard"),
// and the font made smaller if a line is still too wide.
func (d *svgDoc) label(x, y, size, maxW float64, s, fill string, wrap bool) {
	lines := []string{s}
	if i := strings.LastIndex(s, " "); wrap && i > 0 {
		lines = []string{s[:i], s[i+1:]}
	}
	for _, l := range lines {
		if w := textWidth(l, size); w > maxW {
			size = math.Floor(size*maxW/w*10) / 10
		}
	}
	top := y - float64(len(lines)-1)*size*0.6
	for i, l := range lines {
		d.text(x, top+float64(i)*size*1.2, size, l, fill, "middle", "bold")
	}
}

// textWidth estimates the width of s in bold at size.
func textWidth(s string, size float64) float64 {
	return float64(utf8.RuneCountInString(s)) * boldEm * size
}

// arrow is a small arrowhead at (x, y) pointing at angle degrees.
func (d *svgDoc) arrow(x, y, angle float64, fill string) {
	d.Paths = append(d.Paths, svgPath{D: "M -4 -5 L 4 0 L -4 5 Z", Fill: fill, Transform: fmt.Sprintf("translate(%g,%g) rotate(%g)", x, y, angle)})
}

// senetBoard draws the 3 x 10 board, travelled as a snake, with the
// ruleset's houses: symbol, number and short name.
func senetBoard(p *i18n.Printer, sp game.Spec) svgDoc { return senetBoardDrawn(p, sp, false) }

// senetBoardUpright is the same board turned upright, its rows become
// columns, for narrow screens (a phone), where the board lying down
// would be too small to read. Its squares are wider than long, so that
// it fills a phone's width at its own size (320 px: none of its words
// shrink) with room for a house's whole name ("Újjászületés") in
// letters as large as the page's small print.
func senetBoardUpright(p *i18n.Printer, sp game.Spec) svgDoc { return senetBoardDrawn(p, sp, true) }

// The upright board's squares: uprightAcross wide, as long as the lying
// board's; its words' sizes.
const (
	uprightAcross = 100.0
	uprightNum    = 14.0
	uprightName   = 13.0
)

func senetBoardDrawn(p *i18n.Printer, sp game.Spec, upright bool) svgDoc {
	const S = 64.0
	title := p.T("ruleset." + sp.Name)
	d := svgDoc{W: 660, H: 212, Title: p.T("web.diagram.senetBoard", "Title", title)}
	// A square's size across the board and along it, the size of its
	// number and of its house's name.
	across, num, name := S, 11.0, 9.0
	if upright {
		across, num, name = uprightAcross, uprightNum, uprightName
		d = svgDoc{W: int(20 + 3*across), H: 660, Title: p.T("web.diagram.senetBoardUpright", "Title", title)}
	}
	d.Rects = append(d.Rects, svgRect{X: 4, Y: 4, W: float64(d.W - 8), H: float64(d.H - 8), RX: 8, Fill: "#8a5a2b", Stroke: "none"})
	houses := map[int]game.House{}
	for _, h := range sp.Houses {
		houses[h.Square] = h
	}
	w, h := S, S // a square as drawn
	if upright {
		w = across
	}
	center := func(s int) (float64, float64) {
		row := (s - 1) / 10
		col := (s - 1) % 10
		if row == 1 {
			col = 9 - col
		}
		if upright {
			return 10 + float64(row)*across + across/2, 10 + float64(col)*S + S/2
		}
		return 10 + float64(col)*S + S/2, 10 + float64(row)*S + S/2
	}
	for s := 1; s <= 30; s++ {
		x, y := center(s)
		fill := "#dcc08a"
		if s%2 == 0 {
			fill = "#d3b47a"
		}
		hs, isHouse := houses[s]
		if isHouse {
			fill = "#ecd7a6"
		}
		d.Rects = append(d.Rects, svgRect{X: x - w/2 + 1, Y: y - h/2 + 1, W: w - 2, H: h - 2, RX: 4, Fill: fill, Stroke: "#9b7441"})
		d.text(x-w/2+5, y-h/2+3+num, num, fmt.Sprint(s), "#5e4020", "start", "normal")
		if isHouse {
			short := houseShort(p, hs.Name)
			// Upright, a name of two words too long for one line
			// ("Három Igazság") takes two, the symbol moved up for them;
			// the name stands clear of the arrowhead at the square's foot.
			wrap := upright && textWidth(short, name) > w-8 && strings.Contains(short, " ")
			symbolY, base := y+7, y+h/2-6
			if upright {
				base = y + h/2 - 10
			}
			if wrap {
				symbolY, base = y-5, base-0.6*name
			}
			d.text(x, symbolY, 22, hs.Symbol, "#6b330a", "middle", "normal")
			if short != "" {
				d.label(x, base, name, w-8, short, "#6b330a", wrap)
			}
		}
		if s < 30 {
			nx, ny := center(s + 1)
			d.arrow((x+nx)/2, (y+ny)/2, math.Atan2(ny-y, nx-x)*180/math.Pi, "#5e4020")
		}
	}
	// Under the board, what its symbols mean, from the same houses.
	size := 13.0
	if upright {
		size = uprightName
	}
	d.legend(boardLegend(p, sp.Houses), float64(d.H)+size, size)
	return d
}

// legend writes entries under a drawing from y (the first line's
// baseline) in columns, as many as the drawing's width holds at
// legendColumn each, one to a cell in order; an entry too wide for a
// cell takes a line of its own, wrapped at its spaces if it is wider
// still. The drawing is made as high as they need.
func (d *svgDoc) legend(entries []string, y, size float64) {
	if len(entries) == 0 {
		return
	}
	const margin = 10.0
	width := float64(d.W) - 2*margin
	cols := max(1, int(width/legendColumn))
	colW := width / float64(cols)
	line := size * 1.35
	col := 0
	for _, e := range entries {
		w := legendWidth(e, size)
		if w <= colW-12 {
			d.text(margin+float64(col)*colW, y, size, e, "#2b2118", "start", "normal")
			if col++; col == cols {
				col, y = 0, y+line
			}
			continue
		}
		if col > 0 {
			col, y = 0, y+line
		}
		lines := wrapWords(e, int(width/(legendEm*size)))
		for i, l := range lines {
			d.text(margin, y+float64(i)*line, size, l, "#2b2118", "start", "normal")
		}
		y += float64(len(lines)) * line
	}
	if col == 0 {
		y -= line // the last entry ended its line
	}
	d.H = int(math.Ceil(y + size*0.6 + margin))
}

// legendColumn is the least width of a column of a board's legend.
const legendColumn = 300.0

// legendEm is a generous estimate of the average width of a glyph of
// the legend (normal weight), in ems.
const legendEm = 0.58

// legendWidth estimates the width of a legend entry at size.
func legendWidth(s string, size float64) float64 {
	return float64(utf8.RuneCountInString(s)) * legendEm * size
}

// boardLegend says what the symbols a Senet board draws in its houses
// mean: each symbol with the squares that have it and the kinds of
// their effects ("✕ 10, 20: miss a turn"), in the words of the terminal
// diagram's legend (diagram.senet.house.*), from the houses the board
// is drawn with. Houses with the same symbol and kinds share an entry;
// entries in square order.
func boardLegend(p *i18n.Printer, houses []game.House) []string {
	type entry struct {
		symbol, what string
		squares      []int
	}
	var out []*entry
	for _, h := range houses {
		if h.Symbol == "" {
			continue
		}
		var labels []string
		for _, e := range h.Effects {
			if l := p.T("diagram.senet.house." + legendKind(e.Kind)); !slices.Contains(labels, l) {
				labels = append(labels, l)
			}
		}
		what := strings.Join(labels, ", ")
		i := slices.IndexFunc(out, func(e *entry) bool { return e.symbol == h.Symbol && e.what == what })
		if i < 0 {
			out = append(out, &entry{symbol: h.Symbol, what: what})
			i = len(out) - 1
		}
		out[i].squares = append(out[i].squares, h.Square)
	}
	texts := make([]string, len(out))
	for i, e := range out {
		texts[i] = p.T("web.diagram.legendItem", "Symbol", e.symbol, "Squares", squareRuns(e.squares), "What", e.what)
	}
	return texts
}

// legendKind is the kind of house (diagram.senet.house.*) an effect
// (game.HouseEffect.Kind) belongs to: water-up, water-down and
// water-hand are the water; bearoff-exact and bearoff-lastrow, bearing
// off.
func legendKind(kind string) string {
	for _, k := range []string{"water", "bearoff"} {
		if strings.HasPrefix(kind, k+"-") {
			return k
		}
	}
	return kind
}

// squareRuns writes ascending squares as a legend lists them: runs of
// three or more as a range ("28–30"), the others by commas.
func squareRuns(nums []int) string { return strings.Join(runItems(nums, "–"), ", ") }

// ludoTrack is the grid cell (column, row) of Ludo's squares 1-40, as
// the board of web/static/ludo.js draws them.
var ludoTrack = [40][2]float64{
	{0, 4}, {1, 4}, {2, 4}, {3, 4}, {4, 4}, {4, 3}, {4, 2}, {4, 1}, {4, 0}, {5, 0},
	{6, 0}, {6, 1}, {6, 2}, {6, 3}, {6, 4}, {7, 4}, {8, 4}, {9, 4}, {10, 4}, {10, 5},
	{10, 6}, {9, 6}, {8, 6}, {7, 6}, {6, 6}, {6, 7}, {6, 8}, {6, 9}, {6, 10}, {5, 10},
	{4, 10}, {4, 9}, {4, 8}, {4, 7}, {4, 6}, {3, 6}, {2, 6}, {1, 6}, {0, 6}, {0, 5},
}

// ludoColors are the four colours with their start square, goal lane
// (towards the centre) and yard corner; ink is the colour of the yard's
// label, dark on yellow, where white could hardly be read.
var ludoColors = []struct {
	name, fill, ink string
	start           int
	goal            [2]float64 // the goal lane's first cell
	step            [2]float64 // towards the centre
	yard            [2]float64
}{
	{"red", "#d8372b", "#ffffff", 1, [2]float64{1, 5}, [2]float64{1, 0}, [2]float64{1.5, 1.5}},
	{"yellow", "#e9b50c", "#2b2118", 11, [2]float64{5, 1}, [2]float64{0, 1}, [2]float64{8.5, 1.5}},
	{"green", "#2f9a3a", "#ffffff", 21, [2]float64{9, 5}, [2]float64{-1, 0}, [2]float64{8.5, 8.5}},
	{"blue", "#2a6fd6", "#ffffff", 31, [2]float64{5, 9}, [2]float64{0, -1}, [2]float64{1.5, 8.5}},
}

// yardLabel names the yard of colour name ("red yard").
func yardLabel(p *i18n.Printer, name string) string {
	return p.T("web.diagram.yard", "Color", p.T("diagram.ludo.color."+name))
}

// The Ludo board's layout: a cell of the 11 x 11 grid is ludoCell wide;
// a yard fills three cells of its corner's four, and its label, yardSize
// high, has yardText of the yard's width; a square's number is
// ludoNumSize high. A phone shows the board about 330 px wide (0.72 of
// its size): 16 px letters are 11.5 there.
const (
	ludoCell    = 40.0
	yardCells   = 3
	yardSize    = 16
	yardText    = yardCells*ludoCell - 16
	ludoNumSize = 16
)

// ludoAt is the centre of grid cell c of the Ludo board.
func ludoAt(c [2]float64) (float64, float64) {
	return 10 + c[0]*ludoCell + ludoCell/2, 10 + c[1]*ludoCell + ludoCell/2
}

// ludoBoard draws the cross: the track of 40 squares, each colour's
// yard, start square and goal lane.
func ludoBoard(p *i18n.Printer, sp game.Spec) svgDoc {
	const C = ludoCell
	d := svgDoc{W: 460, H: 460, Title: p.T("web.diagram.ludoBoard", "Title", p.T("ruleset."+sp.Name))}
	d.Rects = append(d.Rects, svgRect{X: 4, Y: 4, W: 452, H: 452, RX: 12, Fill: "#f3e6c4", Stroke: "#b48a4c"})
	// The four yards' labels wrap alike: on two lines if one of them
	// would not fit on one.
	labels := make([]string, len(ludoColors))
	wrap := false
	for i, col := range ludoColors {
		labels[i] = yardLabel(p, col.name)
		wrap = wrap || textWidth(labels[i], yardSize) > yardText
	}
	for i, col := range ludoColors {
		yx, yy := ludoAt(col.yard)
		half := yardCells * C / 2
		d.Rects = append(d.Rects, svgRect{X: yx - half + 2, Y: yy - half + 2, W: 2*half - 4, H: 2*half - 4, RX: 10, Fill: col.fill, Stroke: "none"})
		d.label(yx, yy+yardSize*0.35, yardSize, yardText, labels[i], col.ink, wrap)
		for k := range 4 {
			gx, gy := ludoAt([2]float64{col.goal[0] + float64(k)*col.step[0], col.goal[1] + float64(k)*col.step[1]})
			d.Circles = append(d.Circles, svgCircle{X: gx, Y: gy, R: 16, SW: 1, Fill: col.fill, Stroke: "#5a4a33"})
		}
	}
	for i, c := range ludoTrack {
		x, y := ludoAt(c)
		fill := "#fffdf6"
		for _, col := range ludoColors {
			if col.start == i+1 {
				fill = col.fill
			}
		}
		d.Circles = append(d.Circles, svgCircle{X: x, Y: y, R: 16, SW: 1.5, Fill: fill, Stroke: "#5a4a33"})
		d.text(x, y+ludoNumSize*0.35, ludoNumSize, fmt.Sprint(i+1), "#3d3020", "middle", "normal")
	}
	for _, col := range ludoColors {
		ax, ay := ludoAt(ludoTrack[col.start-1])
		bx, by := ludoAt(ludoTrack[col.start%40])
		d.arrow((ax+bx)/2, (ay+by)/2, math.Atan2(by-ay, bx-ax)*180/math.Pi, "#3d3020")
	}
	return d
}

// throwsChart draws each throw's chance as a bar with its fraction. It
// is narrow enough for a phone's width (a die's six throws in 338 px),
// so that its words keep their size there.
func throwsChart(p *i18n.Printer, title string, outcomes []game.Outcome) svgDoc {
	const barW, gap, maxH, x0 = 44.0, 10.0, 120.0, 12.0
	n := float64(len(outcomes))
	w := 2*x0 + n*barW + (n-1)*gap
	d := svgDoc{W: int(w), H: 204, Title: title}
	best := 0.0
	for _, o := range outcomes {
		best = math.Max(best, float64(o.Num)/float64(o.Den))
	}
	for i, o := range outcomes {
		share := float64(o.Num) / float64(o.Den)
		h := maxH * share / best
		x := x0 + float64(i)*(barW+gap)
		d.Rects = append(d.Rects, svgRect{X: x, Y: 150 - h, W: barW, H: h, RX: 4, Fill: "#9a4d12", Stroke: "none"})
		d.text(x+barW/2, 145-h, 14, fmt.Sprintf("%d/%d", o.Num, o.Den), "#2b2118", "middle", "bold")
		d.text(x+barW/2, 172, 17, fmt.Sprint(o.Roll), "#2b2118", "middle", "bold")
		d.text(x+barW/2, 195, 13, chancePercent(p, o), "#6b5b45", "middle", "normal")
	}
	return d
}

// chancePercent writes a throw's chance as a percentage: exactly, with
// as many decimals as that takes, up to two (1/16 is 6.25%, 4/16 25%),
// so that the chances of the throws add up to 100; a chance that no
// two decimals write exactly (1/6) with one, after "≈".
func chancePercent(p *i18n.Printer, o game.Outcome) string {
	scale := 100
	for decimals := range 3 {
		if o.Num*scale%o.Den == 0 {
			return p.Percent(float64(o.Num)/float64(o.Den), decimals)
		}
		scale *= 10
	}
	return "≈" + p.Percent(float64(o.Num)/float64(o.Den), 1)
}

// boardDiagrams draws the board of each board family.
var boardDiagrams = map[string]func(*i18n.Printer, game.Spec) svgDoc{"senet": senetBoard, "ludo": ludoBoard}

// houseShort is a house's name as a board prints it in its square, in
// p's language (web.house.short.*, keyed as web/static/i18n.js keys
// them: "House of the Net" is house-of-the-net).
func houseShort(p *i18n.Printer, name string) string {
	if name == "" {
		return ""
	}
	return p.T("web.house.short." + houseKey(name))
}

// houseKey is the catalog key of a house's English name, as
// web/static/i18n.js keys it ("House of the Net": house-of-the-net).
func houseKey(name string) string {
	return strings.Trim(nonLetters.ReplaceAllString(strings.ToLower(name), "-"), "-")
}

var nonLetters = regexp.MustCompile(`[^a-z]+`)

// rulesDiagrams draws every ruleset's diagrams in p's language, by
// address, under the default options.
func rulesDiagrams(t *template.Template, p *i18n.Printer) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, sp := range catalog.Specs() {
		kit, err := catalog.Open(sp.Name, nil)
		if err != nil {
			return nil, err
		}
		docs, err := kitDiagrams(p, sp, kit, "")
		if err != nil {
			return nil, err
		}
		for file, doc := range docs {
			var b bytes.Buffer
			if err := t.ExecuteTemplate(&b, "diagram", doc); err != nil {
				return nil, err
			}
			out["/rules/"+sp.Name+"/"+file] = b.Bytes()
		}
	}
	return out, nil
}

// kitDiagrams draws the diagrams of ruleset sp opened as kit (with its
// options: water=15 moves the return square the board marks) in p's
// language, by file name ("board.svg"); only the one named only, when
// it is not "" (a diagram asked for with options is drawn on request).
func kitDiagrams(p *i18n.Printer, sp game.Spec, kit catalog.Kit, only string) (map[string]svgDoc, error) {
	draw, ok := boardDiagrams[sp.Board]
	if !ok {
		return nil, fmt.Errorf("no board diagram for %s (board %q)", sp.Name, sp.Board)
	}
	if houses := kit.Houses(); houses != nil {
		sp.Houses = houses // under the options chosen
	}
	want := func(file string) bool { return only == "" || only == file }
	out := map[string]svgDoc{}
	if want("board.svg") {
		out["board.svg"] = draw(p, sp)
	}
	if want("throws.svg") {
		outcomes, err := kit.Outcomes(kit.Start())
		if err != nil {
			return nil, err
		}
		out["throws.svg"] = throwsChart(p, p.T("web.diagram.throws", "Title", p.T("ruleset."+sp.Name)), outcomes)
	}
	if sp.Board != "senet" {
		return out, nil
	}
	if want("board-upright.svg") {
		out["board-upright.svg"] = senetBoardUpright(p, sp)
	}
	if want("examples.svg") || want("examples-narrow.svg") {
		// The ruleset's own examples: its rules about pieces that
		// meet differ (Apokrif's pair blocks, its three can be broken).
		exs, err := kit.Examples()
		if err != nil {
			return nil, err
		}
		out["examples.svg"] = senetExamples(p, exs, false)
		out["examples-narrow.svg"] = senetExamples(p, exs, true)
	}
	return out, nil
}

// diagramTemplate parses the diagram template.
func diagramTemplate() (*template.Template, error) {
	return template.ParseFS(web.Templates, "templates/diagrams/diagram.svg")
}

// senetExamples draws a ruleset's examples (game.Example), one row of
// squares 2-9 each under its caption: the pieces, White's move as an arc,
// and what the move generator says of it: an arrowhead (with "swap" for
// an attack) or a cross. narrow draws them for a phone's width (328 px:
// the rules page's <picture> shows it under 520 px), where the wide
// drawing would be shrunk and its words with it.
func senetExamples(p *i18n.Printer, exs []game.Example, narrow bool) svgDoc {
	const first, last = 2, 9
	// The squares' size, the left margin, the squares' numbers; the
	// captions' size and line height. Captions wrap within the
	// drawing's width rather than widen it: a wider drawing is shrunk
	// more to fit a phone, and its words with it.
	S, x0, num, captionSize, captionLine, r := 48.0, 20.0, 10.0, 15.0, 19.0, 15.0
	d := svgDoc{W: 560, H: 330, Title: p.T("web.diagram.examples")}
	if narrow {
		S, x0, num, captionSize, captionLine, r = 38.0, 12.0, 12.0, exampleCaptionNarrow, 18.0, 12.0
		d.W = int(2*x0 + 8*S)
	}
	maxChars := int((float64(d.W) - 2*x0) / (0.55 * captionSize))
	// The first caption's top (its baseline less a full em) stands as
	// far below the panel's top edge as the drawing's left margin: it
	// once touched the edge.
	y := x0 + captionSize - 12
	for _, ex := range exs {
		lines := wrapWords(exampleCaption(p, ex), maxChars)
		for j, l := range lines {
			d.text(x0, y+12+float64(j)*captionLine, captionSize, l, "#2b2118", "start", "normal")
		}
		// The move's arc rises to 13 px under the row's top: clear of
		// the caption's last line.
		y += float64(len(lines)-1)*captionLine + 12
		for s := first; s <= last; s++ {
			x := x0 + float64(s-first)*S
			d.Rects = append(d.Rects, svgRect{X: x, Y: y + 20, W: S - 2, H: S - 2, RX: 4, Fill: "#dcc08a", Stroke: "#9b7441"})
			d.text(x+3, y+22+num, num, fmt.Sprint(s), "#5e4020", "start", "normal")
			fill, stroke := "", ""
			switch {
			case slices.Contains(ex.White, s):
				fill, stroke = "#fbf7ec", "#4a3b2a"
			case slices.Contains(ex.Black, s):
				fill, stroke = "#2d2723", "#000000"
			}
			if fill != "" {
				d.Circles = append(d.Circles, svgCircle{X: x + S/2 - 1, Y: y + 20 + S/2 + (num-10)/2, R: r, SW: 2, Fill: fill, Stroke: stroke})
			}
		}
		// The move as an arc over the squares, ending in an arrowhead or a cross.
		ax := x0 + float64(ex.From-first)*S + S/2 - 1
		bx := x0 + float64(ex.To-first)*S + S/2 - 1
		top := y + 16
		d.Paths = append(d.Paths, svgPath{D: fmt.Sprintf("M %g %g Q %g %g %g %g", ax, top+8, (ax+bx)/2, top-14, bx, top+8), Fill: "none", Stroke: "#2b2118"})
		switch {
		case !ex.Legal:
			d.text(bx, top+14, 20, "✕", "#a8281f", "middle", "bold")
		case ex.Swap:
			d.arrow(bx, top+6, 70, "#1b7f3b")
			if narrow {
				// No room right of the row: under it, at its end.
				y += 20
				d.text(x0+8*S-2, y+S+16, 13, "⇄ "+p.T("web.diagram.swap"), "#1b7f3b", "end", "bold")
			} else {
				d.text(x0+8*S+8, y+52, 13, "⇄ "+p.T("web.diagram.swap"), "#1b7f3b", "start", "bold")
			}
		default:
			d.arrow(bx, top+6, 70, "#1b7f3b")
		}
		y += S + 58
	}
	d.H = int(y)
	return d
}

// exampleCaptionNarrow is the size of the narrow examples' captions.
const exampleCaptionNarrow = 14.0

// exampleCaption words an example: its kind's message (or its term's,
// where the source names it otherwise) with the example's squares.
func exampleCaption(p *i18n.Printer, ex game.Example) string {
	key := map[string]string{"pair-pass": "pairPass"}[ex.Kind]
	if key == "" {
		key = ex.Kind
	}
	if ex.Term != "" {
		key = ex.Term
	}
	args := []any{"Roll", ex.Roll, "From", ex.From, "To", ex.To, "Rule", ex.Rule}
	if n := len(ex.Black); n > 0 {
		args = append(args, "A", ex.Black[0], "Squares", fmt.Sprintf("%d–%d", ex.Black[0], ex.Black[n-1]))
	}
	if len(ex.Black) > 1 {
		args = append(args, "B", ex.Black[1])
	}
	return p.T("web.diagram."+key, args...)
}

// wrapWords breaks s at ordinary spaces into lines of at most max runes
// (a longer word keeps a line of its own); a no-break space (French
// "Paire\u202f:") holds its words together.
func wrapWords(s string, max int) []string {
	var lines []string
	line := ""
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' }) {
		if line != "" && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > max {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}
