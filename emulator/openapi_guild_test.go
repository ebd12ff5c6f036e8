package emulator

import (
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// lowRole returns a role of the world's guild below the bot's managed
// role (at its position, with a newer id), made on first use.
func (w *oasWorld) lowRole(t *testing.T) interaction.Snowflake {
	t.Helper()
	w.s.st.mu.Lock()
	defer w.s.st.mu.Unlock()
	g := w.s.st.guilds[w.s.GuildID]
	for _, r := range g.roles {
		if r.Name == "Helper" {
			return r.ID
		}
	}
	id := w.s.st.newID()
	g.roles[id] = &interaction.Role{ID: id, Name: "Helper", Position: 1}
	return id
}

// guildAPICases are the cases of the guild routes, in the order they run:
// the member routes act on the plain member, who is kicked and then banned.
func guildAPICases() []apiCase {
	const (
		guild      = "GET /guilds/{guild}"
		channels   = "GET /guilds/{guild}/channels"
		roles      = "GET /guilds/{guild}/roles"
		channel    = "GET /channels/{channel}"
		members    = "GET /guilds/{guild}/members"
		member     = "/guilds/{guild}/members/{user}"
		memberRole = "/guilds/{guild}/members/{user}/roles/{role}"
		bans       = "GET /guilds/{guild}/bans"
		ban        = "/guilds/{guild}/bans/{user}"
	)
	g := func(w *oasWorld) string { return "/guilds/" + w.s.GuildID.String() }
	m := func(w *oasWorld, u interaction.Snowflake) string { return g(w) + "/members/" + u.String() }
	b := func(w *oasWorld, u interaction.Snowflake) string { return g(w) + "/bans/" + u.String() }
	bot := func(method string, path func(w *oasWorld) string, body string) func(t *testing.T, w *oasWorld) oasAnswer {
		return func(t *testing.T, w *oasWorld) oasAnswer { return w.asBot(t, method, path(w), body) }
	}
	return []apiCase{
		{"a guild is read with its counts", guild, "", bot("GET", func(w *oasWorld) string { return g(w) + "?with_counts=true" }, ""), 200},
		{"an unknown guild is 10004", guild, "", bot("GET", func(*oasWorld) string { return "/guilds/1" }, ""), 404},
		{"a guild's channels are listed", channels, "", bot("GET", func(w *oasWorld) string { return g(w) + "/channels" }, ""), 200},
		{"a guild's roles are listed", roles, "", bot("GET", func(w *oasWorld) string { return g(w) + "/roles" }, ""), 200},
		{"a channel is read", channel, "", bot("GET", func(w *oasWorld) string {
			w.s.st.mu.Lock()
			defer w.s.st.mu.Unlock()
			return "/channels/" + channelNamed(w.s.st.guilds[w.s.GuildID], "general").ID.String()
		}, ""), 200},
		{"a member is read", "GET " + member, "", bot("GET", func(w *oasWorld) string { return m(w, w.s.Member) }, ""), 200},
		{"the members are listed", members, "", bot("GET", func(w *oasWorld) string { return g(w) + "/members?limit=1000&after=0" }, ""), 200},
		{"a limit of the members out of range is 50035", members, "", bot("GET", func(w *oasWorld) string { return g(w) + "/members?limit=0" }, ""), 400},
		{"a role is given", "PUT " + memberRole, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "PUT", m(w, w.s.Member)+"/roles/"+w.lowRole(t).String(), "")
		}, 204},
		{"an unknown role is 10011", "PUT " + memberRole, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "PUT", m(w, w.s.Member)+"/roles/"+w.s.GuildID.String()+"1", "")
		}, 404},
		{"a role is taken away", "DELETE " + memberRole, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "DELETE", m(w, w.s.Member)+"/roles/"+w.lowRole(t).String(), "")
		}, 204},
		{"a member is renamed and timed out", "PATCH " + member, "", func(t *testing.T, w *oasWorld) oasAnswer {
			until := w.s.st.now().Add(time.Hour).UTC().Format("2006-01-02T15:04:05Z07:00")
			return w.asBot(t, "PATCH", m(w, w.s.Member), `{"nick":"Bobby","communication_disabled_until":"`+until+`"}`)
		}, 200},
		{"a nick too long is 50035", "PATCH " + member, "", bot("PATCH", func(w *oasWorld) string { return m(w, w.s.Member) },
			`{"nick":"`+strings.Repeat("n", 33)+`"}`), 400},
		{"a member above the bot is not renamed", "PATCH " + member, "", bot("PATCH", func(w *oasWorld) string { return m(w, w.s.Moderator) },
			`{"nick":"Ada"}`), 403},
		{"a member is kicked", "DELETE " + member, "", bot("DELETE", func(w *oasWorld) string { return m(w, w.s.Member) }, ""), 204},
		{"a user is banned", "PUT " + ban, "", bot("PUT", func(w *oasWorld) string { return b(w, w.s.Member) }, `{"delete_message_seconds":60}`), 204},
		{"the owner is not banned", "PUT " + ban, "", bot("PUT", func(w *oasWorld) string { return b(w, w.s.Admin) }, `{}`), 403},
		{"the bans are listed", bans, "", bot("GET", func(w *oasWorld) string { return g(w) + "/bans?limit=10" }, ""), 200},
		{"a ban is read", "GET " + ban, "", bot("GET", func(w *oasWorld) string { return b(w, w.s.Member) }, ""), 200},
		{"a ban is lifted", "DELETE " + ban, "", bot("DELETE", func(w *oasWorld) string { return b(w, w.s.Member) }, ""), 204},
		{"a ban lifted is 10026", "GET " + ban, "", bot("GET", func(w *oasWorld) string { return b(w, w.s.Member) }, ""), 404},
		{"anyone asks where the gateway is", "GET /gateway", "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "GET", "/gateway", "")
		}, 200},
		{"the bot asks where the gateway is and how many shards", "GET /gateway/bot", "", bot("GET", func(*oasWorld) string { return "/gateway/bot" }, ""), 200},
		{"the gateway's shards without a bot token are 401", "GET /gateway/bot", "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.anon(t, "GET", "/gateway/bot", "")
		}, 401},
	}
}
