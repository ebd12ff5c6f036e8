package emulator

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// answerViolations lists what the service refuses in the answer the bot
// gave in the HTTP response, and returns the attachments of the message it
// makes or updates: the rules of the callback endpoint (checkReply), and
// the type of the suggested values, which must be the focused option's.
// An answer in the HTTP response is JSON, so it uploads no files. The
// caller holds s.st.mu.
func (s *Server) answerViolations(p *prepared, body *answerBody) ([]Attachment, []string) {
	var out []string
	atts, e := s.checkReply(p.si, body, nil)
	if e != nil {
		b, _ := json.Marshal(e.body())
		out = append(out, string(b))
	}
	if p.choiceType != 0 && body.Type == interaction.CallbackAutocompleteResult {
		for i, c := range body.Choices {
			if msg := choiceValueProblem(c.Value, p.choiceType); msg != "" {
				out = append(out, fmt.Sprintf("choice %d: %s", i, msg))
			}
		}
	}
	return atts, out
}

// choiceValueProblem says why a suggested value does not fit an option of
// type t, or returns "".
func choiceValueProblem(v interaction.Value, t interaction.OptionType) string {
	switch t {
	case interaction.OptionString:
		s, ok := v.Str()
		if !ok {
			return "value " + v.Text() + " is not a string"
		}
		if n := utf8.RuneCountInString(s); n > 100 {
			return fmt.Sprintf("value has %d characters, more than 100", n)
		}
	case interaction.OptionInteger:
		if _, ok := v.Int(); !ok {
			return "value " + v.Text() + " is not an integer"
		}
	case interaction.OptionNumber:
		if _, ok := v.Float(); !ok {
			return "value " + v.Text() + " is not a number"
		}
	}
	return ""
}
