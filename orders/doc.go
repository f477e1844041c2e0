// Package orders owns the order language and the intake of order mails
// (DESIGN.md, "orders/"): the plain-text orders a player writes, in English
// or Spanish keywords (docs/orders.md), parsed into a campaign.OrderSet with
// every problem placed on its line; the MIME side of a player's mail
// (go-message: multipart, HTML-only, .txt attachments, quoted-printable,
// base64, legacy charsets); the maildir intake; and sender authentication,
// with the last accepted set per player winning.
//
// It reads orders, it does not judge them: whether a move is legal for an
// army is campaign.Resolve's business (§4.1, D3). The standing
// INITIATIVE FIRST|LAST order of D5 is carried in OrderSet.Initiative.
//
// Messages here are English; each Problem carries a stable Code so that the
// reports layer can translate it.
package orders
