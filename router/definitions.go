package router

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Definitions are the commands a router declares, by scope, as the
// service's bulk overwrite endpoint for that scope takes them.
type Definitions struct {
	scopes  []command.Scope
	byScope map[command.Scope][]command.Command
}

// Scopes returns the scopes that have commands: the global scope first,
// then guilds in increasing id order.
func (d Definitions) Scopes() []command.Scope { return slices.Clone(d.scopes) }

// Commands returns the commands of a scope, in a deterministic order: by
// type, then name. The slice is the caller's to keep.
func (d Definitions) Commands(s command.Scope) []command.Command {
	return slices.Clone(d.byScope[s])
}

// Definitions returns the commands the router declared, checked against every
// rule of the service.
func (m *Mux) Definitions() Definitions { return m.definitions }

// definitions generates the definition of every command and checks each
// scope with command.Validate.
func (r *Router) definitions() (Definitions, []error) {
	var errs []error
	d := Definitions{byScope: make(map[command.Scope][]command.Command)}
	add := func(l *decl, path string, cmd command.Command) {
		cmd.Name = path
		cmd.Description = l.description
		cmd.NameLocalizations = l.nameLoc
		cmd.DescriptionLocalizations = l.descLoc
		cmd.DefaultMemberPermissions = l.permissions
		cmd.NSFW = l.nsfw
		cmd.Contexts = l.contexts
		cmd.IntegrationTypes = l.integrationTypes
		cmd.DMPermission = l.dmPermission
		cmd.DefaultPermission = l.defaultPermission
		if cmd.Type == interaction.CommandPrimaryEntryPoint {
			cmd.Handler = cmp.Or(l.handler, interaction.HandlerApp)
		} else if l.handler != 0 {
			errs = append(errs, &RouteError{Path: path, Problem: "EntryPointHandler applies to the entry point command only"})
		}
		scopes := []command.Scope{command.Global}
		if len(l.guilds) > 0 {
			scopes = scopes[:0]
			for _, g := range l.guilds {
				scopes = append(scopes, command.InGuild(g))
			}
		}
		for _, s := range scopes {
			d.byScope[s] = append(d.byScope[s], cmd)
		}
	}

	for _, l := range r.root.kids {
		add(&l.decl, l.name, command.Command{Options: r.leafOptions(l)})
	}
	for _, g := range r.root.groups {
		add(&g.decl, g.name, command.Command{Options: r.groupOptions(g, &errs)})
	}
	for _, l := range r.user {
		add(&l.decl, l.name, command.Command{Type: interaction.CommandUser, Options: r.leafOptions(l)})
	}
	for _, l := range r.message {
		add(&l.decl, l.name, command.Command{Type: interaction.CommandMessage, Options: r.leafOptions(l)})
	}
	for _, l := range r.entry {
		add(&l.decl, l.name, command.Command{Type: interaction.CommandPrimaryEntryPoint, Options: r.leafOptions(l)})
	}

	for s, cmds := range d.byScope {
		slices.SortStableFunc(cmds, func(a, b command.Command) int {
			return cmp.Or(cmp.Compare(a.CommandType(), b.CommandType()), strings.Compare(a.Name, b.Name))
		})
		d.scopes = append(d.scopes, s)
		for _, v := range command.Validate(s, cmds) {
			errs = append(errs, &DefinitionError{Scope: s, Violation: v})
		}
	}
	slices.SortFunc(d.scopes, func(a, b command.Scope) int { return cmp.Compare(a.Guild, b.Guild) })
	return d, errs
}

// leafOptions returns the declared options of a command or subcommand.
func (r *Router) leafOptions(l *leaf) []command.Option {
	if len(l.decl.options) == 0 {
		return nil
	}
	out := make([]command.Option, len(l.decl.options))
	for i, o := range l.decl.options {
		out[i] = o.Definition()
	}
	return out
}

// groupOptions returns the subcommands and groups of a command, in the
// order they were registered.
func (r *Router) groupOptions(g *Group, errs *[]error) []command.Option {
	type child struct {
		seq int
		opt command.Option
	}
	var kids []child
	for _, l := range g.kids {
		commandWideOnly(l.path, &l.decl, errs)
		kids = append(kids, child{l.seq, command.Option{
			Type: interaction.OptionSubCommand, Name: l.name, Description: l.decl.description,
			NameLocalizations: l.decl.nameLoc, DescriptionLocalizations: l.decl.descLoc,
			Options: r.leafOptions(l),
		}})
	}
	for _, sub := range g.groups {
		commandWideOnly(sub.path, &sub.decl, errs)
		if len(sub.decl.options) > 0 {
			*errs = append(*errs, &RouteError{Path: sub.path, Problem: "a subcommand group has subcommands, not options"})
		}
		kids = append(kids, child{sub.seq, command.Option{
			Type: interaction.OptionSubCommandGroup, Name: sub.name, Description: sub.decl.description,
			NameLocalizations: sub.decl.nameLoc, DescriptionLocalizations: sub.decl.descLoc,
			Options: r.groupOptions(sub, errs),
		}})
	}
	if len(g.decl.options) > 0 && g.depth == 1 {
		*errs = append(*errs, &RouteError{Path: g.path, Problem: "a command with subcommands has no options of its own"})
	}
	slices.SortFunc(kids, func(a, b child) int { return cmp.Compare(a.seq, b.seq) })
	out := make([]command.Option, len(kids))
	for i, k := range kids {
		out[i] = k.opt
	}
	return out
}

// commandWideOnly reports command-wide declarations made on a subcommand or
// a group inside a command: they belong to the command.
func commandWideOnly(path string, d *decl, errs *[]error) {
	for _, name := range d.commandWide {
		root, _, _ := strings.Cut(path, " ")
		*errs = append(*errs, &RouteError{Path: path, Problem: name +
			" applies to the whole command: declare it on r.Group(" + strconv.Quote(root) + ", ...)"})
	}
}

// DefinitionError is a rule of the service that a declared command breaks.
type DefinitionError struct {
	Scope     command.Scope
	Violation rules.Violation
}

// Error returns the violation, preceded by the scope of a guild command.
func (e *DefinitionError) Error() string {
	if e.Scope.IsGlobal() {
		return e.Violation.Error()
	}
	return e.Scope.String() + ": " + e.Violation.Error()
}

// Unwrap returns the violation.
func (e *DefinitionError) Unwrap() error { return e.Violation }

// JSON returns the body of the bulk overwrite request for a scope. Maps
// are written in sorted key order, so the same declarations always give
// the same bytes.
func (d Definitions) JSON(s command.Scope) ([]byte, error) {
	cmds := d.byScope[s]
	if cmds == nil {
		cmds = []command.Command{}
	}
	return jsonv2.Marshal(cmds, jsonv2.Deterministic(true))
}
