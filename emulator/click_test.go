package emulator

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// pollComponents are the components of the message the bot of these tests
// answers /poll with: a row of buttons of every kind, and a row for each
// select menu but the mentionable one.
const pollComponents = `[
 {"type":1,"components":[
  {"type":2,"style":1,"label":"Yes","custom_id":"poll:yes"},
  {"type":2,"style":4,"label":"No","custom_id":"poll:no","disabled":true},
  {"type":2,"style":5,"label":"Docs","url":"https://example.com/docs"},
  {"type":2,"style":6,"sku_id":"1234"}]},
 {"type":1,"components":[{"type":3,"custom_id":"colour","placeholder":"Colour","min_values":1,"max_values":2,
  "options":[{"label":"Red","value":"r"},{"label":"Blue","value":"b"},{"label":"Green","value":"g"}]}]},
 {"type":1,"components":[{"type":5,"custom_id":"who","placeholder":"Who","max_values":2}]},
 {"type":1,"components":[{"type":7,"custom_id":"ping","min_values":0,"max_values":3}]},
 {"type":1,"components":[{"type":8,"custom_id":"where","channel_types":[0]}]}
]`

// pollSKUs are the SKUs of an application whose bot sends the poll: the
// SKU of its premium button, which the service requires to be the
// application's.
var pollSKUs = []SKU{{ID: 1234, Type: skuSubscription, Name: "Premium", Flags: skuAvailable | skuUserSubscription}}

// newPollServer starts a server of an application with pollSKUs, as cfg
// says otherwise.
func newPollServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	cfg.SKUs = pollSKUs
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// pollAnswer is the bot's answer to /poll.
const pollAnswer = `{"type":4,"data":{"content":"Vote","components":` + pollComponents + `}}`

// startPoll starts a server whose bot answers /poll with the poll, and
// the components of the poll with componentAnswer; it has the member use
// /poll and returns the id of the poll's message.
func startPoll(t *testing.T, componentAnswer string) (*Server, *handBot, interaction.Snowflake) {
	t.Helper()
	s := newPollServer(t, Config{})
	bot := startHandBot(t, s, func(ix *interaction.Interaction) string {
		if ix.Type == interaction.TypeApplicationCommand {
			return pollAnswer
		}
		return componentAnswer
	})
	res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	rec, _ := s.Interaction(res.Interaction.ID)
	return s, bot, rec.Original.ID
}

// A click sends the interaction the service sends: the component's
// custom_id and type, the whole message it is on, and everything an
// interaction of a command carries, from where the message is.
func TestAClickSendsWhatTheServiceSends(t *testing.T) {
	s, bot, poll := startPoll(t, `{"type":6}`)
	res, err := s.Click(context.Background(), Click{User: s.Moderator, Locale: interaction.LocaleFrench, Button: "Yes"})
	mustOK(t, res, err)
	ix, raw := bot.last(t)

	var sent map[string]json.RawMessage
	if err := json.Unmarshal(raw, &sent); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range sent {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	want := "app_permissions application_id attachment_size_limit authorizing_integration_owners channel channel_id context data entitlements guild guild_id guild_locale id locale member message token type version"
	if got := strings.Join(keys, " "); got != want {
		t.Errorf("fields:\n got %s\nwant %s", got, want)
	}
	var data map[string]any
	json.Unmarshal(sent["data"], &data)
	if len(data) != 2 || data["custom_id"] != "poll:yes" || data["component_type"] != float64(2) {
		t.Errorf("data = %v, want the custom_id and the type of the button only", data)
	}

	general := channelID(s, "general")
	channel, _ := ix.Channel.Get()
	partialGuild, _ := ix.Guild.Get()
	for _, c := range []struct {
		what string
		ok   bool
	}{
		{"type", ix.Type == interaction.TypeMessageComponent},
		{"the data's custom_id and component type", ix.Data.CustomID == "poll:yes" && ix.Data.ComponentType == interaction.ComponentButton && ix.Data.Values == nil},
		{"the message", ix.Message != nil && ix.Message.ID == poll && ix.Message.Content == "Vote" && len(ix.Message.Components) == 5},
		{"the clicker", ix.Invoker().ID == s.Moderator && ix.User == nil},
		{"the place", ix.GuildID == s.GuildID && ix.ChannelID == general && channel.ID == general},
		{"the partial guild", partialGuild.ID == s.GuildID && partialGuild.Locale == interaction.LocaleEnglishUS && partialGuild.Features != nil},
		{"the message's interaction metadata", ix.Message != nil && ix.Message.InteractionMetadata != nil &&
			ix.Message.InteractionMetadata.Type == interaction.TypeApplicationCommand && ix.Message.InteractionMetadata.User.ID == s.Member},
		{"the locales", ix.Locale == interaction.LocaleFrench && ix.GuildLocale == interaction.LocaleEnglishUS},
		{"the context", ix.Context.Valid && ix.Context.Type == interaction.ContextGuild},
		{"the application's permissions", ix.AppPermissions.Has(interaction.PermissionSendMessages)},
		{"the token and version", ix.Token != "" && ix.Version == 1 && ix.ApplicationID == s.ApplicationID},
		{"the attachment size limit", ix.AttachmentSizeLimit == 10<<20},
	} {
		if !c.ok {
			t.Errorf("%s: not as the service sends it: %s", c.what, raw)
		}
	}
	if owner, ok := ix.AuthorizingIntegrationOwners.Get(interaction.GuildInstall); !ok || owner != s.GuildID {
		t.Errorf("authorizing_integration_owners: %s", sent["authorizing_integration_owners"])
	}
	var msg struct {
		Components []json.RawMessage `json:"components"`
		Meta       struct {
			ID   string           `json:"id"`
			Type interaction.Type `json:"type"`
		} `json:"interaction_metadata"`
	}
	json.Unmarshal(sent["message"], &msg)
	if len(msg.Components) != 5 || msg.Meta.Type != interaction.TypeApplicationCommand {
		t.Errorf("the message as sent: %s", sent["message"])
	}
}

// The answers of a component: an update edits the message the component
// is on; a deferred update leaves it to an edit of @original; a reply is a
// message of its own, which names the message that was used.
func TestAnswersToAComponent(t *testing.T) {
	ctx := context.Background()
	t.Run("an update edits the component's message", func(t *testing.T) {
		s, _, poll := startPoll(t, `{"type":7,"data":{"content":"Thanks","components":[]}}`)
		res, err := s.Click(ctx, Click{Button: "poll:yes"})
		mustOK(t, res, err)
		m := messageByID(t, s, poll)
		if m.Data.Content != "Thanks" || m.Data.Components == nil || len(m.Data.Components) != 0 || m.Edited.IsZero() {
			t.Fatalf("the poll after the update: %+v", m)
		}
		click, _ := s.Interaction(res.Interaction.ID)
		if click.Original == nil || click.Original.ID != poll || len(click.History) != 1 || click.History[0].Kind != MessageEdited {
			t.Fatalf("the click's record: %+v", click)
		}
		owner := recordOf(t, s, poll)
		if last := owner.History[len(owner.History)-1]; last.Kind != MessageEdited || !last.Original || last.Message.Data.Content != "Thanks" {
			t.Fatalf("the poll's own history ends with %+v", last)
		}
	})
	t.Run("an update names only what it changes", func(t *testing.T) {
		s, _, poll := startPoll(t, `{"type":7,"data":{"content":"Closed"}}`)
		res, err := s.Click(ctx, Click{Button: "Yes"})
		mustOK(t, res, err)
		if m := messageByID(t, s, poll); m.Data.Content != "Closed" || len(m.Data.Components) != 5 {
			t.Fatalf("the poll after the update: %+v", m)
		}
	})
	t.Run("a deferred update, then an edit of @original", func(t *testing.T) {
		s, _, poll := startPoll(t, `{"type":6}`)
		res, err := s.Click(ctx, Click{Button: "Yes"})
		mustOK(t, res, err)
		if m := messageByID(t, s, poll); m.Data.Content != "Vote" || !m.Edited.IsZero() {
			t.Fatalf("a deferred update changed the poll: %+v", m)
		}
		status, body := tokenWebhook(t, s, "PATCH", res.Interaction.Token, "/messages/@original", `{"content":"Counted"}`)
		if status != 200 || body["id"] != poll.String() || body["content"] != "Counted" {
			t.Fatalf("PATCH @original: %d %v", status, body)
		}
		if m := messageByID(t, s, poll); m.Data.Content != "Counted" || len(m.Data.Components) != 5 {
			t.Fatalf("the poll after the edit: %+v", m)
		}
		status, body = tokenWebhook(t, s, "POST", res.Interaction.Token, "", `{"content":"and a follow-up"}`)
		meta, _ := body["interaction_metadata"].(map[string]any)
		if status != 200 || meta["interacted_message_id"] != poll.String() || meta["original_response_message_id"] != poll.String() {
			t.Fatalf("follow-up: %d %v", status, body)
		}
	})
	t.Run("a reply is a message of its own", func(t *testing.T) {
		s, _, poll := startPoll(t, `{"type":4,"data":{"content":"You voted","flags":64}}`)
		res, err := s.Click(ctx, Click{Button: "Yes"})
		mustOK(t, res, err)
		status, body := tokenWebhook(t, s, "GET", res.Interaction.Token, "/messages/@original", "")
		meta, _ := body["interaction_metadata"].(map[string]any)
		if status != 200 || body["id"] == poll.String() || body["content"] != "You voted" || body["type"] != float64(0) ||
			meta["type"] != float64(interaction.TypeMessageComponent) || meta["interacted_message_id"] != poll.String() {
			t.Fatalf("@original: %d %v", status, body)
		}
		if m := messageByID(t, s, poll); m.Data.Content != "Vote" {
			t.Fatalf("a reply changed the poll: %+v", m)
		}
	})
}

// messageByID returns a message the bot sent.
func messageByID(t *testing.T, s *Server, id interaction.Snowflake) Message {
	t.Helper()
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	m, _ := s.st.message(id)
	if m == nil {
		t.Fatalf("no message %s", id)
	}
	return m.clone()
}

// recordOf returns the record of the interaction that made a message.
func recordOf(t *testing.T, s *Server, message interaction.Snowflake) InteractionRecord {
	t.Helper()
	s.st.mu.Lock()
	si := s.st.messages[message]
	s.st.mu.Unlock()
	rec, ok := s.Interaction(si.ix.ID)
	if !ok {
		t.Fatalf("no interaction made message %s", message)
	}
	return rec
}

// tokenWebhook makes a request to the webhook of an interaction's token, and
// decodes a JSON answer.
func tokenWebhook(t *testing.T, s *Server, method, token, path, body string) (int, map[string]any) {
	t.Helper()
	status, raw := apiRequest(t, s, method, "/webhooks/"+s.ApplicationID.String()+"/"+token+path, "", body)
	var out map[string]any
	if raw != "" {
		if err := json.Unmarshal([]byte(raw), &out); err != nil {
			t.Fatalf("%s %s: %s: %v", method, path, raw, err)
		}
	}
	return status, out
}

// A choice sends the values chosen, as the options' values or the ids of
// what the entity menus offer, with those entities resolved.
func TestAChoiceSendsTheValuesChosen(t *testing.T) {
	s, bot, _ := startPoll(t, `{"type":6}`)
	ctx := context.Background()
	moderation := channelID(s, "moderation")
	modRole := roleNamed(s, "Moderator")
	for _, tc := range []struct {
		name   string
		choose Choose
		values []string
		check  func(r interaction.Resolved) bool
	}{
		{"options by value and by label", Choose{Select: "colour", Values: []string{"g", "Red"}}, []string{"g", "r"}, nil},
		{"a menu by its placeholder", Choose{Select: "Colour", Values: []string{"Blue"}}, []string{"b"}, nil},
		{"users with their membership", Choose{Select: "who", Values: []string{s.Admin.String(), s.Moderator.String()}},
			[]string{s.Admin.String(), s.Moderator.String()},
			func(r interaction.Resolved) bool {
				m, ok := r.Member(s.Moderator)
				d, _ := r.Decode()
				return ok && m.User.Username == "ada" && len(m.Roles) == 1 && len(d.Users) == 2 && len(d.Members) == 2
			}},
		{"a role and a user in a mentionable menu", Choose{Select: "ping", Values: []string{modRole.String(), s.Member.String()}},
			[]string{modRole.String(), s.Member.String()},
			func(r interaction.Resolved) bool {
				role, _ := r.Role(modRole)
				u, _ := r.User(s.Member)
				return role.Name == "Moderator" && u.Username == "bob"
			}},
		{"nothing, where the menu allows it", Choose{Select: "ping"}, []string{}, nil},
		{"a channel of a type the menu takes", Choose{Select: "where", Values: []string{moderation.String()}}, []string{moderation.String()},
			func(r interaction.Resolved) bool {
				c, _ := r.Channel(moderation)
				return c.Name == "moderation" && c.Permissions != 0
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := s.Choose(ctx, tc.choose)
			mustOK(t, res, err)
			ix, raw := bot.last(t)
			if !slices.Equal(ix.Data.Values, tc.values) || ix.Data.Values == nil {
				t.Errorf("values %q, want %q: %s", ix.Data.Values, tc.values, raw)
			}
			if tc.check != nil && !tc.check(ix.Data.Resolved) {
				t.Errorf("resolved data: %s", raw)
			}
		})
	}
}

// The client does not send what a user cannot do: each of these is
// refused, and the bot hears nothing.
func TestUsesOfComponentsTheClientRefuses(t *testing.T) {
	s, bot, _ := startPoll(t, `{"type":6}`)
	ctx := context.Background()
	secret := ephemeralMessage(t, s, bot)
	voice := channelID(s, "Lounge")
	for _, tc := range []struct {
		name string
		use  func() error
		kind error
	}{
		{"a disabled button", func() error { _, err := s.Click(ctx, Click{Button: "No"}); return err }, ErrInvalidInput},
		{"a link button", func() error { _, err := s.Click(ctx, Click{Button: "Docs"}); return err }, ErrInvalidInput},
		{"a button no message has", func() error { _, err := s.Click(ctx, Click{Button: "Maybe"}); return err }, ErrUnknownComponent},
		{"a button not on the message named", func() error {
			_, err := s.Click(ctx, Click{Message: secret, Button: "poll:yes"})
			return err
		}, ErrUnknownComponent},
		{"a select menu clicked as a button", func() error { _, err := s.Click(ctx, Click{Button: "colour"}); return err }, ErrInvalidInput},
		{"another user's ephemeral message", func() error {
			_, err := s.Click(ctx, Click{User: s.Admin, Message: secret, Button: "peek"})
			return err
		}, ErrUnknownMessage},
		{"a message that does not exist", func() error {
			_, err := s.Click(ctx, Click{Message: 1, Button: "Yes"})
			return err
		}, ErrUnknownMessage},
		{"a value not offered", func() error { _, err := s.Choose(ctx, Choose{Select: "colour", Values: []string{"Pink"}}); return err }, ErrInvalidInput},
		{"fewer values than min_values", func() error { _, err := s.Choose(ctx, Choose{Select: "colour"}); return err }, ErrInvalidInput},
		{"more values than max_values", func() error {
			_, err := s.Choose(ctx, Choose{Select: "colour", Values: []string{"r", "g", "b"}})
			return err
		}, ErrInvalidInput},
		{"a value chosen twice", func() error {
			_, err := s.Choose(ctx, Choose{Select: "colour", Values: []string{"r", "Red"}})
			return err
		}, ErrInvalidInput},
		{"a channel of a type the menu does not take", func() error {
			_, err := s.Choose(ctx, Choose{Select: "where", Values: []string{voice.String()}})
			return err
		}, ErrInvalidInput},
		{"a user who is not a member", func() error {
			_, err := s.Choose(ctx, Choose{Select: "who", Values: []string{"12345"}})
			return err
		}, ErrInvalidInput},
		{"a button chosen as a select menu", func() error {
			_, err := s.Choose(ctx, Choose{Select: "poll:yes", Values: []string{"x"}})
			return err
		}, ErrInvalidInput},
		{"an unknown user", func() error { _, err := s.Click(ctx, Click{User: 42, Button: "Yes"}); return err }, ErrUnknownTarget},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := bot.received()
			err := tc.use()
			var ie *InvocationError
			if !errors.As(err, &ie) || !errors.Is(err, tc.kind) {
				t.Fatalf("err = %v, want an *InvocationError of %v", err, tc.kind)
			}
			if bot.received() != before {
				t.Error("the bot received an interaction")
			}
		})
	}
}

// ephemeralMessage has the member's poll send an ephemeral follow-up with
// a button, and returns its id.
func ephemeralMessage(t *testing.T, s *Server, bot *handBot) interaction.Snowflake {
	t.Helper()
	rec := recordOf(t, s, messageOf(t, s))
	status, body := tokenWebhook(t, s, "POST", rec.Interaction.Token, "",
		`{"flags":64,"content":"just for you","components":[{"type":1,"components":[{"type":2,"style":1,"label":"Peek","custom_id":"peek"}]}]}`)
	if status != 200 {
		t.Fatalf("ephemeral follow-up: %d %v", status, body)
	}
	id, _ := interaction.ParseSnowflake(body["id"].(string))
	return id
}

// messageOf returns the id of the first message the bot sent.
func messageOf(t *testing.T, s *Server) interaction.Snowflake {
	t.Helper()
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	first := interaction.Snowflake(0)
	for id := range s.st.messages {
		if first == 0 || id < first {
			first = id
		}
	}
	return first
}

// answerTypes are a valid answer of each type the service defines.
var answerTypes = []struct {
	t    interaction.CallbackType
	body string
}{
	{interaction.CallbackPong, `{"type":1}`},
	{interaction.CallbackChannelMessageWithSource, `{"type":4,"data":{"content":"hi"}}`},
	{interaction.CallbackDeferredChannelMessageWithSource, `{"type":5}`},
	{interaction.CallbackDeferredUpdateMessage, `{"type":6}`},
	{interaction.CallbackUpdateMessage, `{"type":7,"data":{"content":"changed"}}`},
	{interaction.CallbackAutocompleteResult, `{"type":8,"data":{"choices":[]}}`},
	{interaction.CallbackModal, `{"type":9,"data":{"custom_id":"form","title":"Form","components":[` +
		`{"type":18,"label":"Name","component":{"type":4,"custom_id":"name","style":1}}]}}`},
	{interaction.CallbackPremiumRequired, `{"type":10}`},
	{interaction.CallbackLaunchActivity, `{"type":12}`},
}

// viaCallback answers through the callback endpoint, from the bot's
// handler, and answers the emulator's request with an empty 200; status
// gets the callback's status and body its answer.
func viaCallback(t *testing.T, s *Server, answer string, status *int, body *map[string]any) func(*interaction.Interaction) string {
	return func(ix *interaction.Interaction) string {
		resp, err := http.Post(s.URL+"/interactions/"+ix.ID.String()+"/"+ix.Token+"/callback", "application/json", strings.NewReader(answer))
		if err != nil {
			t.Error(err)
			return ""
		}
		defer resp.Body.Close()
		*status, *body = resp.StatusCode, nil
		json.NewDecoder(resp.Body).Decode(body)
		return ""
	}
}

// Each kind of interaction takes the answer types of the service's table,
// in the HTTP response and through the callback endpoint alike; another
// is refused with 50035 at the answer's type, listing those it takes.
func TestAnswerTypesFollowTheServicesTable(t *testing.T) {
	ctx := context.Background()
	submit := func(s *Server) (*Result, error) {
		return s.Submit(ctx, Submit{Fields: map[string]string{"name": "Ada"}})
	}
	kinds := []struct {
		name    string
		allowed []interaction.CallbackType
		// open, when set, has the bot open the feedback modal first.
		open func(s *Server) (*Result, error)
		use  func(s *Server) (*Result, error)
	}{
		{"a command", []interaction.CallbackType{4, 5, 9}, nil, func(s *Server) (*Result, error) {
			return s.Invoke(ctx, Invocation{Guild: s.GuildID, Command: "poll"})
		}},
		{"a button", []interaction.CallbackType{4, 5, 6, 7, 9}, nil, func(s *Server) (*Result, error) {
			return s.Click(ctx, Click{Button: "Yes"})
		}},
		{"a select menu", []interaction.CallbackType{4, 5, 6, 7, 9}, nil, func(s *Server) (*Result, error) {
			return s.Choose(ctx, Choose{Select: "colour", Values: []string{"r"}})
		}},
		{"a modal a button opened", []interaction.CallbackType{4, 5, 6, 7}, func(s *Server) (*Result, error) {
			return s.Click(ctx, Click{Button: "Yes"})
		}, submit},
		{"a modal a command opened", []interaction.CallbackType{4, 5}, func(s *Server) (*Result, error) {
			return s.Invoke(ctx, Invocation{Guild: s.GuildID, Command: "poll"})
		}, submit},
	}
	s, bot, _ := startPoll(t, `{"type":6}`)
	list := func(ts []interaction.CallbackType) string {
		parts := make([]string, len(ts))
		for i, t := range ts {
			parts[i] = itoa(int(t))
		}
		return "Value must be one of (" + strings.Join(parts, ", ") + ")."
	}
	for _, k := range kinds {
		for _, a := range answerTypes {
			want := slices.Contains(k.allowed, a.t)
			open := func(t *testing.T) {
				if k.open == nil {
					return
				}
				bot.answering(always(feedbackModal))
				res, err := k.open(s)
				mustOK(t, res, err)
			}
			t.Run(k.name+" answered "+a.t.String()+" in the HTTP response", func(t *testing.T) {
				open(t)
				bot.answering(always(a.body))
				res, err := k.use(s)
				if err != nil {
					t.Fatal(err)
				}
				if res.OK() != want {
					t.Fatalf("accepted = %v, want %v: %q", res.OK(), want, res.Violations)
				}
				if !want && !strings.Contains(strings.Join(res.Violations, " "), list(k.allowed)) {
					t.Errorf("violations %q do not list the types %s takes", res.Violations, k.name)
				}
			})
			t.Run(k.name+" answered "+a.t.String()+" through the callback", func(t *testing.T) {
				var status int
				var body map[string]any
				open(t)
				bot.answering(viaCallback(t, s, a.body, &status, &body))
				if _, err := k.use(s); err != nil {
					t.Fatal(err)
				}
				if want && status != 204 {
					t.Fatalf("callback: %d %v", status, body)
				}
				if !want && (status != 400 || body["code"] != float64(50035) || errorMessage(body, "type") != list(k.allowed)) {
					t.Fatalf("callback: %d %v", status, body)
				}
			})
		}
	}
}

// errorMessage returns the message of the first error of an errors tree
// at path, or "".
func errorMessage(body map[string]any, path ...string) string {
	node, _ := body["errors"].(map[string]any)
	for _, p := range path {
		node, _ = node[p].(map[string]any)
	}
	list, _ := node["_errors"].([]any)
	if len(list) == 0 {
		return ""
	}
	first, _ := list[0].(map[string]any)
	msg, _ := first["message"].(string)
	return msg
}

// A MODAL answer opens the modal before the user who used the component,
// in place of any other.
func TestAModalAnswerOpensTheModalBeforeTheUser(t *testing.T) {
	s, bot, poll := startPoll(t, answerTypes[6].body)
	if _, ok := s.OpenModal(0); ok {
		t.Fatal("a modal is open before anything opened one")
	}
	res, err := s.Click(context.Background(), Click{Button: "Yes"})
	mustOK(t, res, err)
	m, ok := s.OpenModal(s.Member)
	if !ok || m.CustomID != "form" || m.Title != "Form" || len(m.Components) != 1 {
		t.Fatalf("open modal: %+v, %v", m, ok)
	}
	if _, ok := s.OpenModal(s.Moderator); ok {
		t.Error("the modal is open before another user too")
	}
	all := s.Modals()
	if len(all) != 1 || all[0].User != s.Member || all[0].Interaction != res.Interaction.ID || all[0].Message != poll {
		t.Fatalf("Modals() = %+v", all)
	}
	bot.answering(always(`{"type":9,"data":{"custom_id":"other","title":"Other","components":[{"type":10,"content":"hi"}]}}`))
	res, err = s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	if m, _ := s.OpenModal(0); m.CustomID != "other" {
		t.Fatalf("the modal a command opened did not take the place of the other: %+v", m)
	}
	if all := s.Modals(); len(all) != 1 || all[0].Message != 0 {
		t.Fatalf("Modals() = %+v", all)
	}
}

// An update and a modal are checked with the service's rules like every
// message: one that breaks them changes nothing and opens nothing.
func TestUpdatesAndModalsAreCheckedWithTheServicesRules(t *testing.T) {
	for _, tc := range []struct {
		name, answer, at string
	}{
		{"an update with a button without a custom_id",
			`{"type":7,"data":{"components":[{"type":1,"components":[{"type":2,"style":1,"label":"B"}]}]}}`,
			`"data":{"components":{"0":{"components":{"0":{"custom_id":{"_errors"`},
		{"an update that lays out a message that keeps its content",
			`{"type":7,"data":{"flags":32768,"components":[{"type":10,"content":"x"}]}}`,
			`"data":{"content":{"_errors"`},
		{"an update that empties the message",
			`{"type":7,"data":{"content":"","components":[]}}`,
			`"code":50006`},
		{"an update with a link button that runs a script",
			`{"type":7,"data":{"components":[{"type":1,"components":[{"type":2,"style":5,"label":"L","url":"javascript:alert(1)"}]}]}}`,
			`"url":{"_errors":[{"code":"URL_TYPE_INVALID_SCHEME"`},
		{"a modal with a button",
			`{"type":9,"data":{"custom_id":"m","title":"T","components":[{"type":1,"components":[{"type":2,"style":1,"label":"B","custom_id":"b"}]}]}}`,
			`"data":{"components":{"0":{"components":{"0":{"type":{"_errors"`},
		{"a modal with a label too long",
			`{"type":9,"data":{"custom_id":"m","title":"T","components":[{"type":18,"label":"` + strings.Repeat("x", 46) + `","component":{"type":4,"custom_id":"a","style":1}}]}}`,
			`"data":{"components":{"0":{"label":{"_errors"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, poll := startPoll(t, tc.answer)
			res, err := s.Click(context.Background(), Click{Button: "Yes"})
			if err != nil {
				t.Fatal(err)
			}
			if res.OK() || !strings.Contains(strings.Join(res.Violations, " "), tc.at) {
				t.Fatalf("violations %q, want one at %s", res.Violations, tc.at)
			}
			if m := messageByID(t, s, poll); m.Data.Content != "Vote" || len(m.Data.Components) != 5 || !m.Edited.IsZero() {
				t.Errorf("a refused answer changed the poll: %+v", m)
			}
			if _, ok := s.OpenModal(0); ok {
				t.Error("a refused modal is open")
			}
		})
	}
}

// Where the message is decides who may use its components, and the
// interaction comes from there.
func TestWhoSeesAMessageMayUseItsComponents(t *testing.T) {
	ctx := context.Background()
	t.Run("the bot's direct messages with a user", func(t *testing.T) {
		s, bot, _ := startPoll(t, `{"type":6}`)
		res, err := s.Invoke(ctx, Invocation{Command: "poll"})
		mustOK(t, res, err)
		dm, _ := s.Interaction(res.Interaction.ID)
		res, err = s.Click(ctx, Click{Message: dm.Original.ID, Button: "Yes"})
		mustOK(t, res, err)
		ix, _ := bot.last(t)
		if ix.GuildID != 0 || ix.User == nil || ix.User.ID != s.Member || ix.Context.Type != interaction.ContextBotDM ||
			ix.ChannelID != dm.Interaction.ChannelID || ix.Message.ID != dm.Original.ID {
			t.Errorf("a click in the DMs: %+v", ix)
		}
		if _, err := s.Click(ctx, Click{User: s.Moderator, Message: dm.Original.ID, Button: "Yes"}); !errors.Is(err, ErrUnknownTarget) {
			t.Errorf("another user clicked in the member's DMs: %v", err)
		}
	})
	t.Run("an ephemeral message, by the user it answers", func(t *testing.T) {
		s, bot, _ := startPoll(t, `{"type":6}`)
		secret := ephemeralMessage(t, s, bot)
		res, err := s.Click(ctx, Click{Button: "peek"})
		mustOK(t, res, err)
		if ix, _ := bot.last(t); ix.Message.ID != secret || ix.Message.Flags&interaction.FlagEphemeral == 0 {
			t.Errorf("the click's message: %+v", ix.Message)
		}
	})
	t.Run("the newest message with the button, unless one is named", func(t *testing.T) {
		s, bot, first := startPoll(t, `{"type":6}`)
		res, err := s.Invoke(ctx, Invocation{Guild: s.GuildID, Command: "poll"})
		mustOK(t, res, err)
		second, _ := s.Interaction(res.Interaction.ID)
		for _, tc := range []struct {
			click Click
			want  interaction.Snowflake
		}{
			{Click{Button: "Yes"}, second.Original.ID},
			{Click{Button: "Yes", Channel: channelID(s, "general")}, second.Original.ID},
			{Click{Button: "Yes", Message: first}, first},
		} {
			res, err := s.Click(ctx, tc.click)
			mustOK(t, res, err)
			if ix, _ := bot.last(t); ix.Message.ID != tc.want {
				t.Errorf("%+v clicked on message %s, want %s", tc.click, ix.Message.ID, tc.want)
			}
		}
		if _, err := s.Click(ctx, Click{Button: "Yes", Channel: channelID(s, "moderation")}); !errors.Is(err, ErrUnknownTarget) {
			t.Errorf("a button found in a channel without it: %v", err)
		}
	})
	t.Run("a deleted message", func(t *testing.T) {
		s, _, poll := startPoll(t, `{"type":6}`)
		rec := recordOf(t, s, poll)
		if status, body := tokenWebhook(t, s, "DELETE", rec.Interaction.Token, "/messages/@original", ""); status != 204 {
			t.Fatalf("DELETE: %d %v", status, body)
		}
		if _, err := s.Click(ctx, Click{Message: poll, Button: "Yes"}); !errors.Is(err, ErrUnknownTarget) {
			t.Errorf("a click on a deleted message: %v", err)
		}
	})
}

// LAUNCH_ACTIVITY answers a component, or a modal, of an application with
// an Activity.
func TestAComponentMayLaunchTheActivity(t *testing.T) {
	s := newPollServer(t, Config{Activities: true})
	bot := startHandBot(t, s, func(ix *interaction.Interaction) string {
		if ix.Type == interaction.TypeApplicationCommand {
			return pollAnswer
		}
		return `{"type":12}`
	})
	ctx := context.Background()
	res, err := s.Invoke(ctx, Invocation{Guild: s.GuildID, Command: "poll"})
	mustOK(t, res, err)
	res, err = s.Click(ctx, Click{Button: "Yes"})
	mustOK(t, res, err)
	bot.answering(always(feedbackModal))
	res, err = s.Click(ctx, Click{Button: "Yes"})
	mustOK(t, res, err)
	bot.answering(always(`{"type":12}`))
	res, err = s.Submit(ctx, Submit{Fields: map[string]string{"name": "Ada"}})
	mustOK(t, res, err)
}

// What a user looks for and does not see is named as such: a button, a
// select menu, a message, each a kind of ErrUnknownTarget.
func TestWhatIsMissingIsNamedAsSuch(t *testing.T) {
	s, _, poll := startPoll(t, `{"type":6}`)
	ctx := context.Background()
	general := channelID(s, "general")
	for _, tc := range []struct {
		name string
		use  func() error
		kind error
		says string
	}{
		{"a button", func() error { _, err := s.Click(ctx, Click{Button: "OK", Channel: general}); return err },
			ErrUnknownComponent, `emulator: unknown component: @bob sees no button "OK" in #general`},
		{"a select menu", func() error { _, err := s.Choose(ctx, Choose{Select: "flavour"}); return err },
			ErrUnknownComponent, `emulator: unknown component: @bob sees no select menu "flavour"`},
		{"a button not on the message named", func() error { _, err := s.Click(ctx, Click{Message: poll, Button: "OK"}); return err },
			ErrUnknownComponent, `emulator: unknown component: message ` + poll.String() + ` has no button "OK"`},
		{"a message", func() error { _, err := s.Click(ctx, Click{Message: 1, Button: "Yes"}); return err },
			ErrUnknownMessage, `emulator: unknown message: @bob sees no message 1`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.use()
			if !errors.Is(err, tc.kind) || !errors.Is(err, ErrUnknownTarget) || err.Error() != tc.says {
				t.Errorf("err = %v, want %q, of %v and of ErrUnknownTarget", err, tc.says, tc.kind)
			}
		})
	}
}

// A user is named by their @name alone, unless another user has it too.
func TestARefusalTellsTwoUsersOfOneNameApart(t *testing.T) {
	s := newPollServer(t, Config{Seed: &Seed{Users: []interaction.User{{ID: 9001, Username: "bob"}}}})
	_, err := s.Click(context.Background(), Click{Button: "OK"})
	if want := "@bob (" + s.Member.String() + ") sees no button"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want it to say %q", err, want)
	}
}
