package endpoint_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

// TestHandlersAnswerAgainFromTheirRequest: a handler given a client through
// the endpoint completes its deferral, follows it up, edits and deletes
// through its Request, each on the interaction's own webhook.
func TestHandlersAnswerAgainFromTheirRequest(t *testing.T) {
	hooks, client := endpointtest.NewWebhooks(t)

	errs := make(chan error, 1)
	r := router.New(router.DispatchOnly())
	r.Command("build", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		go func() {
			ctx := context.WithoutCancel(ctx)
			errs <- func() error {
				if _, err := req.EditOriginal(ctx, interaction.MessageData{Content: "done"}); err != nil {
					return err
				}
				m, err := req.Followup(ctx, interaction.MessageData{Content: "more"})
				if err != nil {
					return err
				}
				if _, err := req.EditFollowup(ctx, m.ID, interaction.MessageData{Content: "changed"}); err != nil {
					return err
				}
				if err := req.DeleteFollowup(ctx, m.ID); err != nil {
					return err
				}
				if _, err := req.Original(ctx); err != nil {
					return err
				}
				return req.DeleteOriginal(ctx)
			}()
		}()
		return interaction.Defer(), nil
	})
	key := interactiontest.NewKey("answers")
	e := newEndpoint(t, endpointtest.Build(t, r), key.Verifier(), endpoint.WithClient(client))
	body := interactiontest.Command("build").Modify(func(ix *interaction.Interaction) {
		ix.ApplicationID, ix.Token = 11, "tok-en"
	}).JSON()
	for _, a := range endpointtest.FrontEnds() {
		hooks.Reset()
		if got := a.Do(e, endpointtest.Signed(key, body)); got.Status != 200 || !strings.Contains(got.Body, `"type":5`) {
			t.Fatalf("%s: answer %d %s, want a deferral", a.Name, got.Status, got.Body)
		}
		if err := <-errs; err != nil {
			t.Fatalf("%s: %v", a.Name, err)
		}
		want := []string{
			`PATCH /api/v10/webhooks/11/tok-en/messages/@original {"content":"done"}`,
			`POST /api/v10/webhooks/11/tok-en {"content":"more"}`,
			`PATCH /api/v10/webhooks/11/tok-en/messages/77 {"content":"changed"}`,
			`DELETE /api/v10/webhooks/11/tok-en/messages/77 `,
			`GET /api/v10/webhooks/11/tok-en/messages/@original `,
			`DELETE /api/v10/webhooks/11/tok-en/messages/@original `,
		}
		got := strings.Join(hooks.Sent(), "\n")
		if got != strings.Join(want, "\n") {
			t.Errorf("%s: the service was sent\n%s\nwant\n%s", a.Name, got, strings.Join(want, "\n"))
		}
	}
}

// TestAnswersWithoutAClientSaySo: an endpoint without a client, or a Mux
// used directly, gives handlers ErrNoClient rather than a nil dereference.
func TestAnswersWithoutAClientSaySo(t *testing.T) {
	r := router.New(router.DispatchOnly())
	var got []error
	r.Command("build", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		_, err1 := req.Followup(ctx, interaction.MessageData{Content: "x"})
		_, err2 := req.EditOriginal(ctx, interaction.MessageData{Content: "x"})
		_, err3 := req.Original(ctx)
		_, err4 := req.EditFollowup(ctx, 1, interaction.MessageData{Content: "x"})
		got = append(got, err1, err2, err3, err4, req.DeleteOriginal(ctx), req.DeleteFollowup(ctx, 1))
		return interaction.Reply("ok"), nil
	})
	mux := endpointtest.Build(t, r)
	if _, err := mux.Dispatch(context.Background(), interactiontest.Command("build").Interaction()); err != nil {
		t.Fatal(err)
	}
	for i, err := range got {
		if !errors.Is(err, router.ErrNoClient) {
			t.Errorf("answer method %d: %v, want ErrNoClient", i, err)
		}
	}
}
