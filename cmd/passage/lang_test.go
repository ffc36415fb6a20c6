package main

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"passage/agent"
	"passage/game"
	"passage/internal/catalog"
	"passage/internal/i18n"
	"passage/internal/store/pgtest"
	"passage/sim"

	"golang.org/x/text/language"
)

// TestMain runs the tests in English whatever the locale of the machine:
// the tests of other languages set it themselves.
func TestMain(m *testing.M) {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES"} {
		os.Unsetenv(name)
	}
	os.Setenv("LANG", "C.UTF-8")
	os.Exit(pgtest.Main(m)) // m.Run, then the cluster test's PostgreSQL stops
}

var wordRE = regexp.MustCompile(`\p{L}{3,}`)

// catalogWords is the set of lower-case words of three letters or more
// in the texts of catalog lang, read from the embedded JSON files.
func catalogWords(t *testing.T, lang string) map[string]bool {
	t.Helper()
	data, err := os.ReadFile("../../internal/i18n/locales/" + lang + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	words := map[string]bool{}
	var add func(v any)
	add = func(v any) {
		switch v := v.(type) {
		case string:
			v = regexp.MustCompile(`\{\{[^}]*\}\}`).ReplaceAllString(v, " ")
			for _, w := range wordRE.FindAllString(strings.ToLower(v), -1) {
				words[w] = true
			}
		case map[string]any:
			for _, f := range v {
				add(f)
			}
		}
	}
	add(raw)
	return words
}

// englishOnly is the English UI words that no translation uses: the
// words a translated screen must not show. The words every language
// shares are the commands typed at the prompt (help, board, moves,
// hint, quit), flags and proper names, which are not translated.
func englishOnly(t *testing.T, lang string) map[string]bool {
	en, other := catalogWords(t, "en"), catalogWords(t, lang)
	for w := range other {
		delete(en, w)
	}
	return en
}

// screen is a transcript without its game record, which is the
// scriptable record format and stays English.
func screen(t *testing.T, out, heading string) string {
	t.Helper()
	i := strings.LastIndex(out, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("no %q heading before the game record:\n%s", heading, out)
	}
	return out[:i]
}

// TestPlayInEachLanguage plays scripted games, Senet with bad answers,
// help and a hint request, touch-move, Ludo, and a computers' game to its
// result, in every language, and fails on any English UI word on the
// screen.
func TestPlayInEachLanguage(t *testing.T) {
	scripts := []struct {
		name, stdin string
		args        []string
	}{
		{"senet", "x\n99\n9-13\nhelp\nhint\n1\n\n12-14\n", []string{"--vs", "easy", "--seed", "1", "--auto-forced=false"}},
		{"touch-move", "3\n5\n1\n11\n10-15\n1\nfoo\nhelp\nquit\n", []string{"--rules", "senet-apokrif", "--touch-move", "--vs", "medium", "--seed", "4"}},
		{"ludo", strings.Repeat("1\n", 40), []string{"--rules", "kinevet", "--seats", "human,easy,medium,easy", "--seed", "2"}},
		{"szenet to the end", "", []string{"--rules", "senet-szenet", "--seats", "easy,easy", "--seed", "5"}},
		{"ludo to the end", "", []string{"--rules", "kinevet", "--seats", "easy,easy,easy,easy", "--seed", "3"}},
	}
	for _, tag := range i18n.Languages[1:] {
		lang := tag.String()
		foreign := englishOnly(t, lang)
		words, err := i18n.New(tag)
		if err != nil {
			t.Fatal(err)
		}
		for _, sc := range scripts {
			t.Run(lang+"/"+sc.name, func(t *testing.T) {
				stdin := sc.stdin
				if sc.name == "senet" {
					// The commands in the player's language, beside the
					// English ones that work everywhere.
					stdin += words.T("play.cmd.help") + "\n" + words.T("play.cmd.board") + "\n" +
						words.T("play.cmd.hint") + "\n" + words.T("play.cmd.quit") + "\n"
				}
				out := playOK(t, stdin, append([]string{"--lang", lang}, sc.args...)...)
				if sc.name == "senet" {
					title := words.T("play.help.title")
					inOrder(t, out, title, words.T("play.hint.off"), title, "┌", words.T("play.hint.off"),
						words.T("play.stop.quit"))
				}
				replayTranscript(t, strings.Replace(out, "\n"+words.T("play.record")+"\n", "\nGame record:\n", 1))
				seen := map[string]bool{}
				// Ruleset IDs (senet-jequier) are identifiers, as on the
				// command line, and moves (28-off) are in the notation
				// people type.
				text := regexp.MustCompile(`\b(senet|kinevet)[-a-z]*|\b\d+-off\b`).ReplaceAllString(screen(t, out, words.T("play.record")), "")
				for _, w := range wordRE.FindAllString(strings.ToLower(text), -1) {
					if foreign[w] && !seen[w] {
						seen[w] = true
						t.Errorf("English word %q on the %s screen", w, lang)
					}
				}
				if t.Failed() {
					t.Logf("transcript:\n%s", out)
				}
			})
		}
	}
}

// TestLangFlagBeatsLocale: --lang wins over LANG, LANG is used without
// it, and LC_ALL beats LANG.
func TestLangFlagBeatsLocale(t *testing.T) {
	args := []string{"--seats", "easy,easy", "--seed", "1"}
	t.Setenv("LANG", "hu_HU.UTF-8")
	if out := playOK(t, "", args...); !strings.Contains(out, "\nJátszmalap:\n") {
		t.Errorf("LANG=hu_HU.UTF-8 did not give Hungarian:\n%.300s", out)
	}
	if out := playOK(t, "", append([]string{"--lang", "fr"}, args...)...); !strings.Contains(out, "\nFeuille de partie\u202f:\n") {
		t.Errorf("--lang fr with LANG=hu_HU.UTF-8 did not give French:\n%.300s", out)
	}
	t.Setenv("LC_ALL", "ru_RU.UTF-8")
	if out := playOK(t, "", args...); !strings.Contains(out, "\nЗапись партии:\n") {
		t.Errorf("LC_ALL=ru_RU.UTF-8 did not beat LANG:\n%.300s", out)
	}
	code, out, stderr := runCLI(t, "", "sim", "--rules", "senet-jequier", "--seats", "random,random", "--games", "3", "--workers", "1", "--lang", "es")
	if code != 0 || stderr != "" || !strings.Contains(out, "3 partidas") || !strings.Contains(out, "duración de la partida") {
		t.Errorf("sim --lang es: exit %d, stderr %q, report:\n%s", code, stderr, out)
	}
}

// TestUnknownLang: an unknown --lang is a usage error (one line, exit 2)
// naming the languages.
func TestUnknownLang(t *testing.T) {
	for _, cmd := range []string{"play", "sim"} {
		checkCLIError(t, "", `--lang: unknown language "xx" (want one of en, hu, fr, es, ru)`, cmd, "--lang", "xx", "--rules", "senet-jequier", "--seats", "random,random")
	}
}

// TestScriptableStaysEnglish: the locale does not reach the scriptable
// contract (rules, new, moves, --json) or the error lines.
func TestScriptableStaysEnglish(t *testing.T) {
	cmds := [][]string{
		{"rules"},
		{"new", "--rules", "kinevet"},
		{"moves", "--rules", "senet-jequier", "--pos", "wbwbwbwbw.b................... w opening=w", "--roll", "2"},
		{"sim", "--rules", "senet-jequier", "--seats", "random,random", "--games", "3", "--workers", "1", "--json"},
		{"play", "--seats", "robot,random"},
	}
	var english []string
	for _, args := range cmds {
		_, out, errOut := runCLI(t, "", args...)
		english = append(english, out+errOut)
	}
	t.Setenv("LANG", "ru_RU.UTF-8")
	for i, args := range cmds {
		_, out, errOut := runCLI(t, "", args...)
		got := regexp.MustCompile(`"(seconds|games_per_sec|median_ms)": [0-9.e+-]+`).ReplaceAllString(out+errOut, "")
		want := regexp.MustCompile(`"(seconds|games_per_sec|median_ms)": [0-9.e+-]+`).ReplaceAllString(english[i], "")
		if got != want {
			t.Errorf("passage %s under LANG=ru_RU.UTF-8:\n%s\nwant, as in English:\n%s", strings.Join(args, " "), got, want)
		}
	}
}

// TestMessageFamilies: the messages whose ids the code builds from data
// ("ruleset."+ID, "seat."+name, "kind."+level, "play.firstThrow."+ID,
// "sim.effect."+the special rule's name)
// exist for every ruleset, seat and level, and name nothing else.
func TestMessageFamilies(t *testing.T) {
	want := map[string]bool{}
	for _, spec := range catalog.Specs() {
		want["ruleset."+spec.Name] = true
		kit, err := catalog.Open(spec.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		for p := range game.Player(kit.Players()) {
			name, _ := game.SeatName(kit.Ruleset, p)
			want["seat."+strings.ToLower(name)] = true
		}
	}
	// The levels come first in agent.Levels, before the plain agents
	// (random first), which keep their names in every language.
	for _, l := range agent.Levels {
		if l.Name == "random" {
			break
		}
		want["kind."+l.Name] = true
	}
	for id := range firstThrow {
		want["play.firstThrow."+id] = true
	}
	// The special rules a simulation reports, of every ruleset and
	// every option value (a house rule's row only where it is on): a
	// one-game run lists them all.
	for _, spec := range catalog.Specs() {
		choices := [][]string{nil}
		for _, o := range spec.Options {
			for _, v := range o.Values {
				choices = append(choices, []string{o.Key + "=" + v})
			}
		}
		for _, opts := range choices {
			kit, err := catalog.Open(spec.Name, opts)
			if err != nil {
				continue // a value that needs another (colors for another number of players)
			}
			seats := make([]string, kit.Players())
			for i := range seats {
				seats[i] = "random"
			}
			rep, err := kit.Simulate(context.Background(), sim.Config{Seats: seats, Games: 1, Seed: 1, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range rep.Effects {
				want["sim.effect."+effectSlug(e.Name)] = true
			}
		}
	}
	have := map[string]bool{}
	for w := range catalogKeys(t) {
		for _, family := range []string{"ruleset.", "seat.", "kind.", "play.firstThrow.", "sim.effect."} {
			if strings.HasPrefix(w, family) && w != "kind.computer" && w != "kind.human" && w != "kind.you" {
				have[w] = true
			}
		}
	}
	for id := range want {
		if !have[id] {
			t.Errorf("the catalogs lack %s", id)
		}
	}
	for id := range have {
		if !want[id] {
			t.Errorf("the catalogs have %s, which no ruleset, seat or level needs", id)
		}
	}
}

// catalogKeys is the set of the English catalog's message ids.
func catalogKeys(t *testing.T) map[string]bool {
	t.Helper()
	data, err := os.ReadFile("../../internal/i18n/locales/en.json")
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for k := range raw {
		keys[k] = true
	}
	return keys
}

// TestSimProgressInLanguage: the progress line is worded in the chosen
// language, its time left in minutes and seconds.
func TestSimProgressInLanguage(t *testing.T) {
	ru, err := i18n.New(language.Russian)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := progressText(ru, 420, 1000, 812.5, 65*time.Second), " 42% 420/1000 партий, 812,5 партий/с, осталось 1:05"; got != want {
		t.Errorf("progressText(ru) = %q, want %q", got, want)
	}
	if got, want := progressText(i18n.English(), 0, 10, 0, -1), "  0% 0/10 games, 0.0 games/s, ETA ?"; got != want {
		t.Errorf("progressText(en) = %q, want %q", got, want)
	}
	code, _, stderr := runCLI(t, "", "sim", "--rules", "senet-jequier", "--seats", "random,random", "--games", "4", "--workers", "1", "--progress", "--lang", "hu")
	if code != 0 || !strings.Contains(stderr, "4/4 játszma") || strings.Contains(stderr, "games") {
		t.Errorf("sim --progress --lang hu: exit %d, stderr %q", code, stderr)
	}
}
