package answer_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/rules"
)

// Package router checks every answer a handler gives with Check. One the
// service would refuse is not sent: the error handler answers instead,
// given an error that names each broken rule by its place in the answer.
func Example_router() {
	r := router.New()
	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		days, _ := req.Options.Int("days")
		report := interaction.Embed{Title: "Sign-ups"}
		for d := range days {
			report.Fields = append(report.Fields, interaction.EmbedField{Name: fmt.Sprint("Day ", d+1), Value: "12"})
		}
		return interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{report}}), nil
	}, router.Description("Sign-ups, day by day"), router.Options(option.Integer("days", "How many days").Required()))

	r.OnError(func(ctx context.Context, req *router.Request, err error) interaction.Response {
		log.Printf("/%s: %v", req.Path(), err)
		var broken rules.Violations
		if errors.As(err, &broken) { // the handler's answer, which was not sent
			return interaction.Reply("That is more than one message shows: ask for fewer days.").Ephemeral()
		}
		return interaction.Reply("Sorry, something went wrong.").Ephemeral()
	})
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}

	resp, err := mux.Dispatch(context.Background(), interactiontest.Command("report").Int("days", 26).Interaction())
	fmt.Println(err)
	var broken rules.Violations
	if errors.As(err, &broken) {
		fmt.Println(broken[0].Pointer, broken[0].Code)
	}
	fmt.Println(resp.Message.Content)
	// Output:
	// router: answer not sent: answer › embed 1 › field 26: at most 25 fields, has 26
	// /data/embeds/0/fields BASE_TYPE_MAX_LENGTH
	// That is more than one message shows: ask for fewer days.
}
