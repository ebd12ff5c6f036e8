package rules

import "strings"

// Violation is one broken rule of the service. Its Error method returns
// the place and the message, as in
// `mod ban › option "Reason": name must be lowercase`.
type Violation struct {
	// Command is the name of the command the violation is in. It is empty
	// for a rule of a command scope that concerns several commands, and
	// for messages, modals and answers, which are in no command.
	Command string
	// Place says where the violation is for a person, from the top down,
	// levels separated by " › ":
	//
	//	mod ban › option "Reason"
	//	mod user ban › option "days" › choice "Week"
	//	row 2 › button "Approve"
	//	label "Reason" › text input "reason"
	//
	// Commands, options and choices are named by their names, components
	// by their label or custom_id where they have one and by their
	// position (counting from 1) where they do not. A rule of a whole
	// scope names the scope ("global", "guild 22"), one of a whole
	// message or modal says "message" or "modal". Each validator says
	// what its places start with.
	Place string
	// Pointer is the JSON pointer (RFC 6901) to the value at fault in the
	// request body, such as "/options/0/options/1/name". It points at a
	// field where one field is at fault (even one left out, which the body
	// does not hold), at an object or a list where the object or the list
	// as a whole is, and is "" for the whole body. The service's errors
	// tree of a 50035 answer has the same path: its keys are the
	// pointer's tokens.
	Pointer string
	// Code names the rule: one of the constants of this package, the
	// service's own code where it is public.
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
