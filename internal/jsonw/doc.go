// Package jsonw appends JSON text to byte slices, for the encoders that
// write the common shapes by hand instead of through reflection.
package jsonw
