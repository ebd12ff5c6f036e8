package interaction

// CallbackResponse is what the callback endpoint answers when asked with
// with_response=true: the interaction answered, and what the answer made
// (the service's interaction callback response object).
type CallbackResponse struct {
	Interaction CallbackInteraction `json:"interaction"`
	// Resource is what the answer made; nil when the service sent none.
	Resource *CallbackResource `json:"resource,omitempty"`
}

// CallbackInteraction is the interaction a callback answered, with the
// message the answer made or changed.
type CallbackInteraction struct {
	ID   Snowflake `json:"id"`
	Type Type      `json:"type"`
	// ActivityInstanceID is the instance of the Activity the answer
	// launched or joined.
	ActivityInstanceID string `json:"activity_instance_id,omitempty"`
	// ResponseMessageID is the message the answer made or changed.
	ResponseMessageID Snowflake `json:"response_message_id,omitzero"`
	// ResponseMessageLoading reports a message still loading: the
	// "thinking…" of a deferred answer.
	ResponseMessageLoading bool `json:"response_message_loading,omitzero"`
	// ResponseMessageEphemeral reports a message only the user sees.
	ResponseMessageEphemeral bool `json:"response_message_ephemeral,omitzero"`
}

// CallbackResource is what an answer made. Its Message is that of a
// CHANNEL_MESSAGE_WITH_SOURCE or UPDATE_MESSAGE answer, its
// ActivityInstance that of LAUNCH_ACTIVITY. Of the other answers
// (DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, DEFERRED_UPDATE_MESSAGE,
// APPLICATION_COMMAND_AUTOCOMPLETE_RESULT, MODAL) the service sends only
// the Type, as its documentation allows; the OpenAPI description's
// resource, which requires a message or an instance, leaves them out.
type CallbackResource struct {
	Type             CallbackType      `json:"type"`
	ActivityInstance *ActivityInstance `json:"activity_instance,omitempty"`
	Message          *Message          `json:"message,omitempty"`
}

// ActivityInstance is an instance of the application's Activity.
type ActivityInstance struct {
	ID string `json:"id"`
}
