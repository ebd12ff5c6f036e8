package emulator

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

// The limits of a message an interaction answers with (public facts of the
// service; the specification names the 25 embed fields).
const (
	maxContent     = 2000
	maxEmbeds      = 10
	maxEmbedFields = 25
	maxEmbedTotal  = 6000 // characters across every embed of a message
	maxActionRows  = 5
)

// newInvalidBody returns an empty 50035, to gather every problem of a body
// before answering.
func newInvalidBody() *apiError {
	return &apiError{status: 400, code: codeInvalidFormBody, message: "Invalid Form Body", errors: map[string]any{}}
}

func errEmptyMessage() *apiError {
	return errBadRequest(codeEmptyMessage, "Cannot send an empty message")
}

func itoa(i int) string { return strconv.Itoa(i) }

// isEmpty reports whether a message with attachments files has nothing
// to show.
func isEmpty(m *interaction.MessageData, attachments int) bool {
	return m.Content == "" && len(m.Embeds) == 0 && len(m.Components) == 0 && attachments == 0
}

// checkMessage adds the problems of message data at prefix (the pointer
// of the message in the request body) to e. flags are the flags the
// message may set.
func checkMessage(e *apiError, prefix string, m *interaction.MessageData, flags interaction.MessageFlags) {
	if utf8.RuneCountInString(m.Content) > maxContent {
		e.add(prefix+"/content", "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
	}
	checkFlags(e, prefix+"/flags", m.Flags, flags)
	if m.Flags&interaction.FlagIsComponentsV2 != 0 {
		// A components-only message lays out text with components.
		if m.Content != "" {
			e.add(prefix+"/content", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2", "The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
		}
		if len(m.Embeds) > 0 {
			e.add(prefix+"/embeds", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2", "The 'embeds' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
		}
	} else if len(m.Components) > maxActionRows {
		e.add(prefix+"/components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
	}
	if m.AllowedMentions != nil {
		for i, p := range m.AllowedMentions.Parse {
			if p != "roles" && p != "users" && p != "everyone" {
				e.add(prefix+"/allowed_mentions/parse/"+itoa(i), "BASE_TYPE_CHOICES", "Value must be one of ('roles', 'users', 'everyone').")
			}
		}
	}
	checkEmbeds(e, prefix+"/embeds", m.Embeds)
	addViolations(e, prefix, component.ValidateMessage(*m))
}

// addViolations adds the violations package component finds, at prefix,
// the pointer of the message or modal in the request's body: every rule
// of components, 40 components in all with IS_COMPONENTS_V2 among them. A
// place the emulator has already reported, in the service's own words, is
// not reported twice.
func addViolations(e *apiError, prefix string, vs component.Violations) {
	reported := make([]bool, len(vs))
	for i, v := range vs {
		reported[i] = e.has(prefix + v.Pointer)
	}
	for i, v := range vs {
		if !reported[i] {
			e.add(prefix+v.Pointer, v.Code, v.Message)
		}
	}
}

// checkFlags adds a problem when f sets a flag outside allowed.
func checkFlags(e *apiError, pointer string, f, allowed interaction.MessageFlags) {
	if f&^allowed != 0 {
		e.add(pointer, "MESSAGE_FLAGS_INVALID", "Flags may only be "+flagList(allowed)+".")
	}
}

// checkEmbeds checks the count of embeds, the lengths of their texts and
// their total size.
func checkEmbeds(e *apiError, prefix string, embeds []interaction.Embed) {
	if len(embeds) > maxEmbeds {
		e.add(prefix, "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
	}
	total := 0
	text := func(pointer, s string, limit int) {
		n := utf8.RuneCountInString(s)
		total += n
		if n > limit {
			e.add(pointer, "BASE_TYPE_MAX_LENGTH", "Must be "+itoa(limit)+" or fewer in length.")
		}
	}
	for i, em := range embeds {
		at := prefix + "/" + itoa(i)
		text(at+"/title", em.Title, 256)
		text(at+"/description", em.Description, 4096)
		if em.Footer != nil {
			text(at+"/footer/text", em.Footer.Text, 2048)
		}
		if em.Author != nil {
			text(at+"/author/name", em.Author.Name, 256)
		}
		// More than 25 fields used to be cut silently; the service now
		// refuses them.
		if len(em.Fields) > maxEmbedFields {
			e.add(at+"/fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
		for j, f := range em.Fields {
			text(at+"/fields/"+itoa(j)+"/name", f.Name, 256)
			text(at+"/fields/"+itoa(j)+"/value", f.Value, 1024)
		}
	}
	if total > maxEmbedTotal {
		e.add(prefix, "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
	}
}

// checkModal checks a modal: a custom id of at most 100 characters, a
// title of at most 45, 1 to 5 components, in the service's words, and the
// rules of its components.
func checkModal(e *apiError, m *interaction.Modal) {
	if n := utf8.RuneCountInString(m.CustomID); n < 1 || n > 100 {
		e.add("/data/custom_id", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
	}
	if n := utf8.RuneCountInString(m.Title); n < 1 || n > 45 {
		e.add("/data/title", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
	}
	if n := len(m.Components); n < 1 || n > 5 {
		e.add("/data/components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
	}
	addViolations(e, "/data", component.ValidateModal(*m))
}

// callbackList lists callback types as the service's choice errors do.
func callbackList(ts []interaction.CallbackType) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = itoa(int(t))
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// flagList names the flags of a set.
func flagList(f interaction.MessageFlags) string {
	names := []struct {
		flag interaction.MessageFlags
		name string
	}{
		{interaction.FlagSuppressEmbeds, "SUPPRESS_EMBEDS"},
		{interaction.FlagEphemeral, "EPHEMERAL"},
		{interaction.FlagSuppressNotifications, "SUPPRESS_NOTIFICATIONS"},
		{interaction.FlagIsComponentsV2, "IS_COMPONENTS_V2"},
	}
	var parts []string
	for _, n := range names {
		if f&n.flag != 0 {
			parts = append(parts, n.name)
		}
	}
	return strings.Join(parts, ", ")
}
