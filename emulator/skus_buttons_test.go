package emulator_test

import (
	"strings"
	"testing"
)

// A premium button names an SKU of the application: the service refuses
// another with BUTTON_COMPONENT_INVALID_APPLICATION at its sku_id,
// wherever the message goes.
func TestPremiumButtonsNameTheApplicationsSKUs(t *testing.T) {
	s, rl := startRelay(t, userInstallConfig())
	button := func(sku string) string {
		return `[{"type":1,"components":[{"type":2,"style":6,"sku_id":"` + sku + `"}]}]`
	}
	at := []string{"components", "0", "components", "0", "sku_id"}

	ex := rl.invoke(t, s, "ask")
	resp, body := call(t, s, "POST", callbackPath(ex.ID, ex.Token), "", `{"type":4,"data":{"components":`+button("3999")+`}}`)
	if resp.StatusCode != 400 || body["code"] != float64(50035) || errorCode(body, append([]string{"data"}, at...)...) != "BUTTON_COMPONENT_INVALID_APPLICATION" {
		t.Fatalf("a reply through the callback: %d %v", resp.StatusCode, body)
	}
	if res := ex.answer(t, []byte(`{"type":4,"data":{"components":`+button("3999")+`}}`)); res.OK || len(res.Violations) != 1 ||
		!strings.Contains(res.Violations[0], "BUTTON_COMPONENT_INVALID_APPLICATION") {
		t.Fatalf("a reply in the HTTP response: %+v", res)
	}

	ex = rl.invoke(t, s, "ask")
	if res := ex.answer(t, []byte(`{"type":4,"data":{"components":`+button("3001")+`}}`)); !res.OK {
		t.Fatalf("a premium button of the application's subscription: %+v", res)
	}
	original := webhookPath(s, ex.Token) + "/messages/@original"
	for _, tc := range []struct {
		name, method, path, body string
		status                   int
	}{
		{"a follow-up", "POST", webhookPath(s, ex.Token), `{"components":` + button("3999") + `}`, 400},
		{"an edit", "PATCH", original, `{"components":` + button("3999") + `}`, 400},
		{"an edit to another of the application's SKUs", "PATCH", original, `{"components":` + button("3004") + `}`, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := call(t, s, tc.method, tc.path, "", tc.body)
			if resp.StatusCode != tc.status {
				t.Fatalf("%d %v", resp.StatusCode, body)
			}
			if tc.status == 400 && (body["code"] != float64(50035) || errorCode(body, at...) != "BUTTON_COMPONENT_INVALID_APPLICATION") {
				t.Fatalf("%v", body)
			}
		})
	}
}
