// Package templates owns every word turnproc says to players and the
// moderator, per language (en, es): the subject and body of the turn-report
// mail and of the acknowledgement of an order mail (with a sentence per
// order-parser problem code, orders/parse.go), every fixed string of the
// PDF reports (titles, table headers, map legend, the siege sheet) and one
// sentence per campaign event kind, problem code and command-check
// modifier reason (campaign/event.go, check.go, order_move.go).
//
// It holds no logic: the texts are text/template files embedded in the
// binary, one {{define}} per name, and the caller passes ready-made values
// (numbers, already translated words, formatted dates). Both languages must
// define exactly the same names; the tests enforce it. Spanish texts are
// written for players from Spain.
package templates
