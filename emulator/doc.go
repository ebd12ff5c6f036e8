// Package emulator is a local implementation of the application command
// service: its command, permission, OAuth2 and user endpoints with their
// rules, limits, statuses and error bodies, and the client's part of
// invoking a bot's commands by sending it signed interactions.
//
// A Server runs in the process, in the spirit of net/http/httptest: New
// starts one on a loopback port with an application, a bot token, client
// credentials, a guild where the application is installed, and users to
// invoke commands as. Everything lives in memory; requests are safe to make
// concurrently, and a refused request changes nothing.
//
// Invoke and Autocomplete play a user: they check the input as the client
// does, evaluate the command's permissions, send the bot a signed
// interaction and check its answer; the callback and follow-up endpoints
// take the rest of the conversation. InjectFault makes routes answer 429,
// 5xx, slowly or not at all, for testing clients. The same controls are
// served over HTTP under /_emulator/ (see controlRoutes).
package emulator
