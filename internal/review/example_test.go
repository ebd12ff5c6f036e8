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
