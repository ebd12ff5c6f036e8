// Package option declares the options of a command and reads the values a
// user gave them, by name and by type.
//
// String, Integer, User and the other builders declare one option each, for
// router.Options; a Struct declares them from the tagged fields of a struct
// and binds what the user gave into it. Values holds the options of the
// invoked leaf: the command itself, or the subcommand at the end of its
// path. Its accessors answer (value, ok) for options that may be absent; Get
// returns a Value whose accessors say why an option cannot be read with a
// typed *Error. Neither ever panics, and reading a string, number or boolean
// allocates nothing.
package option
