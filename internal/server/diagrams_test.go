package server

import (
	"html"
	"math"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"passage/game"
	"passage/internal/catalog"
	"passage/internal/i18n"
)

// TestLudoYardLabelsFit: each colour's yard label stays inside its
// square in every language, on at most two lines and in a font still
// readable on a phone (15 px in the drawing: 11 px where a phone shows
// it about 330 px wide). The Russian "домик: красный" once ran over the
// yard's edges.
func TestLudoYardLabelsFit(t *testing.T) {
	sp, err := catalog.Lookup("kinevet")
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range i18n.Languages {
		p, err := i18n.New(tag)
		if err != nil {
			t.Fatal(err)
		}
		d := ludoBoard(p, sp)
		for _, col := range ludoColors {
			want := yardLabel(p, col.name)
			yx, yy := ludoAt(col.yard)
			var lines []svgText
			var drawn string
			for _, tx := range d.Texts {
				if tx.X == yx && tx.Y > yy-ludoCell && tx.Y < yy+ludoCell {
					lines = append(lines, tx)
					drawn = strings.TrimSpace(drawn + " " + tx.S)
				}
			}
			if drawn != want {
				t.Errorf("%s: yard label %q, want %q", tag, drawn, want)
			}
			if len(lines) == 0 || len(lines) > 2 {
				t.Errorf("%s: %q drawn as %d lines", tag, want, len(lines))
				continue
			}
			for _, l := range lines {
				if w := textWidth(l.S, l.Size); w > yardText+1e-9 {
					t.Errorf("%s: %q is %.1f wide at %.1f px, the yard %.0f", tag, l.S, w, l.Size, float64(yardText))
				}
				if l.Size < 15 {
					t.Errorf("%s: %q shrunk to %.1f px", tag, l.S, l.Size)
				}
			}
		}
	}
}

// TestWrapWords: captions break at ordinary spaces within the width, a
// no-break space holds its words together, and a word longer than a
// line keeps a line of its own.
func TestWrapWords(t *testing.T) {
	for _, tt := range []struct {
		s    string
		max  int
		want []string
	}{
		{"", 10, []string{""}},
		{"one two three", 7, []string{"one two", "three"}},
		{"Paire\u202f: les pions", 8, []string{"Paire\u202f:", "les", "pions"}},
		{"a extraordinarily b", 5, []string{"a", "extraordinarily", "b"}},
	} {
		if got := wrapWords(tt.s, tt.max); !slices.Equal(got, tt.want) {
			t.Errorf("wrapWords(%q, %d) = %q, want %q", tt.s, tt.max, got, tt.want)
		}
	}
}

// TestSenetExamplesFollowTheRules: each Senet ruleset's examples diagram
// draws its own examples, with a cross exactly where the move generator
// refuses the move and a swap where it swaps, and every caption filled
// in every language (the diagram once showed every ruleset an attack on
// square 15, which Szenet and Apokrif protect).
func TestSenetExamplesFollowTheRules(t *testing.T) {
	for _, name := range []string{"senet-jequier", "senet-szenet", "senet-apokrif"} {
		kit, err := catalog.Open(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		exs, err := kit.Examples()
		if err != nil {
			t.Fatal(err)
		}
		refused, swaps := 0, 0
		for _, ex := range exs {
			if !ex.Legal {
				refused++
			} else if ex.Swap {
				swaps++
			}
		}
		for _, tag := range i18n.Languages {
			p, err := i18n.New(tag)
			if err != nil {
				t.Fatal(err)
			}
			for _, narrow := range []bool{false, true} {
				d := senetExamples(p, exs, narrow)
				caption := 15.0
				if narrow {
					caption = exampleCaptionNarrow
				}
				crosses, swapped := 0, 0
				var words []string
				for _, tx := range d.Texts {
					switch {
					case tx.S == "✕":
						crosses++
					case strings.HasPrefix(tx.S, "⇄ "):
						swapped++
					case tx.Size == caption: // a caption's line (the squares' numbers are smaller)
						words = append(words, tx.S)
					}
				}
				if crosses != refused || swapped != swaps {
					t.Errorf("%s %s: %d crosses and %d swaps drawn, the move generator refuses %d and swaps %d", name, tag, crosses, swapped, refused, swaps)
				}
				text := strings.Join(words, " ")
				if strings.Contains(text, "!web.") || strings.Contains(text, "<no value>") {
					t.Errorf("%s %s: a caption is missing or unfilled: %s", name, tag, text)
				}
				// Every caption whole, in order, however its lines wrap.
				var want []string
				for _, ex := range exs {
					want = append(want, strings.Fields(exampleCaption(p, ex))...)
				}
				if got := strings.Fields(text); !slices.Equal(got, want) {
					t.Errorf("%s %s (narrow %v): captions drawn\n%q\nwant\n%q", name, tag, narrow, got, want)
				}
			}
		}
	}
}

// TestSenetExampleCaptionsPadded: every line of every example's caption
// stands inside the drawing's panel with a margin at least the
// drawing's left one (x0) on each side it is near: the top (the first
// caption was printed against the top edge: its letters began 2 px
// below it), the left and the bottom, in every language, wide and
// narrow. A line's top is taken as its baseline less a full em, its
// bottom as its baseline plus a quarter em (descenders).
func TestSenetExampleCaptionsPadded(t *testing.T) {
	for _, name := range []string{"senet-jequier", "senet-szenet", "senet-apokrif"} {
		kit, err := catalog.Open(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		exs, err := kit.Examples()
		if err != nil {
			t.Fatal(err)
		}
		for _, tag := range i18n.Languages {
			p, err := i18n.New(tag)
			if err != nil {
				t.Fatal(err)
			}
			for _, narrow := range []bool{false, true} {
				d := senetExamples(p, exs, narrow)
				caption, margin := 15.0, 20.0
				if narrow {
					caption, margin = exampleCaptionNarrow, 12.0
				}
				lines := 0
				for _, tx := range d.Texts {
					if tx.Size != caption {
						continue
					}
					lines++
					top, bottom := tx.Y-tx.Size, tx.Y+tx.Size/4
					if top < margin || tx.X < margin || bottom > float64(d.H)-margin {
						t.Errorf("%s %s (narrow %v): caption line %q spans y %.1f-%.1f at x %.1f in a %dx%d panel: want %.0f px clear of its edges", name, tag, narrow, tx.S, top, bottom, tx.X, d.W, d.H, margin)
					}
				}
				if lines < len(exs) {
					t.Errorf("%s %s (narrow %v): %d caption lines for %d examples", name, tag, narrow, lines, len(exs))
				}
			}
		}
	}
}

// svgTextRE is a text of a drawn diagram: its position and its words.
var svgTextRE = regexp.MustCompile(`<text x="([0-9.]+)" y="([0-9.]+)"[^>]*>([^<]*)</text>`)

// squareSymbols maps each square of a drawn Senet board (lying down) to
// the symbols drawn in it: the texts between its number's corner and
// the next square's.
func squareSymbols(t *testing.T, svg string) map[int][]string {
	t.Helper()
	type at struct{ x, y float64 }
	nums := map[int]at{}
	var texts []struct {
		at
		s string
	}
	for _, m := range svgTextRE.FindAllStringSubmatch(svg, -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		s := html.UnescapeString(m[3])
		if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= 30 {
			if _, seen := nums[n]; !seen {
				nums[n] = at{x, y}
				continue
			}
		}
		texts = append(texts, struct {
			at
			s string
		}{at{x, y}, s})
	}
	if len(nums) != 30 {
		t.Fatalf("%d square numbers drawn", len(nums))
	}
	out := map[int][]string{}
	for n, c := range nums {
		for _, tx := range texts {
			// A square's number stands 5 px in from its left edge and
			// 14 px down from its top; the square is 64 px.
			if tx.x > c.x-5 && tx.x < c.x+59 && tx.y > c.y-14 && tx.y < c.y+50 {
				out[n] = append(out[n], tx.s)
			}
		}
	}
	return out
}

// TestRulesBoardFollowsOptions (player review): a rules page asked for
// with options shows its board drawn under them, as its box "in brief"
// says them: /rules/senet-jequier?opt=water=15 marks the return square
// ↺ on 15, not on 1 where the ruleset as it comes has it, on the board
// lying down and upright, in a translation too; its diagrams' addresses
// carry the options; a diagram asked for with options it does not have
// answers 400 as the page does.
func TestRulesBoardFollowsOptions(t *testing.T) {
	s := newTestServer(t, Config{})
	get := func(path string) (int, string) {
		t.Helper()
		resp, body := getPage(t, s.url+path, nil)
		return resp.StatusCode, body
	}
	for _, tt := range []struct {
		page, img string
		ret       int
	}{
		{"/rules/senet-jequier", "/rules/senet-jequier/board.svg", 1},
		{"/rules/senet-jequier?opt=water%3D15", "/rules/senet-jequier/board.svg?opt=water%3D15", 15},
		{"/rules/senet-jequier.fr?opt=water%3D15", "/rules/senet-jequier/board.svg?lang=fr&amp;opt=water%3D15", 15},
		{"/rules/senet-jequier?opt=water%3D15&opt=overshoot%3Dblock", "/rules/senet-jequier/board.svg?opt=overshoot%3Dblock&amp;opt=water%3D15", 15},
	} {
		status, page := get(tt.page)
		if status != http.StatusOK {
			t.Fatalf("%s: %d", tt.page, status)
		}
		if !strings.Contains(page, `<img src="`+tt.img+`"`) {
			t.Errorf("%s: no board at %s", tt.page, tt.img)
			continue
		}
		upright := strings.Replace(tt.img, "board.svg", "board-upright.svg", 1)
		if !strings.Contains(page, `srcset="`+upright+`"`) {
			t.Errorf("%s: no upright board at %s", tt.page, upright)
		}
		status, svg := get(html.UnescapeString(tt.img))
		if status != http.StatusOK {
			t.Fatalf("%s: %d", tt.img, status)
		}
		syms := squareSymbols(t, svg)
		for sq := 1; sq <= 30; sq++ {
			if has := slices.Contains(syms[sq], "↺"); has != (sq == tt.ret) {
				t.Errorf("%s: square %d drawn with %q, want ↺ only on %d", tt.img, sq, syms[sq], tt.ret)
			}
		}
		status, svg = get(html.UnescapeString(upright))
		if status != http.StatusOK || strings.Count(svg, ">↺<") != 1 {
			t.Errorf("%s: %d, %d ↺", upright, status, strings.Count(svg, ">↺<"))
		}
	}
	// Each diagram is drawn under options, the one asked for.
	for _, file := range []string{"board.svg", "board-upright.svg", "throws.svg", "examples.svg", "examples-narrow.svg"} {
		path := "/rules/senet-apokrif/" + file + "?opt=pieces%3D7&lang=hu"
		if status, svg := get(path); status != http.StatusOK || !strings.HasPrefix(svg, "<svg") {
			t.Errorf("%s: %d %.60s", path, status, svg)
		}
	}
	for _, path := range []string{"/rules/senet-jequier/board.svg?opt=water%3D16", "/rules/senet-jequier/throws.svg?opt=nonsense"} {
		if status, page := get(path); status != http.StatusBadRequest || !strings.Contains(page, "water") && !strings.Contains(page, "nonsense") {
			t.Errorf("%s: %d, want 400 naming the option", path, status)
		}
	}
}

// TestBoardLegend (player review: Szenet's × on 10 and 20 and ◆ on
// 28-30, Jéquier's ↺ on 1, were explained nowhere near the board): a
// Senet board, lying and upright, says under it what each symbol it
// draws in a house means, from the same houses it is drawn with (under
// the options: water=15 moves ↺ to 15), in every language: each house's
// symbol is on an entry that names its square and the kinds of its
// effects, every entry fits the drawing's width and height.
func TestBoardLegend(t *testing.T) {
	for _, tag := range i18n.Languages {
		p, _ := i18n.New(tag)
		for _, id := range []string{"senet-jequier", "senet-jequier water=15", "senet-szenet", "senet-apokrif"} {
			kit, err := catalog.OpenID(id)
			if err != nil {
				t.Fatal(err)
			}
			sp, _ := catalog.Lookup(strings.Fields(id)[0])
			sp.Houses = kit.Houses()
			entries := boardLegend(p, sp.Houses)
			for _, h := range sp.Houses {
				i := slices.IndexFunc(entries, func(e string) bool {
					sym, rest, _ := strings.Cut(e, " ")
					squares, what, ok := strings.Cut(rest, ":")
					return ok && sym == h.Symbol && slices.Contains(expandRuns(strings.TrimSpace(squares)), h.Square) &&
						strings.Contains(what, p.T("diagram.senet.house."+legendKind(h.Effects[0].Kind)))
				})
				if i < 0 {
					t.Errorf("%s %s: no legend entry says %s on %d (%s): %q", tag, id, h.Symbol, h.Square, h.Effects[0].Kind, entries)
				}
			}
			if id == "senet-jequier water=15" && !slices.ContainsFunc(entries, func(e string) bool { return strings.HasPrefix(e, "↺ 15") }) {
				t.Errorf("%s %s: the legend says not ↺ on 15: %q", tag, id, entries)
			}
			for _, upright := range []bool{false, true} {
				d := senetBoardDrawn(p, sp, upright)
				drawn := ""
				for _, tx := range d.Texts {
					if tx.Size == 22 { // a house's symbol
						if !slices.ContainsFunc(entries, func(e string) bool { return strings.HasPrefix(e, tx.S+" ") }) {
							t.Errorf("%s %s upright=%v: symbol %s drawn with no legend entry", tag, id, upright, tx.S)
						}
						continue
					}
					if tx.Y > 660 || !upright && tx.Y > 212 {
						drawn += tx.S + " "
						if tx.X+legendWidth(tx.S, tx.Size) > float64(d.W)-10+1e-9 || tx.Y > float64(d.H) {
							t.Errorf("%s %s upright=%v: %q at (%g, %g) runs out of the drawing (%d x %d)", tag, id, upright, tx.S, tx.X, tx.Y, d.W, d.H)
						}
					}
				}
				for _, e := range entries {
					if !strings.Contains(drawn, e) && !strings.Contains(drawn, strings.Fields(e)[0]+" "+strings.Fields(e)[1]) {
						t.Errorf("%s %s upright=%v: entry %q not drawn under the board: %q", tag, id, upright, e, drawn)
					}
				}
			}
		}
	}
}

// expandRuns reads squares as a legend writes them ("10, 20", "28–30").
func expandRuns(s string) []int {
	var out []int
	for _, item := range strings.Split(s, ", ") {
		a, b, isRun := strings.Cut(item, "–")
		from, _ := strconv.Atoi(a)
		to := from
		if isRun {
			to, _ = strconv.Atoi(b)
		}
		for n := from; n <= to; n++ {
			out = append(out, n)
		}
	}
	return out
}

// TestThrowsChartExact (player review: the chart showed 1/16 as "6.2%",
// so that Senet's row added up to 99.9): each throw's chance is written
// exactly, with as many decimals as it takes (6.25%), so that a row adds
// up to 100, in every language; a chance no two decimals write (a die's
// 1/6) is marked approximate.
func TestThrowsChartExact(t *testing.T) {
	for _, tag := range i18n.Languages {
		p, _ := i18n.New(tag)
		for _, sp := range catalog.Specs() {
			kit, err := catalog.Open(sp.Name, nil)
			if err != nil {
				t.Fatal(err)
			}
			outcomes, _ := kit.Outcomes(kit.Start())
			d := throwsChart(p, "", outcomes)
			sum, exact := 0.0, true
			for _, tx := range d.Texts {
				if tx.Y != 195 {
					continue
				}
				if strings.HasPrefix(tx.S, "≈") {
					exact = false
					continue
				}
				num := strings.Map(func(r rune) rune {
					switch {
					case r == ',':
						return '.'
					case r == '.' || r >= '0' && r <= '9':
						return r
					}
					return -1
				}, tx.S)
				v, err := strconv.ParseFloat(num, 64)
				if err != nil {
					t.Fatalf("%s %s: chance %q", tag, sp.Name, tx.S)
				}
				sum += v
			}
			if sp.Board == "senet" && (!exact || math.Abs(sum-100) > 1e-9) {
				t.Errorf("%s %s: the chances add up to %g (exact %v)", tag, sp.Name, sum, exact)
			}
			if sp.Board == "ludo" && exact {
				t.Errorf("%s %s: a die's 1/6 not marked approximate", tag, sp.Name)
			}
		}
	}
	p, _ := i18n.New(i18n.Languages[0])
	if got := chancePercent(p, game.Outcome{Roll: 4, Num: 1, Den: 16}); got != "6.25%" {
		t.Errorf("1/16 is %q, want 6.25%%", got)
	}
}
