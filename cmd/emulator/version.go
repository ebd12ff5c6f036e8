package main

import "runtime/debug"

// version is the release the binary was built as, which the release
// builds and the image's set at link time (-ldflags "-X main.version=v1.2.3")
// and nothing changes afterwards; "" leaves it to the build's own record.
var version string

// versionOf returns the binary's version: the one set at link time, or
// the module's as the go command recorded it (go install ...@v1.2.3), or
// "(devel)".
func versionOf() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}
