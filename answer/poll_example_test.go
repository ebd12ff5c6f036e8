package answer_test

import (
	"fmt"
	"strings"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// A poll is held to the service's limits before it is sent.
func ExampleCheck_poll() {
	ix := interactiontest.Command("lunch").Interaction()
	poll := interaction.NewPoll("Where shall we eat?", "Pizza", strings.Repeat("Sushi ", 10)).Lasting(24 * 40)
	fmt.Println(answer.Check(ix, interaction.Reply("Lunch vote").WithPoll(poll)))
	// Output:
	// answer › poll › answer 2 › poll_media › text: 1 to 55 characters, has 60
	// answer › poll › duration: must be at most 768 hours (32 days), is 960
}
