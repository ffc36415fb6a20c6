package server

import (
	"html/template"
	"io"
	"net/http"
	"strings"
	"testing"
)

// getPage asks for path with the given headers and returns the answer
// and its body.
func getPage(t *testing.T, url string, headers map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

// TestPageLanguage: ?lang= beats the cookie, which beats
// Accept-Language; ?lang= is remembered in the cookie; a bad choice is
// ignored and not remembered; <html lang>, the header's words, the
// switch and the scripts' messages follow the choice.
func TestPageLanguage(t *testing.T) {
	s := newTestServer(t, Config{})
	tests := []struct {
		name, path, accept, cookie string
		lang, word                 string
		remembered                 string // the cookie set, if any
	}{
		{"no preference", "/", "", "", "en", ">Lobby</a>", ""},
		{"Accept-Language", "/", "hu-HU,hu;q=0.9,en;q=0.8", "", "hu", ">Játékterem</a>", ""},
		{"Accept-Language unsupported", "/", "de-DE,de", "", "en", ">Lobby</a>", ""},
		{"Accept-Language weights", "/", "de,ru;q=0.9,fr;q=0.5", "", "ru", ">Лобби</a>", ""},
		{"cookie beats Accept-Language", "/", "hu", "es", "es", ">Sala</a>", ""},
		{"?lang= beats the cookie", "/g/abc?lang=fr", "hu", "es", "fr", ">Salon</a>", "fr"},
		{"?lang= with a region", "/?lang=ru-RU", "", "", "ru", ">Лобби</a>", "ru"},
		{"bad ?lang= is ignored", "/?lang=xx", "", "hu", "hu", ">Játékterem</a>", ""},
		{"bad cookie is ignored", "/", "fr", "klingon", "fr", ">Salon</a>", ""},
	}
	for _, tt := range tests {
		h := map[string]string{}
		if tt.accept != "" {
			h["Accept-Language"] = tt.accept
		}
		if tt.cookie != "" {
			h["Cookie"] = "lang=" + tt.cookie
		}
		resp, body := getPage(t, s.url+tt.path, h)
		if !strings.Contains(body, `<html lang="`+tt.lang+`">`) {
			t.Errorf("%s: want <html lang=%q>", tt.name, tt.lang)
		}
		if !strings.Contains(body, tt.word) {
			t.Errorf("%s: the header lacks %s", tt.name, tt.word)
		}
		if !strings.Contains(body, `<option value="`+tt.lang+`" lang="`+tt.lang+`" selected>`) {
			t.Errorf("%s: the switch does not show %s as chosen", tt.name, tt.lang)
		}
		set := ""
		for _, c := range resp.Cookies() {
			if c.Name == langCookie {
				set = c.Value
				if c.Path != "/" || c.MaxAge <= 0 {
					t.Errorf("%s: cookie %+v, want path / and a lifetime", tt.name, c)
				}
			}
		}
		if set != tt.remembered {
			t.Errorf("%s: remembered %q, want %q", tt.name, set, tt.remembered)
		}
		if v := resp.Header.Get("Vary"); !strings.Contains(v, "Accept-Language") || !strings.Contains(v, "Cookie") {
			t.Errorf("%s: Vary %q", tt.name, v)
		}
	}
	// The scripts' messages are the chosen language's, in a JSON data
	// block; the switch keeps the page's other parameters.
	_, body := getPage(t, s.url+"/?rules=kinevet&lang=ru", nil)
	if !strings.Contains(body, `<script type="application/json" id="messages">`) || !strings.Contains(body, `"web.lobby.create":"Создать партию"`) {
		t.Error("the Russian lobby lacks its messages data block")
	}
	if !strings.Contains(body, `data-path="/?rules=kinevet"`) {
		t.Error("the switch does not keep ?rules=kinevet")
	}
}

// TestRulesPageLanguage: /rules/ID is served in the page's language,
// /rules/ID.LANG in its own, and the index links every translation.
func TestRulesPageLanguage(t *testing.T) {
	s := newTestServer(t, Config{})
	_, body := getPage(t, s.url+"/rules/kinevet", map[string]string{"Accept-Language": "hu"})
	if !strings.Contains(body, `<html lang="hu">`) || !strings.Contains(body, `<title>Ki nevet a végén · Passage</title>`) {
		t.Error("/rules/kinevet in Hungarian: wrong language or title")
	}
	_, en := getPage(t, s.url+"/rules/kinevet", nil)
	if body == en {
		t.Error("/rules/kinevet is the same page in Hungarian and English")
	}
	_, named := getPage(t, s.url+"/rules/kinevet.ru", map[string]string{"Cookie": "lang=fr"})
	if !strings.Contains(named, `<html lang="ru">`) {
		t.Error("/rules/kinevet.ru is not a Russian page")
	}
	_, index := getPage(t, s.url+"/rules?lang=es", nil)
	for _, want := range []string{`href="/rules/kinevet.hu"`, `href="/rules/senet-apokrif.ru"`, `>Reglas</h1>`} {
		if !strings.Contains(index, want) {
			t.Errorf("the Spanish rules index lacks %s", want)
		}
	}
}

// TestRulesIn: a translation is used when it exists, else the English
// page (whose language the caller notes), else nothing.
func TestRulesIn(t *testing.T) {
	docs := map[string]template.HTML{"rules/x": "en", "rules/x.hu": "hu"}
	for _, tt := range []struct{ name, lang, body, in string }{
		{"x", "hu", "hu", "hu"},
		{"x", "fr", "en", "en"},
		{"x", "en", "en", "en"},
		{"y", "hu", "", "en"},
	} {
		body, in := rulesIn(docs, tt.name, tt.lang)
		if string(body) != tt.body || in != tt.in {
			t.Errorf("rulesIn(%s, %s) = %q, %s; want %q, %s", tt.name, tt.lang, body, in, tt.body, tt.in)
		}
	}
}

// TestDiagramLanguage: the rules diagrams are drawn in the reader's
// language, or in the language a translated page asks for (?lang=,
// not remembered).
func TestDiagramLanguage(t *testing.T) {
	s := newTestServer(t, Config{})
	for _, tt := range []struct {
		path    string
		headers map[string]string
		want    string
	}{
		{"/rules/kinevet/board.svg", nil, ">yellow</text>"},
		{"/rules/kinevet/board.svg", map[string]string{"Accept-Language": "hu"}, ">piros ház</text>"},
		{"/rules/kinevet/board.svg?lang=ru", map[string]string{"Cookie": "lang=fr"}, ">красный</text>"},
		{"/rules/senet-szenet/board.svg", map[string]string{"Cookie": "lang=hu"}, ">Víz</text>"},
		{"/rules/senet-szenet/throws.svg?lang=fr", nil, ">6,25\u00a0%</text>"},
		{"/rules/senet-jequier/examples.svg?lang=es", nil, "⇄ intercambio"},
	} {
		resp, body := getPage(t, s.url+tt.path, tt.headers)
		if !strings.Contains(body, tt.want) {
			t.Errorf("%s %v lacks %s", tt.path, tt.headers, tt.want)
		}
		if len(resp.Cookies()) != 0 {
			t.Errorf("%s set a cookie: an image's ?lang= is not remembered", tt.path)
		}
	}
	got := withDiagramLang(`<p><img src="/rules/kinevet/board.svg" alt="x"> <a href="/rules/kinevet">y</a></p>`, "hu")
	if want := `<p><img src="/rules/kinevet/board.svg?lang=hu" alt="x"> <a href="/rules/kinevet">y</a></p>`; string(got) != want {
		t.Errorf("withDiagramLang = %s, want %s", got, want)
	}
}
