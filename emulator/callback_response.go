package emulator

import "github.com/switchboard-go/switchboard/interaction"

// The callback endpoint answers 204 with no body, or, when its query says
// with_response=true, 200 with the interaction callback response (the
// service's documentation, "Create Interaction Response"):
//
//	{"interaction": {"id", "type", "activity_instance_id"?,
//	  "response_message_id"?, "response_message_loading"?,
//	  "response_message_ephemeral"?},
//	 "resource": {"type", "activity_instance"?: {"id"}, "message"?}}
//
// The message is there for CHANNEL_MESSAGE_WITH_SOURCE and UPDATE_MESSAGE,
// the Activity's instance for LAUNCH_ACTIVITY. For the other answers
// (DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, DEFERRED_UPDATE_MESSAGE, the
// suggestions of APPLICATION_COMMAND_AUTOCOMPLETE_RESULT and MODAL) the
// resource is just {"type"}: the documentation makes both of its other
// fields optional, where the OpenAPI description's resource is one of
// three objects that each require a message or an instance, and matches
// none of these answers. The documentation is followed.

// queryTrue reads a boolean of a query string as the service does: True,
// true or 1 is true (its documentation, "Boolean Query Strings"); False,
// false, 0, nothing or anything else is false.
func queryTrue(v string) bool { return v == "true" || v == "True" || v == "1" }

// callbackResponse is the interaction callback response that
// with_response=true asks for. The caller holds the state's lock.
func (s *Server) callbackResponse(si *sentInteraction) map[string]any {
	cb := map[string]any{"id": si.ix.ID.String(), "type": si.ix.Type}
	resource := map[string]any{"type": si.answer.Type}
	if m := si.original; m != nil {
		cb["response_message_id"] = m.ID.String()
		cb["response_message_loading"] = m.Data.Flags&interaction.FlagLoading != 0
		cb["response_message_ephemeral"] = m.Data.Flags&interaction.FlagEphemeral != 0
		if t := si.answer.Type; t == interaction.CallbackChannelMessageWithSource || t == interaction.CallbackUpdateMessage {
			resource["message"] = s.messageJSON(m)
		}
	}
	if si.answer.Type == interaction.CallbackLaunchActivity {
		id := activityInstanceID(si)
		cb["activity_instance_id"] = id
		resource["activity_instance"] = map[string]any{"id": id}
	}
	return map[string]any{"interaction": cb, "resource": resource}
}

// activityInstanceID is the id of the instance of the Activity an answer
// LAUNCH_ACTIVITY launched: one per interaction, named after it. The
// service's ids are opaque strings; the emulator runs no Activity.
func activityInstanceID(si *sentInteraction) string { return "i-" + si.ix.ID.String() }
