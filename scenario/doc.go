// Package scenario runs rule scenario files, in the manner of the
// Diplomacy adjudicator test cases (DATC): plain-text files each holding
// small cases — a map, the state before, the orders as players write them,
// battle results, scripted dice — and the state and event trace expected
// after campaign.Resolve plays the turn (docs/scenarios.md).
//
// It owns the scenario file format, a text syntax for campaign.State
// (players, squares, armies, fleets, battles) with its canonical printer,
// and a generic one-line rendering of campaign.Event that follows the
// event's fields, so new kinds and fields need no change here. Checks are
// written as D = base + Σ modifiers − (n−1) (§4.1, D1, D2).
//
// Dice are scripted (campaign.ScriptedDice): a case fails if its script
// runs out or is not used up.
//
// It is a harness, not domain: it reads a case's orders and results with
// the orders package, as players write them, so it lives outside
// campaign/, which imports nothing above it. The project's own cases are
// campaign/testdata/*.txt, the rules engine's; `turnproc scenario` runs
// any file.
package scenario
