package interaction_test

import (
	"encoding/json"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestACallbackResponseReadsWhatEachAnswerMade(t *testing.T) {
	tests := []struct {
		name, body string
		check      func(cb *interaction.CallbackResponse) bool
	}{
		{"a reply's message", `{"interaction":{"id":"1","type":2,"response_message_id":"9","response_message_loading":false,"response_message_ephemeral":true},` +
			`"resource":{"type":4,"message":{"id":"9","content":"hi","interaction_metadata":{"id":"1","type":2,"user":{"id":"7","username":"ada"},"authorizing_integration_owners":{}}}}}`,
			func(cb *interaction.CallbackResponse) bool {
				m := cb.Resource.Message
				return cb.Interaction.ResponseMessageEphemeral && cb.Resource.Type == interaction.CallbackChannelMessageWithSource &&
					m != nil && m.ID == 9 && m.Content == "hi" && m.InteractionMetadata.User.Username == "ada"
			}},
		{"a deferral's resource is its type alone", `{"interaction":{"id":"1","type":2,"response_message_id":"9","response_message_loading":true},"resource":{"type":5}}`,
			func(cb *interaction.CallbackResponse) bool {
				return cb.Interaction.ResponseMessageLoading && cb.Interaction.ResponseMessageID == 9 &&
					cb.Resource.Type == interaction.CallbackDeferredChannelMessageWithSource && cb.Resource.Message == nil && cb.Resource.ActivityInstance == nil
			}},
		{"a modal's too", `{"interaction":{"id":"1","type":3},"resource":{"type":9}}`,
			func(cb *interaction.CallbackResponse) bool {
				return cb.Interaction.Type == interaction.TypeMessageComponent && cb.Resource.Type == interaction.CallbackModal
			}},
		{"an Activity's instance", `{"interaction":{"id":"1","type":2,"activity_instance_id":"i-1"},"resource":{"type":12,"activity_instance":{"id":"i-1"}}}`,
			func(cb *interaction.CallbackResponse) bool {
				return cb.Resource.ActivityInstance != nil && cb.Resource.ActivityInstance.ID == cb.Interaction.ActivityInstanceID
			}},
		{"no resource at all", `{"interaction":{"id":"1","type":2}}`,
			func(cb *interaction.CallbackResponse) bool { return cb.Interaction.ID == 1 && cb.Resource == nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cb interaction.CallbackResponse
			if err := json.Unmarshal([]byte(tt.body), &cb); err != nil {
				t.Fatal(err)
			}
			if !tt.check(&cb) {
				t.Errorf("read %+v, resource %+v", cb.Interaction, cb.Resource)
			}
		})
	}
}
