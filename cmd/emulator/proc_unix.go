//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// shell runs the commands of -run and -sync.
const shell = "/bin/sh"

// ownGroup puts the command in a process group of its own, whose leader
// it is: go run, a shell script or a bot that starts helpers leaves a
// tree of processes, which stop together when the group is signalled.
// The group is also apart from the terminal's, so a Ctrl-C reaches the
// emulator alone, and the emulator stops the bot when it chooses: first.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// signal sends sig to every process of p's group. A group with no
// process left is no error.
func (p *process) signal(sig syscall.Signal) error {
	err := syscall.Kill(-p.pid, sig)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}

// running reports whether any process of p's group is still running.
func (p *process) running() bool {
	err := syscall.Kill(-p.pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// interrupted reports whether the process ended on SIGINT.
func interrupted(s *os.ProcessState) bool {
	ws, ok := s.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGINT
}
