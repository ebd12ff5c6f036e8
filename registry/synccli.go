package registry

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
)

// ErrDrift is the error of RunSync with -check when the service's commands
// differ from the declared ones.
var ErrDrift = errors.New("registry: the service's commands differ from the declared ones")

// RunSync is the command-line form of Sync, for a bot's main to run as the
// sync step of a deploy: once per deploy, so that the replicas that serve
// interactions never register commands themselves.
//
//	func main() {
//		mux, err := newRouter().Build()
//		...
//		if len(os.Args) > 1 && os.Args[1] == "sync" {
//			err := registry.RunSync(ctx, os.Args[2:], mux.Definitions(), os.Getenv, os.Stdout, os.Stderr)
//			...
//		}
//	}
//
// args are the flags, without the program's name:
//
//	-dry-run        print the plan and send nothing
//	-check          a dry run that fails with ErrDrift when anything would change, for CI
//	-prune          delete commands the service holds that are not declared
//	-guild ID       sync only this scope; repeatable; "global" names the global scope
//	-json           print the plans and outcomes as one JSON document
//	-no-bulk        send each change as a request of its own
//	-installation-contexts LIST  the application's, such as GUILD_INSTALL,USER_INSTALL, so that a
//	                command declaring no integration_types is compared with them
//	                ($SWITCHBOARD_INSTALLATION_CONTEXTS)
//	-base-url URL   the API's base URL, ending in /v10 ($SWITCHBOARD_BASE_URL)
//	-application-id ID           ($SWITCHBOARD_APPLICATION_ID; default the client id)
//	-bot-token TOKEN             ($SWITCHBOARD_BOT_TOKEN)
//	-client-id ID -client-secret S   client credentials, when there is no bot token
//	                             ($SWITCHBOARD_CLIENT_ID, $SWITCHBOARD_CLIENT_SECRET)
//
// Secrets are better passed in the environment than as flags, which other
// users of the machine may see. env looks variables up, as os.Getenv does.
// The plan goes to stdout, as a table per scope or, with -json, as JSON;
// a line per write goes to stderr as it is made. opts configure the Client.
//
// The error is nil when every scope was synced (or, with -dry-run,
// planned), and after -h has printed the flags; otherwise it says what
// failed, and the output what was done.
func RunSync(ctx context.Context, args []string, desired Desired, env func(string) string, stdout, stderr io.Writer, opts ...rest.ClientOption) error {
	var guilds scopeList
	fs := flag.NewFlagSet("sync", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dryRun := fs.Bool("dry-run", false, "print the plan and send nothing")
	check := fs.Bool("check", false, "print the plan, send nothing, and fail when anything would change")
	prune := fs.Bool("prune", false, "delete commands the service holds that are not declared")
	asJSON := fs.Bool("json", false, "print the plans and outcomes as JSON")
	noBulk := fs.Bool("no-bulk", false, "send each change as a request of its own, never a bulk overwrite")
	// The environment fills in what the flags leave out after parsing, not
	// as the flags' defaults, which -h and every mistyped flag print: the
	// token and the client secret would end up in a deploy's logs.
	installation := fs.String("installation-contexts", "",
		"the installation contexts the application supports, such as GUILD_INSTALL,USER_INSTALL, to compare commands that declare no integration_types with; $SWITCHBOARD_INSTALLATION_CONTEXTS when not given")
	fs.Var(&guilds, "guild", `sync only this guild's scope ("global" for the global scope); repeatable`)
	baseURL := fs.String("base-url", "", "the API's base URL, ending in /v10; $SWITCHBOARD_BASE_URL when not given")
	appID := fs.String("application-id", "", "the application's id; $SWITCHBOARD_APPLICATION_ID when not given, else the client id")
	botToken := fs.String("bot-token", "", "the bot's token; $SWITCHBOARD_BOT_TOKEN when not given (better: a flag's value is visible to other users of the machine)")
	clientID := fs.String("client-id", "", "the client id, with -client-secret, when there is no bot token; $SWITCHBOARD_CLIENT_ID when not given")
	clientSecret := fs.String("client-secret", "", "the client secret; $SWITCHBOARD_CLIENT_SECRET when not given (better: a flag's value is visible to other users of the machine)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			// The flags are printed; asking for them is no failure, as
			// with a flag set that exits on errors.
			return nil
		}
		return err
	}
	if n := fs.NArg(); n > 0 {
		// Not quoted: a stray argument may be a secret meant for a flag
		// ("-bot-token= $TOKEN").
		noun := "arguments"
		if n == 1 {
			noun = "argument"
		}
		return fmt.Errorf("sync: %d unexpected %s after the flags, not shown since one may be a value meant for a flag; a flag takes its value as -flag=value or -flag value", n, noun)
	}
	for _, f := range []struct {
		value *string
		name  string
	}{
		{installation, "SWITCHBOARD_INSTALLATION_CONTEXTS"},
		{baseURL, "SWITCHBOARD_BASE_URL"},
		{appID, "SWITCHBOARD_APPLICATION_ID"},
		{botToken, "SWITCHBOARD_BOT_TOKEN"},
		{clientID, "SWITCHBOARD_CLIENT_ID"},
		{clientSecret, "SWITCHBOARD_CLIENT_SECRET"},
	} {
		if *f.value == "" {
			*f.value = env(f.name)
		}
	}

	var auth rest.Auth
	switch {
	case *botToken != "":
		auth = rest.BotToken(*botToken)
	case *clientID != "" && *clientSecret != "":
		auth = &rest.ClientCredentials{ClientID: *clientID, ClientSecret: *clientSecret}
	default:
		return errors.New("sync: no credentials: set -bot-token or $SWITCHBOARD_BOT_TOKEN, or -client-id and -client-secret")
	}
	if *baseURL == "" {
		return errors.New("sync: no base URL: set -base-url or $SWITCHBOARD_BASE_URL")
	}
	// The client credentials grant is the application's own, so its
	// client id is the application's id.
	idText := *appID
	if idText == "" {
		idText = *clientID
	}
	if idText == "" {
		return errors.New("sync: no application id: set -application-id or $SWITCHBOARD_APPLICATION_ID")
	}
	app, err := interaction.ParseSnowflake(idText)
	if err != nil {
		return fmt.Errorf("sync: application id %q: %w", idText, err)
	}
	c, err := rest.NewClient(*baseURL, auth, opts...)
	if err != nil {
		return err
	}

	so := SyncOptions{DryRun: *dryRun || *check, Prune: *prune, Scopes: guilds, NoBulk: *noBulk, Progress: stderr}
	if *installation != "" {
		if so.InstallationContexts, err = interaction.ParseIntegrationTypes(*installation); err != nil {
			return fmt.Errorf("sync: -installation-contexts: %w", err)
		}
	}
	if !*asJSON {
		// The plan is printed before it is applied, so that a person
		// watching sees what is about to happen.
		plans, planErr := PlanSync(ctx, c, app, desired, so)
		var credErr *CredentialsError
		if errors.As(planErr, &credErr) {
			return planErr // nothing was read: no plan to show
		}
		for _, p := range plans {
			io.WriteString(stdout, p.Table())
		}
		r := &Report{Plans: plans}
		if so.DryRun {
			n, noun := r.Writes(), "writes"
			if n == 1 {
				noun = "write"
			}
			fmt.Fprintf(stdout, "dry run: %d %s planned, none sent\n", n, noun)
		} else {
			var applyErr error
			r.Applied, applyErr = Apply(ctx, c, app, plans, stderr)
			planErr = errors.Join(planErr, applyErr)
			fmt.Fprintf(stdout, "%d of %d changes made\n", countDone(r.Applied), len(r.Applied))
		}
		if planErr != nil {
			// Each failure is in the output already, under its scope.
			planErr = &shownError{summary: failedSummary(r), err: planErr}
		}
		return runResult(r, planErr, *check)
	}
	r, syncErr := Sync(ctx, c, app, desired, so)
	var credErr *CredentialsError
	if errors.As(syncErr, &credErr) {
		return syncErr // nothing was read: no report to write
	}
	if err := writeReportJSON(stdout, r, so.DryRun); err != nil {
		return errors.Join(syncErr, err)
	}
	return runResult(r, syncErr, *check)
}

// shownError is an error whose details the output already shows: its text
// is a summary, and it unwraps to the details.
type shownError struct {
	summary string
	err     error
}

func (e *shownError) Error() string { return e.summary }
func (e *shownError) Unwrap() error { return e.err }

// failedSummary says how many scopes and changes failed, for a sync whose
// failures are printed under their scopes.
func failedSummary(r *Report) string {
	scopes := 0
	for _, p := range r.Plans {
		if p.Err != nil {
			scopes++
		}
	}
	failed := 0
	for _, o := range r.Applied {
		if !o.Done {
			failed++
		}
	}
	msg := "sync: "
	switch {
	case scopes > 0 && failed > 0:
		msg += fmt.Sprintf("%d of %d scopes could not be planned and %d of %d changes failed", scopes, len(r.Plans), failed, len(r.Applied))
	case scopes > 0:
		msg += fmt.Sprintf("%d of %d scopes could not be planned", scopes, len(r.Plans))
	default:
		msg += fmt.Sprintf("%d of %d changes failed", failed, len(r.Applied))
	}
	return msg + "; the plan above says why"
}

// runResult is the error RunSync returns.
func runResult(r *Report, err error, check bool) error {
	if err != nil {
		return err
	}
	if check && r.Drift() {
		return ErrDrift
	}
	return nil
}

func countDone(out []Outcome) int {
	n := 0
	for _, o := range out {
		if o.Done {
			n++
		}
	}
	return n
}

// scopeList is the value of the repeatable -guild flag.
type scopeList []command.Scope

func (l *scopeList) String() string {
	var parts []string
	for _, s := range *l {
		parts = append(parts, s.String())
	}
	return strings.Join(parts, ", ")
}

func (l *scopeList) Set(v string) error {
	if strings.EqualFold(v, "global") {
		*l = append(*l, command.Global)
		return nil
	}
	id, err := interaction.ParseSnowflake(v)
	if err != nil || id == 0 {
		return errors.New(`not a guild id or "global"`)
	}
	*l = append(*l, command.InGuild(id))
	return nil
}

// outcomeJSON is an Outcome for a program.
type outcomeJSON struct {
	Scope   string   `json:"scope"`
	GuildID string   `json:"guild_id,omitempty"`
	Action  Action   `json:"action"`
	Type    string   `json:"type"`
	Name    string   `json:"name"`
	Fields  []string `json:"fields,omitempty"`
	Bulk    bool     `json:"bulk"`
	Done    bool     `json:"done"`
	Error   string   `json:"error,omitempty"`
}

// writeReportJSON writes r as one JSON document:
//
//	{"dry_run": false, "drift": true, "writes": 1, "plans": [...], "applied": [...]}
//
// with the plans in the form of Plan.MarshalJSON.
func writeReportJSON(w io.Writer, r *Report, dryRun bool) error {
	doc := struct {
		DryRun  bool          `json:"dry_run"`
		Drift   bool          `json:"drift"`
		Writes  int           `json:"writes"`
		Plans   []Plan        `json:"plans"`
		Applied []outcomeJSON `json:"applied"`
	}{DryRun: dryRun, Drift: r.Drift(), Writes: r.Writes(), Plans: r.Plans, Applied: []outcomeJSON{}}
	if doc.Plans == nil {
		doc.Plans = []Plan{}
	}
	for _, o := range r.Applied {
		j := outcomeJSON{Scope: "global", Action: o.Action, Type: o.Type.String(), Name: o.Name, Fields: o.Fields, Bulk: o.Bulk, Done: o.Done}
		if !o.Scope.IsGlobal() {
			j.Scope, j.GuildID = "guild", o.Scope.Guild.String()
		}
		if o.Err != nil {
			j.Error = o.Err.Error()
		}
		doc.Applied = append(doc.Applied, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
