// Package testmain runs the tests of a package whose parallel tests wait
// more than they compute: on servers and processes of their own, on a
// bot's pauses, on timeouts. go test runs as many parallel tests at once
// as the machine has CPUs, which keeps the CPUs busy with tests that
// compute, and idle while tests that wait take their turns.
package testmain
