package router

import (
	"context"
	"errors"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
)

// ErrNotFound reports an interaction for a command no handler is registered
// for.
var ErrNotFound = errors.New("router: no handler for the command")

// ErrUnsupported reports an interaction type the router does not serve.
var ErrUnsupported = errors.New("router: unsupported interaction type")

// Mux dispatches interactions to handlers. It is immutable and safe for
// concurrent use; make one with Router.Build.
type Mux struct {
	chat    map[string]*node
	user    map[string]*node
	message map[string]*node
	entry   *node

	notFound        Handler
	onError         ErrorHandler
	completeDefault autocomplete.Handler
	logger          zerolog.Logger

	definitions Definitions
}

// node is a command, subcommand or group in the dispatch tree.
type node struct {
	handler  Handler
	complete map[string]autocomplete.Handler
	kids     map[string]*node // subcommands and groups
	group    bool             // a subcommand group: its kids are subcommands
	deferral deferral         // never deferInherit once built
}

// deferralOf returns how the endpoint may defer the handler of a command
// interaction: never for one without a handler, whose answer is at once.
func (m *Mux) deferralOf(ix *interaction.Interaction) deferral {
	if n := m.lookup(&ix.Data); n != nil && n.handler != nil {
		return n.deferral
	}
	return deferNever
}

// lookup finds the node of the invoked command path with map lookups on the
// names the interaction carries. Matching is exact: a handler for "mod" does
// not receive "mod ban", nor "mod ban" an invocation of "mod".
func (m *Mux) lookup(d *interaction.Data) *node {
	var n *node
	switch d.Type {
	case interaction.CommandChatInput:
		n = m.chat[d.Name]
	case interaction.CommandUser:
		return m.user[d.Name]
	case interaction.CommandMessage:
		return m.message[d.Name]
	case interaction.CommandPrimaryEntryPoint:
		return m.entry
	default:
		return nil
	}
	if n == nil {
		return nil
	}
	opts := d.Options
	for depth := 0; ; depth++ {
		var next *interaction.OptionData
		if len(opts) > 0 && (opts[0].Type == interaction.OptionSubCommand || opts[0].Type == interaction.OptionSubCommandGroup) {
			next = &opts[0]
		}
		switch {
		case n.kids == nil && next == nil:
			return n
		case n.kids == nil || next == nil || depth == 2:
			return nil
		}
		kid := n.kids[next.Name]
		if kid == nil || (kid.kids != nil) != (next.Type == interaction.OptionSubCommandGroup) {
			return nil
		}
		n, opts = kid, next.Options
	}
}

// Dispatch answers an interaction without HTTP: it is what the endpoint
// runs after verifying and decoding, and what tests call to exercise
// handlers. The response is always the one to send; err reports what went
// wrong on the way (a handler's error after the error handler answered it,
// ErrNotFound, ErrUnsupported).
func (m *Mux) Dispatch(ctx context.Context, ix *interaction.Interaction) (interaction.Response, error) {
	var req Request
	return m.dispatch(ctx, ix, &req)
}

func (m *Mux) dispatch(ctx context.Context, ix *interaction.Interaction, req *Request) (interaction.Response, error) {
	switch ix.Type {
	case interaction.TypePing:
		return interaction.Pong(), nil
	case interaction.TypeApplicationCommand:
		return m.command(ctx, ix, req)
	case interaction.TypeApplicationCommandAutocomplete:
		return m.autocomplete(ctx, ix)
	}
	return interaction.Response{}, ErrUnsupported
}

func (m *Mux) command(ctx context.Context, ix *interaction.Interaction, req *Request) (interaction.Response, error) {
	req.reset(ix)
	n := m.lookup(&ix.Data)
	if n == nil || n.handler == nil {
		if m.notFound != nil {
			resp, err := m.notFound.ServeInteraction(ctx, req)
			if err != nil {
				return m.fail(ctx, req, err), err
			}
			return resp, ErrNotFound
		}
		m.logger.Warn().Str("command", ix.Data.Path()).Stringer("type", ix.Data.Type).
			Msg("no handler for the command")
		return interaction.Reply("This command is not available.").Ephemeral(), ErrNotFound
	}
	resp, err := n.handler.ServeInteraction(ctx, req)
	if err != nil {
		return m.fail(ctx, req, err), err
	}
	return resp, nil
}

func (m *Mux) fail(ctx context.Context, req *Request, err error) interaction.Response {
	if m.onError != nil {
		return m.onError(ctx, req, err)
	}
	ix := req.Interaction
	m.logger.Error().Err(err).Str("command", ix.Data.Path()).
		Stringer("interaction", ix.ID).Stringer("user", ix.Invoker().ID).
		Msg("command handler failed")
	return interaction.Reply("Sorry, something went wrong while running this command.").Ephemeral()
}

func (m *Mux) autocomplete(ctx context.Context, ix *interaction.Interaction) (interaction.Response, error) {
	req, ok := autocomplete.NewRequest(ix)
	if !ok {
		return interaction.AutocompleteResult(), errors.New("router: autocomplete interaction without a focused option")
	}
	var h autocomplete.Handler
	if n := m.lookup(&ix.Data); n != nil {
		h = n.complete[req.Focused.Name]
	}
	if h == nil {
		h = m.completeDefault
	}
	if h == nil {
		return interaction.AutocompleteResult(), ErrNotFound
	}
	choices, err := h.Complete(ctx, &req)
	if err != nil {
		m.logger.Error().Err(err).Str("command", ix.Data.Path()).Str("option", req.Focused.Name).
			Msg("autocomplete handler failed")
		return interaction.AutocompleteResult(), err
	}
	kept, dropped := autocomplete.Sanitize(choices, req.Focused.Type)
	for _, d := range dropped {
		m.logger.Warn().Str("command", ix.Data.Path()).Str("option", req.Focused.Name).
			Int("choice", d.Index).Str("reason", d.Reason).Msg("autocomplete choice left out")
	}
	return interaction.AutocompleteResult(kept...), nil
}
