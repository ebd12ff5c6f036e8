// Package gatewayclient is a small client of the service's gateway: it
// connects, identifies, heartbeats, resumes a session whose connection
// dropped, and hands each dispatch to a function. The test kit receives
// a router's interactions through it from the emulator's gateway, as a
// bot on the gateway does; a bot in production uses the gateway library
// it keeps its connection with, through an adapter.
package gatewayclient
