package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// plotCurve draws the learning curve in the CSV file csvPath to path
// (.png or .svg): the win rate against the fixed opponent by games
// trained, with its 95% interval.
func plotCurve(csvPath, path, rules string) error {
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".png" && ext != ".svg" {
		return fmt.Errorf("plot %q: want a .png or .svg file", path)
	}
	f, err := os.Open(csvPath)
	if err != nil {
		return err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return fmt.Errorf("%s: %w", csvPath, err)
	}
	if len(rows) < 2 {
		return fmt.Errorf("%s: no measurements to plot", csvPath)
	}
	var rate, low, high plotter.XYs
	for _, row := range rows[1:] {
		var v [4]float64
		for i := range v {
			if i >= len(row) {
				return fmt.Errorf("%s: short row %q", csvPath, row)
			}
			if v[i], err = strconv.ParseFloat(row[i], 64); err != nil {
				return fmt.Errorf("%s: %w", csvPath, err)
			}
		}
		rate = append(rate, plotter.XY{X: v[0], Y: 100 * v[1]})
		low = append(low, plotter.XY{X: v[0], Y: 100 * v[2]})
		high = append(high, plotter.XY{X: v[0], Y: 100 * v[3]})
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: learning curve", rules)
	p.X.Label.Text = "self-play games trained"
	p.Y.Label.Text = "win rate against the fixed opponent (%)"
	for i, xy := range []plotter.XYs{rate, low, high} {
		l, err := plotter.NewLine(xy)
		if err != nil {
			return fmt.Errorf("plot: %w", err)
		}
		if i > 0 {
			l.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
		}
		p.Add(l)
	}
	return p.Save(6*vg.Inch, 4*vg.Inch, path)
}
