package interaction_test

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
)

// A poll asks a question with up to ten answers, open for a day unless it
// says otherwise.
func ExampleNewPoll() {
	poll := interaction.NewPoll("Where shall we eat?", "Pizza", "Sushi").
		WithEmojiAnswer(interaction.PollEmoji{Name: "🥗"}, "Salad").
		Lasting(2).
		Multiselect()
	b, _ := interaction.Reply("Lunch vote").WithPoll(poll).MarshalJSON()
	fmt.Println(string(b))
	// Output: {"type":4,"data":{"content":"Lunch vote","poll":{"question":{"text":"Where shall we eat?"},"answers":[{"poll_media":{"text":"Pizza"}},{"poll_media":{"text":"Sushi"}},{"poll_media":{"text":"Salad","emoji":{"name":"🥗"}}}],"duration":2,"allow_multiselect":true}}}
}

// A file sent as a spoiler is blurred until the reader clicks it.
func ExampleResponse_WithSpoilerFile() {
	r := interaction.Reply("How it ends:").WithSpoilerFile("ending.txt", "text/plain", strings.NewReader("They lived."))
	b, _ := r.MarshalJSON()
	fmt.Println(string(b))
	// Output: {"type":4,"data":{"content":"How it ends:","attachments":[{"id":"0","filename":"ending.txt","is_spoiler":true}]}}
}

// A message the service returns says which interaction made it: here a
// follow-up of a button's use.
func ExampleMessageInteractionMetadata() {
	var m interaction.Message
	_ = json.Unmarshal([]byte(`{"id":"30","content":"Done.","interaction_metadata":{"id":"20","type":3,
		"user":{"id":"7","username":"ada"},"authorizing_integration_owners":{"0":"5"},
		"original_response_message_id":"29","interacted_message_id":"10"}}`), &m)
	meta := m.InteractionMetadata
	fmt.Println(meta.Type, meta.User.Username, meta.IsFollowup(), meta.InteractedMessageID)
	// Output: MESSAGE_COMPONENT ada true 10
}

// An interaction in a guild says which guild, in which language, and
// with which features.
func ExamplePartialGuild_HasFeature() {
	var ix interaction.Interaction
	_ = interaction.Decode([]byte(`{"id":"1","type":2,"token":"t","data":{"name":"ping"},"guild_id":"5",
		"guild":{"id":"5","locale":"fr","features":["COMMUNITY"]}}`), &ix)
	guild, _ := ix.Guild.Get() // decoded when read
	fmt.Println(guild.Locale, guild.HasFeature("COMMUNITY"), guild.HasFeature("NEWS"))
	// Output: fr true false
}

// An attachment is a spoiler by its flag, or by its name the older way.
func ExampleAttachment_IsSpoiler() {
	for _, a := range []interaction.Attachment{
		{Filename: "ending.png", Flags: interaction.AttachmentIsSpoiler},
		{Filename: "SPOILER_ending.png"},
		{Filename: "ending.png"},
	} {
		fmt.Println(a.Filename, a.IsSpoiler())
	}
	// Output:
	// ending.png true
	// SPOILER_ending.png true
	// ending.png false
}
