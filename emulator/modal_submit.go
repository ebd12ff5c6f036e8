package emulator

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/caption"
	"github.com/switchboard-go/switchboard/internal/filetype"
)

// Submit is what a user does to submit the modal open before them.
type Submit struct {
	// User is who submits; zero means the server's Member.
	User interaction.Snowflake
	// Locale is the user's client language; empty means the language of
	// the interaction that opened the modal.
	Locale interaction.Locale
	// Modal is the custom_id of the modal; empty means the one open.
	Modal string
	// Fields are the texts the user types into the modal's text inputs,
	// each named by its custom_id or its label. An input left out keeps
	// the text it started with (its value).
	Fields map[string]string
	// Values are what the user chooses in the modal's select menus, radio
	// groups and checkbox groups, named as Fields are: options by value or
	// label, users, roles or channels by id. A radio group takes one
	// option, or none (an empty list) when it is not required; a checkbox
	// group takes the options ticked, in the order they were ticked; a
	// checkbox may be given here too, as "true" or "false", as Checked
	// gives it. An input left out keeps its default options or values.
	Values map[string][]string
	// Checked says whether the user ticks each of the modal's checkboxes,
	// named as Fields are. A checkbox left out keeps its default.
	Checked map[string]bool
	// Files are the files the user attaches to the modal's file uploads,
	// named as Fields are. An Attachment needs a Filename, which the
	// upload's file_types must allow; the rest (id, URLs, content_type
	// from the name's extension) is filled in as the service does.
	Files map[string][]interaction.Attachment
}

// Submit submits the modal open before a user as the client would: it
// checks what the client checks (the modal is open, every field named is
// one of its inputs of the kind its map is for, required inputs are
// filled, texts are within their lengths, choices are offered and as many
// as each menu or group takes, users, roles and channels are the ones the
// client offers where the modal is, files are of the types their upload
// takes and within the upload limit), sends the bot the signed MODAL_SUBMIT
// interaction with what was filled in, laid out as the modal is, and
// checks its answer. The modal closes when it is submitted. A refused
// submission leaves it open, sends nothing and returns an
// *InvocationError.
func (s *Server) Submit(ctx context.Context, sub Submit) (*Result, error) {
	return s.send(ctx, func() (*prepared, *InvocationError) { return s.prepareSubmit(sub) })
}

// modalInput is an input of a modal: the component, and the label the
// user reads above it.
type modalInput struct {
	c     interaction.Component
	label string
}

// prepareSubmit does what the client and the service do before the bot
// hears of a submitted modal. The caller holds s.st.mu.
func (s *Server) prepareSubmit(sub Submit) (*prepared, *InvocationError) {
	st := s.st
	if sub.User == 0 {
		sub.User = s.Member
	}
	user := st.users[sub.User]
	if user == nil {
		return nil, refuse(ErrUnknownTarget, "no user "+sub.User.String())
	}
	o := st.modals[sub.User]
	switch {
	case o == nil:
		return nil, refuse(ErrUnknownTarget, "no modal is open before user "+sub.User.String())
	case sub.Modal != "" && sub.Modal != o.modal.CustomID:
		return nil, refuse(ErrUnknownTarget, "modal "+strconv.Quote(sub.Modal)+" is not open before user "+sub.User.String()+
			"; "+strconv.Quote(o.modal.CustomID)+" is")
	}
	opener := o.opener
	// The submission goes to the application whose interaction opened
	// the modal.
	st.app = st.appOf(opener)
	if sub.Locale == "" {
		sub.Locale = opener.ix.Locale
	}
	// The modal as the service numbers it: every component with its id.
	top, perr := component.Numbered(o.modal.Components)
	if perr != nil {
		return nil, invalid("the modal does not parse: %v", perr)
	}
	g, ch := s.placeOfInteraction(opener.ix, sub.User)
	in := &input{s: s, g: g, ch: ch, invoker: sub.User, locale: sub.Locale, resolved: &wireResolved{}}
	f := &form{in: in, sub: &sub}
	inputs := f.inputs(top)
	if err := f.named(inputs); err != nil {
		return nil, err
	}
	submitted, err := f.layout(top)
	if err != nil {
		return nil, err
	}
	data := wireModalData{CustomID: o.modal.CustomID, Components: submitted}
	if !in.resolved.empty() {
		data.Resolved = in.resolved
	}
	w := s.newWireInteraction(interaction.TypeModalSubmit, g, ch, user)
	w.Locale, w.Data = sub.Locale, data
	w.AuthorizingIntegrationOwners = opener.ix.AuthorizingIntegrationOwners
	if opener.message != nil {
		w.Message = s.messageJSON(opener.message)
	}
	body, ix, err := encodeInteraction(&w)
	if err != nil {
		return nil, err
	}
	p := &prepared{si: newSentInteraction(ix, body), body: body, by: s.st.app.signer}
	p.si.opener, p.si.message = opener, opener.message
	return p, nil
}

// placeOfInteraction returns where ix was used: its guild and channel, or
// (guild nil) the bot's direct messages with user. The caller holds the
// state's lock.
func (s *Server) placeOfInteraction(ix *interaction.Interaction, user interaction.Snowflake) (*guild, *interaction.Channel) {
	if g := s.st.guilds[ix.GuildID]; g != nil && g.channels[ix.ChannelID] != nil {
		return g, g.channels[ix.ChannelID]
	}
	return nil, &interaction.Channel{ID: dmChannel(user), Type: interaction.ChannelDM}
}

// wireModalData is the data of a MODAL_SUBMIT interaction.
type wireModalData struct {
	CustomID   string                           `json:"custom_id"`
	Components []interaction.SubmittedComponent `json:"components"`
	Resolved   *wireResolved                    `json:"resolved,omitempty"`
}

// form is a modal being filled in.
type form struct {
	in  *input
	sub *Submit
}

// inputs lists the inputs of a modal with the labels over them: a label's
// for the input it holds, a text input's own in a row.
func (f *form) inputs(top []interaction.Component) []modalInput {
	var out []modalInput
	for _, c := range top {
		switch c := c.(type) {
		case component.Label:
			if c.Component != nil {
				out = append(out, modalInput{c.Component, c.Label})
			}
		case component.ActionRow:
			for _, k := range c.Components {
				out = append(out, modalInput{k, caption.Of(k)})
			}
		}
	}
	return out
}

// named checks that every field the submission names is an input of the
// modal of the kind its map is for.
func (f *form) named(inputs []modalInput) *InvocationError {
	kinds := []struct {
		names []string
		fits  func(interaction.ComponentType) bool
		what  string
	}{
		{sortedKeys(f.sub.Fields), func(t interaction.ComponentType) bool { return t == interaction.ComponentTextInput }, "text input"},
		{sortedKeys(f.sub.Values), func(t interaction.ComponentType) bool {
			return choosable(t) || t == interaction.ComponentCheckbox
		}, "select menu, radio group, checkbox group or checkbox"},
		{sortedKeys(f.sub.Checked), func(t interaction.ComponentType) bool { return t == interaction.ComponentCheckbox }, "checkbox"},
		{sortedKeys(f.sub.Files), func(t interaction.ComponentType) bool { return t == interaction.ComponentFileUpload }, "file upload"},
	}
	for _, k := range kinds {
		for _, name := range k.names {
			in, err := findInput(inputs, name)
			if err != nil {
				return err
			}
			if !k.fits(in.c.ComponentType()) {
				return invalid("the modal's field %q is a %v, not a %s", name, in.c.ComponentType(), k.what)
			}
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// findInput returns the input a field names: by its custom_id, or else by
// its label, which must then be the label of one input only.
func findInput(inputs []modalInput, name string) (modalInput, *InvocationError) {
	var labelled []modalInput
	for _, in := range inputs {
		if id, ok := component.CustomID(in.c); ok && id == name {
			return in, nil
		}
		if in.label == name {
			labelled = append(labelled, in)
		}
	}
	switch len(labelled) {
	case 0:
		return modalInput{}, invalid("the modal has no field %q", name)
	case 1:
		return labelled[0], nil
	}
	return modalInput{}, invalid("%d fields of the modal are labelled %q; name one by its custom_id", len(labelled), name)
}

// given returns the entry of m that names in, by its custom_id or label.
func given[V any](m map[string]V, in modalInput) (V, bool) {
	if id, ok := component.CustomID(in.c); ok {
		if v, ok := m[id]; ok {
			return v, true
		}
	}
	if in.label != "" {
		if v, ok := m[in.label]; ok {
			return v, true
		}
	}
	var zero V
	return zero, false
}

// layout returns what the modal sends back: each top-level component as
// the service sends it, rows with their inputs, labels with theirs, text
// displays with their type and id alone.
func (f *form) layout(top []interaction.Component) ([]interaction.SubmittedComponent, *InvocationError) {
	out := make([]interaction.SubmittedComponent, 0, len(top))
	for _, c := range top {
		sc := interaction.SubmittedComponent{Type: c.ComponentType(), ID: numericID(c)}
		switch c := c.(type) {
		case component.ActionRow:
			sc.Components = []interaction.SubmittedComponent{}
			for _, k := range c.Components {
				filled, err := f.fill(modalInput{k, caption.Of(k)})
				if err != nil {
					return nil, err
				}
				sc.Components = append(sc.Components, filled)
			}
		case component.Label:
			filled, err := f.fill(modalInput{c.Component, c.Label})
			if err != nil {
				return nil, err
			}
			sc.Component = &filled
		}
		out = append(out, sc)
	}
	return out, nil
}

// fill returns an input as the user filled it in.
func (f *form) fill(in modalInput) (interaction.SubmittedComponent, *InvocationError) {
	sc := interaction.SubmittedComponent{Type: in.c.ComponentType(), ID: numericID(in.c)}
	sc.CustomID, _ = component.CustomID(in.c)
	name := strconv.Quote(in.label)
	if in.label == "" {
		name = strconv.Quote(sc.CustomID)
	}
	switch c := in.c.(type) {
	case component.TextInput:
		text, ok := given(f.sub.Fields, in)
		if !ok {
			text = c.Value
		}
		if err := typed(c, name, text); err != nil {
			return sc, err
		}
		sc.Value = text
	case component.StringSelect, component.UserSelect, component.RoleSelect, component.MentionableSelect, component.ChannelSelect:
		values, ok := given(f.sub.Values, in)
		if !ok {
			values = defaults(c)
		}
		chosen, err := f.in.chosen(c, values, true)
		if err != nil {
			return sc, err
		}
		sc.Values = chosen
	case component.RadioGroup:
		values, ok := given(f.sub.Values, in)
		if !ok {
			values = preselected(c.Options)
		}
		picked, err := pickedIn(c, name, values)
		if err != nil {
			return sc, err
		}
		sc.Value = picked
	case component.CheckboxGroup:
		values, ok := given(f.sub.Values, in)
		if !ok {
			values = preselected(c.Options)
		}
		ticked, err := tickedIn(c, name, values)
		if err != nil {
			return sc, err
		}
		sc.Values = ticked
	case component.Checkbox:
		checked, ok := given(f.sub.Checked, in)
		if !ok {
			var err *InvocationError
			if checked, ok, err = checkedAs(f.sub.Values, in, name); err != nil {
				return sc, err
			}
		}
		if !ok {
			checked = c.Default
		}
		sc.Checked = checked
	case component.FileUpload:
		files, _ := given(f.sub.Files, in)
		ids, err := f.uploaded(c, name, files)
		if err != nil {
			return sc, err
		}
		sc.Values = ids
	}
	return sc, nil
}

// typed refuses a text the client would not let the user submit: an
// empty required input, a text shorter or longer than the input takes,
// several lines in a short input.
func typed(c component.TextInput, name, text string) *InvocationError {
	n := utf8.RuneCountInString(text)
	if n == 0 {
		if c.Required == nil || *c.Required {
			return invalid("text input %s is required", name)
		}
		return nil
	}
	max := 4000
	if c.MaxLength != nil {
		max = *c.MaxLength
	}
	switch {
	case n < c.MinLength:
		return invalid("text input %s: %d characters, fewer than %d", name, n, c.MinLength)
	case n > max:
		return invalid("text input %s: %d characters, more than %d", name, n, max)
	case c.Style == component.TextInputShort && strings.ContainsAny(text, "\r\n"):
		return invalid("text input %s is a short input, of one line", name)
	}
	return nil
}

// defaults returns the values a select menu starts with: a string
// select's default options, an entity menu's default values.
func defaults(c interaction.Component) []string {
	var out []string
	ids := func(dvs []component.DefaultValue) {
		for _, d := range dvs {
			out = append(out, d.ID.String())
		}
	}
	switch c := c.(type) {
	case component.StringSelect:
		for _, o := range c.Options {
			if o.Default {
				out = append(out, o.Value)
			}
		}
	case component.UserSelect:
		ids(c.DefaultValues)
	case component.RoleSelect:
		ids(c.DefaultValues)
	case component.MentionableSelect:
		ids(c.DefaultValues)
	case component.ChannelSelect:
		ids(c.DefaultValues)
	}
	return out
}

// uploaded checks the files attached to a file upload and returns their
// ids, adding them to the resolved data with an id and URLs where they
// have none. The client refuses files over the upload limit, and offers
// only the files whose name the upload's file_types allows: it checks the
// end of the name, in any case, never the contents.
func (f *form) uploaded(c component.FileUpload, name string, files []interaction.Attachment) ([]string, *InvocationError) {
	name = "file upload " + name
	if err := boundsOf(c.MinValues, c.MaxValues, c.Required).check(name, len(files), true); err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(files))
	in := f.in
	for _, a := range files {
		if a.Filename != "" && !filetype.Allows(c.FileTypes, a.Filename) {
			return nil, invalid("%s: %s is not a file it takes (%s)", name, a.Filename, filetype.List(filetype.Normal(c.FileTypes)))
		}
		a, err := in.uploadedFile(name, a)
		if err != nil {
			return nil, err
		}
		ids = append(ids, a.ID.String())
	}
	return ids, nil
}

// checkedAs reads whether a checkbox is ticked from the values given for
// it, "true" or "false", when Values names it rather than Checked; ok is
// false when it names it in neither.
func checkedAs(values map[string][]string, in modalInput, name string) (checked, ok bool, err *InvocationError) {
	v, given := given(values, in)
	if !given {
		return false, false, nil
	}
	if len(v) == 1 {
		switch v[0] {
		case "true":
			return true, true, nil
		case "false":
			return false, true, nil
		}
	}
	return false, false, invalid("checkbox %s is ticked or not: give one value, true or false, or use checked", name)
}

// numericID returns the id of c, one of the components of a modal that
// component.Numbered numbered.
func numericID(c interaction.Component) int {
	id, _ := component.NumericID(c)
	return id
}
