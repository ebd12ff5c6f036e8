package emulator

import (
	"encoding/json"
	"testing"

	"github.com/switchboard-go/switchboard/rules"
)

// The errors tree of a 50035 mirrors the request: a problem added at a
// JSON pointer is found there, and only there.
func TestTheErrorsTreeKeepsEachProblemAtItsPointer(t *testing.T) {
	e := errInvalidBody("/data/components/0/label", "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length.")
	e.add("/data/components/0/label", "BASE_TYPE_REQUIRED", "This field is required")
	e.add("", "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size")
	e.add("/a~1b/c~0d", "X", "escaped")
	for _, tc := range []struct {
		pointer string
		want    bool
	}{
		{"/data/components/0/label", true},
		{"", true},
		{"/a~1b/c~0d", true},
		{"/data/components/0", false}, // on the way to a problem, not one
		{"/data/components/1/label", false},
		{"/a/b", false},
	} {
		if got := e.has(tc.pointer); got != tc.want {
			t.Errorf("has(%q) = %v, want %v", tc.pointer, got, tc.want)
		}
	}
	b, err := json.Marshal(e.body()["errors"])
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"_errors":[{"code":"APPLICATION_COMMAND_TOO_LARGE","message":"Command exceeds maximum size"}],` +
		`"a/b":{"c~d":{"_errors":[{"code":"X","message":"escaped"}]}},` +
		`"data":{"components":{"0":{"label":{"_errors":[` +
		`{"code":"BASE_TYPE_MAX_LENGTH","message":"Must be 80 or fewer in length."},` +
		`{"code":"BASE_TYPE_REQUIRED","message":"This field is required"}]}}}}}`
	if string(b) != want {
		t.Errorf("errors tree\n got %s\nwant %s", b, want)
	}
	if (&apiError{}).has("/anything") {
		t.Error("an error without a tree has a problem")
	}
}

// A place the emulator has reported in the service's words is not
// reported again by package component; other places are.
func TestViolationsOfComponentsAreReportedOncePerPlace(t *testing.T) {
	e := errInvalidBody("/data/content", "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
	addViolations(e, "/data", rules.Violations{
		{Pointer: "/content", Code: rules.ComponentFieldNotAllowed, Message: "content is not allowed with IS_COMPONENTS_V2"},
		{Pointer: "/components/0", Code: rules.ComponentLayoutWidthExceeded, Message: "a row has at most 5 buttons"},
		{Pointer: "/components/0", Code: rules.ComponentCustomIDDuplicated, Message: "custom_id \"a\" is used twice"},
	})
	content := e.node("/data/content", false)["_errors"].([]any)
	row := e.node("/data/components/0", false)["_errors"].([]any)
	if len(content) != 1 || len(row) != 2 {
		t.Errorf("content has %d problems, want 1; the row %d, want 2: %v", len(content), len(row), e.errors)
	}
}
