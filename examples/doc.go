// Package examples holds runnable bots, one a directory, each showing one
// capability of switchboard and each with a test that runs it.
package examples
