package router

import (
	"context"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/rest"
)

// Request is an interaction handed to its handler: the invocation of a
// command, the use of a component or the submission of a modal.
type Request struct {
	// Interaction is the interaction as received.
	Interaction *interaction.Interaction
	// Command, SubcommandGroup and Subcommand are the path that was
	// invoked; SubcommandGroup and Subcommand are "" where there is none.
	Command, SubcommandGroup, Subcommand string
	// Options are the options given to the invoked command or subcommand.
	Options option.Values
	// Params are the parts of the custom_id of a component or modal that
	// the pattern of its route names.
	Params Params
	// Fields are the inputs of a submitted modal.
	Fields Fields

	// client sends what follows the first answer; nil when the
	// transport has none (Mux.Start).
	client *rest.Client
	// logger is the transport's serving the request, or the router's,
	// for middleware; nil outside a Mux.
	logger *zerolog.Logger
	// handedOver says that a worker completes the interaction, handed
	// over by its endpoint (HandedOver).
	handedOver bool
}

// NewRequest takes an interaction apart for a handler.
func NewRequest(ix *interaction.Interaction) *Request {
	r := new(Request)
	r.reset(ix)
	return r
}

func (r *Request) reset(ix *interaction.Interaction) {
	group, sub, leaf := ix.Data.Route()
	// Field by field, to leave alone the array of Params, which is empty
	// unless a pattern matched: zeroing it for every command would cost a
	// fifth of a dispatch. Every field of Request is set here but client
	// and logger, which Mux.Start sets.
	r.Interaction = ix
	r.Command, r.SubcommandGroup, r.Subcommand = ix.Data.Name, group, sub
	r.Options = option.New(leaf, ix.Data.Resolved)
	if r.Params.pattern != nil {
		r.Params = Params{}
	}
	r.Fields = Fields{}
	if ix.Type == interaction.TypeModalSubmit {
		r.Fields.data = &ix.Data
	}
	r.handedOver = false
}

// HandedOver reports whether the handler runs in a worker that completes
// the interaction its endpoint handed over to a queue
// (endpoint.Endpoint.Complete, endpoint.WithQueue). The handler may then
// have run before, at the endpoint, and been canceled at the hand-over:
// what it did there it may find done.
func (r *Request) HandedOver() bool { return r.handedOver }

// Logger returns the logger of the endpoint serving the request (the
// router's unless the endpoint was given another, endpoint.WithLogger),
// or the router's for Mux.Dispatch, for middleware and handlers that log
// as the endpoint does; one that discards everything when the request
// was made outside a router (NewRequest).
func (r *Request) Logger() *zerolog.Logger {
	if r.logger == nil {
		nop := zerolog.Nop()
		return &nop
	}
	return r.logger
}

// Path returns the invoked path as a user reads it: "mod user ban".
func (r *Request) Path() string { return r.Interaction.Data.Path() }

// Pattern returns the custom_id pattern the component or modal was routed
// by, or "" for a command.
func (r *Request) Pattern() string {
	if r.Params.pattern == nil {
		return ""
	}
	return r.Params.pattern.text
}

// CustomID returns the custom_id of the component used or of the modal
// submitted.
func (r *Request) CustomID() string { return r.Interaction.Data.CustomID }

// ComponentType returns the type of the component used, or 0 for another
// interaction.
func (r *Request) ComponentType() interaction.ComponentType {
	if r.Interaction.Type != interaction.TypeMessageComponent {
		return 0
	}
	return r.Interaction.Data.ComponentType
}

// Values returns the values chosen in the select menu used: the values of
// a string select's options, or the ids of the users, roles or channels of
// an entity select, which SelectedUsers and the others look up.
func (r *Request) Values() []string {
	if r.Interaction.Type != interaction.TypeMessageComponent {
		return nil
	}
	return r.Interaction.Data.Values
}

// Message returns the message whose component was used, or, for a modal
// that a component opened, the message of that component.
func (r *Request) Message() (interaction.Message, bool) {
	if r.Interaction.Message == nil {
		return interaction.Message{}, false
	}
	return *r.Interaction.Message, true
}

// Invoker returns the user who used the command or component, or
// submitted the modal.
func (r *Request) Invoker() interaction.User { return r.Interaction.Invoker() }

// Locale returns the invoking user's client language.
func (r *Request) Locale() interaction.Locale { return r.Interaction.Locale }

// TargetUser returns the user a USER command was used on, with their
// membership when it was used in a guild.
func (r *Request) TargetUser() (u option.ResolvedUser, ok bool) {
	d := &r.Interaction.Data
	ok, u.HasMember = d.Resolved.DecodeUserAndMember(d.TargetID, &u.User, &u.Member)
	if !ok {
		return option.ResolvedUser{}, false
	}
	return u, true
}

// TargetMessage returns the message a MESSAGE command was used on.
func (r *Request) TargetMessage() (interaction.Message, bool) {
	d := &r.Interaction.Data
	return d.Resolved.Message(d.TargetID)
}

// Handler answers a command, the use of a component or the submission of
// a modal. Its answer must be one the service takes (see answer.Check):
// of a type the interaction allows (an UPDATE_MESSAGE answers a
// component, never a command, and a MODAL never answers a modal), within
// the service's limits (2000 characters of content, 25 fields an embed,
// and the others). One the service would refuse is not sent: it is an
// error naming what breaks which rule, which the error handler answers.
//
// The context carries the handler's deadline: the service waits 3 seconds
// for the first answer, and the endpoint's context ends the answer margin
// before, so that the answer still arrives; on an endpoint that may defer
// the command (see endpoint.WithClient), it lasts as long as the
// interaction's token instead (interaction.TokenLifetime). It is canceled when the handler returns, so work that outlives
// the answer (follow-up messages after a Defer) must run under a context
// of its own, such as context.WithoutCancel(ctx).
type Handler interface {
	ServeInteraction(ctx context.Context, req *Request) (interaction.Response, error)
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, req *Request) (interaction.Response, error)

// ServeInteraction calls f.
func (f HandlerFunc) ServeInteraction(ctx context.Context, req *Request) (interaction.Response, error) {
	return f(ctx, req)
}

// Middleware wraps a handler, for logging, authorization, metrics,
// tracing and the like. Middleware registered on a router wraps every
// handler: of commands, of their autocomplete, of components and of
// modals; on a group, the handlers of the commands under it and their
// autocomplete. It tells them apart by req.Interaction.Type: an
// autocomplete request, one per key the user types, is no use of the
// command, and middleware that limits or counts uses lets it pass.
type Middleware func(next Handler) Handler

// ErrorHandler turns an error a handler returned into the answer the user
// sees. It runs for the handlers of commands, components and modals, and
// for an answer the service would refuse, with an error that wraps the
// rules.Violations found, such as "answer › embed 1 › field 26: at most
// 25 fields, has 26" (and interaction.ErrCallbackNotAllowed for a type
// the interaction does not allow); an answer of its own the service would
// refuse is replaced by the default, an ephemeral apology. An
// autocomplete handler's error is logged and answered with no
// suggestions; the suggestions it gives are those the service takes
// (autocomplete.Sanitize).
type ErrorHandler func(ctx context.Context, req *Request, err error) interaction.Response
