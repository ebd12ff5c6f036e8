package registry

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Strategy is how a plan is applied.
type Strategy string

// Strategies.
const (
	// StrategyNone sends nothing: the service holds what is declared.
	StrategyNone Strategy = "none"
	// StrategyIndividual sends one request per change: DELETE, PATCH
	// and POST, in that order.
	StrategyIndividual Strategy = "individual"
	// StrategyBulk sends one bulk overwrite (PUT) with every declared
	// command of the scope.
	StrategyBulk Strategy = "bulk"
)

// Update is a command the service holds in a form other than the declared
// one.
type Update struct {
	// ID is the command's id on the service.
	ID   interaction.Snowflake
	Type interaction.CommandType
	Name string
	// Fields are the JSON names of the fields that differ, as
	// EditCommand takes them.
	Fields []string
	// Command is the declared command.
	Command command.Command
}

// Plan is what syncing one scope takes: the changes that bring the
// service's commands to the declared ones, and how to send them.
type Plan struct {
	Scope command.Scope
	// Creates are declared commands the service does not hold.
	Creates []command.Command
	// Updates are commands the service holds differently.
	Updates []Update
	// Deletes are commands the service holds that are not declared; they
	// are deleted only when pruning is on, and are Unknown otherwise.
	Deletes []command.Command
	// Unknown are commands the service holds that are not declared and
	// that are left alone, since pruning is off.
	Unknown []command.Command
	// Unchanged are declared commands the service already holds as
	// declared.
	Unchanged []command.Command
	// Strategy is how the changes are sent.
	Strategy Strategy
	// Overflow are declared commands left out of a bulk overwrite's body,
	// which with them would pass MaxBulkBody, and created one request
	// each once the overwrite is done. They are among Creates.
	Overflow []command.Command
	// Warnings are what the service will accept in the declared commands
	// but ignore (see Warnings); they do not stop the plan.
	Warnings rules.Violations
	// Err, when set, is why the plan is not applied: the service's
	// commands could not be read, or the plan is refused, as a
	// *RefusedError. Nothing is sent for such a scope.
	Err error
}

// Writes returns how many requests applying the plan sends.
func (p Plan) Writes() int {
	switch p.Strategy {
	case StrategyBulk:
		return 1 + len(p.Overflow)
	case StrategyIndividual:
		return p.changes()
	}
	return 0
}

// Drift reports whether the service's commands differ from the declared
// ones in a way the plan would change, or the plan cannot be made or
// applied. Unknown commands, left alone by design, are not drift.
func (p Plan) Drift() bool { return p.changes() > 0 || p.Err != nil }

// changes counts the commands applying the plan changes.
func (p Plan) changes() int { return len(p.Creates) + len(p.Updates) + len(p.Deletes) }

// RefusedError says why a plan is not applied although the service's
// commands were read: the declared commands break the service's rules, or
// the scope would pass a limit.
type RefusedError struct {
	Scope command.Scope
	// Reason says why, for a person.
	Reason string
	// Violations are the broken rules when the declared commands are
	// invalid.
	Violations rules.Violations
}

// Error returns the scope and the reason, then the violations, one per
// line.
func (e *RefusedError) Error() string {
	s := "registry: sync of " + e.Scope.String() + " refused: " + e.Reason
	if len(e.Violations) > 0 {
		s += ":\n" + e.Violations.Error()
	}
	return s
}

// Unwrap returns the violations, so that errors.As finds a Violation.
func (e *RefusedError) Unwrap() error { return e.Violations.Err() }

// commandKey identifies a command within a scope: names are unique per
// type.
type commandKey struct {
	t    interaction.CommandType
	name string
}

func keyOf(c *command.Command) commandKey { return commandKey{c.CommandType(), c.Name} }

// PlanScope compares the commands a scope holds, current (as ListCommands
// returns them, with localizations), with the declared ones, desired, and
// returns the plan that brings the first to the second. Commands match by
// type and name, and compare by command.DiffFields. A command held but not
// declared is to be deleted with prune, and is Unknown, never touched,
// without.
//
// The plan is refused (Err is a *RefusedError) when the declared commands
// fail Validate, when the scope would end up holding more commands of a
// type than the service allows, or when it would create more commands than
// a day allows. What Warnings finds in the declared commands is in
// Warnings, whether or not the plan is refused. PlanScope sends nothing.
func PlanScope(current, desired []command.Command, scope command.Scope, prune bool) Plan {
	p := Plan{Scope: scope}
	held := make(map[commandKey]*command.Command, len(current))
	for i := range current {
		held[keyOf(&current[i])] = &current[i]
	}
	declared := make(map[commandKey]bool, len(desired))
	for _, d := range desired {
		k := keyOf(&d)
		declared[k] = true
		c, ok := held[k]
		if !ok {
			p.Creates = append(p.Creates, d)
			continue
		}
		if fields := command.DiffFields(scope, *c, d); len(fields) > 0 {
			p.Updates = append(p.Updates, Update{ID: c.ID, Type: k.t, Name: d.Name, Fields: fields, Command: d})
		} else {
			p.Unchanged = append(p.Unchanged, d)
		}
	}
	for _, c := range current {
		if declared[keyOf(&c)] {
			continue
		}
		if prune {
			p.Deletes = append(p.Deletes, c)
		} else {
			p.Unknown = append(p.Unknown, c)
		}
	}
	p.Strategy = p.cheapest(true)
	if p.Strategy == StrategyBulk {
		p.fitBulkBody()
	}
	p.Warnings = command.Warnings(scope, desired)
	if vs := command.Validate(scope, desired); len(vs) > 0 {
		p.Err = &RefusedError{Scope: scope, Reason: "the declared commands break the service's rules", Violations: vs}
	} else if reason := p.overLimit(desired); reason != "" {
		p.Err = &RefusedError{Scope: scope, Reason: reason}
	}
	return p
}

// cheapest returns the strategy that sends the fewest requests. A bulk
// overwrite replaces every change with one request, but it deletes every
// command not in its body, so it is used only when every command the
// service holds that is not declared is to be deleted anyway; and the
// service refuses to delete the entry point command in bulk.
func (p Plan) cheapest(bulk bool) Strategy {
	n := p.changes()
	switch {
	case n == 0:
		return StrategyNone
	case n == 1 || !bulk || len(p.Unknown) > 0:
		return StrategyIndividual
	}
	for i := range p.Deletes {
		if p.Deletes[i].CommandType() == interaction.CommandPrimaryEntryPoint {
			return StrategyIndividual
		}
	}
	return StrategyBulk
}

// MaxBulkBody bounds the body of a bulk overwrite, in bytes of JSON. The
// specification gives no bound; the emulator refuses a larger JSON body
// with 413 and code 40005, as the service does a body over its own, and
// 8 MiB is far beyond what a scope's commands take unless most carry many
// localizations.
const MaxBulkBody = 8 << 20

// fitBulkBody keeps a bulk overwrite's body within MaxBulkBody: the
// commands the service keeps (unchanged and updated) go in it, and as many
// new ones as fit, in their declared order; the others are created one
// request each after it (Overflow). Where the kept commands alone pass the
// bound, or the split would send as many requests as individual writes,
// every change is sent on its own.
func (p *Plan) fitBulkBody() {
	base := 1 // "[" and "]", less the first element's comma
	for i := range p.Unchanged {
		base += encodedSize(&p.Unchanged[i]) + 1
	}
	for i := range p.Updates {
		base += encodedSize(&p.Updates[i].Command) + 1
	}
	if base > MaxBulkBody {
		p.Strategy = StrategyIndividual
		return
	}
	size, fits := base, len(p.Creates)
	for i := range p.Creates {
		if size += encodedSize(&p.Creates[i]) + 1; size > MaxBulkBody {
			fits = i
			break
		}
	}
	overflow := p.Creates[fits:]
	switch {
	case len(overflow) == 0:
	case 1+len(overflow) >= p.changes():
		p.Strategy = StrategyIndividual
	default:
		p.Overflow = overflow
	}
}

// encodedSize returns the length of c's JSON as the REST client sends it.
func encodedSize(c *command.Command) int {
	b, err := json.Marshal(c)
	if err != nil {
		return MaxBulkBody + 1 // the client cannot send it either
	}
	return len(b)
}

// commandTypes are the types of command a scope counts against its limits.
var commandTypes = [...]interaction.CommandType{
	interaction.CommandChatInput, interaction.CommandUser, interaction.CommandMessage, interaction.CommandPrimaryEntryPoint,
}

// overLimit says how the scope would pass a limit of the service once the
// plan is applied, "" when it would not. Validate has checked the declared
// commands alone; what it cannot know is the unknown commands that stay
// beside them, and how many commands are new.
func (p Plan) overLimit(desired []command.Command) string {
	var reasons []string
	for _, t := range commandTypes {
		if t == interaction.CommandPrimaryEntryPoint && !p.Scope.IsGlobal() {
			continue // each such command is a violation of its own
		}
		limit := command.MaxCommands(p.Scope, t)
		declared, kept := 0, 0
		for i := range desired {
			if desired[i].CommandType() == t {
				declared++
			}
		}
		for i := range p.Unknown {
			if p.Unknown[i].CommandType() == t {
				kept++
			}
		}
		if declared+kept > limit {
			reasons = append(reasons, "it would hold "+strconv.Itoa(declared+kept)+" "+t.String()+
				" commands, more than the "+strconv.Itoa(limit)+" allowed: "+strconv.Itoa(declared)+" declared and "+
				strconv.Itoa(kept)+" not declared but kept, since pruning is off")
		}
	}
	if n := len(p.Creates); n > command.DailyCreates {
		reasons = append(reasons, "it would create "+strconv.Itoa(n)+" commands, more than the "+
			strconv.Itoa(command.DailyCreates)+" a scope may create in a day")
	}
	return strings.Join(reasons, "; ")
}
