package gorun

import (
	"context"
	"os/exec"
)

// Command returns the go command that builds the main package pkg as go
// run does, with the build flags flags (such as -tags), and copies its
// executable to path: cp is the program go run runs it with. The caller
// sets the command's Dir and Env as the build needs them. The executable
// is linked without its symbol table and debugging information, which a
// program that a test runs and no one debugs does without, and which are
// a third of its link.
func Command(ctx context.Context, pkg, path string, flags ...string) *exec.Cmd {
	args := append([]string{"run", "-ldflags=-s -w"}, flags...)
	args = append(args, "-exec", "cp", pkg, path)
	return exec.CommandContext(ctx, "go", args...)
}
