// Package siege owns what a siege needs before it is fought on the table
// (seeds 000, 001, 004; shared/rules/siege-rules.md, settled by DECISIONS.md
// D17–D20): the fortifications' capacity, the equipment budgets and the
// castle's material. It knows nothing of mail or PDF.
package siege
