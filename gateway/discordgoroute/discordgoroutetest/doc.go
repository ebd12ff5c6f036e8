// Package discordgoroutetest connects a bot's discordgo session to the
// test kit's emulator, so that the bot's tests drive it through
// discordgo's own gateway connection and the adapter of package
// discordgoroute, as it runs in production:
//
//	bot := switchboardtest.New(t, newRouter(), switchboardtest.OverGateway(discordgoroutetest.Connect(newSession)))
//	bot.Command("/hello").Shows("Hello, bob!")
//
// It links the emulator and package testing, through package
// switchboardtest: a bot imports it from its tests only.
package discordgoroutetest
