// Package arikawaroutetest connects a bot's arikawa session, through
// package arikawaroute, to the emulator of package switchboardtest, so
// that a test serves the bot over the gateway with the library it runs
// on in production:
//
//	bot := switchboardtest.New(t, r, switchboardtest.OverGateway(arikawaroutetest.Connect()))
//
// arikawa builds the URL of every API request from variables of its
// package api, set once for the service; NewAPIClient points one client's
// requests at the emulator instead, leaving them as they are, so that
// tests that each start an emulator may run in parallel.
package arikawaroutetest
