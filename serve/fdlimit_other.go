//go:build !unix

package serve

// openFileLimit reports no limit where the system has none to read.
func openFileLimit() (int, bool) { return 0, false }
