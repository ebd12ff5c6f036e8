// Package option reads the options a user gave to a command, by name and by
// type.
//
// Values holds the options of the invoked leaf: the command itself, or the
// subcommand at the end of its path. Its accessors answer (value, ok) for
// options that may be absent; Get returns a Value whose accessors say why an
// option cannot be read with a typed *Error. Neither ever panics, and reading
// a string, number or boolean allocates nothing.
package option
