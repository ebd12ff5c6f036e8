// Package switchboardtest tests a bot the way its users meet it, in the
// spirit of net/http/httptest.
//
// New starts the embedded emulator (package emulator, the service
// itself), serves the bot's router to it as the service's interactions
// endpoint, and registers the router's commands; everything stops when
// the test ends. A bot whose router is built with a REST client of the
// service, or its application's id, is built by NewFunc once the
// emulator runs; a bot served on net/http among routes and middleware
// of its own is served through them (WithRoutes). The Bot then uses
// commands as a user types them (Command), or as an emulator.Invocation
// says (Invoke), as any user, in any guild, channel or direct message,
// in any locale; UserCommand and MessageCommand use the context menus,
// Launch the entry point, and Autocomplete asks for suggestions.
//
// What the bot does through the API beyond its answers, the test reads
// from the emulator as it stands, typed: a guild's members with their
// roles and timeouts (Members, Membership, Roles, TimedOut), its bans
// (Bans, Banned), the messages of a channel or of a user's direct
// messages with the bot (Messages, DMs), and the whole guild (GuildNow).
// WaitMessages and WaitDMs wait for what the bot posts in its own time,
// such as a reminder; Post has a user post something for the bot to act
// on. The rest, the test reads or changes through the Bot's Client.
//
// Each use returns an Exchange: the interaction sent, the bot's answer
// and the messages it made, read from the emulator as they stand (the
// answer, follow-ups, edits), typed. An Exchange presses the buttons of
// its messages (Click), chooses in their select menus (Choose) and
// submits the form its answer opened (Submit), each a new Exchange; Wait
// waits, within a deadline, for a deferred answer to be completed, and
// WaitFollowups and WaitChanges for the work that follows it.
//
// The endpoint defers a handler still running 2.5 seconds into the
// service's 3-second window, as in production; WithResponseWindow
// shortens the window, and the endpoint's deadline and answer margin
// with it, so that a test of an answer the endpoint defers runs in a
// fraction of a second through the same deadline logic.
//
// A bot that receives its interactions on the service's gateway is served
// OverGateway: the emulator sends it each interaction as INTERACTION_CREATE
// on its gateway connection, the kit's own or the bot's gateway library's,
// and its endpoint (endpoint.NewGateway) answers through the callback
// endpoint; every use and check works as for a bot on HTTP.
//
// Several bots share one emulator as they share a guild on the service:
// WithApplications gives New the applications beside the first, and
// Another (or AnotherFunc) serves a router as each, a Bot of its own. A
// Bot's Command and Invoke use its own commands, whatever the others
// have of the same name; what one bot posts, the others read through
// the API and WaitMessages sees, as a bot reacting to another's
// messages would. Their users' direct messages are one channel whatever
// the bot, and their webhook events wait in one queue.
//
// A bot that hears webhook events serves its events endpoint to the
// emulator too (ServeEvents); WaitEvents waits until what the emulator's
// users did has reached its handlers.
//
// A step that fails, an answer the service would refuse, or a check that
// does not hold (Shows) fails the test with the whole
// exchange written out: what was sent, what came back and when, every
// message and its history, and what the bot logged of it at warn or
// above, such as the error behind the apology a failing handler's user
// reads. The Try forms return the error instead, for tests of what a user
// may not do.
//
// The bot's log goes into the test's log (Bot.Logger), which go test
// prints when the test fails or with -v, from level info up as the
// endpoint's default on standard error does. A logger the bot's router
// was given (router.WithLogger) wins, as does one given to its endpoint
// with WithEndpoint: WithEndpoint(endpoint.WithLogger(zerolog.Nop()))
// silences the bot, and a logger at debug level on the test's writer
// shows every request.
package switchboardtest
