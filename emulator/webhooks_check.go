package emulator

import (
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/review"
	"github.com/switchboard-go/switchboard/rules"
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
// to show: a message needs "at least one of content, embeds, components,
// file, or poll" (the service's documentation of webhook messages).
func isEmpty(m *interaction.MessageData, attachments int) bool {
	return m.Content == "" && len(m.Embeds) == 0 && len(m.Components) == 0 && attachments == 0 && m.Poll == nil
}

// checkMessage adds the problems of message data at prefix (the pointer
// of the message in the request body) to e: the rules of a message of
// package answer, in the service's words, which the bots' own check
// follows too. flags are the flags the message may set, which checkFlags
// checks in place of answer's rule of them (which allows
// interaction.ResponseFlags, as every caller does). Whether the message shows something depends on the attachments
// its request made, which isEmpty counts. A place already reported, such
// as the flags of an edit, which editedData checks before the message
// the edit leaves, is not reported again.
func checkMessage(e *apiError, prefix string, m *interaction.MessageData, flags interaction.MessageFlags) {
	// The attachments a message ends with are known once its files are
	// read, and checkReferences checks its attachment://name URLs then:
	// without its list, the rules do not guess them.
	data := *m
	data.Attachments = nil
	vs := review.Message(nil, &data, review.Edit, review.AsService)
	// The rules of a voice message read its attachments, which
	// checkVoice knows.
	vs = slices.DeleteFunc(vs, func(v rules.Violation) bool { return v.Code == rules.MessageFlagsInvalid || isVoiceRule(v) })
	if !e.has(prefix + "/flags") {
		checkFlags(e, prefix+"/flags", m.Flags, flags)
	}
	addViolations(e, prefix, vs)
}

// addViolations adds violations, found in the message or modal at prefix,
// the pointer of its body in the request's, to e. A place the emulator
// has already reported is not reported again.
func addViolations(e *apiError, prefix string, vs rules.Violations) {
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
		e.add(pointer, rules.MessageFlagsInvalid, "Flags may only be "+flagList(allowed)+".")
	}
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
