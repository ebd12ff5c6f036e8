package registry

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
)

// Desired is the set of commands a bot declares, by scope. The Definitions
// of package router satisfy it.
type Desired interface {
	// Scopes returns the scopes that have declared commands.
	Scopes() []command.
		// Commands returns the declared commands of a scope.
		Scope

	Commands(command.Scope) []command.Command
}

// Declared is a Desired written out by hand: the commands of each scope.
type Declared map[command.Scope][]command.Command

// Scopes returns the scopes of d, the global scope first, then guilds in
// increasing id order.
func (d Declared) Scopes() []command.Scope {
	out := make([]command.Scope, 0, len(d))
	for s := range d {
		out = append(out, s)
	}
	sortScopes(out)
	return out
}

// Commands returns the commands of scope s.
func (d Declared) Commands(s command.Scope) []command.Command { return d[s] }

func sortScopes(s []command.Scope) {
	slices.SortFunc(s, func(a, b command.Scope) int { return cmp.Compare(a.Guild, b.Guild) })
}

// SyncOptions control Sync.
type SyncOptions struct {
	// DryRun computes the plans and sends nothing but the reads.
	DryRun bool
	// Prune deletes commands the service holds that are not declared.
	// Without it they are reported as unknown and left alone.
	Prune bool
	// Scopes, when set, are the only scopes synced, whether or not they
	// have declared commands: listing a guild the bot no longer declares,
	// with Prune, removes its commands there. When empty, the global
	// scope and every scope of the Desired are synced; the global scope
	// always is, as a bot that declares no global command may still hold
	// some from an earlier deploy.
	Scopes []command.
		// NoBulk sends every change as a request of its own even where one
		// bulk overwrite would take fewer requests.
		Scope

	NoBulk bool
	// Progress, when set, receives one line per write as it is made,
	// and, when more than one scope is synced, one per scope read.
	Progress io.Writer
	// InstallationContexts are those the application supports, as set on
	// its Installation page. The service gives a global command that
	// declares no integration_types these; with them known, such a
	// command is compared with them, so that dropping integration_types
	// from a declaration is a change. Without them, a command that
	// declares none is not compared on integration_types.
	InstallationContexts []interaction.IntegrationType
}

// Action is a change Sync makes to one command.
type Action string

// Actions.
const (
	ActionCreate Action = "create"
	ActionUpdate Action = "update"
	ActionDelete Action = "delete"
)

// Outcome is what became of one change of a plan.
type Outcome struct {
	Scope  command.Scope
	Action Action
	Type   interaction.CommandType
	Name   string
	// Fields are the fields an update changes.
	Fields []string
	// Bulk says that the change was sent as part of the scope's bulk
	// overwrite, which the service applies entirely or not at all.
	Bulk bool
	// Done says that the service made the change.
	Done bool
	// Err is why the change was not made: the service's answer, or
	// ErrNotAttempted when an earlier write of the scope failed.
	Err error
}

// ErrNotAttempted is the Err of a change that was not sent because an
// earlier write of its scope failed: later writes may depend on it, as a
// create depends on the delete that makes room for it.
var ErrNotAttempted = errors.New("registry: not sent, since an earlier write of the scope failed")

// Report is what a Sync found and did.
type Report struct {
	// Plans are the plans of the synced scopes, in scope order.
	Plans []Plan
	// Applied are the outcomes of every change Sync set out to make, in
	// the order of sending; empty for a dry run.
	Applied []Outcome
}

// Drift reports whether any plan has changes to make, or could not be made
// or applied.
func (r *Report) Drift() bool {
	for _, p := range r.Plans {
		if p.Drift() {
			return true
		}
	}
	return false
}

// Writes returns how many writes the plans take.
func (r *Report) Writes() int {
	n := 0
	for _, p := range r.Plans {
		if p.Err == nil {
			n += p.Writes()
		}
	}
	return n
}

// Sync brings the commands of application app on the service to the
// declared ones, scope by scope: it reads each scope once (PlanSync), and,
// unless opts.DryRun, applies the plans (Apply).
//
// The Report is never nil. The error joins the failures of every scope: a
// read that failed, a plan refused, a write that failed. A scope that failed
// does not keep the others from being synced, and the Report says exactly
// which changes were made.
func Sync(ctx context.Context, c *rest.Client, app interaction.Snowflake, desired Desired, opts SyncOptions) (*Report, error) {
	plans, err := PlanSync(ctx, c, app, desired, opts)
	r := &Report{Plans: plans}
	var credErr *CredentialsError
	if opts.DryRun || errors.As(err, &credErr) {
		return r, err
	}
	var applyErr error
	r.Applied, applyErr = Apply(ctx, c, app, plans, opts.Progress)
	return r, errors.Join(err, applyErr)
}

// withInstallationContexts returns the commands of scope, with the
// application's installation contexts in place of an integration_types
// left unset, as the service fills it in. cmds is not changed.
func withInstallationContexts(scope command.Scope, cmds []command.Command, contexts []interaction.IntegrationType) []command.Command {
	if !scope.IsGlobal() || len(contexts) == 0 {
		return cmds
	}
	out := slices.Clone(cmds)
	for i := range out {
		if out[i].IntegrationTypes == nil {
			out[i].IntegrationTypes = slices.Clone(contexts)
		}
	}
	return out
}

// PlanSync reads the commands of each scope Sync would sync, once per scope
// and with their localizations, and returns the plan of each. A scope that
// cannot be read has a plan with only Err set; the error joins every
// scope's Err. When the service refuses the credentials (an error matching
// rest.ErrUnauthorized), it would refuse them for every scope: PlanSync
// stops there and returns that error alone.
func PlanSync(ctx context.Context, c *rest.Client, app interaction.Snowflake, desired Desired, opts SyncOptions) ([]Plan, error) {
	scopes := syncScopes(desired, opts.Scopes)
	plans := make([]Plan, 0, len(scopes))
	var errs []error
	for i, s := range scopes {
		current, err := c.ListCommands(ctx, app, s, true)
		if errors.Is(err, rest.ErrUnauthorized) {
			return nil, &CredentialsError{App: app, Err: err}
		}
		if opts.Progress != nil && len(scopes) > 1 {
			// Reading many guilds under the service's rate limits
			// takes a while; a person watching sees it move.
			what := strconv.Itoa(len(current)) + " commands"
			if err != nil {
				what = "failed"
			}
			fmt.Fprintf(opts.Progress, "read %d of %d scopes: %v, %s\n", i+1, len(scopes), s, what)
		}
		if err != nil {
			err = fmt.Errorf("registry: reading the commands of %v: %w", s, err)
			plans = append(plans, Plan{Scope: s, Strategy: StrategyNone, Err: err})
			errs = append(errs, err)
			continue
		}
		p := PlanScope(current, withInstallationContexts(s, desired.Commands(s), opts.InstallationContexts), s, opts.Prune)
		if opts.NoBulk && p.Strategy == StrategyBulk {
			p.Strategy = StrategyIndividual
		}
		if p.Err != nil {
			errs = append(errs, p.Err)
		}
		plans = append(plans, p)
	}
	return plans, errors.Join(errs...)
}

// CredentialsError reports that the service refused the credentials a sync
// was given: nothing was read, and nothing sent.
type CredentialsError struct {
	App interaction.Snowflake
	// Err is the service's answer, matching rest.ErrUnauthorized.
	Err error
}

// Error says that the credentials were refused and what to check, without
// quoting them.
func (e *CredentialsError) Error() string {
	return "registry: the service refused the credentials (401 Unauthorized): check that the bot token, or the " +
		"client id and secret, are current and belong to application " + e.App.String() + " on this service"
}

// Unwrap returns the service's answer.
func (e *CredentialsError) Unwrap() error { return e.Err }

// syncScopes returns the scopes to sync, each once, in order.
func syncScopes(desired Desired, only []command.Scope) []command.Scope {
	var s []command.Scope
	if len(only) > 0 {
		s = slices.Clone(only)
	} else {
		s = append([]command.Scope{command.Global}, desired.Scopes()...)
	}
	sortScopes(s)
	return slices.Compact(s)
}

// Apply sends the writes of each plan and returns the outcome of every
// change, in the order sent. A plan with Err set is skipped. Within a
// scope, the first write that fails ends the scope: the changes not yet
// sent are reported with ErrNotAttempted. Individual writes go deletes
// first, so that a type at its limit has room for its creates, then
// updates, then creates. progress, when not nil, receives a line per write.
//
// The error joins the failed writes.
func Apply(ctx context.Context, c *rest.Client, app interaction.Snowflake, plans []Plan, progress io.Writer) ([]Outcome, error) {
	var out []Outcome
	var errs []error
	for _, p := range plans {
		if p.Err != nil {
			continue
		}
		a := applier{ctx: ctx, c: c, app: app, plan: &p, progress: progress}
		switch p.Strategy {
		case StrategyBulk:
			a.bulk()
		case StrategyIndividual:
			a.individual()
		}
		out = append(out, a.out...)
		if a.err != nil {
			errs = append(errs, a.err)
		}
	}
	return out, errors.Join(errs...)
}

// applier applies one plan.
type applier struct {
	ctx      context.Context
	c        *rest.Client
	app      interaction.Snowflake
	plan     *Plan
	progress io.Writer
	out      []Outcome
	err      error // the first failure
}

// changes returns the plan's changes as outcomes not yet made, in the order
// they are sent.
func (a *applier) changes(bulk bool) []Outcome {
	p := a.plan
	var out []Outcome
	for _, d := range p.Deletes {
		out = append(out, Outcome{Scope: p.Scope, Action: ActionDelete, Type: d.CommandType(), Name: d.Name, Bulk: bulk})
	}
	for _, u := range p.Updates {
		out = append(out, Outcome{Scope: p.Scope, Action: ActionUpdate, Type: u.Type, Name: u.Name, Fields: u.Fields, Bulk: bulk})
	}
	for _, c := range p.Creates {
		out = append(out, Outcome{Scope: p.Scope, Action: ActionCreate, Type: c.CommandType(), Name: c.Name, Bulk: bulk})
	}
	return out
}

// bulk sends the plan as one bulk overwrite, whose body is every declared
// command of the scope.
func (a *applier) bulk() {
	p := a.plan
	body := make([]command.Command, 0, len(p.Unchanged)+len(p.Updates)+len(p.Creates))
	body = append(body, p.Unchanged...)
	for _, u := range p.Updates {
		body = append(body, u.Command)
	}
	inBody := p.Creates[:len(p.Creates)-len(p.Overflow)]
	body = append(body, inBody...)
	a.out = a.changes(true)
	first := len(a.out) - len(p.Overflow) // the outcomes of the overflow
	_, err := a.c.OverwriteCommands(a.ctx, a.app, p.Scope, body)
	var refused *rest.APIError
	if errors.As(err, &refused) && refused.Status == http.StatusRequestEntityTooLarge {
		// The service's bound is below MaxBulkBody. The overwrite
		// changed nothing: every change goes on its own instead.
		a.report("bulk overwrite refused as too large (%d bytes of commands); sending one request per change", bodySize(body))
		a.individual()
		return
	}
	for i := range a.out[:first] {
		a.out[i].Done, a.out[i].Err = err == nil, err
	}
	if err != nil {
		for i := range a.out[first:] {
			a.out[first+i].Bulk, a.out[first+i].Err = false, ErrNotAttempted
		}
		a.err = fmt.Errorf("registry: bulk overwrite of %v: %w", p.Scope, err)
		a.report("bulk overwrite failed, nothing changed: %v", err)
		return
	}
	a.report("bulk overwrite: %d created, %d updated, %d deleted", len(inBody), len(p.Updates), len(p.Deletes))
	for i, c := range p.Overflow {
		a.out[first+i].Bulk = false
		a.do(first+i, func() error {
			_, _, err := a.c.CreateCommand(a.ctx, a.app, p.Scope, c)
			return err
		})
	}
}

// bodySize returns the size of cmds' JSON as a bulk overwrite sends it.
func bodySize(cmds []command.Command) int {
	n := 1
	for i := range cmds {
		n += encodedSize(&cmds[i]) + 1
	}
	return n
}

// individual sends one request per change, and stops at the first that
// fails.
func (a *applier) individual() {
	p := a.plan
	a.out = a.changes(false)
	i := 0
	for _, d := range p.Deletes {
		a.do(i, func() error { return a.c.DeleteCommand(a.ctx, a.app, p.Scope, d.ID) })
		i++
	}
	for _, u := range p.Updates {
		a.do(i, func() error {
			_, err := a.c.EditCommand(a.ctx, a.app, p.Scope, u.ID, u.Command, u.Fields...)
			return err
		})
		i++
	}
	for _, c := range p.Creates {
		a.do(i, func() error {
			_, _, err := a.c.CreateCommand(a.ctx, a.app, p.Scope, c)
			return err
		})
		i++
	}
}

// do makes the change of outcome i with send, unless an earlier one failed.
func (a *applier) do(i int, send func() error) {
	o := &a.out[i]
	if a.err != nil {
		o.Err = ErrNotAttempted
		return
	}
	verb := string(o.Action)
	what := o.Type.String() + " " + o.Name
	if o.Err = send(); o.Err != nil {
		a.err = fmt.Errorf("registry: %v: %s %s: %w", o.Scope, verb, what, o.Err)
		a.report("%s %s failed: %v", verb, what, o.Err)
		return
	}
	o.Done = true
	if len(o.Fields) > 0 {
		what += " (" + strings.Join(o.Fields, ", ") + ")"
	}
	a.report("%sd %s", verb, what)
}

// report writes a progress line about the plan's scope.
func (a *applier) report(format string, args ...any) {
	if a.progress != nil {
		fmt.Fprintf(a.progress, "%v: "+format+"\n", append([]any{a.plan.Scope}, args...)...)
	}
}
