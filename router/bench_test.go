package router_test

import (
	"context"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
)

// The benchmarks below measure the request path on a typical slash command:
// interaction/testdata/slash_mod_ban.json, a 2.4 KB "/mod ban" with four
// options, a resolved user and member, the invoking member and the channel.
//
// Compare them within one run:
//
//	go test ./router -run XXX -bench . -count 10 | tee new.txt
//	benchstat new.txt

// BenchmarkDispatch finds the handler of "/mod ban" and runs a handler that
// reads nothing, on a decoded interaction, as a transport does (Call): the
// request lives in the transport's per-request block.
func BenchmarkDispatch(b *testing.B) {
	ix := new(interaction.Interaction)
	if err := interaction.Decode(endpointtest.ModBan(b), ix); err != nil {
		b.Fatal(err)
	}
	r := router.New(router.DispatchOnly())
	r.Command("mod ban", endpointtest.Reply("ban"))
	r.Command("mod kick", endpointtest.Reply("kick"))
	m, _ := r.Build()
	ctx := context.Background()
	var c router.Call
	b.ReportAllocs()
	for b.Loop() {
		m.Start(&c, ix, nil, nil)
		if _, err := c.Run(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// componentMux is a bot's components and modals: polls with parts, a few
// without, and the modal of a poll.
func componentMux(tb testing.TB) *router.Mux {
	tb.Helper()
	answer := func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.DeferUpdate(), nil
	}
	r := router.New(router.DispatchOnly())
	r.Component("poll:{id}:vote", answer)
	r.Component("poll:{id}:{choice}", answer)
	r.Component("poll:{id}:close", answer)
	r.Component("menu:open", answer)
	r.Component("menu:close", answer)
	r.Component("page:{n}", answer)
	r.Modal("poll:{id}:edit", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("Saved."), nil
	})
	r.Modal("feedback", answer)
	m, err := r.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// decoded returns the interaction as the endpoint decodes it.
func decoded(tb testing.TB, b *interactiontest.Builder) *interaction.Interaction {
	tb.Helper()
	ix := new(interaction.Interaction)
	if err := interaction.Decode(b.JSON(), ix); err != nil {
		tb.Fatal(err)
	}
	return ix
}

// componentDispatches are the interactions the component benchmarks
// dispatch, by benchmark.
var componentDispatches = []struct {
	name string
	b    func() *interactiontest.Builder
}{
	{"Component", func() *interactiontest.Builder { return interactiontest.Button("menu:close") }},
	{"ComponentParts", func() *interactiontest.Builder { return interactiontest.Button("poll:1100000000000000042:close") }},
	{"Modal", func() *interactiontest.Builder {
		return interactiontest.ModalSubmit("poll:1100000000000000042:edit").TextInput("question", "Lunch?").TextInput("choices", "Pizza\nSushi")
	}},
}

func benchmarkDispatchOf(b *testing.B, name string) {
	m := componentMux(b)
	for _, d := range componentDispatches {
		if d.name != name {
			continue
		}
		ix := decoded(b, d.b())
		ctx := context.Background()
		var c router.Call
		b.ReportAllocs()
		for b.Loop() {
			m.Start(&c, ix, nil, nil)
			if _, err := c.Run(ctx); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkDispatchComponent finds the handler of a button whose custom_id
// has no parts among a bot's patterns and runs it, as BenchmarkDispatch
// does for a command.
func BenchmarkDispatchComponent(b *testing.B) { benchmarkDispatchOf(b, "Component") }

// BenchmarkDispatchComponentParts is BenchmarkDispatchComponent with a
// custom_id whose pattern has a part: the tree tries the text segments
// first, and keeps the part in the request.
func BenchmarkDispatchComponentParts(b *testing.B) { benchmarkDispatchOf(b, "ComponentParts") }

// BenchmarkDispatchModal dispatches the submission of a modal with two
// text inputs, by a pattern with a part.
func BenchmarkDispatchModal(b *testing.B) { benchmarkDispatchOf(b, "Modal") }

// BenchmarkOptionAccess reads the string, integer and boolean options.
func BenchmarkOptionAccess(b *testing.B) {
	ix := new(interaction.Interaction)
	if err := interaction.Decode(endpointtest.ModBan(b), ix); err != nil {
		b.Fatal(err)
	}
	req := router.NewRequest(ix)
	b.ReportAllocs()
	for b.Loop() {
		_, ok1 := req.Options.String("reason")
		_, ok2 := req.Options.Int("days")
		_, ok3 := req.Options.Bool("notify")
		_, ok4 := req.Options.String("missing")
		if !ok1 || !ok2 || !ok3 || ok4 {
			b.Fatal("option access failed")
		}
	}
}

// BenchmarkOptionUser reads a USER option with its member from resolved
// data.
func BenchmarkOptionUser(b *testing.B) {
	ix := new(interaction.Interaction)
	if err := interaction.Decode(endpointtest.ModBan(b), ix); err != nil {
		b.Fatal(err)
	}
	req := router.NewRequest(ix)
	b.ReportAllocs()
	for b.Loop() {
		if u, ok := req.Options.User("user"); !ok || !u.HasMember {
			b.Fatal("user option")
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	resp := interaction.Reply("Banned spammer9000 for 7 days.").Ephemeral()
	buf := make([]byte, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = resp.AppendJSON(buf[:0]); err != nil {
			b.Fatal(err)
		}
	}
}
