package router

import (
	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
)

// Decl declares part of a command's definition where its handler is
// registered:
//
//	r.Command("mod ban", ban,
//		router.Description("Ban a member"),
//		router.Options(option.User("user", "Who to ban").Required()))
//
// Description, Localize and Options apply to commands, subcommands and
// groups. The others apply to a whole command and are declared on it: on the
// command's registration, or on its Group when it has subcommands.
type Decl func(*decl)

// decl is what the Decls of one registration declared.
type decl struct {
	description string
	nameLoc     command.Localizations
	descLoc     command.Localizations
	options     []option.Definer

	// Command-wide; commandWide names the ones set, for errors.
	commandWide       []string
	permissions       *interaction.Permissions
	nsfw              bool
	contexts          []interaction.ContextType
	integrationTypes  []interaction.IntegrationType
	guilds            []interaction.Snowflake
	dmPermission      *bool
	defaultPermission *bool
	handler           interaction.EntryPointHandlerType

	// deferral is how the endpoint defers a slow handler; a subcommand
	// without one takes its group's.
	deferral deferral
	// queued defers at once and hands the handler to the endpoint's
	// queue; declared on a group, it holds for its subcommands.
	queued bool
}

// deferral is how the endpoint may defer a handler that has not answered
// shortly before the service stops waiting.
type deferral uint8

const (
	// deferInherit is the group's, else the default: deferPublic for a
	// command, deferUpdate for a component or a modal (see
	// componentDeferral).
	deferInherit   deferral = iota
	deferPublic             // "thinking…" that everyone in the channel sees
	deferEphemeral          // "thinking…" only the user sees
	deferUpdate             // no visible change: the answer edits the component's message
	deferNever              // the handler answers in time itself
)

func (d *decl) apply(decls []Decl) {
	for _, f := range decls {
		if f != nil {
			f(d)
		}
	}
}

func (d *decl) wide(name string) { d.commandWide = append(d.commandWide, name) }

// commandOnly names the declarations d holds that only commands take.
func (d *decl) commandOnly() []string {
	var names []string
	if d.description != "" {
		names = append(names, "Description")
	}
	if d.nameLoc != nil || d.descLoc != nil {
		names = append(names, "Localize")
	}
	if d.options != nil {
		names = append(names, "Options")
	}
	return append(names, d.commandWide...)
}

// Description sets the description users see: 1 to 100 characters for
// chat-input commands, subcommands and groups; none for user and message
// commands.
func Description(text string) Decl { return func(d *decl) { d.description = text } }

// Localize gives the name and description in a locale; either may be "" to
// leave that one to the default.
func Localize(locale interaction.Locale, name, description string) Decl {
	return func(d *decl) {
		if name != "" {
			d.nameLoc = with(d.nameLoc, locale, name)
		}
		if description != "" {
			d.descLoc = with(d.descLoc, locale, description)
		}
	}
}

// Decls declares all of decls, in order, as one Decl: a function that
// declares several things at once (a description and its translations,
// say) returns one value that a registration takes among its others.
func Decls(decls ...Decl) Decl { return func(d *decl) { d.apply(decls) } }

func with(m command.Localizations, locale interaction.Locale, text string) command.Localizations {
	if m == nil {
		m = make(command.Localizations)
	}
	m[locale] = text
	return m
}

// Options declares the options of a command or subcommand, in the order
// users see them.
func Options(opts ...option.Definer) Decl {
	return func(d *decl) { d.options = append(d.options, opts...) }
}

// Permissions sets the permissions a member needs to see and use the
// command by default (default_member_permissions); guild administrators
// and permission overwrites still apply.
func Permissions(p interaction.Permissions) Decl {
	return func(d *decl) { d.permissions = &p; d.wide("Permissions") }
}

// AdminsOnly hides the command from everyone but administrators (and those
// an overwrite allows): default_member_permissions "0".
func AdminsOnly() Decl { return Permissions(0) }

// NSFW marks the command age-restricted.
func NSFW() Decl { return func(d *decl) { d.nsfw = true; d.wide("NSFW") } }

// Contexts sets where the command can be used: in guilds, in the bot's DMs,
// in private channels. Global commands only.
func Contexts(c ...interaction.ContextType) Decl {
	return func(d *decl) { d.contexts = c; d.wide("Contexts") }
}

// IntegrationTypes sets the installation contexts the command is available
// in: installed to a guild, to a user. Global commands only.
func IntegrationTypes(t ...interaction.IntegrationType) Decl {
	return func(d *decl) { d.integrationTypes = t; d.wide("IntegrationTypes") }
}

// Guilds registers the command in these guilds instead of globally.
func Guilds(ids ...interaction.Snowflake) Decl {
	return func(d *decl) { d.guilds = append(d.guilds, ids...); d.wide("Guilds") }
}

// DMPermission sends the dm_permission field, which only global commands
// take.
//
// Deprecated: the service replaced dm_permission with contexts; use
// Contexts, without interaction.ContextBotDM to keep a command out of DMs.
func DMPermission(allowed bool) Decl {
	return func(d *decl) { d.dmPermission = &allowed; d.wide("DMPermission") }
}

// DefaultPermission sends the default_permission field.
//
// Deprecated: the service replaced default_permission with
// default_member_permissions; use Permissions, or AdminsOnly for what
// DefaultPermission(false) did.
func DefaultPermission(enabled bool) Decl {
	return func(d *decl) { d.defaultPermission = &enabled; d.wide("DefaultPermission") }
}

// The declarations below say how an endpoint given a client
// (endpoint.WithClient), or another transport that defers, defers a
// handler that has not answered shortly before the service stops waiting
// (Call.Deferral). They apply to commands, components and modals;
// declared on a group, they apply to the group's subcommands.

// DeferReply makes the endpoint defer a slow handler with
// DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: the user, and everyone in the
// channel, see the bot thinking in a new message, which the handler's
// answer then becomes. It is the default for commands, and for a modal no
// component opened.
//
// A component or modal route declares it to answer in a new message
// rather than edit the message of the component. Its handler's message
// completes the deferral, and so does an UPDATE_MESSAGE, whose content
// then goes to the deferred message: not to the message of the component.
func DeferReply() Decl { return func(d *decl) { d.deferral = deferPublic } }

// DeferEphemeral is DeferReply with a message private to the user: the
// deferral decides whether the answer that completes it is ephemeral, and
// the endpoint defers before the handler says.
func DeferEphemeral() Decl { return func(d *decl) { d.deferral = deferEphemeral } }

// DeferUpdate makes the endpoint defer a slow handler with
// DEFERRED_UPDATE_MESSAGE: the user sees no change, and the handler's
// answer then completes it. An UPDATE_MESSAGE edits the message of the
// component; a message is sent as a new one, a follow-up, ephemeral if it
// says so. It is the default for components, and for a modal a component
// opened; a modal no component opened has no message to update, and is
// deferred as DeferReply says.
//
// A command cannot be answered with DEFERRED_UPDATE_MESSAGE: DeferUpdate
// declared on one is an error Build reports.
func DeferUpdate() Decl { return func(d *decl) { d.deferral = deferUpdate } }

// NoAutoDefer keeps the endpoint from deferring the handler's answer: the
// handler answers within the service's window itself, and its context ends
// in time for its answer, or its error handler's, to arrive. A route whose
// handler may answer with a modal (interaction.ShowModal) declares it: a
// modal must be the first answer, and cannot complete a deferral.
func NoAutoDefer() Decl { return func(d *decl) { d.deferral = deferNever } }

// Queued makes the endpoint defer at once, as the route's deferral says
// (DeferReply by default), without running the handler, and hand the
// interaction to its queue (endpoint.WithQueue): a worker runs the
// handler, once, and completes the deferral with its answer
// (endpoint.Endpoint.Complete). An
// endpoint without a queue, or whose queue refuses the interaction, runs
// the handler itself and completes the deferral as it does a slow
// handler's. Declare it on routes that are slow by nature (a report, a
// call to a slow service) on a platform that freezes the process once it
// has answered; it cannot be declared with NoAutoDefer, nor served by an
// endpoint given endpoint.WithoutAutoDefer.
func Queued() Decl { return func(d *decl) { d.queued = true } }

// EntryPointHandler sets who answers the entry point command. A router
// that registers a handler for it answers itself (APP_HANDLER) by default.
func EntryPointHandler(h interaction.EntryPointHandlerType) Decl {
	return func(d *decl) { d.handler = h; d.wide("EntryPointHandler") }
}
