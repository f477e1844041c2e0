package templates

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"text/template"

	"github.com/turnproc/turnproc/campaign"
)

//go:embed en/*.tmpl es/*.tmpl
var files embed.FS

// Set is the texts of one language.
type Set struct {
	lang string
	t    *template.Template
}

// loadAll parses every language once; the embedded files cannot change, so
// a parse error is a bug caught by the tests, reported on every Lookup.
var loadAll = sync.OnceValues(func() (map[string]*Set, error) {
	dirs, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	sets := map[string]*Set{}
	for _, d := range dirs {
		lang := d.Name()
		t, err := template.New(lang).Option("missingkey=error").ParseFS(files, lang+"/*.tmpl")
		if err != nil {
			return nil, fmt.Errorf("templates: %s: %w", lang, err)
		}
		sets[lang] = &Set{lang: lang, t: t}
	}
	return sets, nil
})

// Languages lists the language codes with texts, sorted.
func Languages() []string {
	sets, _ := loadAll()
	langs := make([]string, 0, len(sets))
	for l := range sets {
		langs = append(langs, l)
	}
	slices.Sort(langs)
	return langs
}

// Lookup returns the texts of a language ("en", "es"; case and surrounding
// spaces do not matter).
func Lookup(lang string) (*Set, error) {
	sets, err := loadAll()
	if err != nil {
		return nil, err
	}
	s, ok := sets[strings.ToLower(strings.TrimSpace(lang))]
	if !ok {
		return nil, campaign.Problemf("", "the languages are "+strings.Join(Languages(), ", "), "templates: no texts for language %q", lang)
	}
	return s, nil
}

// Lang is the set's language code.
func (s *Set) Lang() string { return s.lang }

// Has says whether the set defines a text of that name.
func (s *Set) Has(name string) bool { return s.lookup(name) != nil }

// Names lists the defined texts, sorted.
func (s *Set) Names() []string {
	var names []string
	for _, t := range s.t.Templates() {
		if s.lookup(t.Name()) != nil {
			names = append(names, t.Name())
		}
	}
	slices.Sort(names)
	return names
}

// Text executes the named text with data. A missing name, or a field the
// data does not have, is an error naming the language and the text.
func (s *Set) Text(name string, data any) (string, error) {
	t := s.lookup(name)
	if t == nil {
		return "", fmt.Errorf("templates: %s: no text named %q", s.lang, name)
	}
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return "", fmt.Errorf("templates: %s: %s: %w", s.lang, name, err)
	}
	return b.String(), nil
}

// lookup finds a {{define}}d text; the per-file templates that ParseFS
// also creates (named after the file) are not texts.
func (s *Set) lookup(name string) *template.Template {
	t := s.t.Lookup(name)
	if t == nil || t.Tree == nil || strings.HasSuffix(name, ".tmpl") {
		return nil
	}
	return t
}
