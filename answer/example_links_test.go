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
func ExampleCheck_links() {
	ix := interactiontest.Command("report").Interaction()
	r := interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{{
		Title: "Report", URL: "javascript:alert(1)", Color: 0x1000000,
		Image: &interaction.EmbedMedia{URL: "attachment://chart.png"},
	}}}).WithFile("chart.png", "image/png", strings.NewReader("…"))
	fmt.Println(answer.Check(ix, r))
	// Output:
	// answer › embed 1 › url: must be an http or https URL
	// answer › embed 1 › url: not a well-formed URL: a web address has a host with a dot, labels of 1 to 63 characters, and no spaces
	// answer › embed 1 › color: a color of 0 to 0xFFFFFF, is 0x1000000
}
