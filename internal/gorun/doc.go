// Package gorun builds the module's programs for the tests that run them
// as their users do, from a shell: with go run's build, which the go
// command keeps in its build cache. Whatever go build links it links
// again on every call; what go run links it links once, until the
// program's code changes, so that a test that runs the same programs on
// every run of the tests pays for their links on the first alone.
package gorun
