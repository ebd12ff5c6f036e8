// Package registry registers a bot's commands with the command service: it
// describes them, checks them against the service's rules before anything
// is sent, talks to the service's REST API, and brings what the service
// holds in line with what the bot declares on each deploy.
//
// Command and Option are the bodies of the service's create and bulk
// overwrite endpoints. Validate checks a scope's commands against every rule
// of the service (names, lengths, counts, nesting, localizations, the
// 8000-character total, per-type fields and per-scope limits) and reports
// every violation at once with its place. Scope and Permission describe
// where commands live and who may use them, and Evaluate answers whether a
// member may use a command in a channel.
//
// Client talks to the service: every command, permission, user and OAuth2
// endpoint, with bot, client-credentials or user tokens, per-bucket rate
// limits, retries of 5xx and dropped connections, and errors decoded into
// values, an invalid body's errors mapped back to the commands sent.
//
// Sync registers a bot's commands on deploy: per scope it reads what the
// service has, compares it with what the bot declares (after normalizing
// the defaults the service fills in), shows the plan, and applies it with
// the fewest writes, deleting only when told to. RunSync is the same as a
// command line (-dry-run, -check, -prune, -guild, -json) for a deploy step.
package registry
