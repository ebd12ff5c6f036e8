package playground

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
)

// Session is a running example on the embedded emulator, and the user
// who types into it: who they are, where, and in which language.
type Session struct {
	ex       Example
	out      *printer
	emu      *emulator.Server
	api      *rest.Client
	mux      *router.Mux
	closeBot func()
	// stopBackground ends the bot's Env.Context.
	stopBackground context.CancelFunc
	watch          *watcher
	quiet          bool

	user    interaction.Snowflake
	guild   interaction.Snowflake // zero in the bot's direct messages
	channel interaction.Snowflake // zero is the guild's general
	locale  interaction.Locale
}

// Emulator returns the embedded emulator.
func (s *Session) Emulator() *emulator.Server { return s.emu }

// API returns the bot's client of the emulator's REST API.
func (s *Session) API() *rest.Client { return s.api }

// Printf prints a note, as a Setup or an Intro tells the person what it
// did; with -quiet, which prints only the lines run and their answers, it
// prints nothing.
func (s *Session) Printf(format string, args ...any) {
	if !s.quiet {
		s.out.note(format, args...)
	}
}

// Close stops the bot and the emulator.
func (s *Session) Close() {
	if s.watch != nil {
		s.watch.stop()
	}
	if s.stopBackground != nil {
		s.stopBackground()
	}
	if s.closeBot != nil {
		s.closeBot()
	}
	s.emu.Close()
}

// RunScript runs the lines of r, echoing each, until r ends or ctx does;
// then it waits for deferred answers to complete. A line that fails is
// reported and the script goes on, as a person at a prompt would. Comment
// lines are printed, as narration, unless the session is quiet.
func (s *Session) RunScript(ctx context.Context, r io.Reader) error {
	_, err := s.runScript(ctx, r)
	return err
}

// tally is how many lines a script ran, comments aside, and how many of
// them were refused.
type tally struct{ lines, refused int }

// runScript is RunScript, counting the lines run and refused.
func (s *Session) runScript(ctx context.Context, r io.Reader) (tally, error) {
	var t tally
	lines, errc := readLines(ctx, r)
	for {
		select {
		case <-ctx.Done():
			return t, nil
		case line, ok := <-lines:
			if !ok {
				if err := <-errc; err != nil {
					return t, err
				}
				s.watch.settle(ctx, defaultWait)
				return t, nil
			}
			line = strings.TrimSpace(line)
			if line == "" {
				continue
			}
			if strings.HasPrefix(line, "#") {
				if !s.quiet {
					s.out.comment(strings.TrimSpace(strings.TrimPrefix(line, "#")))
				}
				continue
			}
			s.out.typed(s.promptText(), line)
			t.lines++
			if !s.run(ctx, line) {
				t.refused++
			}
		}
	}
}

// people are the users of the emulator the session knows of, for the
// prompt to suggest: the three New makes, the bot, and the users the
// example seeds. The emulator lists none itself.
func (s *Session) people(ctx context.Context) []interaction.Snowflake {
	ids := []interaction.Snowflake{s.emu.Admin, s.emu.Moderator, s.emu.Member}
	if bot, err := s.api.CurrentUser(ctx); err == nil {
		ids = append(ids, bot.ID)
	}
	if seed := s.ex.Emulator.Seed; seed != nil {
		for _, u := range seed.Users {
			ids = append(ids, u.ID)
		}
	}
	return ids
}

// promptText says who types where: "ada in #general".
func (s *Session) promptText() string {
	who := "?"
	if u, ok := s.emu.User(s.user); ok {
		who = u.Username
	}
	where := "DMs"
	if s.guild != 0 {
		where = "#general"
		if s.channel != 0 {
			if c, ok := s.emu.Channel(s.guild, s.channel); ok {
				where = "#" + c.Name
			}
		}
	}
	if s.locale != interaction.LocaleEnglishUS {
		where += " (" + string(s.locale) + ")"
	}
	return who + " in " + where
}

// invocation is where and as whom the session's commands are used.
func (s *Session) invocation() emulator.Invocation {
	return emulator.Invocation{User: s.user, Guild: s.guild, Channel: s.channel, Locale: s.locale, Files: s.ex.Files}
}

// startOver puts the session back where it started, the guild's owner in
// its general channel in en-US, saying so unless it is there already or
// quiet.
func (s *Session) startOver() {
	owner, guild := s.emu.Admin, s.emu.GuildID
	if s.user == owner && s.guild == guild && s.channel == 0 && s.locale == interaction.LocaleEnglishUS {
		return
	}
	s.user, s.guild, s.channel, s.locale = owner, guild, 0, interaction.LocaleEnglishUS
	if !s.quiet {
		s.out.comment(s.yourTurn())
	}
}

// yourTurn says who the user is now and whom else they may be: the
// guild's moderator and plain member, while they are members (a script
// may have had the bot kick or ban them).
func (s *Session) yourTurn() string {
	text := "Your turn. You are the guild's owner again, in #general, and may use every command"
	members := map[interaction.Snowflake]bool{}
	for _, g := range s.emu.Guilds() {
		if g.ID == s.emu.GuildID {
			for _, m := range g.Members {
				members[m.User.ID] = true
			}
		}
	}
	for _, u := range []struct {
		id   interaction.Snowflake
		role string
	}{{s.emu.Member, "a member without permissions"}, {s.emu.Moderator, "a moderator"}} {
		name := u.id.String()
		if user, ok := s.emu.User(u.id); ok {
			name = user.Username
		}
		if members[u.id] {
			text += fmt.Sprintf("; \"as @%s\" acts as %s", name, u.role)
		} else {
			text += "; " + name + " is no longer a member of the guild"
		}
	}
	return text + "."
}

// Do runs one line and prints what came of it.
func (s *Session) Do(ctx context.Context, line string) { s.run(ctx, line) }

// run runs one line, prints what came of it, and reports whether the line
// was taken: false when the client, the service or the session refused it.
func (s *Session) run(ctx context.Context, line string) bool {
	if err := s.do(ctx, line); err != nil {
		s.out.refused(explain(err))
		return false
	}
	return true
}

func (s *Session) do(ctx context.Context, line string) error {
	if strings.HasPrefix(line, "/") {
		inv, err := s.emu.ParseCommand(s.invocation(), line)
		if err != nil {
			return err
		}
		return s.invoke(ctx, inv, false)
	}
	words, err := fields(line)
	if err != nil {
		return err
	}
	verb, args := words[0], words[1:]
	switch verb {
	case "complete":
		rest := strings.TrimSpace(strings.TrimPrefix(line, verb))
		inv, err := s.emu.ParsePartial(s.invocation(), rest)
		if err != nil {
			return err
		}
		return s.invoke(ctx, inv, true)
	case "user", "message":
		return s.menu(ctx, verb, args)
	case "launch":
		return s.launch(ctx, args)
	case "click":
		return s.click(ctx, args)
	case "choose":
		return s.choose(ctx, args)
	case "submit":
		return s.submit(ctx, args)
	case "as":
		if len(args) != 1 {
			return errors.New("as takes one user: as @ada")
		}
		id, err := s.emu.FindUser(0, args[0])
		if err != nil {
			return err
		}
		s.user = id
	case "in":
		return s.move(args)
	case "locale":
		i := -1
		if len(args) == 1 {
			i = slices.IndexFunc(interaction.Locales(), func(l interaction.Locale) bool { return strings.EqualFold(string(l), args[0]) })
		}
		if i < 0 {
			return fmt.Errorf("locale takes one of %s", localeList())
		}
		s.locale = interaction.Locales()[i]
	case "wait":
		return s.wait(ctx, args)
	case "commands":
		s.listCommands()
	case "help":
		s.out.block(help)
	default:
		return fmt.Errorf("%q is no command here; commands start with /, and help lists the rest", verb)
	}
	return nil
}

func (s *Session) invoke(ctx context.Context, inv emulator.Invocation, complete bool) error {
	var res *emulator.Result
	var err error
	if complete {
		res, err = s.emu.Autocomplete(ctx, inv)
	} else {
		res, err = s.emu.Invoke(ctx, inv)
	}
	if errors.Is(err, emulator.ErrStale) {
		// The client reloads a changed command and the user sends it
		// again; so does the session.
		s.out.note("the client had an old version of the command; it reloaded it and sends it again")
		return s.invoke(ctx, inv, complete)
	}
	if err != nil {
		return err
	}
	s.out.result(res, s.locale)
	if res.Interaction != nil && !complete {
		s.watch.follow(res.Interaction.ID)
	}
	return nil
}

// menu uses a USER or MESSAGE command on its target.
func (s *Session) menu(ctx context.Context, kind string, args []string) error {
	if len(args) != 2 {
		return fmt.Errorf(`%s takes the command's name and its target, as in user "Name" @ada or message "Name" last; commands lists them`, kind)
	}
	inv := s.invocation()
	inv.Command = args[0]
	if kind == "user" {
		inv.Type = interaction.CommandUser
		id, err := s.emu.FindUser(s.guild, args[1])
		if err != nil {
			return err
		}
		inv.Target = id
	} else {
		inv.Type = interaction.CommandMessage
		if args[1] == "last" {
			id, ok := s.watch.lastMessage()
			if !ok {
				return errors.New("the bot has sent no message yet; give a message id")
			}
			inv.Target = id
		} else {
			id, err := interaction.ParseSnowflake(args[1])
			if err != nil {
				return fmt.Errorf("message takes the bot's last message (last) or a message id: %w", err)
			}
			inv.Target = id
		}
	}
	return s.invoke(ctx, inv, false)
}

// launch uses the entry point command: the one named, or the only one.
func (s *Session) launch(ctx context.Context, args []string) error {
	inv := s.invocation()
	inv.Type = interaction.CommandPrimaryEntryPoint
	switch len(args) {
	case 0:
		name, ok := s.entryPoint(ctx)
		if !ok {
			return errors.New("the application has no entry point command")
		}
		inv.Command = name
	case 1:
		inv.Command = args[0]
	default:
		return errors.New(`launch takes at most the command's name: launch "Launch"`)
	}
	return s.invoke(ctx, inv, false)
}

// entryPoint is the name of the application's entry point command, as the
// service holds it: the one the bot declared, or the service's own.
func (s *Session) entryPoint(ctx context.Context) (string, bool) {
	cmds, err := s.api.ListCommands(ctx, s.emu.ApplicationID, command.Global, false)
	if err != nil {
		return "", false
	}
	for _, c := range cmds {
		if c.CommandType() == interaction.CommandPrimaryEntryPoint {
			return c.Name, true
		}
	}
	return "", false
}

// move changes where the user types: a channel of the guild, the bot's
// direct messages, or back to the guild.
func (s *Session) move(args []string) error {
	if len(args) != 1 {
		return errors.New("in takes one place: in #moderation, in dm, in guild")
	}
	switch args[0] {
	case "dm", "DM", "dms":
		s.guild, s.channel = 0, 0
		return nil
	case "guild":
		s.guild, s.channel = s.emu.GuildID, 0
		return nil
	}
	id, err := s.emu.FindChannel(s.emu.GuildID, args[0])
	if err != nil {
		return err
	}
	s.guild, s.channel = s.emu.GuildID, id
	return nil
}

func (s *Session) wait(ctx context.Context, args []string) error {
	if len(args) == 0 {
		s.watch.settle(ctx, defaultWait)
		return nil
	}
	d, err := time.ParseDuration(args[0])
	if err != nil || len(args) > 1 {
		return errors.New("wait takes nothing, or how long: wait 2s")
	}
	select {
	case <-time.After(d):
	case <-ctx.Done():
	}
	return nil
}

// listCommands prints what the user can type, from the bot's definitions.
func (s *Session) listCommands() {
	defs := s.mux.Definitions()
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	for _, scope := range []command.Scope{command.Global, command.InGuild(s.emu.GuildID)} {
		for _, c := range defs.Commands(scope) {
			writeCommand(w, c, scope, s.locale)
		}
	}
	w.Flush()
	s.out.block(b.String())
}

// writeCommand writes how to use a command, with its names as a user of
// locale sees them.
func writeCommand(w io.Writer, c command.Command, scope command.Scope, locale interaction.Locale) {
	where := "everywhere"
	if scope != command.Global {
		where = "in the guild"
	}
	name := locale.Localized(c.NameLocalizations, c.Name)
	switch c.CommandType() {
	case interaction.CommandUser:
		fmt.Fprintf(w, "user %q @someone\ton a member, %s\n", name, where)
		return
	case interaction.CommandMessage:
		fmt.Fprintf(w, "message %q last\ton a message, %s\n", name, where)
		return
	case interaction.CommandPrimaryEntryPoint:
		fmt.Fprintf(w, "launch %q\tthe entry point\n", name)
		return
	}
	isFolder := func(o command.Option) bool {
		return o.Type == interaction.OptionSubCommand || o.Type == interaction.OptionSubCommandGroup
	}
	var paths func(prefix string, opts []command.Option, desc string)
	paths = func(prefix string, opts []command.Option, desc string) {
		var leaf []string
		for _, o := range opts {
			oname := locale.Localized(o.NameLocalizations, o.Name)
			if isFolder(o) {
				paths(prefix+" "+oname, o.Options, locale.Localized(o.DescriptionLocalizations, o.Description))
				continue
			}
			word := oname + ":"
			if !o.Required {
				word = "[" + word + "]"
			}
			leaf = append(leaf, word)
		}
		if len(leaf) == 0 && slices.ContainsFunc(opts, isFolder) {
			return
		}
		fmt.Fprintf(w, "%s\t%s, %s\n", strings.TrimSpace(prefix+" "+strings.Join(leaf, " ")), desc, where)
	}
	paths("/"+name, c.Options, locale.Localized(c.DescriptionLocalizations, c.Description))
}

func localeList() string {
	var names []string
	for _, l := range interaction.Locales() {
		names = append(names, string(l))
	}
	return strings.Join(names, " ")
}

// fields splits a line into words at spaces, keeping quoted words whole.
func fields(line string) ([]string, error) {
	var words []string
	var b strings.Builder
	quoted, inWord := false, false
	for _, r := range line {
		switch {
		case r == '"':
			quoted, inWord = !quoted, true
		case !quoted && (r == ' ' || r == '\t'):
			if inWord {
				words = append(words, b.String())
				b.Reset()
				inWord = false
			}
		default:
			b.WriteRune(r)
			inWord = true
		}
	}
	if quoted {
		return nil, errors.New("a quote is not closed")
	}
	if inWord {
		words = append(words, b.String())
	}
	if len(words) == 0 {
		return nil, errors.New("an empty line")
	}
	return words, nil
}

// explain turns an error into what the person should know: what was
// refused, by whom, and what to try.
func explain(err error) string {
	var ie *emulator.InvocationError
	if errors.As(err, &ie) {
		switch {
		case errors.Is(err, emulator.ErrPermissionDenied):
			return "the service refuses: " + ie.Reason
		case errors.Is(err, emulator.ErrUnknownCommand):
			return "the client offers no such command: " + ie.Reason
		case errors.Is(err, emulator.ErrInvalidInput):
			return "the client refuses: " + ie.Reason
		case errors.Is(err, emulator.ErrUnknownComponent), errors.Is(err, emulator.ErrUnknownMessage):
			return ie.Reason // who sees no such button, menu or message
		case errors.Is(err, emulator.ErrUnknownTarget):
			return "no such place or person: " + ie.Reason
		}
		return ie.Reason
	}
	return err.Error()
}

const help = `/command sub name:value …      use a command, as typed in the client; quote values with spaces
complete /command name:partial  what autocomplete offers for the last option
user "Name" @someone            a USER command on a member
message "Name" last             a MESSAGE command on the bot's last message (or a message id)
launch ["Name"]                 the entry point command
click Label                     press a button of the newest message that has it
choose menu value …             choose in a select menu (values, or @user, @role, #channel)
submit field:value …            fill in and submit the form the bot opened, each input by its
                                custom_id or label: a text, title:"Broken link"; options of a
                                menu or checkbox group, days:mon,Friday; a radio group's one
                                option, or none, size:Large or size:; a checkbox, news:yes or
                                news:no; members, roles, channels, who:@ada; files, proof:a.png
as @someone                     use the commands as another user (owner, ada, bob)
in #channel | in dm | in guild  where the commands are used
locale fr                       the client's language
wait [2s]                       until deferred answers are complete, or a while
commands                        what the bot offers
# text                          a comment
At a terminal, suggestions show as you type; Tab takes the first. Ctrl-D or Ctrl-C ends.
`
