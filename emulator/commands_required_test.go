package emulator

import (
	"testing"

	"github.com/switchboard-go/switchboard/rules"
)

// FuzzRequiredWhereAbsent holds the rewrite of violations to any body and
// pointer: it keeps every violation, in order, at its pointer, and makes
// one required exactly when its rule is one of length or of type and its
// pointer names nothing in a body that is JSON.
func FuzzRequiredWhereAbsent(f *testing.F) {
	f.Add(`{"description":"d"}`, "/name", rules.BaseTypeBadLength)
	f.Add(`[{"name":""},{"options":[{"name":"o"}]}]`, "/1/options/0/type", rules.EnumTypeCoerce)
	f.Add(`{"a~b":{"c/d":1}}`, "/a~0b/c~1d", rules.BaseTypeBadLength)
	f.Add(`{"name":null}`, "/name", rules.BaseTypeBadLength)
	f.Add(`not json`, "/name", rules.BaseTypeBadLength)
	f.Add(`[1,2]`, "/-1", rules.ApplicationCommandInvalidName)
	f.Fuzz(func(t *testing.T, body, pointer, code string) {
		in := rules.Violations{{Pointer: pointer, Code: code, Message: "m"}, {Pointer: "", Code: code, Message: "root"}}
		out := requiredWhereAbsent(in, []byte(body))
		if len(out) != 2 || out[0].Pointer != pointer || out[1] != in[1] {
			t.Fatalf("%+v from %+v", out, in)
		}
		changed := out[0].Code == rules.BaseTypeRequired && code != rules.BaseTypeRequired
		if changed && (code != rules.BaseTypeBadLength && code != rules.EnumTypeCoerce || pointer == "") {
			t.Fatalf("a violation of %s at %q became required", code, pointer)
		}
		if changed && out[0].Message != "This field is required" {
			t.Fatalf("message %q", out[0].Message)
		}
	})
}
