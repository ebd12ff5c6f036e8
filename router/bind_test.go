package router_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

type banOptions struct {
	User   option.ResolvedUser `option:"user" description:"Who to ban" description.fr:"Qui bannir"`
	Reason *string             `option:"reason" description:"Why" max_length:"512"`
	Days   int64               `option:"days,optional" description:"Days of messages to delete" min:"0" max:"7"`
}

func TestBindAndBuildersDeclareIdenticalCommands(t *testing.T) {
	typed := router.New()
	mod := typed.Group("mod", router.Description("Moderation"))
	router.Bind(mod, "ban", func(context.Context, *router.Request, banOptions) (interaction.Response, error) {
		return interaction.Reply("ok"), nil
	}, router.Description("Ban a member"))

	built := router.New()
	built.Group("mod", router.Description("Moderation"))
	built.Command("mod ban", ok, router.Description("Ban a member"), router.Options(
		option.User("user", "Who to ban").Required().Localize(interaction.LocaleFrench, "", "Qui bannir"),
		option.String("reason", "Why").MaxLength(512),
		option.Integer("days", "Days of messages to delete").Min(0).Max(7),
	))

	var bodies [2][]byte
	for i, r := range []*router.Router{typed, built} {
		mux, err := r.Build()
		if err != nil {
			t.Fatal(err)
		}
		if bodies[i], err = mux.Definitions().JSON(command.Global); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(bodies[0], bodies[1]) {
		t.Fatalf("struct form:\n%s\nbuilder form:\n%s", bodies[0], bodies[1])
	}
}

func TestBindHandsTheHandlerItsOptions(t *testing.T) {
	r := router.New()
	router.Bind(r, "mod ban", func(_ context.Context, _ *router.Request, o banOptions) (interaction.Response, error) {
		reason := "none"
		if o.Reason != nil {
			reason = *o.Reason
		}
		return interaction.Reply(o.User.Username + "/" + reason + "/" + o.User.Member.Nick), nil
	}, router.Description("Ban a member"))
	r.Group("mod", router.Description("Moderation"))
	mux := endpointtest.Build(t, r)

	ix := interactiontest.Command("mod ban").
		User("user", interaction.User{ID: 5, Username: "eve"}, &interaction.Member{Nick: "E"}).
		String("reason", "spam").Interaction()
	resp, err := mux.Dispatch(context.Background(), ix)
	if err != nil || resp.Message.Content != "eve/spam/E" {
		t.Fatalf("%q, %v", resp.Message.Content, err)
	}

	// What the service sent does not fit the struct: the error handler
	// answers, and the error names the field.
	ix = interactiontest.Command("mod ban").String("reason", "spam").Interaction()
	_, err = mux.Dispatch(context.Background(), ix)
	var be *option.BindError
	if !errors.As(err, &be) || be.Field != "User" || !errors.Is(err, option.ErrMissing) {
		t.Fatalf("err = %v", err)
	}
}

func TestBindReportsAnUnusableStructAtBuild(t *testing.T) {
	type bad struct {
		When []string `option:"when" description:"d"`
	}
	r := router.New()
	router.Bind(r, "remind", func(context.Context, *router.Request, bad) (interaction.Response, error) {
		return interaction.Reply("ok"), nil
	}, router.Description("Remind me"))
	_, err := r.Build()
	if err == nil || !strings.Contains(err.Error(), "remind: option: router_test.bad.When: type []string has no option type") {
		t.Fatalf("err = %v", err)
	}
}
