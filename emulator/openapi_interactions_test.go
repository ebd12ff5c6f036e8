package emulator

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/switchboard-go/switchboard/interaction"
)

// The description has no schema for an interaction the service sends to
// an application (its interactions endpoint is not an operation of the
// API), so each part of one is held to the schema the description gives
// that object wherever the API returns it:
//
//	type                             InteractionTypes
//	context                          InteractionContextType
//	locale, guild_locale             AvailableLocalesEnum
//	user, channel.recipients[]       UserResponse
//	member                           GuildMemberResponse
//	channel                          a channel of ResolvedObjectsResponse: GuildChannelResponse,
//	                                 PrivateChannelResponse, ThreadResponse … by its type
//	message                          MessageResponse
//	entitlements[]                   EntitlementResponse
//	data.type                        ApplicationCommandType
//	data.options[] (nested), type    ApplicationCommandOptionType
//	data.component_type              MessageComponentTypes
//	data.resolved                    ResolvedObjectsResponse (users UserResponse, members
//	                                 BasicGuildMemberResponse, roles GuildRoleResponse,
//	                                 channels as channel above)
//	data.resolved.messages{}         MessageResponse
//	data.resolved.attachments{}      AttachmentResponse
//
// A new shape of interaction is a new row of sentCases, naming the parts
// it must carry so that it cannot pass by leaving them out.

// interactionParts maps a part of an interaction, as a path whose "*"
// stands for every element or member, to its schema.
var interactionParts = []struct{ path, schema string }{
	{"type", "/components/schemas/InteractionTypes"},
	{"context", "/components/schemas/InteractionContextType"},
	{"locale", "/components/schemas/AvailableLocalesEnum"},
	{"guild_locale", "/components/schemas/AvailableLocalesEnum"},
	{"user", "/components/schemas/UserResponse"},
	{"member", "/components/schemas/GuildMemberResponse"},
	{"channel", "/components/schemas/ResolvedObjectsResponse/properties/channels/additionalProperties"},
	{"channel.recipients.*", "/components/schemas/UserResponse"},
	{"message", "/components/schemas/MessageResponse"},
	{"entitlements.*", "/components/schemas/EntitlementResponse"},
	{"data.type", "/components/schemas/ApplicationCommandType"},
	{"data.options.*.type", "/components/schemas/ApplicationCommandOptionType"},
	{"data.options.*.options.*.type", "/components/schemas/ApplicationCommandOptionType"},
	{"data.options.*.options.*.options.*.type", "/components/schemas/ApplicationCommandOptionType"},
	{"data.component_type", "/components/schemas/MessageComponentTypes"},
	{"data.resolved", "/components/schemas/ResolvedObjectsResponse"},
	{"data.resolved.messages.*", "/components/schemas/MessageResponse"},
	{"data.resolved.attachments.*", "/components/schemas/AttachmentResponse"},
}

// sentCase is an interaction the emulator sends, and the parts it must
// carry.
type sentCase struct {
	name    string
	send    func(t *testing.T, w *oasWorld) []byte
	carries []string
}

// sentCases are the interactions of every kind.
func sentCases() []sentCase {
	ctx := context.Background()
	invoke := func(inv func(w *oasWorld) Invocation) func(t *testing.T, w *oasWorld) []byte {
		return func(t *testing.T, w *oasWorld) []byte {
			res, err := w.s.Invoke(ctx, inv(w))
			mustOK(t, res, err)
			return res.Body
		}
	}
	choose := func(sel string, values func(w *oasWorld) []string) func(t *testing.T, w *oasWorld) []byte {
		return func(t *testing.T, w *oasWorld) []byte {
			w.answered(t)
			res, err := w.s.Choose(ctx, Choose{Select: sel, Values: values(w)})
			mustOK(t, res, err)
			return res.Body
		}
	}
	guildParts := []string{"member", "member.user", "channel", "entitlements", "locale", "guild_locale", "context"}
	with := func(extra ...string) []string { return append(append([]string{}, guildParts...), extra...) }
	return []sentCase{
		{"a PING checks the interactions URL", func(t *testing.T, w *oasWorld) []byte {
			if err := w.s.SetInteractionsURL(ctx, w.bot.url); err != nil {
				t.Fatal(err)
			}
			return w.bot.lastOf(t, interaction.TypePing)
		}, []string{"type", "user", "entitlements"}},
		{"a chat input command with every option type", invoke(func(w *oasWorld) Invocation {
			return Invocation{Guild: w.s.GuildID, Command: "every", Options: []Arg{
				{"text", "hi <@1> & \u2028"}, {"count", 3}, {"flag", true}, {"user", w.s.Moderator}, {"channel", channelID(w.s, "moderation")},
				{"role", w.roleID("Moderator")}, {"who", w.s.Member}, {"ratio", 0.5}, {"file", interaction.Attachment{Filename: "cat.png", Size: 8}},
			}}
		}), with("data.options", "data.resolved.users", "data.resolved.members", "data.resolved.channels", "data.resolved.roles", "data.resolved.attachments")},
		{"a subcommand in a group", invoke(func(w *oasWorld) Invocation {
			return Invocation{Guild: w.s.GuildID, Command: "mod user note", Options: []Arg{{"text", "x"}}}
		}),
			with("data.options.0.options.0.options")},
		{"a user command", invoke(func(w *oasWorld) Invocation {
			return Invocation{Guild: w.s.GuildID, Type: interaction.CommandUser, Command: "Inspect", Target: w.s.Moderator}
		}),
			with("data.target_id", "data.resolved.users", "data.resolved.members")},
		{"a message command on a message of the bot", func(t *testing.T, w *oasWorld) []byte {
			res := w.answered(t)
			rec, _ := w.s.Interaction(res.Interaction.ID)
			return invoke(func(w *oasWorld) Invocation {
				return Invocation{Guild: w.s.GuildID, Type: interaction.CommandMessage, Command: "Quote", Target: rec.Original.ID}
			})(t, w)
		}, with("data.target_id", "data.resolved.messages")},
		{"a message command on a message of a user", invoke(func(w *oasWorld) Invocation {
			return Invocation{Guild: w.s.GuildID, Type: interaction.CommandMessage, Command: "Quote"}
		}),
			with("data.resolved.messages")},
		{"the entry point command", invoke(func(w *oasWorld) Invocation {
			return Invocation{Guild: w.s.GuildID, Type: interaction.CommandPrimaryEntryPoint, Command: "Launch"}
		}),
			with("data.type")},
		{"a command in the bot's direct messages", invoke(func(*oasWorld) Invocation { return Invocation{Command: "poll"} }),
			[]string{"user", "channel.recipients", "entitlements", "context"}},
		{"autocomplete", func(t *testing.T, w *oasWorld) []byte {
			res, err := w.s.Autocomplete(ctx, Invocation{Guild: w.s.GuildID, Command: "every", Options: []Arg{{"text", "h"}, {"count", 2}}, Focused: "text"})
			mustOK(t, res, err)
			return res.Body
		}, with("data.options")},
		{"a button", func(t *testing.T, w *oasWorld) []byte {
			w.answered(t)
			res, err := w.s.Click(ctx, Click{Button: "go"})
			mustOK(t, res, err)
			return res.Body
		}, with("message", "data.component_type")},
		{"a string select", choose("colour", func(*oasWorld) []string { return []string{"r"} }), with("message", "data.values")},
		{"a user select", choose("who", func(w *oasWorld) []string { return []string{w.s.Moderator.String()} }),
			with("message", "data.resolved.users", "data.resolved.members")},
		{"a role select", choose("rank", func(w *oasWorld) []string { return []string{w.roleID("Moderator").String()} }),
			with("message", "data.resolved.roles")},
		{"a mentionable select", choose("any", func(w *oasWorld) []string {
			return []string{w.s.Member.String(), w.roleID("Moderator").String()}
		}), with("message", "data.resolved.users", "data.resolved.roles")},
		{"a channel select", func(t *testing.T, w *oasWorld) []byte {
			invoke(func(w *oasWorld) Invocation {
				return Invocation{Guild: w.s.GuildID, Command: "mod user note", Options: []Arg{{"text", "where"}}}
			})(t, w)
			res, err := w.s.Choose(ctx, Choose{Select: "place", Values: []string{channelID(w.s, "general").String()}})
			mustOK(t, res, err)
			return res.Body
		}, with("message", "data.resolved.channels")},
		{"a modal submission", func(t *testing.T, w *oasWorld) []byte {
			w.answered(t)
			res, err := w.s.Click(ctx, Click{Button: "form"})
			mustOK(t, res, err)
			res, err = w.s.Submit(ctx, Submit{Fields: map[string]string{"name": "Ada <3"}, Values: map[string][]string{"shade": {"b"}}})
			mustOK(t, res, err)
			return res.Body
		}, with("message", "data.components")},
		{"a modal submission of a radio group left empty, a checkbox group, a checkbox and files", func(t *testing.T, w *oasWorld) []byte {
			w.answered(t)
			res, err := w.s.Click(ctx, Click{Button: "signup"})
			mustOK(t, res, err)
			res, err = w.s.Submit(ctx, Submit{
				Values:  map[string][]string{"toppings": {"basil", "olive"}},
				Checked: map[string]bool{"terms": true},
				Files:   map[string][]interaction.Attachment{"proof": {{Filename: "cat.png"}, {Filename: "dog.jpg"}}},
			})
			mustOK(t, res, err)
			return res.Body
		}, with("message", "data.components", "data.resolved.attachments")},
		{"a modal submission with entity selects in labels", func(t *testing.T, w *oasWorld) []byte {
			w.answered(t)
			res, err := w.s.Click(ctx, Click{Button: "team"})
			mustOK(t, res, err)
			res, err = w.s.Submit(ctx, Submit{Values: map[string][]string{
				"lead":    {w.s.Moderator.String()},
				"role":    {w.roleID("Moderator").String()},
				"mention": {w.s.Member.String(), w.roleID("Moderator").String()},
				"where":   {channelID(w.s, "general").String()},
			}})
			mustOK(t, res, err)
			return res.Body
		}, with("message", "data.components", "data.resolved.users", "data.resolved.members", "data.resolved.roles", "data.resolved.channels")},
	}
}

// roleID returns the id of a role of the guild by name.
func (w *oasWorld) roleID(name string) interaction.Snowflake {
	w.s.st.mu.Lock()
	defer w.s.st.mu.Unlock()
	for id, r := range w.s.st.guilds[w.s.GuildID].roles {
		if r.Name == name {
			return id
		}
	}
	return 0
}

// Every kind of interaction the emulator sends carries each of its parts
// as the description gives that object.
func TestEveryInteractionSentIsWhatTheDescriptionSays(t *testing.T) {
	o := loadOpenAPI(t)
	w := startOASWorld(t)
	for _, c := range sentCases() {
		t.Run(c.name, func(t *testing.T) {
			raw := c.send(t, w)
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
			if err != nil {
				t.Fatalf("not JSON: %v: %s", err, raw)
			}
			for _, part := range c.carries {
				if len(find(v, strings.Split(part, "."))) == 0 {
					t.Errorf("the interaction has no %s: %s", part, raw)
				}
			}
			for _, p := range interactionParts {
				for _, at := range find(v, strings.Split(p.path, ".")) {
					if err := o.validateValue(t, p.schema, at.v); err != nil {
						t.Errorf("%s is not %s:\n%v", at.path, p.schema, err)
					}
				}
			}
			if t.Failed() {
				t.Logf("sent: %s", raw)
			}
		})
	}
}

// found is a part of a decoded JSON value, and where it is.
type found struct {
	path string
	v    any
}

// find returns the parts of v at path, "*" standing for every element of
// a list or member of an object; a null part is absent.
func find(v any, path []string) []found {
	if len(path) == 0 {
		if v == nil {
			return nil
		}
		return []found{{"", v}}
	}
	var out []found
	add := func(key string, next any) {
		for _, f := range find(next, path[1:]) {
			f.path = strings.TrimSuffix(key+"."+f.path, ".")
			out = append(out, f)
		}
	}
	switch x := v.(type) {
	case map[string]any:
		if path[0] == "*" {
			for k, e := range x {
				add(k, e)
			}
		} else if e, ok := x[path[0]]; ok {
			add(path[0], e)
		}
	case []any:
		for i, e := range x {
			if path[0] == "*" || path[0] == itoa(i) {
				add(itoa(i), e)
			}
		}
	}
	return out
}

// oasGuildCommands are the guild's commands: one with an option of every
// type, a group, and a user and a message command.
const oasGuildCommands = `[
 {"name":"every","description":"Every option","options":[
  {"type":3,"name":"text","description":"Text","autocomplete":true},
  {"type":4,"name":"count","description":"Count"},
  {"type":5,"name":"flag","description":"Flag"},
  {"type":6,"name":"user","description":"User"},
  {"type":7,"name":"channel","description":"Channel"},
  {"type":8,"name":"role","description":"Role"},
  {"type":9,"name":"who","description":"Mentionable"},
  {"type":10,"name":"ratio","description":"Ratio"},
  {"type":11,"name":"file","description":"File"}]},
 {"name":"mod","description":"Moderation","options":[{"type":2,"name":"user","description":"Users","options":[
  {"type":1,"name":"note","description":"Note","options":[{"type":3,"name":"text","description":"Text","required":true}]}]}]},
 {"type":2,"name":"Inspect"},
 {"type":3,"name":"Quote"}
]`

// oasComponents are the components of the bot's poll: buttons, and every
// select menu but the channel one, most with their defaults left out.
const oasComponents = `[
 {"type":1,"components":[
  {"type":2,"style":1,"label":"Go","custom_id":"go","emoji":{"name":"🔥"}},
  {"type":2,"style":2,"label":"Form","custom_id":"form"},
  {"type":2,"style":2,"label":"Sign up","custom_id":"signup"},
  {"type":2,"style":2,"label":"Team","custom_id":"team"},
  {"type":2,"style":5,"label":"Docs","url":"https://example.com/docs"}]},
 {"type":1,"components":[{"type":3,"custom_id":"colour","placeholder":"Colour",
  "options":[{"label":"Red","value":"r","description":"warm","default":true},{"label":"Blue","value":"b"}]}]},
 {"type":1,"components":[{"type":5,"custom_id":"who"}]},
 {"type":1,"components":[{"type":6,"custom_id":"rank","max_values":2}]},
 {"type":1,"components":[{"type":7,"custom_id":"any","min_values":0,"max_values":3}]}
]`

// oasModal is the modal the button "form" opens.
const oasModal = `{"type":9,"data":{"custom_id":"feedback","title":"Feedback","components":[
 {"type":1,"components":[{"type":4,"custom_id":"name","label":"Name","style":1}]},
 {"type":18,"label":"Shade","component":{"type":3,"custom_id":"shade","options":[{"label":"Light","value":"l"},{"label":"Dark","value":"b"}]}}]}}`

// oasSignup is the modal the button "signup" opens: every input of
// today's modals, each in a label.
const oasSignup = `{"type":9,"data":{"custom_id":"signup","title":"Sign up","components":[
 {"type":10,"content":"Tell us about you"},
 {"type":18,"label":"Size","component":{"type":21,"custom_id":"size","required":false,"options":[{"label":"Small","value":"s"},{"label":"Large","value":"l"}]}},
 {"type":18,"label":"Toppings","component":{"type":22,"custom_id":"toppings","min_values":0,"required":false,"options":[{"label":"Olive","value":"olive"},{"label":"Basil","value":"basil"}]}},
 {"type":18,"label":"Terms","component":{"type":23,"custom_id":"terms"}},
 {"type":18,"label":"Proof","component":{"type":19,"custom_id":"proof","max_values":2,"file_types":["image"]}}]}}`

// oasTeam is the modal the button "team" opens: a select of each entity
// in a label.
const oasTeam = `{"type":9,"data":{"custom_id":"team","title":"Team","components":[
 {"type":18,"label":"Lead","component":{"type":5,"custom_id":"lead"}},
 {"type":18,"label":"Role","component":{"type":6,"custom_id":"role"}},
 {"type":18,"label":"Mention","component":{"type":7,"custom_id":"mention","max_values":2}},
 {"type":18,"label":"Where","component":{"type":8,"custom_id":"where","channel_types":[0]}}]}}`

// oasBot is the application of these tests: it keeps every body it
// receives, PINGs too, and answers each kind of interaction.
type oasBot struct {
	url string
	mu  sync.Mutex
	raw [][]byte
	// hook, when set, handles the next command in place of the answer.
	hook func(ix *interaction.Interaction) (int, string)
}

func startOASBot(t *testing.T, s *Server) *oasBot {
	t.Helper()
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	b := &oasBot{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		// The bytes signed are the bytes received, re-serialized by no one.
		if verifier.Verify([]byte(r.Header.Get("X-Signature-Ed25519")), []byte(r.Header.Get("X-Signature-Timestamp")), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		ix := new(interaction.Interaction)
		if err := interaction.Decode(body, ix); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		b.mu.Lock()
		b.raw = append(b.raw, body)
		hook := b.hook
		if ix.Type == interaction.TypeApplicationCommand {
			b.hook = nil
		}
		b.mu.Unlock()
		status, answer := http.StatusOK, ""
		if hook != nil && ix.Type == interaction.TypeApplicationCommand {
			status, answer = hook(ix)
		} else {
			answer = oasAnswerTo(ix)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write([]byte(answer))
	}))
	t.Cleanup(srv.Close)
	b.url = srv.URL
	if err := s.SetInteractionsURL(context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	return b
}

// oasAnswerTo is the bot's answer to ix.
func oasAnswerTo(ix *interaction.Interaction) string {
	switch ix.Type {
	case interaction.TypePing:
		return `{"type":1}`
	case interaction.TypeApplicationCommandAutocomplete:
		return `{"type":8,"data":{"choices":[{"name":"hello","value":"hello"}]}}`
	case interaction.TypeMessageComponent:
		switch ix.Data.CustomID {
		case "form":
			return oasModal
		case "signup":
			return oasSignup
		case "team":
			return oasTeam
		}
		return `{"type":6}`
	case interaction.TypeModalSubmit:
		return `{"type":4,"data":{"content":"thanks"}}`
	}
	switch ix.Data.Name {
	case "poll":
		return `{"type":4,"data":{"content":"Vote, <@` + ix.Invoker().ID.String() + `>","embeds":[{"title":"Poll","fields":[{"name":"a","value":"b"}]}],"components":` + oasComponents + `}}`
	case "mod":
		return `{"type":4,"data":{"content":"where?","components":[{"type":1,"components":[{"type":8,"custom_id":"place","channel_types":[0]}]}]}}`
	}
	return `{"type":4,"data":{"content":"ok"}}`
}

// lastOf returns the body of the last interaction of type t received.
func (b *oasBot) lastOf(t *testing.T, typ interaction.Type) []byte {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := len(b.raw) - 1; i >= 0; i-- {
		if bytes.Contains(b.raw[i], []byte(`"type":`+itoa(int(typ))+`,`)) {
			return b.raw[i]
		}
	}
	t.Fatalf("the bot received no interaction of type %d", typ)
	return nil
}

// callback has the bot answer the next command through the callback
// endpoint, with query and body, and then acknowledge the HTTP request
// with 202; it returns the callback endpoint's answer.
func (b *oasBot) callback(t *testing.T, w *oasWorld, query, body string) oasAnswer {
	t.Helper()
	var got oasAnswer
	b.mu.Lock()
	b.hook = func(ix *interaction.Interaction) (int, string) {
		got = w.anon(t, "POST", "/interactions/"+ix.ID.String()+"/"+ix.Token+"/callback"+query, body)
		return http.StatusAccepted, ""
	}
	b.mu.Unlock()
	res, err := w.s.Invoke(context.Background(), Invocation{Guild: w.s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	return got
}
