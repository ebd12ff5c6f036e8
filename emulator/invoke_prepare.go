package emulator

import (
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/signer"
)

// prepared is an interaction ready to send.
type prepared struct {
	si   *sentInteraction
	body []byte
	// launched is an entry point command the service handles itself:
	// nothing is sent to the bot.
	launched bool
	// faults are what the delivery faults do to its delivery.
	faults interactionFaults
	// by signs it: the signer of the application it is sent to.
	by *signer.Signer
}

// prepare does what the client and the service do before the bot hears of
// an invocation: find the command, check where and by whom it is used and
// what was typed, and build the interaction. The caller holds s.st.mu.
func (s *Server) prepare(inv Invocation, complete bool) (*prepared, *InvocationError) {
	if inv.User == 0 {
		inv.User = s.Member
	}
	if inv.Locale == "" {
		inv.Locale = interaction.LocaleEnglishUS
	}
	if inv.Type == 0 {
		inv.Type = interaction.CommandChatInput
	}
	if complete && inv.Type != interaction.CommandChatInput {
		return nil, refuse(ErrInvalidInput, "only CHAT_INPUT commands have autocomplete")
	}
	user, g, ch, err := s.place(inv)
	if err != nil {
		return nil, err
	}

	name, path := inv.Command, []string(nil)
	if inv.Type == interaction.CommandChatInput {
		parts := strings.Fields(inv.Command)
		if len(parts) == 0 || len(parts) > 3 {
			return nil, refuse(ErrInvalidInput, "a command path is one to three names")
		}
		name, path = parts[0], parts[1:]
	}
	cmd, err := s.lookupCommand(g, inv.User, name, inv.Type)
	if err != nil {
		return nil, err
	}
	if !ageAllowed(cmd.c, g, ch) {
		return nil, refuse(ErrUnknownCommand, "command "+strconv.Quote(name)+" is age-restricted and the channel is not")
	}
	if g != nil {
		if err := s.checkAccess(g, cmd, inv.User, ch); err != nil {
			return nil, err
		}
	}
	if err := s.readRepair(inv.User, cmd); err != nil {
		return nil, err
	}
	// The service launches the Activity of SERVICE_LAUNCH_ACTIVITY itself
	// and tells the application nothing (public fact: the
	// DISCORD_LAUNCH_ACTIVITY handler needs no interaction handling); the
	// interaction is built all the same, as the service's own record.
	launch := cmd.c.Type == interaction.CommandPrimaryEntryPoint && cmd.c.Handler == interaction.HandlerServiceLaunchActivity

	in := &input{s: s, g: g, ch: ch, invoker: inv.User, locale: inv.Locale, focused: inv.Focused, complete: complete, resolved: &wireResolved{}}
	data := wireData{ID: cmd.c.ID, Name: cmd.c.Name, Type: cmd.c.CommandType(), GuildID: cmd.c.GuildID}
	switch inv.Type {
	case interaction.CommandChatInput:
		opts, err := in.options(cmd.c, path, inv.Options)
		if err != nil {
			return nil, err
		}
		data.Options = opts
	case interaction.CommandPrimaryEntryPoint:
		if len(inv.Options) > 0 {
			return nil, refuse(ErrInvalidInput, "an entry point command takes no options")
		}
	case interaction.CommandUser, interaction.CommandMessage:
		if len(inv.Options) > 0 {
			return nil, refuse(ErrInvalidInput, "user and message commands take no options")
		}
		if err := s.target(in, inv, &data); err != nil {
			return nil, err
		}
	}
	if complete {
		data.Version = cmd.c.Version
	}
	if !in.resolved.empty() {
		data.Resolved = in.resolved
	}

	w := s.newWireInteraction(interaction.TypeApplicationCommand, g, ch, user)
	w.Locale, w.Data = inv.Locale, data
	if complete {
		w.Type = interaction.TypeApplicationCommandAutocomplete
	}
	if cmd.byGuild {
		// A guild installation authorizes a command in the bot's DM with
		// the owner "0" (public fact of the service).
		var owner interaction.Snowflake
		if g != nil {
			owner = g.id
		}
		w.AuthorizingIntegrationOwners.Set(interaction.GuildInstall, owner)
	}
	if cmd.byUser {
		// The user's own installation names the user.
		w.AuthorizingIntegrationOwners.Set(interaction.UserInstall, inv.User)
	}
	body, ix, err := encodeInteraction(&w)
	if err != nil {
		return nil, err
	}
	p := &prepared{si: newSentInteraction(ix, body), body: body, launched: launch, by: s.st.app.signer}
	return p, nil
}

// place finds where inv is used, and by whom: the user, the guild (nil
// in the bot's direct messages) and the channel, the guild's "general"
// when inv names none. inv.User is set. The caller holds s.st.mu.
func (s *Server) place(inv Invocation) (*interaction.User, *guild, *interaction.Channel, *InvocationError) {
	st := s.st
	user := st.users[inv.User]
	if user == nil {
		return nil, nil, nil, refuse(ErrUnknownTarget, "no user "+inv.User.String())
	}
	installed := st.app.userInstalls[inv.User]
	if inv.Guild == 0 {
		if !s.sharesGuildWithBot(inv.User) && !installed {
			return nil, nil, nil, refuse(ErrUnknownTarget, "the user shares no guild with the bot and did not install the application, so has no direct messages with it")
		}
		return user, nil, &interaction.Channel{ID: dmChannel(inv.User), Type: interaction.ChannelDM}, nil
	}
	g := st.guilds[inv.Guild]
	if g == nil || !g.installed[st.app.id] && !installed {
		return nil, nil, nil, refuse(ErrUnknownTarget, "no guild "+inv.Guild.String()+" with the application installed, and the user did not install it")
	}
	if g.members[inv.User] == nil {
		return nil, nil, nil, refuse(ErrUnknownTarget, "user "+inv.User.String()+" is not a member of the guild")
	}
	var ch *interaction.Channel
	if inv.Channel == 0 {
		ch = channelNamed(g, "general")
	} else {
		ch = g.channels[inv.Channel]
	}
	if ch == nil {
		return nil, nil, nil, refuse(ErrUnknownTarget, "no such channel in the guild")
	}
	return user, g, ch, nil
}

// ageAllowed reports whether a command may be used in ch: age-restricted
// commands are offered only in age-restricted channels of a guild (public
// fact of the service), and anywhere in direct messages.
func ageAllowed(c *command.Command, g *guild, ch *interaction.Channel) bool {
	return !c.NSFW || ch.NSFW || g == nil
}

// newWireInteraction returns an interaction of type t that user sends
// from ch, in g or (g nil) in the bot's direct messages: its id and token,
// the member or user, the channel with the user's permissions, and what
// the application may do there. The caller holds s.st.mu.
func (s *Server) newWireInteraction(t interaction.Type, g *guild, ch *interaction.Channel, user *interaction.User) wireInteraction {
	st := s.st
	w := wireInteraction{
		ID: st.newID(), ApplicationID: st.app.id, Type: t,
		Token: "aW50ZXJhY3Rpb24." + secret(32), Version: 1,
		ChannelID: ch.ID, Channel: channelJSON(ch), Locale: interaction.LocaleEnglishUS,
		Entitlements: st.interactionEntitlements(user.ID, g), AttachmentSizeLimit: st.limits.Upload,
	}
	if g != nil {
		perms := channelPermissions(g, user.ID, ch)
		m := memberJSON(g.members[user.ID], perms, true)
		w.GuildID, w.Member, w.GuildLocale = g.id, &m, g.locale
		w.Guild = partialGuild(g)
		w.Channel.Permissions = perms
		w.AppPermissions = s.appPermissions(g, ch)
		w.Context = interaction.ContextGuild
		return w
	}
	u := userJSON(user)
	w.User = &u
	// The channel of the bot's direct messages with the user has the user
	// as its recipient, as the service sends it.
	w.Channel.Recipients = []wireUser{u}
	// In the bot's direct messages the bot may do what anyone may in a DM
	// (public fact: app_permissions there are the DM defaults); the
	// emulator gives the plain-member set.
	w.AppPermissions = interaction.PermissionViewChannel | interaction.PermissionSendMessages |
		interaction.PermissionEmbedLinks | interaction.PermissionAttachFiles | interaction.PermissionReadMessageHistory |
		interaction.PermissionAddReactions | interaction.PermissionUseExternalEmojis
	w.Context = interaction.ContextBotDM
	return w
}

// encodeInteraction returns the JSON of w and the interaction a bot
// decodes from it, which the emulator's own decoder must accept.
func encodeInteraction(w *wireInteraction) ([]byte, *interaction.Interaction, *InvocationError) {
	body, err := marshalJSON(w)
	if err != nil {
		return nil, nil, refuse(ErrInvalidInput, "encoding the interaction: "+err.Error())
	}
	ix := new(interaction.Interaction)
	if err := interaction.Decode(body, ix); err != nil {
		return nil, nil, refuse(ErrInvalidInput, "the emulator built an interaction its own decoder refuses: "+err.Error())
	}
	return body, ix, nil
}

// dmChannel is the id of the direct-message channel between a user and the
// bot: one per user, stable, and distinct from guild ids.
func dmChannel(user interaction.Snowflake) interaction.Snowflake { return user + 1<<12 }

// target resolves the user or message a context-menu command is used on.
func (s *Server) target(in *input, inv Invocation, data *wireData) *InvocationError {
	st := s.st
	r := in.resolved
	if inv.Type == interaction.CommandUser {
		u := st.users[inv.Target]
		if u == nil {
			return refuse(ErrUnknownTarget, "no target user "+inv.Target.String())
		}
		data.TargetID = u.ID
		r.Users = map[interaction.Snowflake]wireUser{u.ID: userJSON(u)}
		if in.g != nil {
			if m := in.g.members[u.ID]; m != nil {
				r.Members = map[interaction.Snowflake]wireMember{u.ID: memberJSON(m, channelPermissions(in.g, u.ID, in.ch), false)}
			}
		}
		return nil
	}
	if m, si := st.message(inv.Target); m != nil {
		// The client offers a MESSAGE command on a message it shows, as
		// it does a component.
		if !s.seenBy(m, si, in.invoker) {
			return s.errUnseen(in.invoker, inv.Target)
		}
		msg := s.messageJSON(m)
		if in.g != nil {
			msg["guild_id"] = in.g.id.String()
		}
		data.TargetID = inv.Target
		r.Messages = map[interaction.Snowflake]any{inv.Target: msg}
		return nil
	}
	// A message the emulator never saw: the invoking user wrote it in the
	// channel.
	id := inv.Target
	if id == 0 {
		id = st.newID()
	}
	msg := wireMessage{ID: id, ChannelID: in.ch.ID, Author: userJSON(st.users[in.invoker]), Content: "a message", Timestamp: id.Time().UTC(),
		Mentions: []wireUser{}, MentionRoles: []interaction.Snowflake{}, Attachments: []interaction.Attachment{}, Embeds: []interaction.Embed{}, Components: interaction.Components{}}
	if in.g != nil {
		msg.GuildID = in.g.id
	}
	data.TargetID = msg.ID
	r.Messages = map[interaction.Snowflake]any{msg.ID: msg}
	return nil
}
