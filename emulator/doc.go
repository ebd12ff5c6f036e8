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
package emulator
