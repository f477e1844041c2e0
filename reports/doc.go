// Package reports turns a resolved campaign turn into what people keep and
// read: one PDF per player and a moderator's PDF (map, empire, every action
// with its dice, news), and the mail that carries each player's PDF.
//
// It reads the campaign state and event log and never changes them. All
// words come from package templates in the reader's language. Output is
// byte-reproducible: the same Turn gives the same PDF and .eml bytes, so the
// clock comes in as Turn.Generated / ReportMail.Date and nothing is random
// (DESIGN.md: time and dice are injected).
//
// Rules shown in the reports: the command check D = base + modifiers −
// (n−1), pass iff 2D6 ≤ D (§4.1, D1, D2), exploration by Table 1 (D4), the
// turn order by 1D6 with re-rolled ties (D5), the calendar (§2).
package reports
