package redact

import "testing"

func TestWord(t *testing.T) {
	for _, c := range []struct{ text, secret, want string }{
		{"password hunter2 here", "hunter2", "password ******** here"},
		{"hunter2x and hunter2", "hunter2", "hunter2x and ********"},
		{"535 Authentication failed", "fail", "535 Authentication failed"},
		{"(fail)", "fail", "(********)"},
		{"nothing", "", "nothing"},
		{"ñhunter2 hunter2ñ hunter2.", "hunter2", "ñhunter2 hunter2ñ ********."},
	} {
		if got := Word(c.text, c.secret); got != c.want {
			t.Errorf("Word(%q, %q) = %q, want %q", c.text, c.secret, got, c.want)
		}
	}
}
