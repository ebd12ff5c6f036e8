package endpointtest_test

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/rest"
)

// The stand-in answers the client as the service does, and keeps each
// request as its method, path and body, until it is reset: on a loopback
// port and in memory alike.
func TestWebhooksKeepWhatTheClientSent(t *testing.T) {
	for _, tc := range []struct {
		name string
		make func(testing.TB) (*endpointtest.Webhooks, *rest.Client)
	}{
		{"on a port", endpointtest.NewWebhooks},
		{"in memory", endpointtest.NewWebhooksInMemory},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hooks, client := tc.make(t)
			ix := interactiontest.Command("ping").Modify(func(ix *interaction.Interaction) {
				ix.ApplicationID, ix.Token = 11, "tok"
			}).Interaction()
			msg, err := client.EditOriginal(t.Context(), ix, interaction.MessageData{Content: "done"})
			if err != nil {
				t.Fatal(err)
			}
			if msg.ID != 77 || msg.Content != "ok" {
				t.Errorf("the edit answered %+v", msg)
			}
			if err := client.DeleteOriginal(t.Context(), ix); err != nil {
				t.Fatal(err)
			}
			want := []string{
				`PATCH /api/v10/webhooks/11/tok/messages/@original {"content":"done"}`,
				`DELETE /api/v10/webhooks/11/tok/messages/@original `,
			}
			if got := hooks.Sent(); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("sent\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			hooks.Reset()
			if got := hooks.Sent(); len(got) != 0 {
				t.Errorf("after Reset, sent %q", got)
			}
		})
	}
}
