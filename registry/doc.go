// Package registry registers a bot's commands with the command service: as
// a step of each deploy, or as a bot with a single replica starts.
//
// For each scope it reads what the service holds, compares it with what the
// bot declares (with command.DiffFields, so that the defaults the service
// fills in are no change), and makes a Plan: what to create,
// update and delete, and whether one bulk overwrite or individual writes
// cost fewer requests; a bulk body that would pass MaxBulkBody is split.
// Apply carries the plans out through a rest.Client,
// deleting only what it was told to prune; Sync does both. RunSync is the
// same as a command line for a deploy step (-dry-run, -check, -prune,
// -guild, -json), which prints the plan before it writes; SyncAtStartup is
// the one call of a bot that registers as it starts.
package registry
