package emulator

import (
	"context"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/component"
)

// The inputs of modals of 2025 and 2026 (the five selects, file uploads
// with their file_types, radio groups, checkbox groups and checkboxes,
// each in a label) open when they keep the service's rules, and a modal
// that breaks one is refused at the place of the rule, as every answer is.
func TestModalsOfEveryInputAreCheckedWithTheServicesRules(t *testing.T) {
	label := func(name, child string) string { return `{"type":18,"label":"` + name + `","component":` + child + `}` }
	modal := func(cs ...string) string {
		return `{"type":9,"data":{"custom_id":"m","title":"T","components":[` + strings.Join(cs, ",") + `]}}`
	}
	radio := `{"type":21,"custom_id":"class","options":[{"value":"w","label":"Warrior"},{"value":"b","label":"Bard","default":true}]}`
	days := `{"type":22,"custom_id":"days","options":[{"value":"mon","label":"Monday"},{"value":"tue","label":"Tuesday"}],"max_values":2}`
	box := `{"type":23,"custom_id":"news","default":true}`
	upload := `{"type":19,"custom_id":"proof","file_types":["image",".PDF"],"required":false,"min_values":0}`
	users := `{"type":5,"custom_id":"who","min_values":0,"required":false}`

	t.Run("a modal of the new inputs opens", func(t *testing.T) {
		s, _, _ := startPoll(t, modal(label("Class", radio), label("Days", days), label("News", box),
			label("Proof", upload), label("Who", users)))
		res, err := s.Click(context.Background(), Click{Button: "Yes"})
		mustOK(t, res, err)
		m, ok := s.OpenModal(0)
		if !ok || len(m.Components) != 5 {
			t.Fatalf("open modal %+v, %v", m, ok)
		}
		if _, p, found := component.Find(m.Components, "news"); !found || p != "/components/2/component" {
			t.Errorf("the checkbox is at %q (%v)", p, found)
		}
	})

	for _, tc := range []struct {
		name, answer, at string
	}{
		{"a radio group of one option",
			modal(label("Class", `{"type":21,"custom_id":"class","options":[{"value":"w","label":"Warrior"}]}`)),
			`"components":{"0":{"component":{"options":{"_errors":[{"code":"BASE_TYPE_BAD_LENGTH"`},
		{"a checkbox group that lets a user tick more than it has",
			modal(label("Days", `{"type":22,"custom_id":"days","options":[{"value":"mon","label":"Monday"}],"max_values":2}`)),
			`"components":{"0":{"component":{"options":{"_errors":[{"code":"BASE_TYPE_MIN_LENGTH"`},
		{"a required file upload that takes no file",
			modal(label("Proof", `{"type":19,"custom_id":"proof","min_values":0}`)),
			`"components":{"0":{"component":{"min_values":{"_errors":[{"code":"NUMBER_TYPE_MIN"`},
		{"a file type without its dot",
			modal(label("Proof", `{"type":19,"custom_id":"proof","file_types":["pdf"]}`)),
			`"file_types":{"0":{"_errors":[{"code":"FILE_TYPES_INVALID"`},
		{"a checkbox that says it is required",
			modal(label("News", `{"type":23,"custom_id":"news","required":true}`)),
			`"components":{"0":{"component":{"required":{"_errors":[{"code":"COMPONENT_FIELD_NOT_ALLOWED"`},
		{"a radio group at the top of a modal",
			modal(radio),
			`"components":{"0":{"type":{"_errors":[{"code":"UNION_TYPE_CHOICES"`},
		{"two components of one id",
			modal(`{"type":18,"id":7,"label":"Class","component":`+radio+`}`, `{"type":10,"id":7,"content":"t"}`),
			`"components":{"1":{"id":{"_errors":[{"code":"COMPONENT_ID_DUPLICATED"`},
		{"a radio group in a message",
			`{"type":7,"data":{"components":[{"type":1,"components":[` + radio + `]}]}}`,
			`"components":{"0":{"components":{"0":{"type":{"_errors":[{"code":"UNION_TYPE_CHOICES"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _, _ := startPoll(t, tc.answer)
			res, err := s.Click(context.Background(), Click{Button: "Yes"})
			if err != nil {
				t.Fatal(err)
			}
			if res.OK() || !strings.Contains(strings.Join(res.Violations, " "), tc.at) {
				t.Fatalf("violations %q, want one at %s", res.Violations, tc.at)
			}
			if _, ok := s.OpenModal(0); ok {
				t.Error("a refused modal is open")
			}
		})
	}
}
