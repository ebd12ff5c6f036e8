package command

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Validate checks the commands of one scope, as the body of the scope's bulk
// overwrite, against every rule of the service that can be checked without
// asking it, and returns every violation at once, nil when there is none.
//
// The violations come in the order of the body: command by command, each
// from its top-level fields down through its options, then the rules of
// the scope. Each names the command it is in (Command), and its place runs
// from the command down, as users type it while its names read as words,
// then by label:
//
//	ping
//	mod ban › option "Reason"
//	mod user ban › option "days" › choice "Week"
//	mod › subcommand ""
//
// A rule of the scope names the scope, as in "global" or "guild 22", and
// no command. Pointers are into the body of the scope's bulk overwrite,
// such as "/3/options/0/options/1/name".
//
// Some rules depend on the application and cannot be checked here: the
// installation contexts it supports, whether it has an Activity (which
// handler needs), whether discovery is enabled (which forbids age-restricted
// commands), and how many creates the day has left.
//
// Violations are worded for the bot's developer, as in "name must be
// lowercase" or "description must be 1-100 characters, is 101".
func Validate(scope Scope, cmds []Command) rules.Violations {
	v := validator{scope: scope, path: make([]step, 0, 4)}
	for i := range cmds {
		v.command(cmds, i, i)
	}
	v.limits(cmds)
	return v.out
}

// Warnings returns what the service accepts in the commands of a scope, as
// the body of its bulk overwrite, but ignores: on guild commands, the
// fields that take effect only on global commands (dm_permission,
// integration_types, contexts), which some clients send on every command.
// A warning never stops a sync; it says that a field does not do what it
// seems to. Pointers are into the bulk body, as Validate's. Warnings are
// not violations: Validate does not return them.
func Warnings(scope Scope, cmds []Command) rules.Violations {
	if scope.IsGlobal() {
		return nil
	}
	v := validator{scope: scope}
	for i := range cmds {
		v.index, v.cmd = i, &cmds[i]
		v.globalOnly()
	}
	return v.out
}

// ValidateCommand checks one command as the body of a create request in
// scope. It checks what Validate checks of a single command; counting and
// uniqueness across the scope are left to Validate, since a create
// overwrites the command of the same name and type. Pointers are into the
// create body.
func ValidateCommand(scope Scope, cmd Command) rules.Violations {
	v := validator{scope: scope, path: make([]step, 0, 4)}
	v.command([]Command{cmd}, 0, -1)
	return v.out
}

// validator walks a request body and collects violations. It builds places
// and pointers only when it reports, so that a valid body costs no text.
type validator struct {
	scope Scope
	// index is the position of the command in the bulk body, -1 for a
	// create body.
	index int
	cmd   *Command
	path  []step
	out   rules.Violations
	// size is the size of the current CHAT_INPUT command so far, as
	// commandSize counts it.
	size int
	// names are the name lengths of the options array being checked.
	names nameLengths
}

// step is one level below the command: an option or a choice.
type step struct {
	field string // "options" or "choices"
	index int
	kind  string // "option", "subcommand", "group" or "choice"
	name  string
}

// at is a place inside the current object: one of its fields, and
// optionally a key or an element of that field. The zero at is the object
// itself.
type at struct {
	field string
	key   string
	index int
	elem  bool // index is set
}

func field(name string) at                { return at{field: name} }
func fieldKey(name, key string) at        { return at{field: name, key: key} }
func fieldElem(name string, index int) at { return at{field: name, index: index, elem: true} }

func (v *validator) push(s step) { v.path = append(v.path, s) }
func (v *validator) pop()        { v.path = v.path[:len(v.path)-1] }

// report records a violation at a of the current object.
func (v *validator) report(a at, code, msg string) {
	v.out = append(v.out, rules.Violation{
		Command: v.cmd.Name,
		Place:   v.place(),
		Pointer: v.pointer(a),
		Code:    code,
		Message: msg,
	})
}

// reportScope records a violation of a rule of the scope.
func (v *validator) reportScope(code, msg string) {
	v.out = append(v.out, rules.Violation{Place: v.scope.String(), Code: code, Message: msg})
}

// place writes the command path as users type it ("mod user ban") while
// its names read as words, then the options and choices below it by label:
// `mod user ban › option "days" › choice "Week"`. A subcommand or group
// whose name would not read as a word is labelled too.
func (v *validator) place() string {
	var b strings.Builder
	b.WriteString(commandPlace(v.cmd.Name))
	inPath := true
	for _, s := range v.path {
		if inPath && (s.kind == "subcommand" || s.kind == "group") && pathWord(s.name) {
			b.WriteByte(' ')
			b.WriteString(s.name)
			continue
		}
		inPath = false
		b.WriteString(" › ")
		b.WriteString(s.kind)
		b.WriteByte(' ')
		b.WriteString(strconv.Quote(s.name))
	}
	return b.String()
}

// pathWord reports whether a subcommand or group name can stand in a path
// without a label: a non-empty printable word.
func pathWord(name string) bool {
	if name == "" || !utf8.ValidString(name) || strings.Contains(name, "›") {
		return false
	}
	for _, r := range name {
		if !unicode.IsPrint(r) || unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

// commandPlace returns the command's name as the start of a place; a name
// that would not read as one is quoted.
func commandPlace(name string) string {
	if name == "" || !utf8.ValidString(name) || strings.Contains(name, "›") {
		return strconv.Quote(name)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return strconv.Quote(name)
		}
	}
	return name
}

func (v *validator) pointer(a at) string {
	var b strings.Builder
	if v.index >= 0 {
		b.WriteByte('/')
		b.WriteString(strconv.Itoa(v.index))
	}
	for _, s := range v.path {
		b.WriteByte('/')
		b.WriteString(s.field)
		b.WriteByte('/')
		b.WriteString(strconv.Itoa(s.index))
	}
	if a.field != "" {
		b.WriteByte('/')
		b.WriteString(a.field)
		switch {
		case a.key != "":
			b.WriteByte('/')
			writeToken(&b, a.key)
		case a.elem:
			b.WriteByte('/')
			b.WriteString(strconv.Itoa(a.index))
		}
	}
	return b.String()
}

// writeToken writes a reference token of a JSON pointer, escaped as RFC 6901
// says: "~" as "~0" and "/" as "~1".
func writeToken(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '~':
			b.WriteString("~0")
		case '/':
			b.WriteString("~1")
		default:
			b.WriteByte(s[i])
		}
	}
}

// optionKind is the word a place uses for an option of type t.
func optionKind(t interaction.OptionType) string {
	switch t {
	case interaction.OptionSubCommand:
		return "subcommand"
	case interaction.OptionSubCommandGroup:
		return "group"
	}
	return "option"
}
