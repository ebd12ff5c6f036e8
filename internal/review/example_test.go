package review_test

import (
	"fmt"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/review"
)

// AsService words the violations as the service's error bodies do, for a
// server that answers as the service does.
func ExampleAnswer() {
	ix := interactiontest.Command("report").Interaction()
	r := interaction.Reply(strings.Repeat("a", 2001))
	vs, _ := review.Answer(ix, &r, review.AsService)
	for _, v := range vs {
		fmt.Println(v.Pointer, v.Code, v.Message)
	}
	// Output:
	// /data/content BASE_TYPE_MAX_LENGTH Must be 2000 or fewer in length.
}

// The links of an embed are URLs the service takes, and the service says
// so in its words.
func ExampleAnswer_links() {
	ix := interactiontest.Command("report").Interaction()
	r := interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{{
		Title: "Report", URL: "javascript:alert(1)", Color: 0x1000000,
		Image: &interaction.EmbedMedia{URL: "attachment://chart.png"},
	}}}).WithFile("chart.png", "image/png", strings.NewReader("…"))
	vs, _ := review.Answer(ix, &r, review.AsService)
	for _, v := range vs {
		fmt.Println(v.Pointer, v.Code, v.Message)
	}
	// Output:
	// /data/embeds/0/url URL_TYPE_INVALID_SCHEME Scheme "javascript:alert(1)" is not supported. Scheme must be one of ('http', 'https').
	// /data/embeds/0/url URL_TYPE_INVALID_URL Not a well formed URL.
	// /data/embeds/0/color NUMBER_TYPE_MAX int value should be less than or equal to 16777215.
}

// A server that knows the attachments a message has once sent checks
// that its attachment://name URLs name them.
func ExampleReferences() {
	edit := interaction.MessageData{Embeds: []interaction.Embed{{
		Thumbnail: &interaction.EmbedMedia{URL: "attachment://logo.png"},
		Image:     &interaction.EmbedMedia{URL: "attachment://chart.png"},
	}}}
	for _, v := range review.References(&edit, []string{"logo.png"}, review.AsService) {
		fmt.Println(v.Pointer, v.Code, v.Message)
	}
	// Output:
	// /embeds/0/image/url UNFURLED_MEDIA_ITEM_REFERENCED_ATTACHMENT_NOT_FOUND The referenced attachment ("attachment://chart.png") was not found
}
