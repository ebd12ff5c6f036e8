// Package endpointtest holds what the tests of the interactions endpoint,
// the webhook events endpoint, the server of both, the router beneath them
// and the packages around them share, so that each is written once:
//
//   - routers built for a test (Build, Reply, Dispatch) and a bot with a
//     command for each way a handler ends (Bot);
//   - a stand-in for the service's webhook endpoints, where the answers
//     completed after a deferral go (Webhooks), on a loopback port
//     (NewWebhooks) or in memory, for a test in a synctest bubble
//     (NewWebhooksInMemory), and a client of any handler in memory
//     (ClientInMemory);
//   - requests signed as the service signs them (Signed, Signature),
//     served in memory through each of an endpoint's front ends
//     (FrontEnds), or sent over HTTP (Send) to a server started on a
//     loopback port (Start);
//   - webhook event bodies (EventBody, PingBody), and an events endpoint
//     (NewEvents) whose handlers record what they saw (EventBot, Recorder);
//   - a log the test reads while goroutines write it (LogBuffer), and its
//     JSON lines (LogLines);
//   - the loop of a benchmark of a fasthttp handler (Loop, Status), and
//     the body it is measured on (ModBan).
//
// Every function that can fail takes the test's testing.TB and ends the
// test with what went wrong.
//
// Only tests import this package, and only tests in an external package
// (package foo_test): it imports endpoint, webhook, serve, router and
// what they import, so a test compiled into one of those packages would
// make an import cycle.
package endpointtest
