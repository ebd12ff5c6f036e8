package registry

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Table returns the plan for a person: a summary line, then one line per
// command that is created (+), updated (~, with the fields that differ),
// deleted (-) or left alone although not declared (?). Unchanged commands
// are counted, not listed, so that a large scope in sync reads as one line.
// Why a plan is not applied follows the summary, marked "!", then each
// warning, marked "warning:".
func (p Plan) Table() string {
	var b strings.Builder
	b.WriteString(p.Scope.String())
	b.WriteString(": ")
	b.WriteString(p.summary())
	b.WriteByte('\n')
	if p.Err != nil {
		for _, line := range strings.Split(p.Err.Error(), "\n") {
			b.WriteString("  ! ")
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	for _, w := range p.Warnings {
		b.WriteString("  warning: ")
		b.WriteString(w.Error())
		b.WriteByte('\n')
	}
	var rows strings.Builder
	w := tabwriter.NewWriter(&rows, 0, 4, 2, ' ', 0)
	row := func(mark string, t interaction.CommandType, name, note string) {
		w.Write([]byte("  " + mark + " " + t.String() + "\t" + name + "\t" + note + "\n"))
	}
	for i := range p.Deletes {
		row("-", p.Deletes[i].CommandType(), p.Deletes[i].Name, "")
	}
	for _, u := range p.Updates {
		row("~", u.Type, u.Name, strings.Join(u.Fields, ", "))
	}
	for i := range p.Creates {
		row("+", p.Creates[i].CommandType(), p.Creates[i].Name, "")
	}
	for i := range p.Unknown {
		row("?", p.Unknown[i].CommandType(), p.Unknown[i].Name, "not declared; kept, since pruning is off")
	}
	w.Flush()
	// The padding of an empty last column would end lines in spaces.
	for _, line := range strings.SplitAfter(rows.String(), "\n") {
		if line != "" {
			b.WriteString(strings.TrimRight(line, " \n"))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// summary counts the plan's changes and says what applying it sends.
func (p Plan) summary() string {
	var refused *RefusedError
	if p.Err != nil && !errors.As(p.Err, &refused) {
		// The service's commands could not be read: there is no plan,
		// only the reason below.
		return "could not read the service's commands; nothing sent"
	}
	var parts []string
	add := func(n int, what string) {
		if n > 0 {
			parts = append(parts, strconv.Itoa(n)+" "+what)
		}
	}
	add(len(p.Creates), "to create")
	add(len(p.Updates), "to update")
	add(len(p.Deletes), "to delete")
	add(len(p.Unknown), "not declared")
	add(len(p.Unchanged), "unchanged")
	if len(parts) == 0 {
		parts = append(parts, "no commands")
	}
	s := strings.Join(parts, ", ")
	switch {
	case p.Err != nil:
		return s + "; not applied"
	case p.Strategy == StrategyBulk && len(p.Overflow) > 0:
		return s + "; " + strconv.Itoa(p.Writes()) + " requests (a bulk overwrite, then " + strconv.Itoa(len(p.Overflow)) +
			" creates that would take its body past " + strconv.Itoa(MaxBulkBody>>20) + " MiB)"
	case p.Strategy == StrategyBulk:
		return s + "; 1 request (bulk overwrite)"
	case p.Strategy == StrategyIndividual:
		n := p.Writes()
		if n == 1 {
			return s + "; 1 request"
		}
		return s + "; " + strconv.Itoa(n) + " requests"
	}
	return s + "; nothing to send"
}

// planJSON is the form of a plan for a program.
type planJSON struct {
	Scope      string        `json:"scope"`
	GuildID    string        `json:"guild_id,omitempty"`
	Creates    []commandRef  `json:"creates"`
	Updates    []commandRef  `json:"updates"`
	Deletes    []commandRef  `json:"deletes"`
	Unknown    []commandRef  `json:"unknown"`
	Unchanged  int           `json:"unchanged"`
	Strategy   Strategy      `json:"strategy"`
	Overflow   []commandRef  `json:"overflow,omitempty"`
	Writes     int           `json:"writes"`
	Drift      bool          `json:"drift"`
	Error      string        `json:"error,omitempty"`
	Violations []violationJS `json:"violations,omitempty"`
	Warnings   []violationJS `json:"warnings,omitempty"`
}

// commandRef names a command; names alone are ambiguous, since commands of
// different types may share one.
type commandRef struct {
	Type   string   `json:"type"`
	Name   string   `json:"name"`
	ID     string   `json:"id,omitempty"`
	Fields []string `json:"fields,omitempty"`
}

type violationJS struct {
	Place   string `json:"place"`
	Pointer string `json:"pointer"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// MarshalJSON encodes the plan for a program:
//
//	{"scope": "global", "creates": [{"type": "CHAT_INPUT", "name": "ping"}],
//	 "updates": [{"type": "USER", "name": "Info", "id": "…", "fields": ["name_localizations"]}],
//	 "deletes": [], "unknown": [], "unchanged": 12, "strategy": "individual",
//	 "writes": 2, "drift": true}
//
// A bulk overwrite whose body would pass MaxBulkBody lists the commands
// created after it in "overflow". A guild scope also has "guild_id"; a plan that is not applied has
// "error", and "violations" when the declared commands are invalid; a plan
// with warnings has "warnings", each shaped as a violation.
func (p Plan) MarshalJSON() ([]byte, error) {
	j := planJSON{
		Scope: "global", Creates: refs(p.Creates), Deletes: refs(p.Deletes), Unknown: refs(p.Unknown),
		Updates: []commandRef{}, Unchanged: len(p.Unchanged), Strategy: p.Strategy, Writes: p.Writes(), Drift: p.Drift(),
	}
	if len(p.Overflow) > 0 {
		j.Overflow = refs(p.Overflow)
	}
	if !p.Scope.IsGlobal() {
		j.Scope, j.GuildID = "guild", p.Scope.Guild.String()
	}
	for _, u := range p.Updates {
		j.Updates = append(j.Updates, commandRef{Type: u.Type.String(), Name: u.Name, ID: u.ID.String(), Fields: u.Fields})
	}
	if p.Err != nil {
		j.Error = p.Err.Error()
		if r, ok := p.Err.(*RefusedError); ok {
			j.Violations = violationsJS(r.Violations)
		}
	}
	j.Warnings = violationsJS(p.Warnings)
	return json.Marshal(j)
}

func refs(cmds []command.Command) []commandRef {
	out := make([]commandRef, len(cmds))
	for i := range cmds {
		out[i] = commandRef{Type: cmds[i].CommandType().String(), Name: cmds[i].Name}
		if cmds[i].ID != 0 {
			out[i].ID = cmds[i].ID.String()
		}
	}
	return out
}

func violationsJS(vs rules.Violations) []violationJS {
	var out []violationJS
	for _, v := range vs {
		out = append(out, violationJS{Place: v.Place, Pointer: v.Pointer, Code: v.Code, Message: v.Message})
	}
	return out
}
