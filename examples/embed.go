// Package examples bundles the example campaigns, so that `turnproc demo`
// runs on a machine with nothing but the binary.
package examples

import "embed"

// FS holds riverlands/: campaign.toml, map.txt and mail/turn-NNN/*.eml,
// the order mails the players send before each turn's deadline.
//
//go:embed riverlands
var FS embed.FS
