package emulator_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// startCommands starts a server whose rate limit stays out of the way.
func startCommands(t *testing.T, cfg emulator.Config) *target {
	t.Helper()
	cfg.RateLimit = emulator.RateLimit{Requests: 1 << 30}
	return start(t, cfg)
}

// do makes a request as the bot and returns the status and the raw body.
func do(t *testing.T, s *target, method, path, body string, header ...string) (int, []byte) {
	t.Helper()
	h := http.Header{"Authorization": {"Bot " + s.BotToken}}
	if body != "" {
		h.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		h.Set(header[i], header[i+1])
	}
	resp, raw := fetch(t, method, s.URL+path, h, []byte(body))
	return resp.StatusCode, raw
}

// object and list decode JSON answers.
func object(t *testing.T, raw []byte) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return v
}

func list(t *testing.T, raw []byte) []map[string]any {
	t.Helper()
	var v []map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return v
}

func globalPath(s *target) string {
	return "/applications/" + s.ApplicationID.String() + "/commands"
}

func guildPath(s *target) string {
	return "/applications/" + s.ApplicationID.String() + "/guilds/" + s.GuildID.String() + "/commands"
}

// wantError checks an error answer's status and code.
func wantError(t *testing.T, status int, raw []byte, wantStatus, wantCode int, wantMessage string) {
	t.Helper()
	body := object(t, raw)
	if status != wantStatus || body["code"] != float64(wantCode) || (wantMessage != "" && body["message"] != wantMessage) {
		t.Fatalf("got %d %s; want %d code %d %q", status, raw, wantStatus, wantCode, wantMessage)
	}
}

func TestCommandEndpointsRefuseUnknownResources(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	other := "/applications/1234567890123456789"
	for _, tt := range []struct {
		name, method, path, body string
		status, code             int
		message                  string
	}{
		{"another application is unknown", "GET", other + "/commands", "", 404, 10002, "Unknown Application"},
		{"another application cannot be written", "POST", other + "/commands", `{"name":"a","description":"b"}`, 404, 10002, "Unknown Application"},
		{"an application id that is no snowflake is unknown", "GET", "/applications/me/commands", "", 404, 10002, "Unknown Application"},
		{"an unknown guild is refused", "GET", globalPath(s)[:len(globalPath(s))-len("/commands")] + "/guilds/42/commands", "", 404, 10004, "Unknown Guild"},
		{"an unknown command is not found", "GET", globalPath(s) + "/42", "", 404, 10063, "Unknown application command"},
		{"a command id that is no snowflake is not found", "GET", guildPath(s) + "/abc", "", 404, 10063, "Unknown application command"},
		{"an unknown command cannot be edited", "PATCH", guildPath(s) + "/42", `{"description":"x"}`, 404, 10063, ""},
		{"an unknown command cannot be deleted", "DELETE", globalPath(s) + "/42", "", 404, 10063, ""},
		{"a body that is not JSON is refused", "POST", guildPath(s), `{"name":`, 400, 50109, ""},
		{"a body of the wrong shape is an invalid form", "POST", guildPath(s), `{"name":5}`, 400, 50035, "Invalid Form Body"},
		{"a bulk overwrite takes an array", "PUT", guildPath(s), `{"name":"a"}`, 400, 50035, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, raw := do(t, s, tt.method, tt.path, tt.body)
			wantError(t, status, raw, tt.status, tt.code, tt.message)
		})
	}
}

func TestCommandEndpointsNeedCredentials(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	for _, auth := range []string{"", "Bot wrong", "Bearer wrong", s.BotToken} {
		resp, body := call(t, s, "GET", globalPath(s), auth, "")
		if resp.StatusCode != 401 || body["code"] != float64(0) {
			t.Errorf("auth %q: %d %v", auth, resp.StatusCode, body)
		}
	}
}

func TestCreateFillsInTheFieldsTheServiceSets(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	status, raw := do(t, s, "POST", globalPath(s), `{"name":"ping","description":"Replies"}`)
	if status != 201 {
		t.Fatalf("%d %s", status, raw)
	}
	c := object(t, raw)
	for field, want := range map[string]any{
		"type": float64(1), "application_id": s.ApplicationID.String(), "nsfw": false, "dm_permission": true,
		"default_member_permissions": nil, "contexts": nil, "name_localizations": nil, "description_localizations": nil,
		"default_permission": true,
	} {
		if got, ok := c[field]; !ok || got != want {
			t.Errorf("%s = %v (present %v), want %v", field, got, ok, want)
		}
	}
	if it, _ := c["integration_types"].([]any); len(it) != 1 || it[0] != float64(0) {
		t.Errorf("integration_types = %v", c["integration_types"])
	}
	if c["id"] == nil || c["version"] == nil || c["guild_id"] != nil || c["options"] != nil {
		t.Errorf("identity: %s", raw)
	}

	status, raw = do(t, s, "POST", guildPath(s), `{"name":"Report","type":3}`)
	if status != 201 {
		t.Fatalf("%d %s", status, raw)
	}
	g := object(t, raw)
	if g["guild_id"] != s.GuildID.String() || g["description"] != "" || g["type"] != float64(3) {
		t.Errorf("guild command: %s", raw)
	}
	for _, field := range []string{"dm_permission", "integration_types", "contexts"} {
		if _, ok := g[field]; ok {
			t.Errorf("a guild command carries the global-only %s: %s", field, raw)
		}
	}
}

func TestCreateIsAnUpsertThatKeepsIdAndVersionUnlessSubstantial(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	path := guildPath(s)
	status, raw := do(t, s, "POST", path, `{"name":"ping","description":"Replies"}`)
	first := object(t, raw)
	if status != 201 {
		t.Fatalf("%d %s", status, raw)
	}
	steps := []struct {
		name, body  string
		status      int
		sameVersion bool
	}{
		{"an identical create overwrites and keeps the version", `{"name":"ping","description":"Replies"}`, 200, true},
		{"sending the defaults explicitly changes nothing", `{"name":"ping","description":"Replies","type":1,"nsfw":false,"default_permission":true}`, 200, true},
		{"a new description is a substantial change", `{"name":"ping","description":"Pongs"}`, 200, false},
		{"age restriction is a substantial change", `{"name":"ping","description":"Pongs","nsfw":true}`, 200, false},
	}
	version := first["version"]
	for _, st := range steps {
		status, raw := do(t, s, "POST", path, st.body)
		c := object(t, raw)
		if status != st.status || c["id"] != first["id"] {
			t.Fatalf("%s: %d %s", st.name, status, raw)
		}
		if (c["version"] == version) != st.sameVersion {
			t.Errorf("%s: version %v, before %v", st.name, c["version"], version)
		}
		version = c["version"]
	}
	_, raw = do(t, s, "GET", path, "")
	if l := list(t, raw); len(l) != 1 {
		t.Fatalf("upserts made %d commands", len(l))
	}
	// Names are unique per type and scope only.
	for _, tt := range []struct{ path, body string }{
		{path, `{"name":"ping","type":2}`},
		{globalPath(s), `{"name":"ping","description":"Replies"}`},
	} {
		if status, raw := do(t, s, "POST", tt.path, tt.body); status != 201 {
			t.Errorf("%s %s: %d %s", tt.path, tt.body, status, raw)
		}
	}
}

// TestFileTypesAreKeptAsTheServiceKeepsThem: the extensions of an
// ATTACHMENT option's file_types are stored and shown in lower case, so
// that sending them again in another case changes nothing; another list
// is a substantial change; and file_types on another option type are
// refused.
func TestFileTypesAreKeptAsTheServiceKeepsThem(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	path := guildPath(s)
	body := func(types string) string {
		return `{"name":"report","description":"Report","options":[{"type":11,"name":"proof","description":"Proof","file_types":` + types + `}]}`
	}
	status, raw := do(t, s, "POST", path, body(`["image",".PDF",".Tar.Gz"]`))
	if status != 201 {
		t.Fatalf("%d %s", status, raw)
	}
	first := object(t, raw)
	if !strings.Contains(string(raw), `"file_types":["image",".pdf",".tar.gz"]`) {
		t.Errorf("file types not shown as the service keeps them: %s", raw)
	}
	steps := []struct {
		name, types string
		sameVersion bool
	}{
		{"the same types in another case", `["image",".pdf",".TAR.GZ"]`, true},
		{"a type more", `["image",".pdf",".tar.gz","audio"]`, false},
		{"no filter", `[]`, false},
	}
	version := first["version"]
	for _, st := range steps {
		status, raw := do(t, s, "POST", path, body(st.types))
		c := object(t, raw)
		if status != 200 || c["id"] != first["id"] {
			t.Fatalf("%s: %d %s", st.name, status, raw)
		}
		if (c["version"] == version) != st.sameVersion {
			t.Errorf("%s: version %v, before %v", st.name, c["version"], version)
		}
		version = c["version"]
	}
	for _, bad := range []string{
		`{"name":"note","description":"Note","options":[{"type":3,"name":"text","description":"Text","file_types":["image"]}]}`,
		body(`["pdf"]`),
		body(`["image","video","audio",".a",".b",".c",".d",".e",".f",".g",".h"]`),
	} {
		if status, raw := do(t, s, "POST", path, bad); status != 400 || !strings.Contains(string(raw), "file_types") {
			t.Errorf("%s: %d %s", bad, status, raw)
		}
	}
}

func TestAnInvalidCreateAnswersTheErrorsTreeAndChangesNothing(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	status, raw := do(t, s, "POST", guildPath(s),
		`{"name":"ban","description":"Bans","options":[{"type":3,"name":"Reason","description":"Why"}]}`)
	body := object(t, raw)
	if status != 400 || body["code"] != float64(50035) || body["message"] != "Invalid Form Body" {
		t.Fatalf("%d %s", status, raw)
	}
	errs, _ := body["errors"].(map[string]any)
	opt, _ := errs["options"].(map[string]any)
	first, _ := opt["0"].(map[string]any)
	name, _ := first["name"].(map[string]any)
	list0, _ := name["_errors"].([]any)
	if len(list0) != 1 {
		t.Fatalf("errors tree: %s", raw)
	}
	e := list0[0].(map[string]any)
	if e["code"] != "APPLICATION_COMMAND_INVALID_NAME" || e["message"] == "" {
		t.Fatalf("error: %v", e)
	}
	_, raw = do(t, s, "GET", guildPath(s), "")
	if string(raw) != "[]" {
		t.Fatalf("a refused create left %s", raw)
	}
	status, raw = do(t, s, "POST", guildPath(s), `{"name":"Report","type":2,"description":"no"}`)
	if status != 400 || !strings.Contains(string(raw), `"description":{"_errors"`) {
		t.Fatalf("a description on a USER command: %d %s", status, raw)
	}
}

func TestCreateRefusesACommandPastItsTypesLimit(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	for i := range 15 {
		if status, raw := do(t, s, "POST", guildPath(s), fmt.Sprintf(`{"name":"User %d","type":2}`, i)); status != 201 {
			t.Fatalf("%d: %d %s", i, status, raw)
		}
	}
	status, raw := do(t, s, "POST", guildPath(s), `{"name":"User 15","type":2}`)
	wantError(t, status, raw, 400, 30032, "Maximum number of application commands reached (15)")
	// Overwriting one is no new command, and other types have room.
	if status, raw := do(t, s, "POST", guildPath(s), `{"name":"User 3","type":2,"nsfw":true}`); status != 200 {
		t.Fatalf("overwrite at the limit: %d %s", status, raw)
	}
	if status, raw := do(t, s, "POST", guildPath(s), `{"name":"Msg","type":3}`); status != 201 {
		t.Fatalf("another type: %d %s", status, raw)
	}
}

func TestAGuildTakesNoEntryPointCommand(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	status, raw := do(t, s, "POST", guildPath(s), `{"name":"Launch","type":4,"handler":2}`)
	if status != 400 || object(t, raw)["code"] != float64(50035) {
		t.Fatalf("%d %s", status, raw)
	}
}

// bulkBody is a bulk overwrite body of n CHAT_INPUT commands named
// prefix0, prefix1, ...
func bulkBody(prefix string, n int) string { return bulkRange(prefix, 0, n) }

// bulkRange is a body of the commands prefix<from> to prefix<to-1>.
func bulkRange(prefix string, from, to int) string {
	var parts []string
	for i := from; i < to; i++ {
		parts = append(parts, fmt.Sprintf(`{"name":"%s%d","description":"d"}`, prefix, i))
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func TestTheDailyCreateLimitCountsNewCommandsOnly(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	path := guildPath(s)
	for _, prefix := range []string{"a", "b"} {
		if status, raw := do(t, s, "PUT", path, bulkBody(prefix, 100)); status != 200 {
			t.Fatalf("%s: %d %s", prefix, status, raw)
		}
	}
	// Deleting a command gives no create back.
	_, raw := do(t, s, "GET", path, "")
	if status, _ := do(t, s, "DELETE", path+"/"+list(t, raw)[0]["id"].(string), ""); status != 204 {
		t.Fatal("delete")
	}
	_, before := do(t, s, "GET", path, "")

	status, raw := do(t, s, "POST", path, `{"name":"c","description":"d"}`)
	wantError(t, status, raw, 400, 30034, "Max number of daily application command creates has been reached (200)")
	status, raw = do(t, s, "PUT", path, bulkBody("b", 99)[:len(bulkBody("b", 99))-1]+`,{"name":"new","description":"d"}]`)
	wantError(t, status, raw, 400, 30034, "")
	if _, after := do(t, s, "GET", path, ""); string(after) != string(before) {
		t.Fatal("a refused bulk overwrite changed the commands")
	}

	// Overwrites are no creates, and the global scope counts its own.
	if status, raw := do(t, s, "POST", path, `{"name":"b7","description":"other"}`); status != 200 {
		t.Fatalf("overwrite: %d %s", status, raw)
	}
	if status, raw := do(t, s, "PUT", path, bulkRange("b", 1, 50)); status != 200 {
		t.Fatalf("a smaller bulk overwrite: %d %s", status, raw)
	}
	if status, raw := do(t, s, "POST", globalPath(s), `{"name":"c","description":"d"}`); status != 201 {
		t.Fatalf("global create: %d %s", status, raw)
	}
}

func TestEditReplacesTheSuppliedFieldsOnly(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	path := guildPath(s)
	_, raw := do(t, s, "POST", path, `{"name":"ban","description":"Bans","default_member_permissions":"4","name_localizations":{"fr":"bannir"}}`)
	c := object(t, raw)
	id := c["id"].(string)
	do(t, s, "POST", path, `{"name":"kick","description":"Kicks"}`)

	status, raw := do(t, s, "PATCH", path+"/"+id, `{"description":"Bans a member","name_localizations":null,"type":3,"id":"1"}`)
	e := object(t, raw)
	if status != 200 || e["id"] != id || e["type"] != float64(1) || e["description"] != "Bans a member" ||
		e["name"] != "ban" || e["default_member_permissions"] != "4" || e["name_localizations"] != nil || e["version"] == c["version"] {
		t.Fatalf("%d %s", status, raw)
	}
	status, raw = do(t, s, "PATCH", path+"/"+id, `{"name":"kick"}`)
	body := object(t, raw)
	if status != 400 || body["code"] != float64(50035) || !strings.Contains(string(raw), `"name":{"_errors":[{"code":"APPLICATION_COMMANDS_DUPLICATE_NAME"`) {
		t.Fatalf("rename onto another command: %d %s", status, raw)
	}
	status, raw = do(t, s, "PATCH", path+"/"+id, `{"description":""}`)
	if status != 400 || object(t, raw)["code"] != float64(50035) {
		t.Fatalf("an invalid result: %d %s", status, raw)
	}
	_, raw = do(t, s, "GET", path+"/"+id, "")
	if object(t, raw)["description"] != "Bans a member" {
		t.Fatalf("a refused edit changed the command: %s", raw)
	}
	status, raw = do(t, s, "PATCH", path+"/"+id, `{"name":"bannir"}`)
	if status != 200 || object(t, raw)["name"] != "bannir" {
		t.Fatalf("rename: %d %s", status, raw)
	}
}

func TestDeleteAnswers204AndTheCommandIsGone(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	_, raw := do(t, s, "POST", globalPath(s), `{"name":"ping","description":"Replies"}`)
	id := object(t, raw)["id"].(string)
	status, raw := do(t, s, "DELETE", globalPath(s)+"/"+id, "")
	if status != 204 || len(raw) != 0 {
		t.Fatalf("%d %q", status, raw)
	}
	status, raw = do(t, s, "GET", globalPath(s)+"/"+id, "")
	wantError(t, status, raw, 404, 10063, "Unknown application command")
}

func TestListsAreInCreationOrder(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	for _, name := range []string{"zeta", "alpha", "mid"} {
		do(t, s, "POST", guildPath(s), `{"name":"`+name+`","description":"d"}`)
	}
	_, raw := do(t, s, "GET", guildPath(s), "")
	var names []string
	for _, c := range list(t, raw) {
		names = append(names, c["name"].(string))
	}
	if strings.Join(names, " ") != "zeta alpha mid" {
		t.Fatalf("order %v", names)
	}
}

func TestBulkOverwriteMatchesByIdThenByName(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	path := guildPath(s)
	_, raw := do(t, s, "PUT", path, `[{"name":"a","description":"d"},{"name":"b","description":"d"},{"name":"c","description":"d"},{"name":"Pin","type":3}]`)
	before := map[string]map[string]any{}
	for _, c := range list(t, raw) {
		before[c["name"].(string)] = c
	}

	// An identical overwrite keeps every id and version.
	status, raw := do(t, s, "PUT", path, `[{"name":"a","description":"d"},{"name":"b","description":"d"},{"name":"c","description":"d"},{"name":"Pin","type":3}]`)
	if status != 200 {
		t.Fatalf("%d %s", status, raw)
	}
	for _, c := range list(t, raw) {
		b := before[c["name"].(string)]
		if c["id"] != b["id"] || c["version"] != b["version"] {
			t.Errorf("identical overwrite changed %v", c)
		}
	}

	// a is renamed in place by id and b keeps its id by name, both with a
	// new version; c and Pin go; d is new.
	body := fmt.Sprintf(`[{"id":"%s","name":"renamed","description":"d"},{"name":"b","description":"changed"},{"name":"d","description":"d"}]`, before["a"]["id"])
	status, raw = do(t, s, "PUT", path, body)
	if status != 200 {
		t.Fatalf("%d %s", status, raw)
	}
	got := list(t, raw)
	if len(got) != 3 || got[0]["name"] != "renamed" || got[0]["id"] != before["a"]["id"] || got[0]["version"] == before["a"]["version"] ||
		got[1]["id"] != before["b"]["id"] || got[1]["version"] == before["b"]["version"] {
		t.Fatalf("%s", raw)
	}
	for _, old := range []string{"c", "Pin", "b"} {
		if got[2]["id"] == before[old]["id"] {
			t.Fatalf("the new command took the id of %s", old)
		}
	}
	_, raw = do(t, s, "GET", path, "")
	if l := list(t, raw); len(l) != 3 {
		t.Fatalf("after the overwrite: %s", raw)
	}
	if status, _ := do(t, s, "GET", path+"/"+before["c"]["id"].(string), ""); status != 404 {
		t.Fatalf("an unmatched command survived: %d", status)
	}
}

func TestBulkOverwriteIsAllOrNothing(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	path := guildPath(s)
	do(t, s, "PUT", path, `[{"name":"keep","description":"d"}]`)
	_, before := do(t, s, "GET", path, "")
	for _, tt := range []struct {
		name, body string
		code       int
		want       string
	}{
		{"an invalid element is reported under its index", `[{"name":"ok","description":"d"},{"name":"Bad","description":"d"}]`, 50035, `"errors":{"1":{"name":{"_errors":[{"code":"APPLICATION_COMMAND_INVALID_NAME"`},
		{"duplicate names are a form error", `[{"name":"x","description":"d"},{"name":"x","description":"e"}]`, 50035, `APPLICATION_COMMANDS_DUPLICATE_NAME`},
		{"too many of a type is 30032", bulkBody("n", 101), 30032, `"Maximum number of application commands reached (100)"`},
		{"too long a body is a form error at the root", bulkBody("n", 131), 50035, `"errors":{"_errors":[{"code":"BASE_TYPE_MAX_LENGTH"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, raw := do(t, s, "PUT", path, tt.body)
			if status != 400 || object(t, raw)["code"] != float64(tt.code) || !strings.Contains(string(raw), tt.want) {
				t.Fatalf("%d %s", status, raw)
			}
			if _, after := do(t, s, "GET", path, ""); string(after) != string(before) {
				t.Fatalf("a refused overwrite changed the commands: %s", after)
			}
		})
	}
}

func TestListsAreLocalizedForTheRequester(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	path := globalPath(s)
	do(t, s, "POST", path, `{"name":"hello","description":"Greets","name_localizations":{"fr":"bonjour"},"description_localizations":{"fr":"Salue","de":"Grüßt"},
		"options":[{"type":3,"name":"who","description":"Whom","name_localizations":{"fr":"qui"},"choices":[{"name":"World","value":"w","name_localizations":{"fr":"Monde"}}]}]}`)
	do(t, s, "POST", path, `{"name":"Inspect","type":2}`)

	for _, tt := range []struct {
		name   string
		header []string
		want   string // the localized name, "" for none
	}{
		{"X-Service-Locale chooses the locale", []string{"X-Service-Locale", "fr"}, "bonjour"},
		{"X-Service-Locale comes before Accept-Language", []string{"X-Service-Locale", "de", "Accept-Language", "fr"}, ""},
		{"Accept-Language's first tag is the fallback", []string{"Accept-Language", "fr, en-US;q=0.8"}, "bonjour"},
		{"a locale without an entry adds nothing", []string{"Accept-Language", "ja"}, ""},
		{"no locale adds nothing", nil, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, raw := do(t, s, "GET", path, "", tt.header...)
			cmds := list(t, raw)
			c := cmds[0]
			if got, _ := c["name_localized"].(string); got != tt.want {
				t.Errorf("name_localized = %q, want %q", got, tt.want)
			}
			for _, field := range []string{"name_localizations", "description_localizations"} {
				if _, ok := c[field]; ok {
					t.Errorf("%s present in a list without with_localizations", field)
				}
			}
			if cmds[1]["description"] != "" {
				t.Errorf("USER command description = %v", cmds[1]["description"])
			}
		})
	}

	_, raw := do(t, s, "GET", path, "", "X-Service-Locale", "fr")
	if !strings.Contains(string(raw), `"name":"who","name_localized":"qui"`) || !strings.Contains(string(raw), `"name":"World","name_localized":"Monde"`) ||
		!strings.Contains(string(raw), `"description_localized":"Salue"`) {
		t.Errorf("options and choices are not localized: %s", raw)
	}

	_, raw = do(t, s, "GET", path+"?with_localizations=true", "", "X-Service-Locale", "fr")
	cmds := list(t, raw)
	if _, ok := cmds[0]["name_localized"]; ok || strings.Contains(string(raw), "_localized\"") {
		t.Errorf("with_localizations still localizes: %s", raw)
	}
	if nl, _ := cmds[0]["name_localizations"].(map[string]any); nl["fr"] != "bonjour" {
		t.Errorf("name_localizations = %v", cmds[0]["name_localizations"])
	}
	if v, ok := cmds[1]["name_localizations"]; !ok || v != nil {
		t.Errorf("a command without localizations: %v %v", v, ok)
	}
}

// Rule 12.5: a requester whose locale has no translation sees that of the
// locale it falls back to, then the default.
func TestListsFallBackToARelatedLocale(t *testing.T) {
	for _, tt := range []struct {
		name   string
		given  []string // the locales translated
		locale string   // the requester's
		want   string   // the locale whose translation is seen; "" for the default
	}{
		{"en-US falls back to en-GB", []string{"en-GB"}, "en-US", "en-GB"},
		{"en-GB falls back to en-US", []string{"en-US"}, "en-GB", "en-US"},
		{"es-419 falls back to es-ES", []string{"es-ES"}, "es-419", "es-ES"},
		{"the own locale wins over the fallback", []string{"en-GB", "en-US"}, "en-US", "en-US"},
		{"es-ES does not fall back to es-419", []string{"es-419"}, "es-ES", ""},
		{"other locales have no fallback", []string{"en-US", "en-GB"}, "fr", ""},
		{"without the fallback's translation the default shows", []string{"de"}, "en-US", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := startCommands(t, emulator.Config{})
			dict := func(prefix string) string {
				var parts []string
				for _, l := range tt.given {
					parts = append(parts, fmt.Sprintf("%q:%q", l, prefix+"-"+strings.ToLower(l)))
				}
				return "{" + strings.Join(parts, ",") + "}"
			}
			body := `{"name":"colour","description":"Colour","name_localizations":` + dict("name") + `,"description_localizations":` + dict("Description") +
				`,"options":[{"type":3,"name":"shade","description":"Shade","name_localizations":` + dict("option") +
				`,"choices":[{"name":"Grey","value":"grey","name_localizations":` + dict("Choice") + `}]}]}`
			if status, raw := do(t, s, "POST", globalPath(s), body); status != 201 {
				t.Fatalf("%d %s", status, raw)
			}
			_, raw := do(t, s, "GET", globalPath(s), "", "X-Service-Locale", tt.locale)
			var cmds []struct {
				NameLocalized        string `json:"name_localized"`
				DescriptionLocalized string `json:"description_localized"`
				Options              []struct {
					NameLocalized string `json:"name_localized"`
					Choices       []struct {
						NameLocalized string `json:"name_localized"`
					} `json:"choices"`
				} `json:"options"`
			}
			if err := json.Unmarshal(raw, &cmds); err != nil || len(cmds) != 1 || len(cmds[0].Options) != 1 || len(cmds[0].Options[0].Choices) != 1 {
				t.Fatalf("%s: %v", raw, err)
			}
			c := cmds[0]
			for _, f := range []struct{ prefix, got string }{
				{"name", c.NameLocalized},
				{"Description", c.DescriptionLocalized},
				{"option", c.Options[0].NameLocalized},
				{"Choice", c.Options[0].Choices[0].NameLocalized},
			} {
				want := ""
				if tt.want != "" {
					want = f.prefix + "-" + strings.ToLower(tt.want)
				}
				if f.got != want {
					t.Errorf("%s: localized %q, want %q", f.prefix, f.got, want)
				}
			}
		})
	}
}

func TestTheEntryPointCommandOfAnActivity(t *testing.T) {
	s := startCommands(t, emulator.Config{Activities: true})
	path := globalPath(s)
	_, raw := do(t, s, "GET", path, "")
	cmds := list(t, raw)
	if len(cmds) != 1 || cmds[0]["name"] != "Launch" || cmds[0]["type"] != float64(4) || cmds[0]["handler"] != float64(2) {
		t.Fatalf("%s", raw)
	}
	id := cmds[0]["id"].(string)

	status, raw := do(t, s, "PUT", path, `[{"name":"ping","description":"d"}]`)
	wantError(t, status, raw, 400, 50240, "")
	status, raw = do(t, s, "POST", path, `{"name":"Start","type":4,"handler":1}`)
	wantError(t, status, raw, 400, 30032, "Maximum number of application commands reached (1)")

	status, raw = do(t, s, "PATCH", path+"/"+id, `{"description":"Play with friends","handler":1}`)
	if e := object(t, raw); status != 200 || e["handler"] != float64(1) || e["description"] != "Play with friends" {
		t.Fatalf("edit: %d %s", status, raw)
	}
	status, raw = do(t, s, "PUT", path, `[{"name":"ping","description":"d"},{"name":"Launch","type":4,"handler":1,"description":"Play with friends"}]`)
	if l := list(t, raw); status != 200 || len(l) != 2 || l[1]["id"] != id {
		t.Fatalf("overwrite keeping it: %d %s", status, raw)
	}
	if status, _ := do(t, s, "DELETE", path+"/"+id, ""); status != 204 {
		t.Fatalf("delete: %d", status)
	}
	if status, raw := do(t, s, "PUT", path, `[{"name":"ping","description":"d"}]`); status != 200 {
		t.Fatalf("overwrite after deleting it: %d %s", status, raw)
	}
}

func TestParallelCreatesAreSafe(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	const n = 40
	var wg sync.WaitGroup
	statuses := make([]int, n)
	for i := range n {
		wg.Go(func() {
			// Half the requests race to create the same command.
			name := fmt.Sprintf("cmd%d", i%(n/2))
			statuses[i], _ = do(t, s, "POST", guildPath(s), `{"name":"`+name+`","description":"d"}`)
		})
	}
	wg.Wait()
	created := 0
	for _, st := range statuses {
		switch st {
		case 201:
			created++
		case 200:
		default:
			t.Fatalf("status %d", st)
		}
	}
	_, raw := do(t, s, "GET", guildPath(s), "")
	cmds := list(t, raw)
	ids := map[any]bool{}
	for _, c := range cmds {
		ids[c["id"]] = true
	}
	if created != n/2 || len(cmds) != n/2 || len(ids) != n/2 {
		t.Fatalf("created %d, listed %d, distinct ids %d", created, len(cmds), len(ids))
	}
}

func TestThePermissionsListIsNotACommand(t *testing.T) {
	s := startCommands(t, emulator.Config{})
	status, raw := do(t, s, "GET", guildPath(s)+"/permissions", "")
	if status != 200 || !strings.HasPrefix(string(raw), "[") {
		t.Fatalf("GET .../commands/permissions reached the command handler: %d %s", status, raw)
	}
}
