// Package rules is the vocabulary in which switchboard reports a broken
// rule of the service: Violation, one broken rule, named by a place a
// person reads and a JSON pointer into the request body; Violations, the
// list a validator returns; and the codes of the rules, the service's own
// where it has made them public.
//
// The validators of package command (command definitions), component
// (messages and modals) and answer (answers to interactions) report
// Violations, and so do the REST client for the errors tree of a 50035
// answer and the emulator when it refuses a body: a program handles them
// all alike, and tests a code against one constant of this package.
//
// The package holds no rule itself, and imports nothing but the standard
// library.
package rules
