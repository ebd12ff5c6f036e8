package answer_test

import (
	"fmt"
	"strings"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// The links of an embed are URLs the service takes: a picture may be a
// file sent with the message, a page may not, and no link is a script.
func ExampleReview_links() {
	ix := interactiontest.Command("report").Interaction()
	r := interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{{
		Title: "Report", URL: "javascript:alert(1)", Color: 0x1000000,
		Image: &interaction.EmbedMedia{URL: "attachment://chart.png"},
	}}}).WithFile("chart.png", "image/png", strings.NewReader("…"))
	for _, v := range answer.Review(ix, r, answer.AsService) {
		fmt.Println(v.Pointer, v.Code, v.Message)
	}
	// Output:
	// /data/embeds/0/url URL_TYPE_INVALID_SCHEME Scheme "javascript:alert(1)" is not supported. Scheme must be one of ('http', 'https').
	// /data/embeds/0/url URL_TYPE_INVALID_URL Not a well formed URL.
	// /data/embeds/0/color NUMBER_TYPE_MAX int value should be less than or equal to 16777215.
}

// A server that knows the attachments a message has once sent checks
// that its attachment://name URLs name them.
func ExampleReviewReferences() {
	edit := interaction.MessageData{Embeds: []interaction.Embed{{
		Thumbnail: &interaction.EmbedMedia{URL: "attachment://logo.png"},
		Image:     &interaction.EmbedMedia{URL: "attachment://chart.png"},
	}}}
	for _, v := range answer.ReviewReferences(edit, []string{"logo.png"}, answer.AsService) {
		fmt.Println(v.Pointer, v.Code, v.Message)
	}
	// Output:
	// /embeds/0/image/url UNFURLED_MEDIA_ITEM_REFERENCED_ATTACHMENT_NOT_FOUND The referenced attachment ("attachment://chart.png") was not found
}
