// Package disgoroutetest connects a bot's disgo client, through package
// disgoroute, to the emulator of package switchboardtest, so that a test
// serves the bot over the gateway with the library it runs on in
// production:
//
//	bot := switchboardtest.New(t, r, switchboardtest.OverGateway(disgoroutetest.Connect()))
//
// disgo v0.19.6's gateway races with itself when it closes a
// connection, to reconnect or to stop: the race detector reports it in
// every test that connects a client, which therefore runs without -race.
package disgoroutetest
