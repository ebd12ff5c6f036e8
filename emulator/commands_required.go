package emulator

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/rules"
)

// requiredWhereAbsent returns vs with the violations of fields the body
// leaves out reported as the service reports them: a field that is
// required and absent is BASE_TYPE_REQUIRED, "This field is required"
// (a slash command without a description: discord-php/DiscordPHP#969),
// where the validator, which sees a missing name as an empty one and a
// missing option type as the type 0, reports a length or a value out of
// its enumeration. A field that is present keeps its violation: an empty
// name is one too short. body is the request body vs points into, a
// create body or a bulk one; not an edit's, which leaves out what it does
// not change. CONFORMANCE.md, D166.
func requiredWhereAbsent(vs rules.Violations, body []byte) rules.Violations {
	var doc any
	if json.Unmarshal(body, &doc) != nil {
		return vs
	}
	out := vs[:0:0]
	for _, v := range vs {
		if (v.Code == rules.BaseTypeBadLength || v.Code == rules.EnumTypeCoerce) && v.Pointer != "" && !present(doc, v.Pointer) {
			v.Code, v.Message = rules.BaseTypeRequired, "This field is required"
		}
		out = append(out, v)
	}
	return out
}

// present reports whether a JSON pointer names a value in doc. A null
// value counts as given, and keeps the violation of the zero value it
// decodes to (no source recorded).
func present(doc any, pointer string) bool {
	for _, token := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		token = strings.ReplaceAll(strings.ReplaceAll(token, "~1", "/"), "~0", "~")
		switch node := doc.(type) {
		case map[string]any:
			next, ok := node[token]
			if !ok {
				return false
			}
			doc = next
		case []any:
			i, err := strconv.Atoi(token)
			if err != nil || i < 0 || i >= len(node) {
				return false
			}
			doc = node[i]
		default:
			return false
		}
	}
	return true
}
