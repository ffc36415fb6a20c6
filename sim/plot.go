package sim

import (
	"fmt"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Plot draws the game-length distributions of one or more runs to path,
// a .png or .svg file: a histogram of moves per game for one run, and
// for several (a comparison of rulesets or seatings) box plots side by
// side, each labelled with its first seat's win rate.
func Plot(reports []Report, path string) error {
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".png" && ext != ".svg" {
		return fmt.Errorf("sim: plot %q: want a .png or .svg file", path)
	}
	if len(reports) == 0 {
		return fmt.Errorf("sim: plot: no runs")
	}
	p := plot.New()
	if len(reports) == 1 {
		r := reports[0]
		vals := make(plotter.Values, len(r.Lengths))
		for i, n := range r.Lengths {
			vals[i] = float64(n)
		}
		h, err := plotter.NewHist(vals, 40)
		if err != nil {
			return fmt.Errorf("sim: plot: %w", err)
		}
		p.Add(h)
		p.Title.Text = fmt.Sprintf("%s: %s, %d games", r.Rules, seatsLabel(r), r.Games)
		p.X.Label.Text = "moves per game (throws, passes included)"
		p.Y.Label.Text = "games"
	} else {
		names := make([]string, len(reports))
		for i, r := range reports {
			vals := make(plotter.Values, len(r.Lengths))
			for k, n := range r.Lengths {
				vals[k] = float64(n)
			}
			b, err := plotter.NewBoxPlot(vg.Points(30), float64(i), vals)
			if err != nil {
				return fmt.Errorf("sim: plot: %w", err)
			}
			p.Add(b)
			names[i] = fmt.Sprintf("%s\nfirst seat %.0f%%", r.Rules, 100*r.FirstSeat.Rate)
		}
		p.NominalX(names...)
		p.Title.Text = fmt.Sprintf("Game length by ruleset: %s, %d games each", seatsLabel(reports[0]), reports[0].Games)
		p.Y.Label.Text = "moves per game (throws, passes included)"
	}
	width := vg.Length(max(6, 1.6*float64(len(reports)))) * vg.Inch
	if err := p.Save(width, 4*vg.Inch, path); err != nil {
		return fmt.Errorf("sim: plot: %w", err)
	}
	return nil
}

func seatsLabel(r Report) string {
	names := make([]string, len(r.Players))
	for i, pl := range r.Players {
		names[i] = pl.Name
	}
	return strings.Join(names, " vs ")
}
