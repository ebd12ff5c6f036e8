// Release builds the emulator's release archives from the checked-in
// configuration release/targets, run from the module's root:
//
//	go run ./internal/release -version v0.1.0 [-out dist] [-targets linux/amd64,...]
//
// Each target's binary is built without cgo, with -trimpath and
// -buildvcs=false, so that it depends on the sources and the toolchain
// alone, and is put with the configuration's files in a tar.gz or zip
// archive whose entries have fixed times, owners and modes: a build of
// the same sources with the same Go release gives the same bytes. The
// time is SOURCE_DATE_EPOCH's, in seconds, when it is set, and otherwise
// 2000-01-01 UTC. A SHA256SUMS file lists the archives made. The
// configuration's format is described in release/targets itself.
package main
