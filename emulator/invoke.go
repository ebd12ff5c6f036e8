package emulator

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// Invocation is what a user does in the client: use a command in a channel,
// with what they typed into its options.
type Invocation struct {
	// User is who invokes; zero means the server's Member.
	User interaction.Snowflake
	// Guild is where; zero means the direct messages between the user and
	// the bot, where only global commands that allow BOT_DM are offered.
	// A guild without the application, and the bot's direct messages
	// without a guild shared with the bot, are reached only by a user who
	// installed the application (see AuthorizeUser), and offer only the
	// global commands installed to users.
	Guild interaction.Snowflake
	// Channel is the guild channel; zero means the guild's "general".
	Channel interaction.Snowflake
	// Locale is the user's client language; empty means en-US.
	Locale interaction.Locale
	// Command is the path for a CHAT_INPUT command ("mod ban",
	// "mod user ban") or the name of a USER or MESSAGE command.
	Command string
	// Type is the command's type; zero means CHAT_INPUT.
	Type interaction.CommandType
	// Options are the values the user gave, in the order given.
	Options []Arg
	// Target is the user of a USER command, or the message of a MESSAGE
	// command: one the bot sent through the emulator, which the user must
	// see as for Click (an ephemeral message is seen only by the user it
	// answers), or any other id, for which a message by the invoking user
	// is made up.
	Target interaction.Snowflake
	// Focused names the option being typed, for Autocomplete; its value in
	// Options is the partial input.
	Focused string
	// Application is the application whose command it is. Zero means
	// the one application of those the user reaches there with a
	// command of that name and type, and is refused when there are
	// several: the client shows the user each, beside its application's
	// name.
	Application interaction.Snowflake
	// Files are files at the user's hand: ParseCommand looks for a path
	// typed into an ATTACHMENT option there first (slash-separated, as
	// fs.FS names them), then on the process's file system, where a
	// path is relative to the working directory.
	Files fs.FS
}

// Arg is an option value as the user gave it: a string, an integer (int or
// int64), a float64, a bool, the interaction.Snowflake of a user, channel,
// role or mentionable, or an interaction.Attachment for an attachment.
type Arg struct {
	Name  string
	Value any
}

// Result is an interaction the emulator sent to the bot and what came back.
type Result struct {
	// Interaction is what was sent, decoded; Body is its JSON as sent.
	Interaction *interaction.Interaction
	Body        []byte
	// Status is the HTTP status of the bot's answer, 0 when none came:
	// 200 with the answer, or 202 when the bot acknowledged the
	// interaction and sent the answer through the callback endpoint.
	Status int
	// Gateway reports an interaction sent to the bot over its gateway
	// connection, as INTERACTION_CREATE, for a bot without an
	// interactions URL: its answer came through the callback endpoint,
	// and Status is 0.
	Gateway bool
	// Answer is the bot's answer, decoded, whether it came in the HTTP
	// response or through the callback endpoint; RawAnswer is the body
	// of the HTTP response.
	Answer    interaction.Response
	RawAnswer []byte
	// answerType is the Content-Type of the HTTP response, which says
	// whether RawAnswer is JSON or multipart/form-data with files.
	answerType string
	// Took is how long the bot took to answer.
	Took time.Duration
	// settled reports that the answer has been checked and kept.
	settled bool
	// Violations are the ways the answer broke the service's rules; an
	// answer the client would show has none.
	Violations []string
	// Faults are the delivery faults that fired on the interaction, in
	// the order of their kinds; Copies are the copies of it they sent,
	// and how the bot answered each (DeliveryBadSignature,
	// DeliveryDuplicate). Neither changes OK, which is about the answer
	// to the interaction itself.
	Faults []DeliveryFaultKind
	Copies []Copy
	// Launched reports an entry point command whose handler is
	// SERVICE_LAUNCH_ACTIVITY: the service launched the Activity itself,
	// and sent the bot nothing, so the rest of the Result is empty. What
	// the service did is among Launches.
	Launched bool
}

// OK reports whether the bot answered within the rules, or the service
// launched the Activity without it.
func (r *Result) OK() bool {
	return r.Launched || (r.Status == http.StatusOK || r.Status == http.StatusAccepted || r.Gateway) && len(r.Violations) == 0
}

// Reasons an invocation is refused before anything is sent; an
// *InvocationError matches one of them with errors.Is.
var (
	// ErrUnknownCommand: no such command in the scope and context.
	ErrUnknownCommand = errors.New("emulator: unknown command")
	// ErrInvalidInput: the client would not let the user send this.
	ErrInvalidInput = errors.New("emulator: invalid input")
	// ErrPermissionDenied: the member may not use the command here.
	ErrPermissionDenied = errors.New("emulator: permission denied")
	// ErrStale: the user's client had an old version of a global
	// command; it has reloaded it, and the next invocation goes through.
	ErrStale = errors.New("emulator: stale command version")
	// ErrUnknownTarget: the user, guild, channel or target does not
	// exist. ErrUnknownMessage and ErrUnknownComponent are kinds of it.
	ErrUnknownTarget = errors.New("emulator: unknown user, guild or channel")
	// ErrUnknownMessage: the message named by its id does not exist, or
	// the user does not see it (deleted, loading, ephemeral and another
	// user's, in a channel they may not view), which to their client is
	// the same. It matches ErrUnknownTarget too.
	ErrUnknownMessage error = &unknownKind{"emulator: unknown message"}
	// ErrUnknownComponent: no message the user sees has the button or
	// select menu named. It matches ErrUnknownTarget too.
	ErrUnknownComponent error = &unknownKind{"emulator: unknown component"}
)

// unknownKind is a kind of refusal narrower than ErrUnknownTarget, which
// it matches with errors.Is, so that what tells a target that does not
// exist tells these too.
type unknownKind struct{ text string }

func (k *unknownKind) Error() string { return k.text }
func (k *unknownKind) Unwrap() error { return ErrUnknownTarget }

// InvocationError is an invocation the client or the service refused.
type InvocationError struct {
	Kind   error
	Reason string
}

// Error says what kind of refusal it is and why.
func (e *InvocationError) Error() string { return e.Kind.Error() + ": " + e.Reason }

// Unwrap returns the kind, for errors.Is.
func (e *InvocationError) Unwrap() error { return e.Kind }

func refuse(kind error, reason string) *InvocationError {
	return &InvocationError{Kind: kind, Reason: reason}
}

// Invoke uses a command as the user would: it checks what the client and
// the service check, sends the bot the signed interaction, and checks its
// answer. A refused invocation sends nothing and returns an
// *InvocationError; an answer that breaks the rules is returned with its
// Violations.
func (s *Server) Invoke(ctx context.Context, inv Invocation) (*Result, error) {
	return s.invoke(ctx, inv, false)
}

// Autocomplete types into the Focused option of a CHAT_INPUT command, and
// sends the bot the autocomplete interaction.
func (s *Server) Autocomplete(ctx context.Context, inv Invocation) (*Result, error) {
	if inv.Focused == "" {
		return nil, refuse(ErrInvalidInput, "autocomplete needs the focused option")
	}
	return s.invoke(ctx, inv, true)
}

func (s *Server) invoke(ctx context.Context, inv Invocation, autocomplete bool) (*Result, error) {
	return s.send(ctx, func() (*prepared, *InvocationError) {
		app, err := s.invoked(inv)
		if err != nil {
			return nil, err
		}
		s.st.app = app
		return s.prepare(inv, autocomplete)
	})
}

// invoked returns the application whose command inv uses: the one
// inv.Application names, or the one application of those the user
// reaches where inv says that has a command of that name and type.
// When several have one, the client would show the user each, with the
// application's name: inv.Application must say which. When none has,
// the first application's refusal says why. The caller holds s.st.mu.
func (s *Server) invoked(inv Invocation) (*application, *InvocationError) {
	st := s.st
	if inv.Application != 0 {
		app := st.appByID(inv.Application)
		if app == nil {
			return nil, refuse(ErrUnknownTarget, "no application "+inv.Application.String())
		}
		return app, nil
	}
	if len(st.apps) == 1 {
		return st.apps[0], nil
	}
	if inv.User == 0 {
		inv.User = s.Member
	}
	if inv.Type == 0 {
		inv.Type = interaction.CommandChatInput
	}
	name := inv.Command
	if inv.Type == interaction.CommandChatInput {
		name, _, _ = strings.Cut(strings.TrimSpace(inv.Command), " ")
	}
	var found []*application
	for _, app := range st.apps {
		restore := st.actFor(app)
		if _, g, _, err := s.place(inv); err == nil {
			if _, err := s.lookupCommand(g, inv.User, name, inv.Type); err == nil {
				found = append(found, app)
			}
		}
		restore()
	}
	switch len(found) {
	case 0:
		return st.apps[0], nil
	case 1:
		return found[0], nil
	}
	names := make([]string, len(found))
	for i, app := range found {
		names[i] = st.users[app.botUser].Username + " (" + app.id.String() + ")"
	}
	return nil, refuse(ErrInvalidInput, "command "+strconv.Quote(name)+" is offered by the applications "+
		strings.Join(names, " and ")+", as the client shows the user: Invocation.Application says which")
}

// send has prepare build an interaction under the state's lock and,
// unless it refuses, sends it to the bot and returns what came of it, or
// has the service launch the Activity it asks for. Invocations, uses of
// components and submissions of modals all go this way.
func (s *Server) send(ctx context.Context, prepare func() (*prepared, *InvocationError)) (*Result, error) {
	st := s.st
	st.mu.Lock()
	// prepare acts for the application the interaction goes to.
	restore := st.actFor(st.app)
	p, err := prepare()
	url := st.app.interactionsURL
	overGateway := false
	switch {
	case err != nil:
	case p.launched:
		s.launch(p)
	case s.gatewayDelivers(url, p.si.ix.GuildID):
		overGateway = true
		s.record(p)
		s.meetFaults(p, false)
	case url == "":
		err = errNoInteractionsURL()
	default:
		s.record(p)
		s.meetFaults(p, true)
	}
	if err == nil {
		st.touch()
	}
	restore()
	st.mu.Unlock()
	if err != nil {
		return nil, err
	}
	if p.launched {
		// An Activity needs no interactions URL to be launched.
		return &Result{Launched: true}, nil
	}
	if overGateway {
		return s.exchangeOverGateway(ctx, p), nil
	}
	return s.exchange(ctx, url, p), nil
}

// exchange sends the bot an interaction recorded as sent, waits for its
// answer and checks it.
func (s *Server) exchange(ctx context.Context, url string, p *prepared) *Result {
	res := &Result{Interaction: p.si.ix, Body: p.body, Faults: p.faults.fired}
	if p.faults.late > 0 {
		s.wait(ctx, p.faults.late)
	}
	if p.faults.badFirst {
		res.Copies = append(res.Copies, s.sendBadlySigned(ctx, url, p))
	}
	s.deliver(ctx, url, p, res)
	if !res.settled {
		s.settleNow(p, res)
	}
	if p.faults.duplicate {
		res.Copies = append(res.Copies, s.sendDuplicate(ctx, url, p))
	}
	if len(res.Copies) > 0 {
		s.st.mu.Lock()
		p.si.copies = res.Copies
		s.st.mu.Unlock()
	}
	return res
}

// settleNow settles the answer to p, once.
func (s *Server) settleNow(p *prepared, res *Result) {
	if s.hooks.settling != nil {
		s.hooks.settling(p.si)
	}
	s.st.mu.Lock()
	restore := s.st.actFor(s.st.appOf(p.si))
	s.settle(p, res)
	p.si.markSettled()
	s.st.touch()
	restore()
	s.st.mu.Unlock()
	res.settled = true
}

// errNoInteractionsURL refuses to send an interaction the application
// has nowhere to receive.
func errNoInteractionsURL() *InvocationError {
	return refuse(ErrUnknownTarget, "the application has no interactions URL and no gateway session to send it to")
}

// launch does what the service does for an entry point command whose
// handler is SERVICE_LAUNCH_ACTIVITY: it answers the interaction itself
// with LAUNCH_ACTIVITY and posts a message to the channel (the
// specification), a follow-up of the interaction (public fact: the service
// "sends a follow-up message without coordinating with the app"). The
// message's content is the service's own, a card of the Activity the
// emulator leaves empty. The caller holds s.st.mu.
func (s *Server) launch(p *prepared) {
	st := s.st
	si := p.si
	si.sent, si.launched = st.now(), true
	si.answer, si.answered = &interaction.Response{Type: interaction.CallbackLaunchActivity}, si.sent
	close(si.acked)
	m := &Message{ID: st.newID(), ChannelID: si.ix.ChannelID, Created: si.sent}
	si.followups = append(si.followups, m)
	st.keep(si)
	st.made(si, m)
	st.logMessage(si, MessageFollowedUp, si.followups[0], si.sent)
	s.publishMessage(messageCreated, si.followups[0].ChannelID, si.followups[0])
}
