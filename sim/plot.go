package sim

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// PlotOptions change how Plot draws.
type PlotOptions struct {
	// LogScale draws the lengths on a logarithmic axis: a comparison's
	// boxes, for rulesets whose games differ tenfold in length, and a
	// single run's histogram, with bins of equal width on that axis, for
	// a run whose few very long games would squeeze the rest into a
	// couple of bins.
	LogScale bool
	// Words are the plot's words in the reader's language; nil for
	// English.
	Words *PlotWords
}

// PlotWords are the words of a plot, for a command that speaks the
// reader's language (passage sim --lang).
type PlotWords struct {
	Length    string // the length axis: "moves per game (throws, passes included)"
	LengthLog string // the same on a logarithmic axis
	Games     string // the histogram's count axis
	// Title heads one run's histogram; CompareTitle a comparison; Box
	// labels one run's box in a comparison (under its ruleset);
	// Players joins the players' labels ("hard vs greedy").
	Title        func(r Report) string
	CompareTitle func(reports []Report) string
	Box          func(r Report) string
	Players      func(r Report) []string
	Versus       string
}

// englishPlot are the words of a plot without PlotOptions.Words.
var englishPlot = PlotWords{
	Length:    "moves per game (throws, passes included)",
	LengthLog: "moves per game (log scale)",
	Games:     "games",
	Title:     func(r Report) string { return fmt.Sprintf("%s, %d games", r.Rules, r.Games) },
	CompareTitle: func(reports []Report) string {
		return fmt.Sprintf("Game length by ruleset, %d games each", reports[0].Games)
	},
	Box: func(r Report) string {
		return fmt.Sprintf("%s throws first, wins %.0f%%", r.FirstToThrow, 100*r.FirstSeat.Rate)
	},
	Players: Report.PlayerLabels,
	Versus:  "vs",
}

// plotLineChars is about how many characters fit on a line of a
// 6-inch plot's title: the players' line breaks before it, rather than
// run off both edges (four Ludo players with their seats).
const plotLineChars = 64

// joinLines joins parts with sep, starting a new line before a part that
// would take the line past width characters.
func joinLines(parts []string, sep string, width int) string {
	var b strings.Builder
	line := 0
	for i, part := range parts {
		n := utf8.RuneCountInString(part)
		if i > 0 {
			if line+len(sep)+n > width {
				b.WriteString(" " + strings.TrimSpace(sep) + "\n")
				line = 0
			} else {
				b.WriteString(sep)
				line += len(sep)
			}
		}
		b.WriteString(part)
		line += n
	}
	return b.String()
}

// rulesLines writes a ruleset ID with each option on a line of its own,
// so that the boxes' labels stay as narrow as their boxes.
func rulesLines(id string) string {
	return strings.Join(strings.Fields(id), "\n")
}

// margin keeps the title and the axis labels clear of the image's
// edges.
const margin = 8 // points

// CheckPlotPath reports whether Plot can write to path by its extension,
// so a command can refuse a bad path before a long run.
func CheckPlotPath(path string) error {
	if ext := strings.ToLower(filepath.Ext(path)); ext != ".png" && ext != ".svg" {
		return fmt.Errorf("sim: plot %q: want a .png or .svg file", path)
	}
	return nil
}

// Plot draws the game-length distributions of one or more runs to path,
// a .png or .svg file: a histogram of moves per game for one run, and
// for several (a comparison of rulesets or seatings) box plots side by
// side, each labelled with its first seat's win rate.
func Plot(reports []Report, path string, opts PlotOptions) error {
	if err := CheckPlotPath(path); err != nil {
		return err
	}
	p, err := newPlot(reports, opts)
	if err != nil {
		return err
	}
	// A box's label is its ruleset, one option a line, and who throws
	// first with their win rate: about 2.2 inches in the widest language.
	width := vg.Length(max(6, 2.2*float64(len(reports)))) * vg.Inch
	height := 4 * vg.Inch
	c, err := draw.NewFormattedCanvas(width, height, strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), "."))
	if err != nil {
		return fmt.Errorf("sim: plot: %w", err)
	}
	m := vg.Points(margin)
	p.Draw(draw.Crop(draw.New(c), m/2, -m, m/2, -m))
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("sim: plot: %w", err)
	}
	if _, err := c.WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("sim: plot: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("sim: plot: %w", err)
	}
	return nil
}

// newPlot builds the plot that Plot draws.
func newPlot(reports []Report, opts PlotOptions) (*plot.Plot, error) {
	if len(reports) == 0 {
		return nil, fmt.Errorf("sim: plot: no runs")
	}
	w := englishPlot
	if opts.Words != nil {
		w = *opts.Words
	}
	players := joinLines(w.Players(reports[0]), " "+w.Versus+" ", plotLineChars)
	p := plot.New()
	p.Title.Padding = vg.Points(6)
	if len(reports) == 1 {
		r := reports[0]
		h, err := plotter.NewHist(lengths(r), histBins)
		if err != nil {
			return nil, fmt.Errorf("sim: plot: %w", err)
		}
		p.Add(h)
		p.Title.Text = w.Title(r) + "\n" + players
		p.X.Label.Text = w.Length
		p.X.Tick.Marker = integerTicks{plot.DefaultTicks{}}
		p.Y.Label.Text = w.Games
		p.Y.Tick.Marker = integerTicks{plot.DefaultTicks{}}
		if opts.LogScale {
			h.Bins = logBins(lengths(r), histBins)
			p.X.Scale = plot.LogScale{}
			p.X.Tick.Marker = logTicks{}
			p.X.Label.Text = w.LengthLog
		}
		return p, nil
	}
	names := make([]string, len(reports))
	for i, r := range reports {
		b, err := plotter.NewBoxPlot(vg.Points(30), float64(i), lengths(r))
		if err != nil {
			return nil, fmt.Errorf("sim: plot: %w", err)
		}
		p.Add(b)
		names[i] = rulesLines(r.Rules) + "\n" + w.Box(r)
	}
	p.NominalX(names...)
	p.Title.Text = w.CompareTitle(reports) + "\n" + players
	p.Y.Label.Text = w.Length
	p.Y.Tick.Marker = integerTicks{plot.DefaultTicks{}}
	if opts.LogScale {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
		p.Y.Label.Text = w.LengthLog
	}
	return p, nil
}

// histBins is the number of bars of a single run's histogram.
const histBins = 40

// logBins counts vals (all at least 1: moves per game) into n bins of
// equal width on a logarithmic axis, from the least value to the
// greatest, which the last bin includes.
func logBins(vals plotter.Values, n int) []plotter.HistogramBin {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi <= lo { // every game as long: one bar's width around it
		lo, hi = lo/1.05, hi*1.05
	}
	span := math.Log(hi / lo)
	bins := make([]plotter.HistogramBin, n)
	for i := range bins {
		bins[i].Min = lo * math.Exp(span*float64(i)/float64(n))
		bins[i].Max = lo * math.Exp(span*float64(i+1)/float64(n))
	}
	for _, v := range vals {
		i := min(n-1, max(0, int(float64(n)*math.Log(v/lo)/span)))
		bins[i].Weight++
	}
	return bins
}

// lengths is a run's game lengths as plot values.
func lengths(r Report) plotter.Values {
	vals := make(plotter.Values, len(r.Lengths))
	for i, n := range r.Lengths {
		vals[i] = float64(n)
	}
	return vals
}

// integerTicks labels the ticks of a count (moves, games) as integers,
// "125" rather than "125.00"; a tick between two integers keeps its mark
// but loses its label.
type integerTicks struct{ plot.Ticker }

func (t integerTicks) Ticks(min, max float64) []plot.Tick {
	ticks := t.Ticker.Ticks(min, max)
	for i, tk := range ticks {
		if tk.Label == "" {
			continue
		}
		if tk.Value != math.Trunc(tk.Value) {
			ticks[i].Label = ""
			continue
		}
		ticks[i].Label = strconv.FormatFloat(tk.Value, 'f', 0, 64)
	}
	return ticks
}

// logTicks marks a logarithmic axis at 1-9 times each power of ten and
// labels 1, 2 and 5 times it; a range too narrow for two such labels
// gets the linear axis's integer ticks instead.
type logTicks struct{}

func (logTicks) Ticks(min, max float64) []plot.Tick {
	var ticks []plot.Tick
	if min <= 0 || max < min {
		return ticks
	}
	labelled := 0
	for pow := math.Pow(10, math.Floor(math.Log10(min))); pow <= max; pow *= 10 {
		for m := 1.0; m <= 9; m++ {
			v := m * pow
			if v < min || v > max {
				continue
			}
			tk := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				tk.Label = strconv.FormatFloat(v, 'f', -1, 64)
				labelled++
			}
			ticks = append(ticks, tk)
		}
	}
	if labelled < 2 {
		return integerTicks{plot.DefaultTicks{}}.Ticks(min, max)
	}
	return ticks
}

// PlayerLabels names the players of a run for people: by name, and when
// two share a name, with the seat each took in the first game (they
// then move one seat on per game): "random (White in game 1)".
func (r Report) PlayerLabels() []string {
	seen := map[string]int{}
	for _, pl := range r.Players {
		seen[pl.Name]++
	}
	labels := make([]string, len(r.Players))
	for i, pl := range r.Players {
		labels[i] = pl.Name
		if seen[pl.Name] > 1 {
			labels[i] = fmt.Sprintf("%s (%s in game 1)", pl.Name, pl.Seat)
		}
	}
	return labels
}
