// Deferred shows work that takes longer than the 3 seconds the service
// waits for an answer: the handler defers, which shows the user
// "thinking…", and a goroutine does the work and completes the answer
// through the interaction's webhook, then follows it up.
//
//	go run ./examples/deferred
//
// The interaction's token works for 15 minutes after the interaction: long
// enough to edit the answer (EditOriginal completes a deferral), send more
// messages (Followup), and edit or delete them. The handler does that from
// its Request, through the REST client the endpoint was given
// (endpoint.WithClient).
package main

import (
	"context"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:   "deferred",
	About:  "deferred answers completed in the background, then followed up, edited and deleted",
	Bot:    func(env playground.Env) (*router.Router, error) { return newBot(env.Log), nil },
	Script: script,
}

const script = `
# /build defers at once, then builds in the background: it completes its answer and follows it up, editing one follow-up and deleting another.
/build branch:main
wait
# A failed build completes its answer too: the handler has returned, so the edit is how the failure is told.
/build branch:broken
wait
# /logs defers ephemerally: only the user who asked sees the thinking message and the answer.
/logs
wait
`

// newBot returns the bot, which logs to log what goes wrong once its
// handlers have returned, where no answer can tell it.
func newBot(log zerolog.Logger) *router.Router {
	r := router.New(router.WithLogger(log))
	r.Command("build", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		branch, _ := req.Options.String("branch")
		// ctx ends when the handler returns; the build outlives it.
		go func() {
			if err := build(context.WithoutCancel(ctx), req, branch); err != nil {
				req.Logger().Error().Err(err).Str("branch", branch).Msg("build")
			}
		}()
		return interaction.Defer(), nil
	}, router.Description("Build a branch"), router.Options(
		option.String("branch", "Which branch").Required().MaxLength(100),
	))

	r.Command("logs", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		go func() {
			ctx := context.WithoutCancel(ctx)
			work(ctx, 100*time.Millisecond) // reading the log
			if _, err := req.EditOriginal(ctx, text("The last build of main passed; its log has 2,113 lines.")); err != nil {
				req.Logger().Error().Err(err).Msg("logs")
			}
		}()
		// The deferral decides that the answer is ephemeral.
		return interaction.Defer().Ephemeral(), nil
	}, router.Description("Show the last build's log"))
	return r
}

// build builds branch and tells the user through the interaction's
// webhook. It writes one message after the other, each once the last is
// sent, so that the user reads them in the order written.
func build(ctx context.Context, req *router.Request, branch string) error {
	// The token stops working 15 minutes after the interaction.
	ctx, cancel := context.WithTimeout(ctx, 15*time.Minute)
	defer cancel()
	if err := work(ctx, 200*time.Millisecond); err != nil { // compiling
		return err
	}
	if branch == "broken" {
		_, err := req.EditOriginal(ctx, text("Build of broken failed: main.go:12: undefined: frobnicate"))
		return err
	}
	if _, err := req.EditOriginal(ctx, text("Build of "+branch+" passed.")); err != nil {
		return err
	}
	if _, err := req.Followup(ctx, text("Tests: 128 passed.")); err != nil {
		return err
	}
	upload, err := req.Followup(ctx, text("Uploading the artifacts…"))
	if err != nil {
		return err
	}
	if err := work(ctx, 150*time.Millisecond); err != nil { // uploading
		return err
	}
	if _, err := req.EditFollowup(ctx, upload.ID, text("Artifacts: bot-"+branch+"-linux-amd64.tar.gz")); err != nil {
		return err
	}
	// A notice that has no use once the work is done.
	notice, err := req.Followup(ctx, text("Cleaning the build cache…"))
	if err != nil {
		return err
	}
	if err := work(ctx, 150*time.Millisecond); err != nil { // cleaning
		return err
	}
	return req.DeleteFollowup(ctx, notice.ID)
}

// work stands for the slow part of a job, such as compiling or uploading.
func work(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func text(content string) interaction.MessageData {
	return interaction.MessageData{Content: content}
}
