package emulator

import (
	"encoding/json"

	"github.com/switchboard-go/switchboard/interaction"
)

// readAnswer decodes the body of the bot's answer in the HTTP response to
// ix, of contentType: JSON, or multipart/form-data with the answer in
// payload_json and files in its other parts (files[n], or any name with a
// filename, D160), as the callback endpoint takes them, each file of at
// most ix's attachment_size_limit. It returns the files, or what the
// service would answer the body with if the callback endpoint had
// received it, such as its 413 with 40005 for a file over the limit.
//
// The service documents files on the callback endpoint, "similar to the
// webhook endpoints" (discord/discord-api-docs#3860), and not in the HTTP
// response. Frameworks answer there with multipart/form-data all the same
// (disgoorg/disgo#122), and it is reported to fail for message commands
// (discord/discord-api-docs#5933), in general (discussion #6204) and for
// files over about 150 KB (#5250, #5925). The emulator takes such an
// answer as the documented endpoint takes it; CONFORMANCE.md, D82.
func readAnswer(ix *interaction.Interaction, contentType string, raw []byte) (answer answerBody, files []upload, refused string) {
	if len(raw) > maxAnswerBody {
		return answer, nil, errorText(errEntityTooLarge())
	}
	if isMultipart(contentType) {
		files, e := decodeUploads(contentType, raw, ix.AttachmentLimit(), &answer)
		if e != nil {
			return answer, nil, errorText(e)
		}
		return answer, files, ""
	}
	if len(raw) > maxJSONBody {
		return answer, nil, errorText(errEntityTooLarge())
	}
	if err := answer.UnmarshalJSON(raw); err != nil {
		return answer, nil, "the answer is not a valid JSON interaction response: " + err.Error()
	}
	return answer, nil, ""
}

// errorText is the body the service answers e with, as a violation
// reports it.
func errorText(e *apiError) string {
	b, _ := json.Marshal(e.body())
	return string(b)
}

// answerViolations lists what the service refuses in the answer the bot
// gave in the HTTP response, with the files of a multipart/form-data
// answer, and returns the attachments of the message it makes or updates:
// the rules of the callback endpoint (checkReply), suggestions whose
// values do not fit the focused option among them. The caller holds
// s.st.mu.
func (s *Server) answerViolations(p *prepared, body *answerBody, files []upload) ([]Attachment, []string) {
	atts, e := s.checkReply(p.si, body, files)
	if e != nil {
		return nil, []string{errorText(e)}
	}
	return atts, nil
}
