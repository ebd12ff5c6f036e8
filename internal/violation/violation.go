// Package violation defines the report of a broken rule of the service,
// which the validators of commands and of components both return: one
// type, so that a program handles them alike.
package violation

import "strings"

// Violation is one broken rule of the service.
type Violation struct {
	// Command is the name of the command the violation is in. It is empty
	// for a rule of a command scope that concerns several commands, and
	// for the components of a message or modal, which are in no command.
	Command string
	// Place says where the violation is for a person, from the top down,
	// levels separated by " › ", as in `mod ban › option "Reason"` or
	// `row 2 › button "Approve"`.
	Place string
	// Pointer is the JSON pointer (RFC 6901) to the value at fault in the
	// request body. It points at a field where one field is at fault, at
	// an object where the object as a whole is, and is "" for the whole
	// body.
	Pointer string
	// Code names the rule, in the service's own vocabulary where the
	// service's code for it is publicly known.
	Code string
	// Message says what is wrong and what the rule is.
	Message string
}

// Error returns the place and the message, as in
// `mod ban › option "Reason": name must be lowercase`.
func (v Violation) Error() string { return v.Place + ": " + v.Message }

// Violations are the rules a request body breaks, in the order of the
// body.
type Violations []Violation

// Error returns one violation per line.
func (vs Violations) Error() string {
	var b strings.Builder
	for i, v := range vs {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(v.Place)
		b.WriteString(": ")
		b.WriteString(v.Message)
	}
	return b.String()
}

// Err returns vs as an error, and nil when vs is empty. A nil Violations
// converted to error is not a nil error; Err is the safe conversion.
func (vs Violations) Err() error {
	if len(vs) == 0 {
		return nil
	}
	return vs
}

// Unwrap returns the violations one by one, so that errors.As finds a
// Violation in an error that wraps Violations.
func (vs Violations) Unwrap() []error {
	errs := make([]error, len(vs))
	for i, v := range vs {
		errs[i] = v
	}
	return errs
}
