package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// BenchmarkRepeatCheck is a "turnproc check" with nothing new to fetch,
// of a turn whose inbox holds 80 mails with passwords (40 for each of two
// players, all different: guesses), the hashes at bcrypt's default cost
// as "turnproc passwd" makes them. verdicts=kept is check as it runs;
// verdicts=none removes the verdict file before each check (outside the
// timer): the baseline, every password checked again.
func BenchmarkRepeatCheck(b *testing.B) {
	dir := repeatCheckCampaign(b)
	c, err := openCampaign(dir)
	if err != nil {
		b.Fatal(err)
	}
	e, now := testEnv(), beforeTurn1.Add(2*time.Hour)
	if _, _, _, err := c.check(context.Background(), e, now); err != nil { // the first check: fetch and answer
		b.Fatal(err)
	}
	verdicts := string(c.verdicts(1))
	for _, mode := range []string{"none", "kept"} {
		b.Run("verdicts="+mode, func(b *testing.B) {
			for b.Loop() {
				if mode == "none" {
					b.StopTimer()
					if err := os.Remove(verdicts); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
				}
				if _, fetched, _, err := c.check(context.Background(), e, now); err != nil || fetched != 0 {
					b.Fatal(fetched, err)
				}
			}
		})
	}
}

func repeatCheckCampaign(b *testing.B) string {
	b.Helper()
	text, err := os.ReadFile("../../examples/riverlands/campaign.toml")
	if err != nil {
		b.Fatal(err)
	}
	config := string(text)
	for _, email := range []string{"karl@reikland.example", "belegar@karak.example"} {
		hash, err := bcrypt.GenerateFromPassword([]byte("the right one"), bcrypt.DefaultCost)
		if err != nil {
			b.Fatal(err)
		}
		config = strings.Replace(config, `email = "`+email+`"`, `email = "`+email+`"`+"\npassword_hash = \""+string(hash)+`"`, 1)
	}
	src := b.TempDir()
	if err := os.WriteFile(filepath.Join(src, "campaign.toml"), []byte(config), 0o644); err != nil {
		b.Fatal(err)
	}
	m, _ := os.ReadFile("../../examples/riverlands/map.txt")
	if err := os.WriteFile(filepath.Join(src, "map.txt"), m, 0o644); err != nil {
		b.Fatal(err)
	}
	dir := filepath.Join(b.TempDir(), "camp")
	e := testEnv()
	e.now = func() time.Time { return beforeTurn1 }
	e.newSeed = func() (string, error) { return "feedface", nil }
	if code := dispatch(context.Background(), e, []string{"init", "--config", filepath.Join(src, "campaign.toml"), dir}); code != exitOK {
		b.Fatalf("init: exit %d", code)
	}
	c, err := openCampaign(dir)
	if err != nil {
		b.Fatal(err)
	}
	md, err := c.maildir()
	if err != nil {
		b.Fatal(err)
	}
	for i := range 80 {
		player, from := "empire", "karl@reikland.example"
		if i%2 == 1 {
			player, from = "dwarfs", "belegar@karak.example"
		}
		raw := fmt.Sprintf("From: %s\r\nTo: turns@riverlands.example\r\nSubject: orders %d\r\nMessage-ID: <%d@sender.example>\r\n\r\n"+
			"CAMPAIGN riverlands PLAYER %s TURN 1 PASSWORD guess-%d\r\nA1 MOVE E10\r\n", from, i, i, player, i)
		name, err := md.Deliver([]byte(raw), fmt.Sprintf("m%02d", i))
		if err != nil {
			b.Fatal(err)
		}
		at := beforeTurn1.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(filepath.Join(md.Dir(), "new", name), at, at); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}
