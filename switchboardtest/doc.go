// Package switchboardtest tests a bot the way its users meet it, in the
// spirit of net/http/httptest.
//
// New starts the embedded emulator (package emulator, the service
// itself), serves the bot's router to it as the service's interactions
// endpoint, and registers the router's commands; everything stops when
// the test ends. The Bot then uses commands as a user types them
// (Command), or as an emulator.Invocation says (Invoke), as any user, in
// any guild, channel or direct message, in any locale; UserCommand and
// MessageCommand use the context menus, and Autocomplete asks for
// suggestions.
//
// Each use returns an Exchange: the interaction sent, the bot's answer
// and the messages it made, read from the emulator as they stand (the
// answer, follow-ups, edits), typed. An Exchange presses the buttons of
// its messages (Click), chooses in their select menus (Choose) and
// submits the form its answer opened (Submit), each a new Exchange; Wait
// waits, within a deadline, for a deferred answer to be completed.
//
// A step that fails, an answer the service would refuse, or a check that
// does not hold (Shows) fails the test with the whole
// exchange written out: what was sent, what came back and when, every
// message and its history. The Try forms return the error instead, for
// tests of what a user may not do.
package switchboardtest
