package sim

import (
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// labels lists the non-empty labels of ticks.
func labels(ticks []plot.Tick) []string {
	var out []string
	for _, t := range ticks {
		if t.Label != "" {
			out = append(out, t.Label)
		}
	}
	return out
}

func TestIntegerTicks(t *testing.T) {
	got := labels(integerTicks{plot.DefaultTicks{}}.Ticks(100, 150))
	if len(got) < 2 {
		t.Fatalf("labels %q: want at least two", got)
	}
	for _, l := range got {
		if strings.ContainsAny(l, ".e") {
			t.Errorf("label %q of a count is not an integer (labels %q)", l, got)
		}
	}
	// Over a short range the default ticks fall between integers too:
	// those lose their labels, the integers keep theirs.
	small := integerTicks{plot.DefaultTicks{}}.Ticks(0, 2)
	if len(labels(small)) == 0 {
		t.Errorf("range 0-2: no labels")
	}
	for _, tk := range small {
		if tk.Label != "" && tk.Label != strconv.Itoa(int(tk.Value)) {
			t.Errorf("tick %v labelled %q", tk.Value, tk.Label)
		}
		if tk.Value != float64(int(tk.Value)) && tk.Label != "" {
			t.Errorf("tick %v between integers labelled %q", tk.Value, tk.Label)
		}
	}
}

func TestLogTicks(t *testing.T) {
	var lt logTicks
	got := labels(lt.Ticks(150, 9500))
	if want := []string{"200", "500", "1000", "2000", "5000"}; !slices.Equal(got, want) {
		t.Errorf("labels %q, want %q", got, want)
	}
	// No 1, 2 or 5 times a power of ten in 120-180: the linear ticks.
	if got, want := labels(lt.Ticks(120, 180)), labels(integerTicks{plot.DefaultTicks{}}.Ticks(120, 180)); len(got) < 2 || !slices.Equal(got, want) {
		t.Errorf("range 120-180: labels %q, want %q", got, want)
	}
	if got, want := labels(lt.Ticks(3, 60)), []string{"5", "10", "20", "50"}; !slices.Equal(got, want) {
		t.Errorf("range 3-60: labels %q", got)
	}
}

func TestPlayerLabels(t *testing.T) {
	same := Report{Players: []Player{{Name: "random", Seat: "White"}, {Name: "random", Seat: "Black"}}}
	if got, want := same.PlayerLabels(), []string{"random (White in game 1)", "random (Black in game 1)"}; !slices.Equal(got, want) {
		t.Errorf("PlayerLabels = %q, want %q", got, want)
	}
	mixed := Report{Players: []Player{{Name: "hard", Seat: "Red"}, {Name: "random", Seat: "Yellow"}, {Name: "random", Seat: "Green"}}}
	if got, want := mixed.PlayerLabels(), []string{"hard", "random (Yellow in game 1)", "random (Green in game 1)"}; !slices.Equal(got, want) {
		t.Errorf("PlayerLabels = %q, want %q", got, want)
	}
}

// reportOf is a report with the given game lengths.
func reportOf(rules string, lengths ...int) Report {
	return Report{Rules: rules, Games: len(lengths), Lengths: lengths,
		Players: []Player{{Name: "random", Seat: "White"}, {Name: "random", Seat: "Black"}}}
}

func TestNewPlot(t *testing.T) {
	long := reportOf("senet-jequier", 900, 1500, 2300, 7400, 15000)
	short := reportOf("senet-szenet", 150, 200, 230, 300, 545)

	one, err := newPlot([]Report{short}, PlotOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "senet-szenet, 5 games\nrandom (White in game 1) vs random (Black in game 1)"; one.Title.Text != want {
		t.Errorf("title %q, want %q", one.Title.Text, want)
	}
	if _, ok := one.X.Tick.Marker.(integerTicks); !ok {
		t.Errorf("histogram x ticks %T, want integerTicks", one.X.Tick.Marker)
	}

	linear, err := newPlot([]Report{long, short}, PlotOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := linear.Y.Scale.(plot.LogScale); ok {
		t.Error("a comparison without LogScale has a log scale")
	}
	if !strings.HasPrefix(linear.Title.Text, "Game length by ruleset, 5 games each\n") {
		t.Errorf("title %q", linear.Title.Text)
	}
	logged, err := newPlot([]Report{long, short}, PlotOptions{LogScale: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := logged.Y.Scale.(plot.LogScale); !ok {
		t.Errorf("LogScale: y scale %T", logged.Y.Scale)
	}
	if got := labels(logged.Y.Tick.Marker.Ticks(150, 15000)); !slices.Contains(got, "1000") || !slices.Contains(got, "200") {
		t.Errorf("log-scale labels %q", got)
	}
	if _, err := newPlot(nil, PlotOptions{}); err == nil {
		t.Error("no runs: no error")
	}

	// One run on a log scale: the x axis is logarithmic, its bins of
	// equal width there, and every game in one of them.
	single, err := newPlot([]Report{reportOf("senet-jequier", 10, 12, 100, 1000, 1000)}, PlotOptions{LogScale: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := single.X.Scale.(plot.LogScale); !ok {
		t.Errorf("a single run on a log scale: x scale %T", single.X.Scale)
	}
	h := plotter.Histogram{Bins: logBins(plotter.Values{10, 12, 100, 1000, 1000}, histBins)}
	if len(h.Bins) != histBins || h.Bins[0].Min != 10 || math.Abs(h.Bins[histBins-1].Max-1000) > 1e-9 {
		t.Fatalf("bins from %v to %v, want %d from 10 to 1000", h.Bins[0].Min, h.Bins[len(h.Bins)-1].Max, histBins)
	}
	ratio := h.Bins[0].Max / h.Bins[0].Min
	games := 0.0
	for _, b := range h.Bins {
		if math.Abs(b.Max/b.Min-ratio) > 1e-9 {
			t.Fatalf("bin %v-%v is not as wide on the log axis as the first", b.Min, b.Max)
		}
		games += b.Weight
	}
	if games != 5 || h.Bins[histBins-1].Weight != 2 || h.Bins[0].Weight != 1 {
		t.Errorf("%v games in the bins (want 5), %v in the last (want 2), %v in the first (want 1)", games, h.Bins[histBins-1].Weight, h.Bins[0].Weight)
	}
	if single.X.Label.Text != englishPlot.LengthLog {
		t.Errorf("x label %q", single.X.Label.Text)
	}
	same := logBins(plotter.Values{7, 7, 7}, 4)
	if w := same[0].Weight + same[1].Weight + same[2].Weight + same[3].Weight; w != 3 || same[0].Min >= 7 || same[3].Max <= 7 {
		t.Errorf("games all of one length: bins %v", same)
	}
}

// TestPlotTitleClearOfEdge draws a plot and checks that the top rows of
// the image are blank while the title shows below them.
func TestPlotTitleClearOfEdge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lengths.png")
	if err := Plot([]Report{reportOf("senet-szenet", 150, 200, 230, 300, 545)}, path, PlotOptions{}); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	inked := func(y int) bool {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r < 0xc000 || g < 0xc000 || bl < 0xc000 {
				return true
			}
		}
		return false
	}
	for y := b.Min.Y; y < b.Min.Y+6; y++ {
		if inked(y) {
			t.Fatalf("row %d of the image has ink: the title touches the edge", y)
		}
	}
	title := false
	for y := b.Min.Y + 6; y < b.Min.Y+40; y++ {
		title = title || inked(y)
	}
	if !title {
		t.Error("no title in the top 40 rows")
	}
}

func TestPlotFormats(t *testing.T) {
	dir := t.TempDir()
	r := []Report{reportOf("a", 1, 2, 3), reportOf("b", 10, 20, 30)}
	for _, name := range []string{"x.png", "x.SVG"} {
		if err := Plot(r, filepath.Join(dir, name), PlotOptions{LogScale: true}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := Plot(r, filepath.Join(dir, "x.gif"), PlotOptions{}); err == nil {
		t.Error("x.gif: no error")
	}
	if _, err := os.Stat(filepath.Join(dir, "x.gif")); !os.IsNotExist(err) {
		t.Error("a refused plot left a file")
	}
}
