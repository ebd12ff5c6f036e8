package emulator

import (
	"encoding/json"
	"mime"
	"net/url"

	"github.com/switchboard-go/switchboard/rules"
)

// The service takes a message's fields as form fields too: the
// description lists application/x-www-form-urlencoded and
// multipart/form-data for the callback, follow-up and edit endpoints, and
// the documentation ("Uploading Files") shows a multipart body without
// payload_json whose fields are content and tts. Each field is a
// top-level field of the JSON body: the text fields as they are, the
// others as the JSON their value is (tts=true, flags=64, embeds=[…]).
// Where payload_json is given, it is the body and other fields are
// ignored.

// formTextFields are the fields whose value is text as it stands.
var formTextFields = map[string]bool{"content": true, "username": true, "avatar_url": true, "thread_name": true}

// formJSON returns the JSON body that form fields stand for; of a field
// given twice, the last value counts.
func formJSON(names []string, values map[string]string) []byte {
	obj := make(map[string]any, len(values))
	for _, name := range names {
		v := values[name]
		switch {
		case formTextFields[name]:
			obj[name] = v
		case json.Valid([]byte(v)):
			obj[name] = json.RawMessage(v)
		default:
			// Not JSON: the decoder refuses it at its place as a
			// value of the wrong type.
			obj[name] = v
		}
	}
	b, err := json.Marshal(obj)
	if err != nil {
		return []byte("{}")
	}
	return b
}

// isURLEncoded reports whether a body of contentType is
// application/x-www-form-urlencoded.
func isURLEncoded(contentType string) bool {
	media, _, err := mime.ParseMediaType(contentType)
	return err == nil && media == "application/x-www-form-urlencoded"
}

// decodeURLEncoded decodes a form-urlencoded body into v.
func decodeURLEncoded(body []byte, v any) *apiError {
	if len(body) > maxJSONBody {
		return errEntityTooLarge()
	}
	q, err := url.ParseQuery(string(body))
	if err != nil {
		return errInvalidBody("", rules.BaseTypeBadType, "The body is not valid application/x-www-form-urlencoded.")
	}
	names := make([]string, 0, len(q))
	values := make(map[string]string, len(q))
	for name, vs := range q {
		names = append(names, name)
		values[name] = vs[len(vs)-1]
	}
	return decodeJSON(formJSON(names, values), v)
}
