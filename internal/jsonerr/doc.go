// Package jsonerr describes why JSON does not decode with goccy/go-json's
// v2 API, in words safe to show whoever sent it: the JSON pointer of the
// value at fault, as in "/data/options/0/value", as far as it goes through
// Go fields, and what is wrong with it, as in "expected a string, got a
// number". The decoder's own messages may quote the input, which can hold
// a secret such as an interaction's token, so only their structure is
// used.
//
// The packages that decode what the service sends wrap a Problem in their
// own error types; what differs between them, such as how they name a
// timestamp or which of their types hold raw JSON, is a Describer's fields.
package jsonerr
