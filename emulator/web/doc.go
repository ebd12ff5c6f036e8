// Package web serves the playground of an emulator to a browser: a page
// where a person uses a bot's commands as its users will, and the JSON
// API it is built on.
//
// The page is a channel and its message box: "/" lists the commands the
// chosen user can use there, in their language, lays out a command's
// options as labelled inputs and asks the bot for suggestions as the user
// types, as the service's client does; the bot's answers arrive as they are
// made, with their embeds, files, polls, components and modals, used from
// there, and so does what the bot does through the service's API: the
// messages it posts, in threads and direct messages too, reactions, which
// the user presses, the threads it starts, the members it times out and
// the users it bans. A side panel chooses the user, the guild or direct messages, the
// channel, the locale and the member's roles, and shows the raw
// interaction and answer. The page is a few files embedded in the program,
// written without a framework, and requests nothing from elsewhere. It is
// built to be used without seeing it, which is also how it is tested: each
// part has an accessible name, and those names are a contract.
//
// A Handler serves one *emulator.Server; Listen serves it on a port of its
// own, by default a free one of 127.0.0.1. It trusts whoever reaches it,
// as the emulator's control API does, and so answers only requests that
// name an IP address or localhost as their Host and come from its own page.
//
// docs/playground.md describes the page, its accessible names, and the
// JSON API under /api/ that the page is built on, route by route.
package web
