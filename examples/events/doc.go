// Events is a bot that serves only webhook events: it keeps a directory
// of where the application is installed, built from the events the
// service sends, welcomes whoever installs it, forgets what it kept of a
// user who removes it, and records the entitlements users buy.
//
//	go run ./examples/events
//	go run ./examples/events -addr 127.0.0.1:8080 -public-key <hex>
//
// The first runs it on the embedded emulator of the service: the
// emulator checks the bot's webhook events URL as the service does, then
// its users add the app to a server and to an account, buy SKUs and
// remove the app, and the emulator delivers the events of each. The
// second serves it for a real application, whose webhook events URL is
// then ADDR/events. Each change to the directory is printed as a line of
// its journal, and the directory when the bot stops.
//
// The service retries a delivery it had no answer to and sends events in
// no promised order, so the directory applies an event once, by the
// thing it is about, and never lets an older event undo a newer one.
package main
