package router_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

// requestOf dispatches ix to a component and a modal registered for "{all...}"
// and returns the request the handler saw.
func requestOf(t *testing.T, ix *interaction.Interaction) *router.Request {
	t.Helper()
	var got *router.Request
	capture := func(_ context.Context, req *router.Request) (interaction.Response, error) {
		got = req
		return interaction.Defer(), nil
	}
	r := router.New(router.DispatchOnly())
	r.Component("{all...}", capture)
	r.Modal("{all...}", capture)
	if _, err := endpointtest.Build(t, r).Dispatch(context.Background(), ix); err != nil {
		t.Fatal(err)
	}
	return got
}

var (
	eve     = interaction.User{ID: 501, Username: "eve"}
	bob     = interaction.User{ID: 502, Username: "bob"}
	mods    = interaction.Role{ID: 503, Name: "mods"}
	general = interaction.Channel{ID: 504, Name: "general"}
)

func TestSelectedEntitiesComeWithTheirResolvedData(t *testing.T) {
	users := requestOf(t, interactiontest.Component("pick", interaction.ComponentUserSelect).
		SelectedUser(eve, &interaction.Member{Nick: "Eve"}).SelectedUser(bob, nil).Interaction())
	got, err := users.SelectedUsers()
	if err != nil || len(got) != 2 {
		t.Fatalf("SelectedUsers() = %+v, %v", got, err)
	}
	if got[0].Username != "eve" || !got[0].HasMember || got[0].Member.Nick != "Eve" || got[0].Member.User.ID != eve.ID {
		t.Errorf("the first user is %+v, want eve with her membership", got[0])
	}
	if got[1].Username != "bob" || got[1].HasMember {
		t.Errorf("the second user is %+v, want bob without a membership", got[1])
	}

	roles := requestOf(t, interactiontest.Component("pick", interaction.ComponentRoleSelect).SelectedRole(mods).Interaction())
	if got, err := roles.SelectedRoles(); err != nil || len(got) != 1 || got[0].Name != "mods" {
		t.Errorf("SelectedRoles() = %+v, %v", got, err)
	}

	channels := requestOf(t, interactiontest.Component("pick", interaction.ComponentChannelSelect).SelectedChannel(general).Interaction())
	if got, err := channels.SelectedChannels(); err != nil || len(got) != 1 || got[0].Name != "general" {
		t.Errorf("SelectedChannels() = %+v, %v", got, err)
	}

	mixed := requestOf(t, interactiontest.Component("pick", interaction.ComponentMentionableSelect).
		SelectedRole(mods).SelectedUser(eve, nil).Interaction())
	ms, err := mixed.SelectedMentionables()
	if err != nil || len(ms) != 2 || !ms[0].IsRole || ms[0].Role.Name != "mods" || ms[1].IsRole || ms[1].User.Username != "eve" {
		t.Errorf("SelectedMentionables() = %+v, %v", ms, err)
	}
	// Of a mentionable select, each kind is read apart.
	if got, err := mixed.SelectedRoles(); err != nil || len(got) != 1 || got[0].Name != "mods" {
		t.Errorf("SelectedRoles() of a role and a user = %+v, %v; want the role", got, err)
	}
	if got, err := mixed.SelectedUsers(); err != nil || len(got) != 1 || got[0].Username != "eve" {
		t.Errorf("SelectedUsers() of a role and a user = %+v, %v; want the user", got, err)
	}
	unresolved := requestOf(t, interactiontest.Component("pick", interaction.ComponentMentionableSelect).
		SelectedRole(mods).Values("999").Interaction())
	if got, err := unresolved.SelectedRoles(); !errors.Is(err, option.ErrUnresolved) {
		t.Errorf("SelectedRoles() with an id resolved as nothing = %+v, %v; want ErrUnresolved", got, err)
	}

	none := requestOf(t, interactiontest.Component("pick", interaction.ComponentUserSelect).Interaction())
	if got, err := none.SelectedUsers(); err != nil || len(got) != 0 {
		t.Errorf("SelectedUsers() of a select left empty = %+v, %v", got, err)
	}
}

func TestSelectedEntitiesNeverSkipAValue(t *testing.T) {
	for _, tt := range []struct {
		name string
		b    *interactiontest.Builder
		read func(*router.Request) error
		kind error
		text string
	}{
		{"a user the resolved data lacks",
			interactiontest.Component("pick:1", interaction.ComponentUserSelect).SelectedUser(eve, nil).Values("777"),
			func(r *router.Request) error { _, err := r.SelectedUsers(); return err },
			option.ErrUnresolved, `component "{all...}": value 1: user 777 is not in the interaction's resolved data`},
		{"a role the resolved data lacks",
			interactiontest.Component("pick:1", interaction.ComponentRoleSelect).Values("778"),
			func(r *router.Request) error { _, err := r.SelectedRoles(); return err },
			option.ErrUnresolved, `value 0: role 778 is not in the interaction's resolved data`},
		{"a channel the resolved data lacks",
			interactiontest.Component("pick:1", interaction.ComponentChannelSelect).SelectedChannel(general).Values("779"),
			func(r *router.Request) error { _, err := r.SelectedChannels(); return err },
			option.ErrUnresolved, `value 1: channel 779 is not in the interaction's resolved data`},
		{"a mentionable the resolved data lacks",
			interactiontest.Component("pick:1", interaction.ComponentMentionableSelect).Values("780"),
			func(r *router.Request) error { _, err := r.SelectedMentionables(); return err },
			option.ErrUnresolved, `value 0: user or role 780 is not in the interaction's resolved data`},
		{"a value that is no id",
			interactiontest.Component("pick:1", interaction.ComponentUserSelect).Values(strings.Repeat("x", 200)),
			func(r *router.Request) error { _, err := r.SelectedUsers(); return err },
			option.ErrType, `value 0: "` + strings.Repeat("x", 32) + `…" is not an id`},
		{"users of a string select",
			interactiontest.Select("pick:1", "a"),
			func(r *router.Request) error { _, err := r.SelectedUsers(); return err },
			option.ErrType, `component "{all...}": a STRING_SELECT holds no users`},
		{"channels of a button",
			interactiontest.Button("pick:1"),
			func(r *router.Request) error { _, err := r.SelectedChannels(); return err },
			option.ErrType, `a BUTTON holds no channels`},
		{"users of a modal",
			interactiontest.ModalSubmit("form"),
			func(r *router.Request) error { _, err := r.SelectedUsers(); return err },
			option.ErrType, `the interaction is no component's, and holds no users`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.read(requestOf(t, tt.b.Interaction()))
			var ie *router.InputError
			if !errors.Is(err, tt.kind) || !errors.As(err, &ie) || !strings.Contains(err.Error(), tt.text) {
				t.Fatalf("err = %v, want an *InputError of %v with %q", err, tt.kind, tt.text)
			}
		})
	}
}

// modalWith returns a modal submission whose inputs are the builder's and
// a label holding input, whose values b resolved.
func modalWith(b *interactiontest.Builder, input interaction.SubmittedComponent) *interaction.Interaction {
	ix := b.Interaction()
	ix.Data.Values = nil // the Selected methods add them for a component
	ix.Data.Components = append(ix.Data.Components, interaction.SubmittedComponent{
		Type: interaction.ComponentLabel, Component: &input,
	})
	return ix
}

func TestModalFieldsAreReadByCustomID(t *testing.T) {
	b := interactiontest.ModalSubmit("form:1").
		TextInput("name", "Ada").
		TextInput("age", " 36 ").
		TextInput("ratio", "0.25").
		TextInput("empty", "").
		RowTextInput("legacy", "old layout").
		ModalSelect("color", "red", "blue").
		FileUpload("files", interaction.Attachment{ID: 601, Filename: "log.txt"}).
		SelectedUser(eve, &interaction.Member{Nick: "Eve"}).SelectedRole(mods).SelectedChannel(general)
	ix := modalWith(b, interaction.SubmittedComponent{Type: interaction.ComponentUserSelect, CustomID: "who", Values: []string{"501"}})
	ix.Data.Components = append(ix.Data.Components,
		interaction.SubmittedComponent{Type: interaction.ComponentLabel, Component: &interaction.SubmittedComponent{
			Type: interaction.ComponentRoleSelect, CustomID: "role", Values: []string{"503"}}},
		interaction.SubmittedComponent{Type: interaction.ComponentLabel, Component: &interaction.SubmittedComponent{
			Type: interaction.ComponentChannelSelect, CustomID: "where", Values: []string{"504"}}},
		interaction.SubmittedComponent{Type: interaction.ComponentLabel, Component: &interaction.SubmittedComponent{
			Type: interaction.ComponentMentionableSelect, CustomID: "ping", Values: []string{"503", "501"}}},
	)
	req := requestOf(t, ix)
	f := req.Fields

	if s, ok := f.Text("name"); !ok || s != "Ada" {
		t.Errorf("Text(name) = %q, %v", s, ok)
	}
	if s, ok := f.Text("legacy"); !ok || s != "old layout" {
		t.Errorf("Text(legacy) = %q, %v", s, ok)
	}
	if s, ok := f.Text("empty"); !ok || s != "" {
		t.Errorf("Text(empty) = %q, %v", s, ok)
	}
	if _, ok := f.Text("color"); ok {
		t.Error("Text(color) read a select as text")
	}
	if v, ok := f.Values("color"); !ok || strings.Join(v, ",") != "red,blue" {
		t.Errorf("Values(color) = %q, %v", v, ok)
	}
	if _, ok := f.Values("name"); ok {
		t.Error("Values(name) read a text input as values")
	}
	if !f.Has("files") || f.Has("nope") {
		t.Errorf("Has(files) %v, Has(nope) %v", f.Has("files"), f.Has("nope"))
	}
	if i, err := f.Get("age").Int(); err != nil || i != 36 {
		t.Errorf("Get(age).Int() = %d, %v", i, err)
	}
	if x, err := f.Get("ratio").Float(); err != nil || x != 0.25 {
		t.Errorf("Get(ratio).Float() = %v, %v", x, err)
	}
	if a, err := f.Get("files").Attachments(); err != nil || len(a) != 1 || a[0].Filename != "log.txt" {
		t.Errorf("Get(files).Attachments() = %+v, %v", a, err)
	}
	if u, err := f.Get("who").Users(); err != nil || len(u) != 1 || u[0].Member.Nick != "Eve" {
		t.Errorf("Get(who).Users() = %+v, %v", u, err)
	}
	if r, err := f.Get("role").Roles(); err != nil || len(r) != 1 || r[0].Name != "mods" {
		t.Errorf("Get(role).Roles() = %+v, %v", r, err)
	}
	if c, err := f.Get("where").Channels(); err != nil || len(c) != 1 || c[0].Name != "general" {
		t.Errorf("Get(where).Channels() = %+v, %v", c, err)
	}
	if m, err := f.Get("ping").Mentionables(); err != nil || len(m) != 2 || !m[0].IsRole || m[1].User.Username != "eve" {
		t.Errorf("Get(ping).Mentionables() = %+v, %v", m, err)
	}
	if v := f.Get("color"); v.Type() != interaction.ComponentStringSelect || v.CustomID() != "color" || !v.Present() {
		t.Errorf("Get(color): type %v, custom_id %q, present %v", v.Type(), v.CustomID(), v.Present())
	}
}

func TestModalFieldErrorsSayWhichInputAndWhy(t *testing.T) {
	ix := interactiontest.ModalSubmit("form:1").
		TextInput("age", "thirty-six").
		TextInput("big", strings.Repeat("9", 40)).
		TextInput("empty", "  ").
		ModalSelect("color", "red").
		FileUpload("files", interaction.Attachment{ID: 601, Filename: "log.txt"}).
		Interaction()
	ix.Data.Resolved = interaction.Resolved{} // the upload's file is not resolved
	f := requestOf(t, ix).Fields
	for _, tt := range []struct {
		name string
		err  error
		kind error
		text string
	}{
		{"an input the modal lacks", func() error { _, err := f.Get("nope").Text(); return err }(),
			option.ErrMissing, `modal "{all...}": input "nope": the modal has no such input`},
		{"a word read as an integer", func() error { _, err := f.Get("age").Int(); return err }(),
			option.ErrType, `modal "{all...}": input "age": "thirty-six" is not an integer`},
		{"an integer beyond 64 bits", func() error { _, err := f.Get("big").Int(); return err }(),
			option.ErrRange, `input "big": "` + strings.Repeat("9", 32) + `…" is beyond the range of a 64-bit integer`},
		{"an input left blank read as a number", func() error { _, err := f.Get("empty").Float(); return err }(),
			option.ErrMissing, `input "empty": left empty, where a number is asked`},
		{"a select read as text", func() error { _, err := f.Get("color").Text(); return err }(),
			option.ErrType, `input "color": a STRING_SELECT holds no text`},
		{"a text input read as values", func() error { _, err := f.Get("age").Values(); return err }(),
			option.ErrType, `input "age": a TEXT_INPUT holds no values`},
		{"a select read as users", func() error { _, err := f.Get("color").Users(); return err }(),
			option.ErrType, `input "color": a STRING_SELECT holds no users`},
		{"a file the resolved data lacks", func() error { _, err := f.Get("files").Attachments(); return err }(),
			option.ErrUnresolved, `input "files": value 0: attachment 601 is not in the interaction's resolved data`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var ie *router.InputError
			if !errors.Is(tt.err, tt.kind) || !errors.As(tt.err, &ie) || !strings.Contains(tt.err.Error(), tt.text) {
				t.Fatalf("err = %v, want an *InputError of %v with %q", tt.err, tt.kind, tt.text)
			}
		})
	}
}

func TestACommandOrComponentHasNoFields(t *testing.T) {
	for _, b := range []*interactiontest.Builder{interactiontest.Command("ping"), interactiontest.Button("x")} {
		req := router.NewRequest(b.Interaction())
		if req.Fields.Has("x") {
			t.Error("Has found an input")
		}
		if _, err := req.Fields.Get("x").Text(); !errors.Is(err, option.ErrMissing) || !strings.Contains(err.Error(), "not a modal submission") {
			t.Errorf("err = %v", err)
		}
	}
}

func TestModalChoicesAreReadAsTheServiceTypesThem(t *testing.T) {
	ix := interactiontest.ModalSubmit("order").
		RadioGroup("size", "m").
		RadioGroup("colour", "").
		CheckboxGroup("toppings", "olive", "basil").
		CheckboxGroup("extras").
		Checkbox("terms", true).
		Checkbox("news", false).
		ModalUsers("who", []interaction.User{eve, bob}, []*interaction.Member{{Nick: "Eve"}}).
		TextInput("note", "hi").
		Interaction()
	f := requestOf(t, ix).Fields

	if v, chosen := f.Choice("size"); !chosen || v != "m" {
		t.Errorf("Choice(size) = %q, %v", v, chosen)
	}
	if v, chosen, err := f.Get("colour").Choice(); err != nil || chosen || v != "" {
		t.Errorf("Get(colour).Choice() = %q, %v, %v; want none chosen", v, chosen, err)
	}
	if _, chosen := f.Choice("terms"); chosen {
		t.Error("Choice(terms) read a checkbox as a radio group")
	}
	if v, ok := f.Values("toppings"); !ok || strings.Join(v, ",") != "olive,basil" {
		t.Errorf("Values(toppings) = %q, %v", v, ok)
	}
	if v, err := f.Get("extras").Values(); err != nil || v == nil || len(v) != 0 {
		t.Errorf("Get(extras).Values() = %#v, %v; want an empty list", v, err)
	}
	if checked, ok := f.Checked("terms"); !checked || !ok {
		t.Errorf("Checked(terms) = %v, %v", checked, ok)
	}
	if checked, err := f.Get("news").Bool(); checked || err != nil {
		t.Errorf("Get(news).Bool() = %v, %v", checked, err)
	}
	if _, ok := f.Checked("toppings"); ok {
		t.Error("Checked(toppings) read a checkbox group as a checkbox")
	}
	if _, ok := f.Values("size"); ok {
		t.Error("Values(size) read a radio group as values")
	}
	if m, err := f.Get("who").Members(); err == nil {
		t.Errorf("Get(who).Members() = %+v; want an error for bob, who comes without a membership", m)
	}

	for _, tt := range []struct {
		name string
		err  error
		kind error
		text string
	}{
		{"a checkbox read as a choice", func() error { _, _, err := f.Get("terms").Choice(); return err }(),
			option.ErrType, `input "terms": a CHECKBOX holds no choice`},
		{"a radio group read as a checkbox", func() error { _, err := f.Get("size").Bool(); return err }(),
			option.ErrType, `input "size": a RADIO_GROUP holds no ticked or unticked state`},
		{"a checkbox read as values", func() error { _, err := f.Get("news").Values(); return err }(),
			option.ErrType, `input "news": a CHECKBOX holds no values`},
		{"a radio group read as text", func() error { _, err := f.Get("size").Text(); return err }(),
			option.ErrType, `input "size": a RADIO_GROUP holds no text`},
		{"a checkbox group read as users", func() error { _, err := f.Get("toppings").Users(); return err }(),
			option.ErrType, `input "toppings": a CHECKBOX_GROUP holds no users`},
		{"a checkbox the modal lacks", func() error { _, err := f.Get("nope").Bool(); return err }(),
			option.ErrMissing, `input "nope": the modal has no such input`},
		{"a user chosen without a membership read as a member", func() error { _, err := f.Get("who").Members(); return err }(),
			option.ErrUnresolved, `input "who": value 1: user 502 comes without a membership`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var ie *router.InputError
			if !errors.Is(tt.err, tt.kind) || !errors.As(tt.err, &ie) || !strings.Contains(tt.err.Error(), tt.text) {
				t.Fatalf("err = %v, want an *InputError of %v with %q", tt.err, tt.kind, tt.text)
			}
		})
	}

	members := requestOf(t, interactiontest.ModalSubmit("order").
		ModalUsers("who", []interaction.User{eve}, []*interaction.Member{{Nick: "Eve"}}).Interaction())
	if m, err := members.Fields.Get("who").Members(); err != nil || len(m) != 1 || m[0].Nick != "Eve" || m[0].User.ID != eve.ID {
		t.Errorf("Get(who).Members() = %+v, %v", m, err)
	}
}

// TestModalFieldsNeverPanic reads every input of a modal in every way,
// including inputs it lacks, and of an interaction that is no modal.
func TestModalFieldsNeverPanic(t *testing.T) {
	modal := interactiontest.ModalSubmit("order").RadioGroup("r", "").CheckboxGroup("g").Checkbox("c", true).
		TextInput("t", "").ModalSelect("s").FileUpload("f").ModalChannels("ch").Interaction()
	modal.Data.Resolved = interaction.Resolved{}
	for _, ix := range []*interaction.Interaction{modal, interactiontest.Button("x").Interaction()} {
		f := requestOf(t, ix).Fields
		for _, id := range []string{"r", "g", "c", "t", "s", "f", "ch", "missing", ""} {
			v := f.Get(id)
			_, _ = v.Text()
			_, _ = v.Int()
			_, _ = v.Float()
			_, _ = v.Values()
			_, _ = v.Bool()
			_, _, _ = v.Choice()
			_, _ = v.Users()
			_, _ = v.Members()
			_, _ = v.Roles()
			_, _ = v.Channels()
			_, _ = v.Mentionables()
			_, _ = v.Attachments()
			f.Text(id)
			f.Values(id)
			f.Checked(id)
			f.Choice(id)
		}
	}
}
