package interaction

// MessageInteractionMetadata is what a message says of the interaction
// that made it: a message the service returns for an answer, a follow-up
// or an edit, and the message of a MESSAGE_COMPONENT interaction. The
// fields beyond the first four depend on the interaction's type.
type MessageInteractionMetadata struct {
	ID   Snowflake `json:"id"`
	Type Type      `json:"type"`
	// User is who used the command, the component or the modal.
	User User `json:"user"`
	// AuthorizingIntegrationOwners are the installations that authorized
	// the interaction, as the interaction had them.
	AuthorizingIntegrationOwners IntegrationOwners `json:"authorizing_integration_owners"`
	// OriginalResponseMessageID is the id of the interaction's answer,
	// on its follow-ups only.
	OriginalResponseMessageID Snowflake `json:"original_response_message_id,omitzero"`

	// TargetUser is the user a USER command was used on
	// (APPLICATION_COMMAND).
	TargetUser *User `json:"target_user,omitempty"`
	// TargetMessageID is the message a MESSAGE command was used on
	// (APPLICATION_COMMAND).
	TargetMessageID Snowflake `json:"target_message_id,omitzero"`

	// InteractedMessageID is the message whose component was used
	// (MESSAGE_COMPONENT).
	InteractedMessageID Snowflake `json:"interacted_message_id,omitzero"`

	// TriggeringInteractionMetadata is the metadata of the interaction
	// that opened the modal, a command's or a component's (MODAL_SUBMIT).
	TriggeringInteractionMetadata *MessageInteractionMetadata `json:"triggering_interaction_metadata,omitempty"`
}

// IsFollowup reports whether the message is a follow-up of the
// interaction rather than its answer.
func (m *MessageInteractionMetadata) IsFollowup() bool { return m.OriginalResponseMessageID != 0 }
