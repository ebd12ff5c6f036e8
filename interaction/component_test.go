package interaction_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

func TestComponentInteractionsSurviveTheWire(t *testing.T) {
	alice := interaction.User{ID: 1100000000000000021, Username: "alice"}
	mods := interaction.Role{ID: 1100000000000000022, Name: "mods"}
	tests := []struct {
		name  string
		b     *interactiontest.Builder
		check func(t *testing.T, ix *interaction.Interaction)
	}{
		{"a button click carries its custom_id and the message", interactiontest.Button("poll:7:yes"),
			func(t *testing.T, ix *interaction.Interaction) {
				if ix.Data.CustomID != "poll:7:yes" || ix.Data.ComponentType != interaction.ComponentButton || ix.Data.Values != nil {
					t.Errorf("data = %+v", ix.Data)
				}
				if ix.Message == nil || ix.Message.ID != interactiontest.MessageID {
					t.Errorf("message = %+v", ix.Message)
				}
			}},
		{"a string select carries its values in order", interactiontest.Select("colour", "red", "blue"),
			func(t *testing.T, ix *interaction.Interaction) {
				if !slices.Equal(ix.Data.Values, []string{"red", "blue"}) {
					t.Errorf("values = %q", ix.Data.Values)
				}
			}},
		{"an entity select resolves what was chosen",
			interactiontest.Component("who", interaction.ComponentMentionableSelect).SelectedUser(alice, nil).SelectedRole(mods),
			func(t *testing.T, ix *interaction.Interaction) {
				if u, ok := ix.Data.Resolved.User(alice.ID); !ok || u.Username != "alice" {
					t.Errorf("resolved user = %+v, %v", u, ok)
				}
				if r, ok := ix.Data.Resolved.Role(mods.ID); !ok || r.Name != "mods" {
					t.Errorf("resolved role = %+v, %v", r, ok)
				}
				if !slices.Equal(ix.Data.Values, []string{alice.ID.String(), mods.ID.String()}) {
					t.Errorf("values = %q", ix.Data.Values)
				}
			}},
		{"a modal submission finds each input wherever the layout put it",
			interactiontest.ModalSubmit("report:42").TextInput("title", "Broken link").RowTextInput("details", "").ModalSelect("kind", "bug"),
			func(t *testing.T, ix *interaction.Interaction) {
				if c, ok := ix.Data.Submitted("title"); !ok || c.Value != "Broken link" || c.Type != interaction.ComponentTextInput {
					t.Errorf("title = %+v, %v", c, ok)
				}
				if c, ok := ix.Data.Submitted("details"); !ok || c.Value != "" {
					t.Errorf("details = %+v, %v", c, ok)
				}
				if c, ok := ix.Data.Submitted("kind"); !ok || !slices.Equal(c.Values, []string{"bug"}) {
					t.Errorf("kind = %+v, %v", c, ok)
				}
				if _, ok := ix.Data.Submitted("missing"); ok {
					t.Error("found an input that is not there")
				}
				var ids []string
				for c := range ix.Data.Inputs {
					ids = append(ids, c.CustomID)
				}
				if !slices.Equal(ids, []string{"title", "details", "kind"}) {
					t.Errorf("inputs = %q", ids)
				}
				if ix.Message != nil {
					t.Errorf("a modal a command opened carries a message: %+v", ix.Message)
				}
			}},
		{"a modal's radio groups, checkbox groups and checkboxes carry what the user chose, as the service types it",
			interactiontest.ModalSubmit("order").RadioGroup("size", "m").RadioGroup("colour", "").
				CheckboxGroup("toppings", "olive", "basil").CheckboxGroup("extras").Checkbox("terms", true).Checkbox("news", false),
			func(t *testing.T, ix *interaction.Interaction) {
				if c, _ := ix.Data.Submitted("size"); c.Type != interaction.ComponentRadioGroup {
					t.Errorf("size = %+v", c)
				} else if v, ok := c.Choice(); !ok || v != "m" {
					t.Errorf("size's choice = %q, %v", v, ok)
				}
				if c, found := ix.Data.Submitted("colour"); !found {
					t.Error("a radio group with no choice is missing")
				} else if v, ok := c.Choice(); ok {
					t.Errorf("colour's choice = %q; want none", v)
				}
				if c, _ := ix.Data.Submitted("toppings"); !slices.Equal(c.Values, []string{"olive", "basil"}) {
					t.Errorf("toppings = %+v", c)
				}
				if c, found := ix.Data.Submitted("extras"); !found || c.Values == nil || len(c.Values) != 0 {
					t.Errorf("extras = %+v, %v; want an empty list", c, found)
				}
				if c, _ := ix.Data.Submitted("terms"); !c.Checked || c.Type != interaction.ComponentCheckbox {
					t.Errorf("terms = %+v", c)
				}
				if c, found := ix.Data.Submitted("news"); !found || c.Checked {
					t.Errorf("news = %+v, %v", c, found)
				}
				var ids []string
				for c := range ix.Data.Inputs {
					ids = append(ids, c.CustomID)
				}
				if !slices.Equal(ids, []string{"size", "colour", "toppings", "extras", "terms", "news"}) {
					t.Errorf("inputs = %q", ids)
				}
			}},
		{"a modal's entity selects resolve what was chosen",
			interactiontest.ModalSubmit("assign").ModalUsers("who", []interaction.User{alice}, []*interaction.Member{{Nick: "Al"}}).
				ModalRoles("role", mods).ModalChannels("where", interaction.Channel{ID: 1100000000000000023, Type: interaction.ChannelGuildText}),
			func(t *testing.T, ix *interaction.Interaction) {
				if c, _ := ix.Data.Submitted("who"); !slices.Equal(c.Values, []string{alice.ID.String()}) {
					t.Errorf("who = %+v", c)
				}
				if m, ok := ix.Data.Resolved.Member(alice.ID); !ok || m.Nick != "Al" {
					t.Errorf("resolved member = %+v, %v", m, ok)
				}
				if r, ok := ix.Data.Resolved.Role(mods.ID); !ok || r.Name != "mods" {
					t.Errorf("resolved role = %+v, %v", r, ok)
				}
				if c, ok := ix.Data.Resolved.Channel(1100000000000000023); !ok || c.Type != interaction.ChannelGuildText {
					t.Errorf("resolved channel = %+v, %v", c, ok)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ix interaction.Interaction
			if err := interaction.Decode(tt.b.JSON(), &ix); err != nil {
				t.Fatalf("Decode: %v\n%s", err, tt.b.JSON())
			}
			tt.check(t, &ix)
		})
	}
}

func TestDecodeRefusesComponentInteractionsWithoutWhatDispatchNeeds(t *testing.T) {
	for name, body := range map[string]string{
		"a component without custom_id":              `{"id":"1","type":3,"data":{"component_type":2}}`,
		"a component without its type":               `{"id":"1","type":3,"data":{"custom_id":"x"}}`,
		"a modal without custom_id":                  `{"id":"1","type":5,"data":{"components":[]}}`,
		"a modal nested past its inputs":             `{"id":"1","type":5,"data":{"custom_id":"m","components":[{"type":1,"components":[{"type":1,"components":[{"type":4,"custom_id":"x","value":""}]}]}]}}`,
		"a message whose component is not an object": `{"id":"1","type":3,"message":{"id":"2","components":[1]},"data":{"custom_id":"x","component_type":2}}`,
	} {
		t.Run(name, func(t *testing.T) {
			var ix interaction.Interaction
			err := interaction.Decode([]byte(body), &ix)
			if !errors.Is(err, interaction.ErrMalformed) {
				t.Errorf("Decode = %v; want an error matching ErrMalformed", err)
			}
		})
	}
}

func TestCheckCallbackFollowsTheServicesTable(t *testing.T) {
	cmd := interactiontest.Command("ping").Interaction()
	complete := interactiontest.Autocomplete("ping").Interaction()
	click := interactiontest.Button("x").Interaction()
	fromCommand := interactiontest.ModalSubmit("m").Interaction()
	fromMessage := interactiontest.ModalSubmit("m").FromMessage(interaction.Message{ID: 1}).Interaction()
	ping := interactiontest.Ping().Interaction()
	all := []interaction.CallbackType{
		interaction.CallbackPong, interaction.CallbackChannelMessageWithSource, interaction.CallbackDeferredChannelMessageWithSource,
		interaction.CallbackDeferredUpdateMessage, interaction.CallbackUpdateMessage, interaction.CallbackAutocompleteResult,
		interaction.CallbackModal, interaction.CallbackPremiumRequired, interaction.CallbackLaunchActivity,
	}
	tests := []struct {
		name    string
		ix      *interaction.Interaction
		allowed []interaction.CallbackType
	}{
		{"a PING is answered with PONG only", ping, []interaction.CallbackType{1}},
		{"a command gets a message, a deferral, a modal or an activity", cmd, []interaction.CallbackType{4, 5, 9, 10, 12}},
		{"autocomplete gets suggestions only", complete, []interaction.CallbackType{8}},
		{"a component may also update its message", click, []interaction.CallbackType{4, 5, 6, 7, 9, 10, 12}},
		{"a modal a command opened never gets a modal nor an update", fromCommand, []interaction.CallbackType{4, 5, 10, 12}},
		{"a modal a component opened may update the message", fromMessage, []interaction.CallbackType{4, 5, 6, 7, 10, 12}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, c := range all {
				err := tt.ix.CheckCallback(c)
				want := slices.Contains(tt.allowed, c)
				if (err == nil) != want {
					t.Errorf("CheckCallback(%v) = %v; allowed %v", c, err, want)
				}
				if err != nil && !errors.Is(err, interaction.ErrCallbackNotAllowed) {
					t.Errorf("CheckCallback(%v) = %v; want an error matching ErrCallbackNotAllowed", c, err)
				}
			}
		})
	}
	if err := fromCommand.CheckCallback(interaction.CallbackUpdateMessage); err == nil ||
		err.Error() != "UPDATE_MESSAGE answers a MODAL_SUBMIT only when a message component opened the modal" {
		t.Errorf("the error of an update to a command's modal = %v", err)
	}
	if err := cmd.CheckCallback(interaction.CallbackUpdateMessage); err == nil ||
		err.Error() != "UPDATE_MESSAGE does not answer APPLICATION_COMMAND" {
		t.Errorf("the error of an update to a command = %v", err)
	}
}

func TestRawComponentsGoBackAsTheyCame(t *testing.T) {
	row := `{"type":1,"components":[{"type":2,"style":1,"label":"Yes","custom_id":"yes"}]}`
	var ix interaction.Interaction
	body := `{"id":"1","type":3,"message":{"id":"2","components":[` + row + `]},"data":{"custom_id":"yes","component_type":2}}`
	if err := interaction.Decode([]byte(body), &ix); err != nil {
		t.Fatal(err)
	}
	if got := ix.Message.Components[0].ComponentType(); got != interaction.ComponentActionRow {
		t.Errorf("ComponentType = %v", got)
	}
	b, err := interaction.UpdateMessage(interaction.MessageData{Content: "done", Components: ix.Message.Components}).AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"type":7,"data":{"content":"done","components":[` + row + `]}}`; string(b) != want {
		t.Errorf("answer = %s\nwant %s", b, want)
	}
}

func TestUpdateAnswersEncodeAsTheServiceReadsThem(t *testing.T) {
	tests := []struct {
		name string
		r    interaction.Response
		want string
	}{
		{"an update of the content", interaction.Update("Voted"), `{"type":7,"data":{"content":"Voted"}}`},
		{"an update that removes the components", interaction.Update("Closed").WithComponents(), `{"type":7,"data":{"content":"Closed","components":[]}}`},
		{"a deferred update", interaction.DeferUpdate(), `{"type":6}`},
		{"an update that removes the text and the embeds",
			interaction.UpdateMessage(interaction.MessageData{ClearContent: true, Embeds: []interaction.Embed{}}),
			`{"type":7,"data":{"content":"","embeds":[]}}`},
		{"an update that leaves the text and the embeds", interaction.UpdateMessage(interaction.MessageData{Flags: interaction.FlagSuppressEmbeds}),
			`{"type":7,"data":{"flags":4}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := tt.r.AppendJSON(nil)
			if err != nil || string(b) != tt.want {
				t.Errorf("AppendJSON = %s, %v; want %s", b, err, tt.want)
			}
		})
	}
}
