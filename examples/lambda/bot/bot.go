// Package bot is the bot of examples/lambda: its commands and their
// handlers, which the program that runs on Lambda (examples/lambda/function)
// and the local mode on the embedded emulator (examples/lambda) both
// serve. It imports neither Lambda nor the emulator, so that each program
// links only what it runs.
package bot

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

// Bot is the example's bot. Its durations are how long its work takes,
// which the tests shorten.
type Bot struct {
	// ReportTakes is how long the weekly report takes to build: always
	// longer than the service waits.
	ReportTakes time.Duration
	// LoadTakes is how long the search index takes to load, which the
	// first search after a cold start waits for.
	LoadTakes time.Duration
	// loaded is whether a search has loaded the index in this process.
	loaded atomic.Bool
}

// New returns the bot with the durations it has when deployed.
func New() *Bot { return &Bot{ReportTakes: 6 * time.Second, LoadTakes: 4 * time.Second} }

// Router declares the bot's commands, logging to log. /report is slow by
// nature, and declared Queued: the endpoint defers it at once and its
// handler runs in the worker only. /search is quick but after a cold
// start: then the endpoint hands it over at the deadline, and the worker
// runs it again. /ping answers at once.
func (b *Bot) Router(log zerolog.Logger) *router.Router {
	r := router.New(router.WithLogger(log))
	r.Command("ping", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	}, router.Description("Answers at once"))
	r.Command("report", b.report, router.Description("Builds the weekly report"),
		router.Queued(), router.DeferEphemeral())
	r.Command("search", b.search, router.Description("Searches the runbooks"), router.Options(
		option.String("query", "What to look for").Required().MaxLength(100),
	))
	return r
}

// report builds the weekly report, for the user who asked alone.
func (b *Bot) report(ctx context.Context, req *router.Request) (interaction.Response, error) {
	if err := work(ctx, b.ReportTakes); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Reply("Weekly report: 42 deploys, 3 incidents, 99.95% uptime.").Ephemeral(), nil
}

// search looks query up in the runbooks, loading their index first if
// this process has not.
func (b *Bot) search(ctx context.Context, req *router.Request) (interaction.Response, error) {
	query, _ := req.Options.String("query")
	if !b.loaded.Load() {
		if err := work(ctx, b.LoadTakes); err != nil {
			return interaction.Response{}, err
		}
		b.loaded.Store(true)
	}
	return interaction.Reply(fmt.Sprintf("3 runbooks mention %q.", query)), nil
}

// work stands for work that takes d, and stops when ctx ends.
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
