// Package events serves an application's webhook events URL: the
// requests the service POSTs when the application is installed or
// removed and when entitlements change, each signed as interactions are.
// An Endpoint verifies each request before reading anything else,
// answers at once as the service requires, and runs the handler
// registered for the event's type apart from the request, bounded in
// number and in time. Package event decodes what it receives; package
// serve serves it beside the interactions endpoint.
package events
