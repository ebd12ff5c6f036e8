package emulator

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The service's OpenAPI description (testdata/openapi, see its README)
// is held against what the emulator answers and sends. Where the
// description disagrees with the service's public documentation, the
// documentation wins, as the description's own README asks ("follow the
// docs, not the spec"): the errata below change the description before it
// is compiled, each citing the documentation. This file is the one place
// they are made; emulator/CONFORMANCE.md lists them too.

// openAPIBase is the URL the description is compiled under; nothing is
// fetched from it.
const openAPIBase = "https://openapi.emulator.invalid/openapi.json"

// erratum is a change to the description the documentation calls for.
type erratum struct {
	// pointer is the JSON pointer of the schema replaced.
	pointer string
	// why cites the documentation.
	why string
	// schema is the schema put in its place, or what replaces a keyword
	// of one.
	schema any
}

// errata are the disagreements between the description and the
// documentation, and what the documentation says.
var errata = []erratum{{
	pointer: "/components/schemas/InnerErrors/properties/_errors/items",
	why: `the documentation's "Example JSON Error Response" (topics/opcodes-and-status-codes) ` +
		`ends its errors tree in {"_errors": [{"code": "BASE_TYPE_REQUIRED", "message": ` +
		`"This field is required"}]}: the codes inside the tree are strings, not the integers ` +
		`of the top-level Error the description reuses there`,
	schema: map[string]any{
		"type":     "object",
		"required": []any{"code", "message"},
		"properties": map[string]any{
			"code":    map[string]any{"type": "string"},
			"message": map[string]any{"type": "string"},
		},
	},
}, {
	pointer: "/components/schemas/RatelimitedResponse/allOf/0",
	why: `the documentation's "Rate Limit Response Structure" (topics/rate-limits) has ` +
		`message, retry_after, global and "code? | integer | An error code for some limits", ` +
		`and its examples carry none; the description's Error requires code`,
	schema: map[string]any{
		"type":     "object",
		"required": []any{"message"},
		"properties": map[string]any{
			"code":    map[string]any{"type": "integer"},
			"message": map[string]any{"type": "string"},
		},
	},
}, {
	pointer: "/components/schemas/InteractionCallbackResponse/properties/resource",
	why: `the documentation's "Interaction Callback Resource Object" (interactions/receiving-and-responding) ` +
		`has type, activity_instance? (LAUNCH_ACTIVITY only) and message? ("only present if type ` +
		`is either CHANNEL_MESSAGE_WITH_SOURCE or UPDATE_MESSAGE"): for DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, ` +
		`DEFERRED_UPDATE_MESSAGE, APPLICATION_COMMAND_AUTOCOMPLETE_RESULT and MODAL the resource is ` +
		`just {type}, which the description's three resources do not allow`,
	schema: map[string]any{"oneOf": []any{
		map[string]any{"$ref": "#/components/schemas/CreateMessageInteractionCallbackResponse"},
		map[string]any{"$ref": "#/components/schemas/LaunchActivityInteractionCallbackResponse"},
		map[string]any{"$ref": "#/components/schemas/UpdateMessageInteractionCallbackResponse"},
		map[string]any{
			"type":       "object",
			"required":   []any{"type"},
			"properties": map[string]any{"type": map[string]any{"enum": []any{5, 6, 8, 9}}},
		},
	}},
}, {
	pointer: "/components/schemas/EntitlementTypes",
	why: `the documentation's "Entitlement Types" (resources/entitlement) are PURCHASE 1, ` +
		`PREMIUM_SUBSCRIPTION 2, DEVELOPER_GIFT 3, TEST_MODE_PURCHASE 4, FREE_PURCHASE 5, USER_GIFT 6, ` +
		`PREMIUM_PURCHASE 7 and APPLICATION_SUBSCRIPTION 8, and Create Test Entitlement makes ` +
		`TEST_MODE_PURCHASE ones; the description lists only 8 and 10 (QUEST_REWARD, which it keeps)`,
	schema: map[string]any{"type": "integer", "enum": []any{1, 2, 3, 4, 5, 6, 7, 8, 10}},
}, {
	pointer: "/components/schemas/EntitlementResponse/required",
	why: `the documentation's "Entitlement Object" (resources/entitlement) has user_id? ("ID of the ` +
		`user that is granted access"), starts_at? and ends_at? ("Not present when using test ` +
		`entitlements"): a guild's entitlement no user bought has no user_id, and a test entitlement ` +
		`no dates; the description requires all three`,
	schema: []any{"id", "sku_id", "application_id", "deleted", "type"},
}, {
	pointer: "/components/schemas/MessageReferenceType",
	why: `the documentation's "Message Reference Types" (resources/message) are DEFAULT 0, a reply, ` +
		`and FORWARD 1, whose message carries message_snapshots; the description lists only 0`,
	schema: map[string]any{"type": "integer", "oneOf": []any{
		map[string]any{"title": "DEFAULT", "const": 0},
		map[string]any{"title": "FORWARD", "const": 1},
	}},
}}

// openAPI is the description, with its errata, compiled.
type openAPI struct {
	doc map[string]any
	c   *jsonschema.Compiler
}

// loadOpenAPI reads the vendored description and applies the errata.
func loadOpenAPI(t testing.TB) *openAPI {
	t.Helper()
	raw, err := os.ReadFile("testdata/openapi/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := v.(map[string]any)
	for _, e := range errata {
		if err := replaceAt(doc, e.pointer, e.schema); err != nil {
			t.Fatalf("erratum at %s: %v", e.pointer, err)
		}
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	// Formats are asserted, not only noted: a date-time or a URI must be one.
	c.AssertFormat()
	if err := c.AddResource(openAPIBase, doc); err != nil {
		t.Fatal(err)
	}
	return &openAPI{doc: doc, c: c}
}

// replaceAt puts v at the JSON pointer p of doc, whose parent must exist.
func replaceAt(doc map[string]any, p string, v any) error {
	parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
	var cur any = doc
	for i, part := range parts {
		last := i == len(parts)-1
		switch c := cur.(type) {
		case map[string]any:
			if _, ok := c[part]; !ok {
				return errNoSuchPlace
			}
			if last {
				c[part] = v
				return nil
			}
			cur = c[part]
		case []any:
			n := 0
			for _, d := range part {
				n = n*10 + int(d-'0')
			}
			if n >= len(c) {
				return errNoSuchPlace
			}
			if last {
				c[n] = v
				return nil
			}
			cur = c[n]
		default:
			return errNoSuchPlace
		}
	}
	return errNoSuchPlace
}

type placeError string

func (e placeError) Error() string { return string(e) }

// errNoSuchPlace: an erratum names a place the description does not have,
// so the description changed and the erratum must be looked at again.
const errNoSuchPlace = placeError("the description has no such place")

// schema compiles the schema at the JSON pointer p of the description
// ("/components/schemas/UserResponse").
func (o *openAPI) schema(t testing.TB, p string) *jsonschema.Schema {
	t.Helper()
	s, err := o.c.Compile(openAPIBase + "#" + p)
	if err != nil {
		t.Fatalf("compiling %s: %v", p, err)
	}
	return s
}

// validate checks the JSON body against the schema at p, and returns the
// problems, or nil.
func (o *openAPI) validate(t testing.TB, p string, body []byte) error {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("%s: not JSON: %v: %s", p, err, body)
	}
	return o.schema(t, p).Validate(v)
}

// validateValue checks a decoded JSON value (as jsonschema.UnmarshalJSON
// makes them) against the schema at p.
func (o *openAPI) validateValue(t testing.TB, p string, v any) error {
	t.Helper()
	return o.schema(t, p).Validate(v)
}
