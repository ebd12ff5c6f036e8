package component

import (
	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/interaction"
)

// Each component encodes as its fields with its "type" first. The plain
// types below are the components without their methods, so that encoding
// one inside its wire struct does not call its MarshalJSON again; the wire
// structs add the type.

type (
	plainActionRow         ActionRow
	plainButton            Button
	plainStringSelect      StringSelect
	plainUserSelect        UserSelect
	plainRoleSelect        RoleSelect
	plainMentionableSelect MentionableSelect
	plainChannelSelect     ChannelSelect
	plainTextInput         TextInput
	plainLabel             Label
	plainFileUpload        FileUpload
	plainSection           Section
	plainTextDisplay       TextDisplay
	plainThumbnail         Thumbnail
	plainMediaGallery      MediaGallery
	plainFile              File
	plainSeparator         Separator
	plainContainer         Container
	plainRadioGroup        RadioGroup
	plainCheckboxGroup     CheckboxGroup
	plainCheckbox          Checkbox
)

// typeField is the "type" of a component's JSON.
type typeField struct {
	Type interaction.ComponentType `json:"type"`
}

type (
	actionRowWire struct {
		typeField
		plainActionRow
	}
	buttonWire struct {
		typeField
		plainButton
	}
	stringSelectWire struct {
		typeField
		plainStringSelect
	}
	userSelectWire struct {
		typeField
		plainUserSelect
	}
	roleSelectWire struct {
		typeField
		plainRoleSelect
	}
	mentionableSelectWire struct {
		typeField
		plainMentionableSelect
	}
	channelSelectWire struct {
		typeField
		plainChannelSelect
	}
	textInputWire struct {
		typeField
		plainTextInput
	}
	labelWire struct {
		typeField
		plainLabel
	}
	fileUploadWire struct {
		typeField
		plainFileUpload
	}
	sectionWire struct {
		typeField
		plainSection
	}
	textDisplayWire struct {
		typeField
		plainTextDisplay
	}
	thumbnailWire struct {
		typeField
		plainThumbnail
	}
	mediaGalleryWire struct {
		typeField
		plainMediaGallery
	}
	fileWire struct {
		typeField
		plainFile
	}
	separatorWire struct {
		typeField
		plainSeparator
	}
	containerWire struct {
		typeField
		plainContainer
	}
	radioGroupWire struct {
		typeField
		plainRadioGroup
	}
	checkboxGroupWire struct {
		typeField
		plainCheckboxGroup
	}
	checkboxWire struct {
		typeField
		plainCheckbox
	}
)

func typed(t interaction.ComponentType) typeField { return typeField{Type: t} }

// MarshalJSON encodes the row with its type.
func (c ActionRow) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(actionRowWire{typed(c.ComponentType()), plainActionRow(c)})
}

// MarshalJSON encodes the button with its type.
func (c Button) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(buttonWire{typed(c.ComponentType()), plainButton(c)})
}

// MarshalJSON encodes the select with its type.
func (c StringSelect) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(stringSelectWire{typed(c.ComponentType()), plainStringSelect(c)})
}

// MarshalJSON encodes the select with its type.
func (c UserSelect) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(userSelectWire{typed(c.ComponentType()), plainUserSelect(c)})
}

// MarshalJSON encodes the select with its type.
func (c RoleSelect) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(roleSelectWire{typed(c.ComponentType()), plainRoleSelect(c)})
}

// MarshalJSON encodes the select with its type.
func (c MentionableSelect) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(mentionableSelectWire{typed(c.ComponentType()), plainMentionableSelect(c)})
}

// MarshalJSON encodes the select with its type.
func (c ChannelSelect) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(channelSelectWire{typed(c.ComponentType()), plainChannelSelect(c)})
}

// MarshalJSON encodes the text input with its type.
func (c TextInput) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(textInputWire{typed(c.ComponentType()), plainTextInput(c)})
}

// MarshalJSON encodes the label with its type.
func (c Label) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(labelWire{typed(c.ComponentType()), plainLabel(c)})
}

// MarshalJSON encodes the file upload with its type.
func (c FileUpload) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(fileUploadWire{typed(c.ComponentType()), plainFileUpload(c)})
}

// MarshalJSON encodes the section with its type.
func (c Section) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(sectionWire{typed(c.ComponentType()), plainSection(c)})
}

// MarshalJSON encodes the text display with its type.
func (c TextDisplay) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(textDisplayWire{typed(c.ComponentType()), plainTextDisplay(c)})
}

// MarshalJSON encodes the thumbnail with its type.
func (c Thumbnail) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(thumbnailWire{typed(c.ComponentType()), plainThumbnail(c)})
}

// MarshalJSON encodes the media gallery with its type.
func (c MediaGallery) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(mediaGalleryWire{typed(c.ComponentType()), plainMediaGallery(c)})
}

// MarshalJSON encodes the file with its type.
func (c File) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(fileWire{typed(c.ComponentType()), plainFile(c)})
}

// MarshalJSON encodes the separator with its type.
func (c Separator) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(separatorWire{typed(c.ComponentType()), plainSeparator(c)})
}

// MarshalJSON encodes the container with its type.
func (c Container) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(containerWire{typed(c.ComponentType()), plainContainer(c)})
}

// MarshalJSON encodes the radio group with its type.
func (c RadioGroup) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(radioGroupWire{typed(c.ComponentType()), plainRadioGroup(c)})
}

// MarshalJSON encodes the checkbox group with its type.
func (c CheckboxGroup) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(checkboxGroupWire{typed(c.ComponentType()), plainCheckboxGroup(c)})
}

// MarshalJSON encodes the checkbox with its type.
func (c Checkbox) MarshalJSON() ([]byte, error) {
	return jsonv2.Marshal(checkboxWire{typed(c.ComponentType()), plainCheckbox(c)})
}

// UnmarshalJSON decodes a row and its components. The JSON's type must be
// ACTION_ROW.
func (c *ActionRow) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a button. The JSON's type must be BUTTON.
func (c *Button) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a string select. The JSON's type must be
// STRING_SELECT.
func (c *StringSelect) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a user select. The JSON's type must be
// USER_SELECT.
func (c *UserSelect) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a role select. The JSON's type must be
// ROLE_SELECT.
func (c *RoleSelect) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a mentionable select. The JSON's type must be
// MENTIONABLE_SELECT.
func (c *MentionableSelect) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a channel select. The JSON's type must be
// CHANNEL_SELECT.
func (c *ChannelSelect) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a text input. The JSON's type must be TEXT_INPUT.
func (c *TextInput) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a label and its component. The JSON's type must be
// LABEL.
func (c *Label) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a file upload. The JSON's type must be
// FILE_UPLOAD.
func (c *FileUpload) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a section, its text and its accessory. The JSON's
// type must be SECTION.
func (c *Section) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a text display. The JSON's type must be
// TEXT_DISPLAY.
func (c *TextDisplay) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a thumbnail. The JSON's type must be THUMBNAIL.
func (c *Thumbnail) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a media gallery. The JSON's type must be
// MEDIA_GALLERY.
func (c *MediaGallery) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a file. The JSON's type must be FILE.
func (c *File) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a separator. The JSON's type must be SEPARATOR.
func (c *Separator) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a container and its components. The JSON's type
// must be CONTAINER.
func (c *Container) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a radio group. The JSON's type must be
// RADIO_GROUP.
func (c *RadioGroup) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a checkbox group. The JSON's type must be
// CHECKBOX_GROUP.
func (c *CheckboxGroup) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// UnmarshalJSON decodes a checkbox. The JSON's type must be CHECKBOX.
func (c *Checkbox) UnmarshalJSON(b []byte) error { return decodeInto(b, c) }

// decodeInto parses b, which must be a component of T's type, into dst.
func decodeInto[T interaction.Component](b []byte, dst *T) error {
	var zero T
	c, err := parseRaw(b, nil, 0, zero.ComponentType())
	if err != nil {
		return err
	}
	*dst = c.(T)
	return nil
}
