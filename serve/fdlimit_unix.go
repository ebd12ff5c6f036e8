//go:build unix

package serve

import "syscall"

// openFileLimit returns the process's limit on open file descriptors.
// Go raises the soft limit to the hard one as a program starts, so this is
// the limit the server actually meets.
func openFileLimit() (int, bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Cur == 0 {
		return 0, false
	}
	return int(min(uint64(rl.Cur), 1<<30)), true
}
