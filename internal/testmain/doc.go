// Package testmain is what the TestMain functions of this module share.
//
// Every package's TestMain ends its test binary with Exit, which spares
// each binary the race detector's second-long wait at exit when there
// is nothing left to race; a module of about eighty test binaries run
// two at a time spends that wait as some forty seconds of every
// go test -race ./... otherwise.
//
// Waiting runs the tests of a package whose parallel tests wait more
// than they compute: on the go command and on processes of their own.
// go test runs as many parallel tests at once as the machine has CPUs,
// which keeps the CPUs busy with tests that compute, and idle while
// tests that wait take their turns. Only a package whose tests hold no
// window of the real clock uses it: four tests a CPU at once make how
// long each takes depend on the machine's load, which a timeout of
// minutes absorbs and a window of seconds does not.
package testmain
