package emulator_test

import (
	"encoding/json"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// readMessage decodes a message as a bot does, with package interaction's
// Message, and fails the test when it has no interaction metadata.
func readMessage(t *testing.T, msg map[string]any) interaction.Message {
	t.Helper()
	var m interaction.Message
	if err := json.Unmarshal([]byte(mustJSON(t, msg)), &m); err != nil {
		t.Fatalf("%v: %v", err, msg)
	}
	if m.InteractionMetadata == nil {
		t.Fatalf("no interaction_metadata: %v", msg)
	}
	return m
}

// Every message the emulator makes in answer to an interaction says which
// interaction made it, with the fields of the service's metadata of that
// interaction's type; a bot reads them as interaction.Message.
func TestMessagesSayWhichInteractionMadeThem(t *testing.T) {
	s, rl := startRelay(t, emulator.Config{})
	if status, raw := do(t, s, "PUT", guildPath(s), `[{"name":"ask","description":"Asks"},{"name":"Wave","type":2},{"name":"Quote","type":3}]`); status != 200 {
		t.Fatalf("registering: %d %s", status, raw)
	}
	guildOwner := func(t *testing.T, meta *interaction.MessageInteractionMetadata) {
		t.Helper()
		if owner, ok := meta.AuthorizingIntegrationOwners.Get(interaction.GuildInstall); !ok || owner != s.GuildID {
			t.Errorf("authorizing_integration_owners %+v", meta.AuthorizingIntegrationOwners)
		}
	}
	original := func(ex *exchange) string { return webhookPath(s, ex.Token) + "/messages/@original" }
	row := `[{"type":1,"components":[{"type":2,"style":1,"label":"Go","custom_id":"go"}]}]`

	tests := []struct {
		name string
		// make makes the message, and returns it and the interaction
		// that made it.
		make  func(t *testing.T) (map[string]any, *exchange)
		check func(t *testing.T, m interaction.Message, ex *exchange)
	}{
		{"a command's answer", func(t *testing.T) (map[string]any, *exchange) {
			ex := rl.invoke(t, s, "ask")
			ex.answer(t, []byte(`{"type":4,"data":{"content":"hi"}}`))
			_, msg := call(t, s, "GET", original(ex), "", "")
			if _, legacy := msg["interaction"]; legacy {
				t.Errorf("the legacy interaction field: %v", msg)
			}
			return msg, ex
		}, func(t *testing.T, m interaction.Message, ex *exchange) {
			meta := m.InteractionMetadata
			if meta.Type != interaction.TypeApplicationCommand || meta.User.ID != s.Member || meta.IsFollowup() || meta.TargetUser != nil || meta.TargetMessageID != 0 {
				t.Errorf("%+v", meta)
			}
			guildOwner(t, meta)
		}},
		{"its follow-up names the answer", func(t *testing.T) (map[string]any, *exchange) {
			ex := rl.invoke(t, s, "ask")
			ex.answer(t, []byte(`{"type":4,"data":{"content":"hi"}}`))
			_, msg := call(t, s, "POST", webhookPath(s, ex.Token), "", `{"content":"more"}`)
			return msg, ex
		}, func(t *testing.T, m interaction.Message, ex *exchange) {
			_, answer := call(t, s, "GET", original(ex), "", "")
			if got := m.InteractionMetadata.OriginalResponseMessageID.String(); got != answer["id"] {
				t.Errorf("original_response_message_id %s, want %v", got, answer["id"])
			}
		}},
		{"a deferred answer, still loading", func(t *testing.T) (map[string]any, *exchange) {
			ex := rl.invoke(t, s, "ask")
			ex.answer(t, []byte(`{"type":5}`))
			_, msg := call(t, s, "GET", original(ex), "", "")
			return msg, ex
		}, func(t *testing.T, m interaction.Message, ex *exchange) {
			if m.Flags&interaction.FlagLoading == 0 || m.InteractionMetadata.Type != interaction.TypeApplicationCommand || m.InteractionMetadata.IsFollowup() {
				t.Errorf("%+v %+v", m, m.InteractionMetadata)
			}
		}},
		{"a deferred answer, completed", func(t *testing.T) (map[string]any, *exchange) {
			ex := rl.invoke(t, s, "ask")
			ex.answer(t, []byte(`{"type":5}`))
			_, msg := call(t, s, "PATCH", original(ex), "", `{"content":"done"}`)
			return msg, ex
		}, func(t *testing.T, m interaction.Message, ex *exchange) {
			if m.Content != "done" || m.InteractionMetadata.ID != ex.ID || m.InteractionMetadata.IsFollowup() {
				t.Errorf("%+v", m.InteractionMetadata)
			}
		}},
		{"a user command's answer names the user", func(t *testing.T) (map[string]any, *exchange) {
			ex := rl.invokeWith(t, s, `{"guild":"`+s.GuildID.String()+`","command":"Wave","type":2,"target":"`+s.Admin.String()+`"}`)
			ex.answer(t, []byte(`{"type":4,"data":{"content":"waves"}}`))
			_, msg := call(t, s, "GET", original(ex), "", "")
			return msg, ex
		}, func(t *testing.T, m interaction.Message, ex *exchange) {
			if u := m.InteractionMetadata.TargetUser; u == nil || u.ID != s.Admin || u.Username == "" || m.InteractionMetadata.TargetMessageID != 0 {
				t.Errorf("target_user %+v", u)
			}
		}},
		{"a message command's answer names the message", func(t *testing.T) (map[string]any, *exchange) {
			ex := rl.invokeWith(t, s, `{"guild":"`+s.GuildID.String()+`","command":"Quote","type":3,"target":"1311209000000000123"}`)
			ex.answer(t, []byte(`{"type":4,"data":{"content":"quoted"}}`))
			_, msg := call(t, s, "GET", original(ex), "", "")
			return msg, ex
		}, func(t *testing.T, m interaction.Message, ex *exchange) {
			if id := m.InteractionMetadata.TargetMessageID; id != 1311209000000000123 || m.InteractionMetadata.TargetUser != nil {
				t.Errorf("target_message_id %v", id)
			}
		}},
		{"a component's answer names the message used", func(t *testing.T) (map[string]any, *exchange) {
			ex := rl.invoke(t, s, "ask")
			ex.answer(t, []byte(`{"type":4,"data":{"content":"press","components":`+row+`}}`))
			_, used := call(t, s, "GET", original(ex), "", "")
			click := rl.act(t, s, "/_emulator/click", `{"message":"`+used["id"].(string)+`","button":"Go"}`)
			// The message of the interaction carries the metadata of the
			// command that made it.
			var sent struct {
				Message map[string]any `json:"message"`
			}
			json.Unmarshal(click.Raw, &sent)
			if meta := readMessage(t, sent.Message).InteractionMetadata; meta.ID != ex.ID || meta.Type != interaction.TypeApplicationCommand {
				t.Errorf("the message sent with the click: %+v", meta)
			}
			click.answer(t, []byte(`{"type":4,"data":{"content":"went"}}`))
			_, msg := call(t, s, "GET", original(click), "", "")
			msg["used"] = used["id"]
			return msg, click
		}, func(t *testing.T, m interaction.Message, ex *exchange) {
			meta := m.InteractionMetadata
			if meta.Type != interaction.TypeMessageComponent || meta.ID != ex.ID || meta.InteractedMessageID == 0 {
				t.Errorf("%+v", meta)
			}
			guildOwner(t, meta)
		}},
		{"a modal's answer names the interaction that opened it", func(t *testing.T) (map[string]any, *exchange) {
			ex := rl.invoke(t, s, "ask")
			ex.answer(t, []byte(`{"type":4,"data":{"content":"press","components":`+row+`}}`))
			_, used := call(t, s, "GET", original(ex), "", "")
			click := rl.act(t, s, "/_emulator/click", `{"message":"`+used["id"].(string)+`","button":"Go"}`)
			click.answer(t, []byte(`{"type":9,"data":{"custom_id":"form","title":"Form","components":[`+
				`{"type":18,"label":"Name","component":{"type":4,"custom_id":"name","style":1}}]}}`))
			submit := rl.act(t, s, "/_emulator/submit", `{"modal":"form","fields":{"Name":"Ada"}}`)
			submit.answer(t, []byte(`{"type":4,"data":{"content":"thanks"}}`))
			_, msg := call(t, s, "GET", original(submit), "", "")
			return msg, submit
		}, func(t *testing.T, m interaction.Message, ex *exchange) {
			meta := m.InteractionMetadata
			trig := meta.TriggeringInteractionMetadata
			if meta.Type != interaction.TypeModalSubmit || meta.ID != ex.ID || trig == nil || trig.Type != interaction.TypeMessageComponent ||
				trig.InteractedMessageID == 0 || trig.TriggeringInteractionMetadata != nil {
				t.Fatalf("%+v, triggering %+v", meta, trig)
			}
			guildOwner(t, trig)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg, ex := tt.make(t)
			m := readMessage(t, msg)
			if used, ok := msg["used"].(string); ok && m.InteractionMetadata.InteractedMessageID.String() != used {
				t.Errorf("interacted_message_id %v, want %s", m.InteractionMetadata.InteractedMessageID, used)
			}
			if m.InteractionMetadata.ID != ex.ID {
				t.Errorf("metadata of interaction %v, want %v", m.InteractionMetadata.ID, ex.ID)
			}
			tt.check(t, m, ex)
		})
	}
}

// An interaction in a guild carries the partial guild: its id, its
// preferred locale named locale, and its features; one in direct
// messages carries none.
func TestAnInteractionInAGuildCarriesThePartialGuild(t *testing.T) {
	seed := &emulator.Seed{
		Users: []interaction.User{{ID: 1001, Username: "carol"}},
		Guilds: []emulator.SeedGuild{{ID: 2001, Name: "Cercle", OwnerID: 1001, Locale: interaction.LocaleFrench,
			Features: []string{"COMMUNITY", "NEWS"}, Channels: []emulator.SeedChannel{{Channel: interaction.Channel{ID: 2003, Name: "general"}}}}},
	}
	s, rl := startRelay(t, emulator.Config{Seed: seed})
	for _, path := range []string{globalPath(s), "/applications/" + s.ApplicationID.String() + "/guilds/2001/commands"} {
		if status, raw := do(t, s, "PUT", path, `[{"name":"ask","description":"Asks"}]`); status != 200 {
			t.Fatalf("registering: %d %s", status, raw)
		}
	}
	tests := []struct {
		name, invocation, want string
	}{
		{"the guild the emulator makes", `{"guild":"` + s.GuildID.String() + `","command":"ask"}`,
			`{"id":"` + s.GuildID.String() + `","locale":"en-US","features":[]}`},
		{"a Community guild of the seed", `{"guild":"2001","user":"1001","command":"ask"}`,
			`{"id":"2001","locale":"fr","features":["COMMUNITY","NEWS"]}`},
		{"the bot's direct messages", `{"user":"` + s.Member.String() + `","command":"ask"}`, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ex := rl.invokeWith(t, s, tt.invocation)
			ex.answer(t, []byte(`{"type":4,"data":{"content":"hi"}}`))
			var sent map[string]json.RawMessage
			if err := json.Unmarshal(ex.Raw, &sent); err != nil {
				t.Fatal(err)
			}
			got, ok := sent["guild"]
			if tt.want == "" {
				if ok {
					t.Errorf("guild %s in direct messages", got)
				}
				return
			}
			if !ok || !sameJSON(t, json.RawMessage(got), tt.want) {
				t.Errorf("guild %s, want %s", got, tt.want)
			}
			var ix interaction.Interaction
			if err := interaction.Decode(ex.Raw, &ix); err != nil {
				t.Fatal(err)
			}
			if g, ok := ix.Guild.Get(); !ok || g.ID.String() != string(sent["guild_id"][1:len(sent["guild_id"])-1]) {
				t.Errorf("a bot reads the guild as %+v (%v)", g, ok)
			}
		})
	}
}
