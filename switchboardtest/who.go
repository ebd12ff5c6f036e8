package switchboardtest

import "github.com/switchboard-go/switchboard/interaction"

// A Who says who acts, and where: by default the guild's Member, in the
// guild's general channel, in en-US.
type Who func(*who)

type who struct {
	user, guild, channel interaction.Snowflake
	dm                   bool
	locale               interaction.Locale
}

// As has user act.
func As(user interaction.Snowflake) Who { return func(w *who) { w.user = user } }

// InGuild has the user act in a guild, in its general channel unless
// InChannel says otherwise.
func InGuild(guild interaction.Snowflake) Who {
	return func(w *who) { w.guild, w.dm = guild, false }
}

// InChannel has the user act in a channel of the guild.
func InChannel(channel interaction.Snowflake) Who { return func(w *who) { w.channel = channel } }

// InDM has the user act in their direct messages with the bot, where
// only the commands that allow it are offered.
func InDM() Who { return func(w *who) { w.dm, w.guild, w.channel = true, 0, 0 } }

// InLocale sets the language of the user's client.
func InLocale(l interaction.Locale) Who { return func(w *who) { w.locale = l } }

// who returns who acts, from the defaults and ws.
func (b *Bot) who(ws []Who) who {
	w := who{user: b.Member, guild: b.Guild}
	for _, f := range ws {
		f(&w)
	}
	return w
}
