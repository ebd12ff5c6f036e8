// Package registry describes the commands a bot registers with the command
// service and checks them before anything is sent.
//
// Command and Option are the bodies of the service's create and bulk
// overwrite endpoints. Validate checks a scope's commands against every rule
// of the service (names, lengths, counts, nesting, localizations, the
// 8000-character total, per-type fields and per-scope limits) and reports
// every violation at once with its place. Scope and Permission describe
// where commands live and who may use them.
package registry
