// Package jsonscan walks JSON text without decoding it: it finds where a value
// ends and iterates the members of an object, so that a large document can be
// kept as bytes and only the parts a caller reads are decoded.
//
// It never allocates and never panics on malformed input; it reports it.
package jsonscan
