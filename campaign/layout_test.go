package campaign_test

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/turnproc/turnproc"

// TestLayoutCampaignIsTheBottom: the rules engine imports no other package
// of the module, and nothing under campaign/ reaches the packages built on
// it (orders, reports, siege), not even through another package. Harnesses
// that drive orders or write mail live outside campaign/ (scenario, gen).
// Only the packages' own files count: tests may use the harnesses.
func TestLayoutCampaignIsTheBottom(t *testing.T) {
	var pkgs []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if _, err := build.ImportDir(path, 0); err == nil {
			pkgs = append(pkgs, module+"/"+filepath.ToSlash(filepath.Join("campaign", path)))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(pkgs, module+"/campaign") || len(pkgs) < 2 {
		t.Fatalf("walk found %v, want campaign and its subpackages", pkgs)
	}
	for _, p := range pkgs {
		deps, err := moduleDeps(p)
		if err != nil {
			t.Fatal(err)
		}
		if p == module+"/campaign" {
			if len(deps) != 0 {
				t.Errorf("%s imports %v; want no package of the module", p, deps)
			}
			continue
		}
		for _, d := range deps {
			for _, above := range []string{"orders", "reports", "siege"} {
				if d == module+"/"+above || strings.HasPrefix(d, module+"/"+above+"/") {
					t.Errorf("%s depends on %s; want nothing above campaign", p, d)
				}
			}
		}
	}
}

// moduleDeps is every package of the module that pkg imports, directly or
// not, from its non-test files, sorted.
func moduleDeps(pkg string) ([]string, error) {
	seen := map[string]bool{}
	var visit func(string) error
	visit = func(p string) error {
		dir := filepath.Join("..", filepath.FromSlash(strings.TrimPrefix(p, module+"/")))
		bp, err := build.ImportDir(dir, 0)
		if err != nil {
			return err
		}
		for _, imp := range bp.Imports {
			if (imp == module || strings.HasPrefix(imp, module+"/")) && !seen[imp] {
				seen[imp] = true
				if err := visit(imp); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := visit(pkg); err != nil {
		return nil, err
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		if p != pkg {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out, nil
}
