package router_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"log"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

// exportScores writes this week's scores as CSV.
func exportScores(context.Context) ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.WriteAll([][]string{{"user", "score"}, {"ada", "12"}, {"bob", "9"}})
	return b.Bytes(), w.Error()
}

// An answer carries files, each held to the interaction's attachment size
// limit before anything is sent.
func ExampleRouter_Command_file() {
	r := router.New()
	r.Command("export", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		csv, err := exportScores(ctx)
		if err != nil {
			return interaction.Response{}, err
		}
		return interaction.Reply("This week's scores").
			WithFile("scores.csv", "text/csv", bytes.NewReader(csv)), nil
	}, router.Description("Export this week's scores"))
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}

	ctx := context.Background()
	resp, err := mux.Dispatch(ctx, interactiontest.Command("export").Interaction())
	fmt.Println(resp.Message.Content, resp.Message.Files[0].Name, err)

	// An interaction whose attachment_size_limit the file is over: the
	// answer is not sent, and the error handler (here the default one)
	// answers instead.
	small := interactiontest.Command("export").Modify(func(ix *interaction.Interaction) {
		ix.AttachmentSizeLimit = 16
	}).Interaction()
	resp, err = mux.Dispatch(ctx, small)
	fmt.Println(err)
	fmt.Println(resp.Message.Content)
	// Output:
	// This week's scores scores.csv <nil>
	// router: answer not sent: answer › file 1: "scores.csv" has 24 bytes, more than the 16 bytes limit
	// Sorry, something went wrong while running this command.
}
