// Package config owns the campaign config file (campaign.toml): it decodes
// the TOML, applies the defaults the rules decisions name (D1
// rules.blunder_on_12, D3 map.adjacency, D5 initiative, D17
// siege.damage_model), validates every value and reports each problem with
// file:line:col, the key path (players[2].language, 1-based) and a hint.
//
// Alliances are declared here and are mutual (D11). Passwords never live in
// the file: a Secret names an environment variable or a file, and is read
// only when the intake or delivery kind that needs it is selected.
//
// The package reads no clock; it only reads files through Load and
// Secret.Resolve.
package config
