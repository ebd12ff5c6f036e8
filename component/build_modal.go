package component

import "github.com/switchboard-go/switchboard/interaction"

// Modal returns a modal: its top-level components are labels (each around
// an input), text displays, or, in the older layout, rows of one text
// input each.
func Modal(customID, title string, cs ...interaction.Component) interaction.Modal {
	return interaction.Modal{CustomID: customID, Title: title, Components: cs}
}

// Labeled returns c, an input (a text input, a select, a file upload, a
// radio group, a checkbox group or a checkbox), under a title in a modal.
func Labeled(label string, c interaction.Component) Label {
	return Label{Label: label, Component: c}
}

// WithDescription returns l with a line of text under its title.
func (l Label) WithDescription(d string) Label {
	l.Description = d
	return l
}

// ShortInput returns a one-line text input.
func ShortInput(customID string) TextInput {
	return TextInput{CustomID: customID, Style: TextInputShort}
}

// ParagraphInput returns a text input of several lines.
func ParagraphInput(customID string) TextInput {
	return TextInput{CustomID: customID, Style: TextInputParagraph}
}

// WithLabel returns t with a title of its own, which a text input needs in
// a row and must not have in a Label.
func (t TextInput) WithLabel(label string) TextInput {
	t.Label = label
	return t
}

// WithPlaceholder returns t with text shown while it is empty.
func (t TextInput) WithPlaceholder(p string) TextInput {
	t.Placeholder = p
	return t
}

// WithValue returns t holding text when the modal opens.
func (t TextInput) WithValue(v string) TextInput {
	t.Value = v
	return t
}

// WithLength returns t accepting from minimum to maximum characters.
func (t TextInput) WithLength(minimum, maximum int) TextInput {
	t.MinLength, t.MaxLength = minimum, &maximum
	return t
}

// Optional returns t that the modal can be submitted with empty.
func (t TextInput) Optional() TextInput {
	t.Required = new(false)
	return t
}

// Upload returns a file upload, an input of a modal for attachments.
func Upload(customID string) FileUpload { return FileUpload{CustomID: customID} }

// WithMinValues returns u requiring at least n files.
func (u FileUpload) WithMinValues(n int) FileUpload {
	u.MinValues = &n
	return u
}

// WithMaxValues returns u accepting up to n files.
func (u FileUpload) WithMaxValues(n int) FileUpload {
	u.MaxValues = &n
	return u
}

// Optional returns u that the modal can be submitted without.
func (u FileUpload) Optional() FileUpload {
	u.Required = new(false)
	return u
}

// WithFileTypes returns u offering only the files whose name ends in one
// of the extensions given, or of the groups given: "image", "video",
// "audio", or an extension with its leading dot, such as ".pdf"; at most
// 10. The client checks the name only: the bot checks what it receives.
func (u FileUpload) WithFileTypes(types ...string) FileUpload {
	u.FileTypes = append(u.FileTypes[:len(u.FileTypes):len(u.FileTypes)], types...)
	return u
}
