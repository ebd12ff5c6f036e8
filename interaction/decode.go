package interaction

import (
	"bytes"
	"reflect"

	jsonv2 "github.com/goccy/go-json/v2"
)

// Decode decodes the body of an interaction request into ix, which it
// resets first. The caller provides ix so that it can live in memory the
// caller allocates anyway, such as a per-request value. ix keeps no
// reference to body, which the caller may reuse at once. On error ix is
// left zero.
//
// The body is decoded with github.com/goccy/go-json/v2, as encoding/json/v2
// decodes it: it must be valid UTF-8, escapes included, with no duplicate
// names in an object; names match the fields exactly, and fields
// switchboard does not know are ignored. Each type is checked for the
// fields dispatch needs: a command's name, a component's custom_id and
// type, a modal's custom_id; any other type is an error matching
// ErrUnknownType.
func Decode(body []byte, ix *Interaction) error {
	*ix = Interaction{}
	if err := decode(body, ix); err != nil {
		*ix = Interaction{}
		return err
	}
	return nil
}

func decode(body []byte, ix *Interaction) error {
	if err := jsonv2.Unmarshal(body, ix); err != nil {
		return decodeError(unstopped(err), body, "", reflect.TypeFor[Interaction]())
	}
	if b := bytes.TrimLeft(body, " \t\r\n"); b[0] != '{' {
		// null, which decodes to the zero Interaction.
		return &DecodeError{Reason: "expected an object, got null", kind: ErrMalformed}
	}
	switch ix.Type {
	case TypePing:
	case TypeMessageComponent:
		if ix.Data.CustomID == "" {
			return &DecodeError{Reason: "/data/custom_id: missing from MESSAGE_COMPONENT", kind: ErrMalformed}
		}
		if ix.Data.ComponentType <= 0 {
			return &DecodeError{Reason: "/data/component_type: missing from MESSAGE_COMPONENT", kind: ErrMalformed}
		}
	case TypeModalSubmit:
		if ix.Data.CustomID == "" {
			return &DecodeError{Reason: "/data/custom_id: missing from MODAL_SUBMIT", kind: ErrMalformed}
		}
		for i := range ix.Data.Components {
			if ix.Data.Components[i].depth() > maxSubmittedDepth {
				return &DecodeError{Reason: "/data/components: nested too deeply", kind: ErrMalformed}
			}
		}
	case TypeApplicationCommand, TypeApplicationCommandAutocomplete:
		if ix.Data.Name == "" {
			return &DecodeError{Reason: "/data/name: missing from " + ix.Type.String(), kind: ErrMalformed}
		}
		if ix.Data.Type == 0 {
			// The command type defaults to CHAT_INPUT.
			ix.Data.Type = CommandChatInput
		}
	default:
		return &DecodeError{Reason: "/type: unknown interaction type", kind: ErrUnknownType}
	}
	if ix.ID == 0 {
		return &DecodeError{Reason: "/id: missing", kind: ErrMalformed}
	}
	if tooDeep(ix.Data.Options, maxOptionDepth) {
		return &DecodeError{Reason: "/data/options: nested too deeply", kind: ErrMalformed}
	}
	return nil
}

// maxOptionDepth bounds option nesting: a command nests two levels (group,
// subcommand) above its options, so anything deeper is not an interaction.
const maxOptionDepth = 3

// tooDeep reports whether opts nest more than levels deep, an empty list
// counting as a level.
func tooDeep(opts []OptionData, levels int) bool {
	if opts == nil {
		return false
	}
	if levels == 0 {
		return true
	}
	for i := range opts {
		if tooDeep(opts[i].Options, levels-1) {
			return true
		}
	}
	return false
}
