// Package testcontainer runs the switchboard emulator in a container
// for Go tests, with testcontainers-go: for a test of a bot shipped as an
// image, or one that wants the emulator as CI runs it rather than in its
// own process (package switchboardtest runs it in the process).
//
// Run starts the image, exposes the emulator's port and waits until
// /_emulator/health answers; Credentials reads what a bot needs, with the
// base URL at the port the host maps. FromSource builds the image from a
// clone of the repository (cmd/emulator/Dockerfile), WithWellKnown gives
// the container the well-known credentials, WithControlHosts lets the
// control API answer under names of a Docker network, and WithSeed adds a
// seed file.
//
// It is a module of its own, so that a bot that never starts a container
// does not depend on testcontainers-go and the Docker client.
package testcontainer
