// Package dockerfile reads the module's Dockerfiles into their stages and
// instructions, for the tests that check them where no Docker engine
// runs. It knows comments and line continuations, which is all the
// module's Dockerfiles use: no heredocs, no escape directive.
package dockerfile
