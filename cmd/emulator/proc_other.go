//go:build !unix

package main

import (
	"os"
	"os/exec"
	"syscall"
)

// shell runs the commands of -run and -sync, found in the PATH: a system
// without Unix's process groups has no /bin/sh either.
const shell = "sh"

// ownGroup does nothing where there are no process groups: the command's
// own process is all that is stopped.
func ownGroup(*exec.Cmd) {}

// signal kills p's process, whatever sig is: there is no SIGINT to send
// it.
func (p *process) signal(syscall.Signal) error {
	if !p.running() {
		return nil
	}
	return p.cmd.Process.Kill()
}

// running reports whether p's process is still running.
func (p *process) running() bool {
	select {
	case <-p.done:
		return false
	default:
		return true
	}
}

// interrupted reports whether the process ended on SIGINT, which is never
// sent where there is none.
func interrupted(*os.ProcessState) bool { return false }
