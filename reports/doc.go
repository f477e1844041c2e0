// Package reports turns a resolved campaign turn into what people keep and
// read: one PDF per player and a moderator's PDF (map, empire, every action
// with its dice, news), the mail that carries each player's PDF, and the
// acknowledgement that answers each order mail (orders as understood, their
// problems, and each command check's target and chance as if the player
// acted alone, threaded as a reply and marked auto-replied, RFC 3834).
//
// It reads the campaign state and event log and never changes them. All
// words come from package templates in the reader's language. Output is
// byte-reproducible: the same input gives the same PDF and .eml bytes, so
// the clock comes in as Turn.Generated, ReportMail.Date or Ack.Date and
// nothing is random (DESIGN.md: time and dice are injected). RenderAll
// renders a turn's reports on all the cores from one Prepared turn, which
// draws the map once for all of them: the same bytes as one by one.
//
// Rules shown in the reports: the command check D = base + modifiers −
// (n−1), pass iff 2D6 ≤ D (§4.1, D1, D2), exploration by Table 1 (D4), the
// turn order by 1D6 with re-rolled ties (D5), the calendar (§2); fleets,
// embarking and landing with the automatic port [A29] and the flat embark
// check [A25] (§4.2, D9); claims, pillage and its bonus [A40], improvement
// and building (§5, D10); reorganisation (D8); the season balance (D6, D7);
// and battles: each battle or siege to fight with its forces, roles,
// entry edges, arrival modifiers and combine checks (§6.3, D12, D13), how
// the moderator reports its result, and what the result did (D14, D15).
// Each siege gets a sheet to print for the table: the castle's material
// (D20), capacity and who deploys outside (D18), its plan and parts from
// package siege (§3), the ES scenario with a victory tally (siege rules
// §2.2, §2.4) and each side's equipment budget (D19, [A73]).
//
// The map, on the reports' map page and alone (RenderMapPDF, RenderMapPNG),
// has one painter: mapdraw.go draws it layer by layer through a pen and a
// scribe, in the PDF's or the PNG's sizes, with the one legend of
// legend.go; fragment.go is the pen that records the PDF map once per
// turn, raster.go the PNG's canvas, and mapimage.go lays out the map
// alone.
package reports
