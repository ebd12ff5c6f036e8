package answer_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/review"
)

// fuzzInteractions are the interactions a fuzzed answer answers, chosen
// by a byte of the input.
var fuzzInteractions = []*interaction.Interaction{
	command, button, submitted, ping, completeText, completeInt, completeNum, completeAny,
	interactiontest.ModalSubmit("m").FromMessage(interaction.Message{ID: 1}).Interaction(),
	nil,
}

// FuzzCheck checks answers decoded from arbitrary JSON. It must not panic,
// and what it finds must be well formed: at most MaxViolations, each with
// a place under "answer", a JSON pointer, a code and a message; the same
// violations in both wordings; an error from Check exactly when review.Answer
// finds violations, which matches ErrCallbackNotAllowed exactly when the
// interaction does not allow the answer's type.
func FuzzCheck(f *testing.F) {
	for _, seed := range []string{
		`{"type":4,"data":{"content":"hi","flags":64}}`,
		`{"type":4,"data":{"content":"x","flags":32768,"embeds":[{"title":"t","fields":[{"name":"","value":"v"}]}]}}`,
		`{"type":4,"data":{"allowed_mentions":{"parse":["users","x"]},"components":[{"type":1,"components":[{"type":2,"style":1}]}]}}`,
		`{"type":7,"data":{"components":[{"type":17,"components":[{"type":10,"content":"t"}]}],"flags":32768}}`,
		`{"type":5,"data":{"flags":4}}`,
		`{"type":8,"data":{"choices":[{"name":"a","value":"b"},{"name":"","value":1.5,"name_localizations":{"fr":"","zz":"z"}}]}}`,
		`{"type":9,"data":{"custom_id":"","title":"t","components":[{"type":18,"label":"L","component":{"type":4,"custom_id":"i","style":1}}]}}`,
		`{"type":9}`,
		`{"type":0}`,
		`{"type":4,"data":{"poll":{"question":{"text":""},"answers":[{"poll_media":{"text":"a","emoji":{}}}],"duration":800,"layout_type":2}}}`,
		`{"type":7,"data":{"flags":32768,"poll":{"question":{"text":"q"},"answers":[]}}}`,
		`{"type":4,"data":{"embeds":[{"url":"javascript:x","color":16777216,"image":{"url":"attachment://a.png"},"author":{"name":"a","icon_url":"data:x"}}],"attachments":[{"id":"0","filename":"b.png"}]}}`,
		`{"type":7,"data":{"embeds":[{"thumbnail":{"url":"https://a_b.example.com"},"footer":{"text":"f","icon_url":"ftp://x.y"},"color":-1}]}}`,
		`{"type":4,"data":{"flags":32768,"components":[{"type":12,"items":[{"media":{"url":"attachment://x"}}]},{"type":17,"components":[{"type":9,"components":[{"type":10,"content":"t"}],"accessory":{"type":11,"media":{"url":"attachment://y"}}}]}]}}`,
	} {
		for i := range fuzzInteractions {
			f.Add(byte(i), []byte(seed))
		}
	}
	f.Fuzz(func(t *testing.T, which byte, body []byte) {
		var r interaction.Response
		if err := r.UnmarshalJSON(body); err != nil {
			return
		}
		ix := fuzzInteractions[int(which)%len(fuzzInteractions)]
		bot, service := reviewAnswer(ix, r, review.ForBot), reviewAnswer(ix, r, review.AsService)
		if len(bot) > component.MaxViolations || len(bot) != len(service) {
			t.Fatalf("%d violations for the bot, %d as the service words them", len(bot), len(service))
		}
		for i, v := range bot {
			if !strings.HasPrefix(v.Place, "answer") || v.Pointer != "" && v.Pointer[0] != '/' || v.Code == "" || v.Message == "" {
				t.Fatalf("malformed violation %+v", v)
			}
			w := service[i]
			if w.Place != v.Place || w.Pointer != v.Pointer || w.Code != v.Code || w.Message == "" {
				t.Fatalf("violation %d is %+v for the bot and %+v as the service words it", i, v, w)
			}
		}
		err := answer.Check(ix, r)
		if (err == nil) != (len(bot) == 0) {
			t.Fatalf("Check returned %v, review.Answer %v", err, bot)
		}
		notAllowed := ix != nil && ix.CheckCallback(r.Type) != nil
		if errors.Is(err, interaction.ErrCallbackNotAllowed) != notAllowed {
			t.Fatalf("Check returned %v for a type the interaction allows: %v", err, !notAllowed)
		}
	})
}
