// Package orders owns the order language and the intake of order mails
// (DESIGN.md, "orders/"): the plain-text orders a player writes, in English
// or Spanish keywords (docs/orders.md), parsed into a campaign.OrderSet with
// every problem placed on its line; the MIME side of a player's mail
// (go-message: multipart, HTML-only, .txt attachments, quoted-printable,
// base64, legacy charsets); the mailboxes (a maildir, and IMAP with go-imap
// v2) behind the Mailbox interface; and sender authentication (bcrypt
// passwords, From addresses), with the last set to arrive before the
// deadline winning and late mail kept but not applied.
//
// The language covers every campaign order: army moves (§4.1); fleet
// sailing, embarking and disembarking (§4.2, D9); claim, pillage and
// improve (§5.1); build (§5.2); merge, split and reorganise (§3.1, D8),
// which go to OrderSet.Reorganisations; and the season-balance muster
// orders RAISE, REINFORCE, DISBAND and REDUCE (D7), which go to
// OrderSet.Muster. The standing INITIATIVE FIRST|LAST order of D5 is
// carried in OrderSet.Initiative. EQUIP lines declare siege equipment
// (Sheet.Equipment, D19) and the moderator's RESULT lines enter battle
// results (Sheet.Results, D14).
//
// It reads orders, it does not judge them: whether an order is legal for
// its unit or its turn is campaign.Resolve's business (§4.1, D3, D7). The
// parser checks only what the text alone can tell: words in their place,
// squares on the map, point values that are army sizes (§3.1).
//
// Messages here are English; each Problem carries a stable Code so that the
// reports layer can translate it.
package orders
