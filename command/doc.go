// Package command describes application commands as the service takes them,
// and checks them against the service's rules before anything is sent.
//
// Command and Option are the bodies of the service's create and bulk
// overwrite endpoints, with Localizations for their names and descriptions
// and interaction.Choice for the fixed values of an option. Scope says where
// commands live: globally, or in one guild.
//
// Validate checks a scope's commands against every rule of the service that
// needs no question to it (names, lengths, counts, nesting, localizations,
// the 8000-character total, per-type fields and per-scope limits) and
// reports every violation at once, each with the command and option it is
// about, worded for the bot's developer. DiffFields names the fields in which a
// command read back from the service differs from a declared one, past the
// defaults the service fills in and the forms it writes values in.
//
// Permission and GuildPermissions are a guild's overwrites of who may use a
// command, as the REST client reads and edits them.
//
// The package is a leaf: it imports the wire types of interaction and the
// standard library, and links no HTTP.
package command
