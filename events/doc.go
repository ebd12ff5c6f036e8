// Package events serves an application's webhook events URL: the
// requests the service POSTs when the application is installed or
// removed and when entitlements change, each signed as interactions are.
// An Endpoint verifies each request before reading anything else,
// answers at once as the service requires, and runs the handler
// registered for the event's type apart from the request, bounded in
// number and in time. Package webhook decodes what it receives; package
// serve serves it beside the interactions endpoint.
//
// Like the interactions endpoint, an Endpoint logs a handler's error or
// panic, and an event it had to refuse, as JSON on standard error unless
// WithLogger gives it another logger; what goes well is logged at debug,
// which the default leaves out (see WithLogger).
package events
