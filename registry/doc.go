// Package registry describes what a bot registers with the command service
// and keeps it in sync: command scopes, and the permission overwrites a
// guild sets on commands.
package registry
