package registry_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/registry"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/rules"
)

// declaredSet returns n CHAT_INPUT commands with options, choices, bounds
// and localizations, some of which equal the text they localize, and none
// of the fields the service fills in: the shape that naive comparisons
// mistake for drift.
func declaredSet(n int) []command.Command {
	cs := make([]command.Command, n)
	for i := range cs {
		name := "cmd-" + strconv.Itoa(i)
		cs[i] = command.Command{
			Name:        name,
			Description: "Command number " + strconv.Itoa(i),
			NameLocalizations: command.Localizations{
				interaction.LocaleFrench: "commande-" + strconv.Itoa(i),
				interaction.LocaleGerman: name, // the same as the name
			},
			DescriptionLocalizations: command.Localizations{interaction.LocaleFrench: "Commande numéro " + strconv.Itoa(i)},
			Options: []command.Option{
				{Type: interaction.OptionString, Name: "mode", Description: "How", Required: true, Choices: []interaction.Choice{
					{Name: "Fast", Value: interaction.StringValue("fast"), NameLocalizations: map[interaction.Locale]string{interaction.LocaleFrench: "Rapide"}},
					interaction.StringChoice("Slow", "slow"),
				}},
				{Type: interaction.OptionInteger, Name: "count", Description: "How many", MinValue: interaction.IntValue(1), MaxValue: interaction.FloatValue(10)},
				{Type: interaction.OptionChannel, Name: "where", Description: "Where", ChannelTypes: []interaction.ChannelType{5, 0}},
			},
		}
	}
	return cs
}

// seed makes scope hold cmds, through a client of its own so that the
// requests under test are counted alone.
func seed(t *testing.T, s *emulator.Server, scope command.Scope, cmds []command.Command) {
	t.Helper()
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	if _, err := c.OverwriteCommands(context.Background(), s.ApplicationID, scope, cmds); err != nil {
		t.Fatal(err)
	}
}

// methods counts the requests by method, as "GET=1 PATCH=1".
func methods(rec *apitest.Recorder) string {
	counts := map[string]int{}
	for _, s := range rec.All() {
		counts[s.Method]++
	}
	var parts []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodDelete, http.MethodPut} {
		if counts[m] > 0 {
			parts = append(parts, m+"="+strconv.Itoa(counts[m]))
		}
	}
	return strings.Join(parts, " ")
}

// held returns the commands scope holds.
func held(t *testing.T, s *emulator.Server, scope command.Scope) []command.Command {
	t.Helper()
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	cmds, err := c.ListCommands(context.Background(), s.ApplicationID, scope, true)
	if err != nil {
		t.Fatal(err)
	}
	return cmds
}

func names(cmds []command.Command) []string {
	var out []string
	for _, c := range cmds {
		out = append(out, c.Name)
	}
	slices.Sort(out)
	return out
}

func syncNow(t *testing.T, s *emulator.Server, desired registry.Desired, opts registry.SyncOptions) (*registry.Report, *apitest.Recorder, error) {
	t.Helper()
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	r, err := registry.Sync(context.Background(), c, s.ApplicationID, desired, opts)
	if r == nil {
		t.Fatal("Sync returned a nil Report")
	}
	return r, rec, err
}

func TestSyncUnchangedHundredCostsOneRead(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	cmds := declaredSet(100)
	seed(t, s, command.Global, cmds)
	r, rec, err := syncNow(t, s, registry.Declared{command.Global: cmds}, registry.SyncOptions{Prune: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=1" {
		t.Errorf("requests: %s, want GET=1", got)
	}
	if p := r.Plans[0]; len(p.Unchanged) != 100 || p.Strategy != registry.StrategyNone || p.Drift() {
		t.Errorf("plan:\n%s", p.Table())
	}
	if len(r.Applied) != 0 {
		t.Errorf("applied %v", r.Applied)
	}
}

func TestSyncOneChangedCommandCostsOnePatch(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	cmds := declaredSet(100)
	seed(t, s, command.Global, cmds)
	cmds[42].Description = "Changed"
	r, rec, err := syncNow(t, s, registry.Declared{command.Global: cmds}, registry.SyncOptions{Prune: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=1 PATCH=1" {
		t.Errorf("requests: %s, want GET=1 PATCH=1", got)
	}
	p := r.Plans[0]
	if len(p.Updates) != 1 || p.Updates[0].Name != "cmd-42" || !slices.Equal(p.Updates[0].Fields, []string{"description"}) {
		t.Errorf("plan:\n%s", p.Table())
	}
	if len(r.Applied) != 1 || !r.Applied[0].Done || r.Applied[0].Action != registry.ActionUpdate {
		t.Errorf("applied %+v", r.Applied)
	}
	for _, c := range held(t, s, command.Global) {
		if c.Name == "cmd-42" && c.Description != "Changed" {
			t.Errorf("the service holds %q", c.Description)
		}
	}
}

func TestSyncNewCommandCostsOnePost(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	cmds := declaredSet(100)
	seed(t, s, command.Global, cmds[:99])
	r, rec, err := syncNow(t, s, registry.Declared{command.Global: cmds}, registry.SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=1 POST=1" {
		t.Errorf("requests: %s, want GET=1 POST=1", got)
	}
	if p := r.Plans[0]; len(p.Creates) != 1 || p.Creates[0].Name != "cmd-99" || p.Strategy != registry.StrategyIndividual {
		t.Errorf("plan:\n%s", p.Table())
	}
}

func TestSyncChoosesBulkWhenCheaper(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	guild := command.InGuild(s.GuildID)
	cmds := declaredSet(30)
	r, rec, err := syncNow(t, s, registry.Declared{guild: cmds}, registry.SyncOptions{Prune: true, Scopes: []command.Scope{guild}})
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=1 PUT=1" {
		t.Errorf("requests: %s, want GET=1 PUT=1", got)
	}
	if p := r.Plans[0]; p.Strategy != registry.StrategyBulk || len(p.Creates) != 30 || p.Writes() != 1 {
		t.Errorf("plan:\n%s", p.Table())
	}
	if len(r.Applied) != 30 || !r.Applied[0].Bulk || !r.Applied[29].Done {
		t.Errorf("applied %+v", r.Applied)
	}
	if got := len(held(t, s, guild)); got != 30 {
		t.Errorf("the guild holds %d commands", got)
	}

	// The same 30 changes without pruning, beside a command the bot does
	// not declare: a bulk overwrite would delete it, so each is sent alone.
	s2 := apitest.StartEmulator(t, emulator.Config{})
	guild2 := command.InGuild(s2.GuildID)
	seed(t, s2, guild2, []command.Command{ping("stranger")})
	r, rec, err = syncNow(t, s2, registry.Declared{guild2: cmds}, registry.SyncOptions{Scopes: []command.Scope{guild2}})
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=1 POST=30" {
		t.Errorf("requests without prune: %s, want GET=1 POST=30", got)
	}
	if p := r.Plans[0]; p.Strategy != registry.StrategyIndividual || len(p.Unknown) != 1 {
		t.Errorf("plan without prune:\n%s", p.Table())
	}
	if got := names(held(t, s2, guild2)); !slices.Contains(got, "stranger") {
		t.Errorf("the unknown command is gone: %v", got)
	}
}

func TestSyncPruningOffLeavesUnknownCommands(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	seed(t, s, command.Global, []command.Command{ping("old"), ping("kept"), {Type: interaction.CommandUser, Name: "Old Profile"}})
	desired := registry.Declared{command.Global: {ping("kept")}}

	r, rec, err := syncNow(t, s, desired, registry.SyncOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=1" {
		t.Errorf("requests: %s, want GET=1", got)
	}
	p := r.Plans[0]
	if len(p.Unknown) != 2 || len(p.Deletes) != 0 || p.Drift() {
		t.Errorf("plan:\n%s", p.Table())
	}
	if got := names(held(t, s, command.Global)); len(got) != 3 {
		t.Errorf("the service holds %v", got)
	}

	// With pruning the two go: two writes, or one bulk overwrite.
	r, rec, err = syncNow(t, s, desired, registry.SyncOptions{Prune: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=1 PUT=1" {
		t.Errorf("requests with prune: %s, want GET=1 PUT=1", got)
	}
	if p := r.Plans[0]; len(p.Deletes) != 2 || len(p.Unknown) != 0 {
		t.Errorf("plan:\n%s", p.Table())
	}
	if got := names(held(t, s, command.Global)); !slices.Equal(got, []string{"kept"}) {
		t.Errorf("the service holds %v", got)
	}
}

func TestSyncRefusesInvalidCommandsBeforeAnyWrite(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	guild := command.InGuild(s.GuildID)
	bad := declaredSet(3)
	bad[1].Description = strings.Repeat("x", 101)
	desired := registry.Declared{command.Global: bad, guild: {ping("fine")}}
	r, rec, err := syncNow(t, s, desired, registry.SyncOptions{Prune: true})
	var refused *registry.RefusedError
	if !errors.As(err, &refused) || refused.Scope != command.Global || len(refused.Violations) != 1 {
		t.Fatalf("error %v, want the global scope refused with one violation", err)
	}
	var v rules.Violation
	if !errors.As(err, &v) || v.Command != "cmd-1" {
		t.Errorf("violation %+v", v)
	}
	// The global scope is read and nothing is sent to it; the guild,
	// which is valid, is synced.
	for _, q := range rec.All() {
		if q.Method != http.MethodGet && strings.HasSuffix(q.Path, "/applications/"+s.ApplicationID.String()+"/commands") {
			t.Errorf("a write to the refused scope: %s %s", q.Method, q.Path)
		}
	}
	if got := methods(rec); got != "GET=2 POST=1" {
		t.Errorf("requests: %s, want GET=2 POST=1", got)
	}
	if len(held(t, s, command.Global)) != 0 {
		t.Error("the refused scope holds commands")
	}
	if !strings.Contains(r.Plans[0].Table(), "description") {
		t.Errorf("the table does not say why:\n%s", r.Plans[0].Table())
	}
}

func TestSyncRidesOutRateLimitsAndServerErrors(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	cmds := declaredSet(5)
	seed(t, s, command.Global, cmds[:3])
	cmds[0].Description = "Changed"
	s.InjectFault(emulator.Fault{Route: "commands", Count: 2, Kind: emulator.FaultRateLimit, RetryAfter: 50 * time.Millisecond})
	s.InjectFault(emulator.Fault{Route: "commands", Count: 2, Kind: emulator.FaultServerError, Status: http.StatusBadGateway})
	r, rec, err := syncNow(t, s, registry.Declared{command.Global: cmds}, registry.SyncOptions{NoBulk: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := rec.CountStatus(http.StatusTooManyRequests); n != 2 {
		t.Errorf("%d answers 429, want 2", n)
	}
	if n := rec.CountStatus(http.StatusBadGateway); n != 2 {
		t.Errorf("%d answers 502, want 2", n)
	}
	// 1 read and 3 writes, and 4 of the attempts failed.
	if got, want := len(rec.All()), 1+3+4; got != want {
		t.Errorf("%d requests (%s), want %d", got, methods(rec), want)
	}
	for _, o := range r.Applied {
		if !o.Done {
			t.Errorf("not done: %+v", o)
		}
	}
	again, rec, err := syncNow(t, s, registry.Declared{command.Global: cmds}, registry.SyncOptions{})
	if err != nil || again.Drift() || methods(rec) != "GET=1" {
		t.Errorf("a second sync: %v, %s\n%s", err, methods(rec), again.Plans[0].Table())
	}
}

// userCommands returns n USER commands named "U0", "U1", …
func userCommands(n int) []command.Command {
	cs := make([]command.Command, n)
	for i := range cs {
		cs[i] = command.Command{Type: interaction.CommandUser, Name: "U" + strconv.Itoa(i)}
	}
	return cs
}

func TestSyncDeletesBeforeCreatesAtTheLimit(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	seed(t, s, command.Global, userCommands(15))
	desired := userCommands(15)
	desired[7].Name = "Replacement"

	// Without pruning the old command would stay and make 16.
	r, rec, err := syncNow(t, s, registry.Declared{command.Global: desired}, registry.SyncOptions{})
	var refused *registry.RefusedError
	if !errors.As(err, &refused) || !strings.Contains(refused.Reason, "16 USER commands") {
		t.Fatalf("error %v, want a refusal over the USER limit", err)
	}
	if got := methods(rec); got != "GET=1" {
		t.Errorf("requests when refused: %s, want GET=1", got)
	}
	if r.Plans[0].Err == nil {
		t.Error("the plan has no Err")
	}

	r, rec, err = syncNow(t, s, registry.Declared{command.Global: desired}, registry.SyncOptions{Prune: true, NoBulk: true})
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, q := range rec.All() {
		order = append(order, q.Method)
	}
	if !slices.Equal(order, []string{http.MethodGet, http.MethodDelete, http.MethodPost}) {
		t.Errorf("requests %v, want GET, DELETE, POST", order)
	}
	if len(r.Applied) != 2 || r.Applied[0].Action != registry.ActionDelete || r.Applied[0].Name != "U7" || !r.Applied[1].Done {
		t.Errorf("applied %+v", r.Applied)
	}
	if got := names(held(t, s, command.Global)); len(got) != 15 || !slices.Contains(got, "Replacement") {
		t.Errorf("the service holds %v", got)
	}
}

func TestSyncConverges(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	guild := command.InGuild(s.GuildID)
	old := declaredSet(6)
	seed(t, s, command.Global, old)
	seed(t, s, guild, []command.Command{ping("a"), ping("b")})

	cmds := declaredSet(8)
	cmds[0].Options = cmds[0].Options[:1]
	manageGuild := interaction.PermissionManageGuild
	cmds[1].DefaultMemberPermissions = &manageGuild
	cmds[2].NSFW = true
	cmds[3].Contexts = []interaction.ContextType{interaction.ContextGuild}
	cmds[4].NameLocalizations = nil
	b := ping("b")
	b.Description = "Another"
	desired := registry.Declared{
		command.Global: append(cmds, command.Command{Type: interaction.CommandMessage, Name: "Bookmark"}),
		guild:          {b, ping("c")},
	}
	r, rec, err := syncNow(t, s, desired, registry.SyncOptions{Prune: true, NoBulk: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=2 POST=4 PATCH=6 DELETE=1" {
		t.Errorf("requests: %s, want GET=2 POST=4 PATCH=6 DELETE=1", got)
	}
	wantFields := [][]string{{"options"}, {"default_member_permissions"}, {"nsfw"}, {"contexts"}, {"name_localizations"}}
	for i, want := range wantFields {
		if got := r.Plans[0].Updates[i].Fields; !slices.Equal(got, want) {
			t.Errorf("update %d: fields %v, want %v", i, got, want)
		}
	}

	again, rec, err := syncNow(t, s, desired, registry.SyncOptions{Prune: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=2" {
		t.Errorf("second sync: %s, want GET=2", got)
	}
	for _, p := range again.Plans {
		if p.Drift() || p.Strategy != registry.StrategyNone {
			t.Errorf("second plan:\n%s", p.Table())
		}
	}
}

func TestSyncDryRunSendsNoWrites(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	seed(t, s, command.Global, []command.Command{ping("old")})
	var progress bytes.Buffer
	r, rec, err := syncNow(t, s, registry.Declared{command.Global: declaredSet(3)},
		registry.SyncOptions{DryRun: true, Prune: true, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=1" {
		t.Errorf("requests: %s, want GET=1", got)
	}
	if p := r.Plans[0]; len(p.Creates) != 3 || len(p.Deletes) != 1 || !r.Drift() || r.Writes() != 1 {
		t.Errorf("plan:\n%s", p.Table())
	}
	if len(r.Applied) != 0 || progress.Len() != 0 {
		t.Errorf("a dry run applied %v, progress %q", r.Applied, progress.String())
	}
	if got := names(held(t, s, command.Global)); !slices.Equal(got, []string{"old"}) {
		t.Errorf("the service holds %v", got)
	}
}

func TestSyncReportsWhatWasAndWasNotDone(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	seed(t, s, command.Global, declaredSet(2))
	cmds := declaredSet(4)
	cmds[0].Description = "Changed"
	// Every attempt of the second write fails, however often it is
	// retried.
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken), rest.WithRetries(1))
	rec.OnAnswer = func(q apitest.Sent) {
		if q.Method == http.MethodPatch {
			s.InjectFault(emulator.Fault{Route: "commands", Count: 2, Kind: emulator.FaultServerError})
		}
	}
	var progress bytes.Buffer
	r, err := registry.Sync(context.Background(), c, s.ApplicationID, registry.Declared{command.Global: cmds},
		registry.SyncOptions{NoBulk: true, Progress: &progress})
	if err == nil {
		t.Fatal("no error")
	}
	// The read, the PATCH, and the POST sent twice (one retry).
	if got := methods(rec); got != "GET=1 POST=2 PATCH=1" {
		t.Errorf("requests: %s, want GET=1 POST=2 PATCH=1", got)
	}
	want := []struct {
		action registry.Action
		name   string
		done   bool
	}{
		{registry.ActionUpdate, "cmd-0", true},
		{registry.ActionCreate, "cmd-2", false},
		{registry.ActionCreate, "cmd-3", false},
	}
	if len(r.Applied) != len(want) {
		t.Fatalf("applied %+v", r.Applied)
	}
	for i, w := range want {
		o := r.Applied[i]
		if o.Action != w.action || o.Name != w.name || o.Done != w.done {
			t.Errorf("outcome %d: %+v, want %v %s done=%v", i, o, w.action, w.name, w.done)
		}
	}
	var api *rest.APIError
	if !errors.As(r.Applied[1].Err, &api) || api.Status != http.StatusInternalServerError {
		t.Errorf("outcome 1: %v", r.Applied[1].Err)
	}
	if !errors.Is(r.Applied[2].Err, registry.ErrNotAttempted) {
		t.Errorf("outcome 2: %v", r.Applied[2].Err)
	}
	if lines := strings.Count(progress.String(), "\n"); lines != 2 {
		t.Errorf("progress:\n%s", progress.String())
	}

	// Running again finishes the job.
	s.ClearFaults()
	again, rec2, err := syncNow(t, s, registry.Declared{command.Global: cmds}, registry.SyncOptions{NoBulk: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec2); got != "GET=1 POST=2" {
		t.Errorf("requests: %s, want GET=1 POST=2", got)
	}
	if p := again.Plans[0]; len(p.Creates) != 2 || len(p.Updates) != 0 {
		t.Errorf("plan:\n%s", p.Table())
	}
}

// The router's declarations are what a bot syncs.
var _ registry.Desired = router.Definitions{}

func TestSyncDeletesTheEntryPointAlone(t *testing.T) {
	t.Parallel()
	// A bulk overwrite may not drop the entry point command, so pruning
	// it takes individual writes even where a bulk overwrite would be
	// cheaper.
	s := apitest.StartEmulator(t, emulator.Config{Activities: true})
	r, rec, err := syncNow(t, s, registry.Declared{command.Global: {ping("a"), ping("b")}}, registry.SyncOptions{Prune: true})
	if err != nil {
		t.Fatal(err)
	}
	if p := r.Plans[0]; p.Strategy != registry.StrategyIndividual || len(p.Deletes) != 1 || !strings.Contains(p.Table(), "\n  - PRIMARY_ENTRY_POINT  Launch\n") {
		t.Errorf("plan:\n%s", p.Table())
	}
	if got := methods(rec); got != "GET=1 POST=2 DELETE=1" {
		t.Errorf("requests: %s, want GET=1 POST=2 DELETE=1", got)
	}
}

func ping(name string) command.Command {
	return command.Command{Name: name, Description: "Checks that the bot answers"}
}

// heavySet returns n CHAT_INPUT commands, each about 95 KB of JSON: every
// option described in every locale at the length the service allows,
// which the 8,000-character bound counts once per field.
func heavySet(n int) []command.Command {
	cs := make([]command.Command, n)
	for i := range cs {
		var opts []command.Option
		for j := range 25 {
			desc := command.Localizations{}
			for _, l := range interaction.Locales() {
				desc[l] = strings.Repeat(string(rune('a'+j%26)), 99) + "."
			}
			opts = append(opts, command.Option{Type: interaction.OptionString, Name: "o" + strconv.Itoa(j),
				Description: strings.Repeat("d", 100), DescriptionLocalizations: desc})
		}
		cs[i] = command.Command{Name: "heavy-" + strconv.Itoa(i), Description: "A command described in every language", Options: opts}
	}
	return cs
}

func TestSyncSplitsABulkBodyOverTheServicesBound(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	cmds := heavySet(100)
	r, rec, err := syncNow(t, s, registry.Declared{command.Global: cmds}, registry.SyncOptions{Prune: true, Scopes: []command.Scope{command.Global}})
	if err != nil {
		t.Fatal(err)
	}
	p := r.Plans[0]
	if p.Strategy != registry.StrategyBulk || len(p.Overflow) == 0 || len(p.Overflow) >= 50 || p.Writes() != 1+len(p.Overflow) {
		t.Fatalf("plan: %s, %d to create after the bulk overwrite, %d writes:\n%s", p.Strategy, len(p.Overflow), p.Writes(), p.Table())
	}
	if got, want := methods(rec), "GET=1 POST="+strconv.Itoa(len(p.Overflow))+" PUT=1"; got != want {
		t.Errorf("requests: %s, want %s", got, want)
	}
	for _, sent := range rec.All() {
		if sent.Status >= 400 {
			t.Errorf("%s %s was answered %d", sent.Method, sent.Path, sent.Status)
		}
	}
	// Counted without their localizations, which are most of the 8 MiB
	// and would only make the answer slow to write and read.
	c, _ := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	if got, err := c.ListCommands(context.Background(), s.ApplicationID, command.Global, false); err != nil || len(got) != 100 {
		t.Errorf("the service holds %d commands (%v), want 100", len(got), err)
	}
	if len(r.Applied) != 100 || !r.Applied[0].Bulk || r.Applied[99].Bulk || !r.Applied[99].Done {
		t.Errorf("applied: the first %+v, the last %+v", r.Applied[0], r.Applied[99])
	}
	if !strings.Contains(p.Table(), "creates that would take its body past 8 MiB") {
		t.Errorf("the plan does not say why it sends more than one request:\n%s", p.Table())
	}
}

func TestSyncSendsEachChangeAloneWhenTheServiceRefusesTheBulkBodyAsTooLarge(t *testing.T) {
	t.Parallel()
	s := apitest.StartEmulator(t, emulator.Config{})
	guild := command.InGuild(s.GuildID)
	c, rec := apitest.NewClient(t, s, rest.BotToken(s.BotToken))
	plans, err := registry.PlanSync(context.Background(), c, s.ApplicationID, registry.Declared{guild: declaredSet(30)},
		registry.SyncOptions{Prune: true, Scopes: []command.Scope{guild}})
	if err != nil || plans[0].Strategy != registry.StrategyBulk {
		t.Fatalf("PlanSync = %+v, %v; want a bulk overwrite", plans, err)
	}
	// A service whose bound is below the body's: its bulk overwrite is
	// answered 413, and changes nothing.
	s.InjectFault(emulator.Fault{Route: "guild-commands", Kind: emulator.FaultServerError, Status: http.StatusRequestEntityTooLarge})
	var progress strings.Builder
	applied, err := registry.Apply(context.Background(), c, s.ApplicationID, plans, &progress)
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(rec); got != "GET=1 POST=30 PUT=1" {
		t.Errorf("requests: %s, want GET=1 POST=30 PUT=1", got)
	}
	if got := len(held(t, s, guild)); got != 30 {
		t.Errorf("the guild holds %d commands, want 30", got)
	}
	if len(applied) != 30 || applied[0].Bulk || !applied[29].Done {
		t.Errorf("applied: the first %+v, the last %+v", applied[0], applied[29])
	}
	if !strings.Contains(progress.String(), "bulk overwrite refused as too large") {
		t.Errorf("the progress does not say why each change went alone:\n%s", progress.String())
	}
}
