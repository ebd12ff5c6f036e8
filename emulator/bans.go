package emulator

import (
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// Limits of the ban routes.
const (
	maxBansPage          = 1000
	maxDeleteMessageSecs = 7 * 24 * 60 * 60
	maxDeleteMessageDays = 7
)

// wireBan is a ban as the service gives it (the description's
// GuildBanResponse).
type wireBan struct {
	User   wireUser `json:"user"`
	Reason *string  `json:"reason"`
}

func (s *Server) banJSON(b *ban) wireBan {
	u := s.st.users[b.user]
	if u == nil {
		u = &interaction.User{ID: b.user}
	}
	return wireBan{User: userJSON(u), Reason: orNull(b.reason)}
}

// pathUser returns the user the path's {user} names, or 404 Unknown User.
func (s *Server) pathUser(r *request) (interaction.Snowflake, *apiError) {
	id, err := interaction.ParseSnowflake(r.PathValue("user"))
	if err != nil || s.st.users[id] == nil {
		return 0, errNotFound(codeUnknownUser, "Unknown User")
	}
	return id, nil
}

// banBody is the body of PUT /guilds/{guild}/bans/{user}.
type banBody struct {
	DeleteMessageSeconds *int `json:"delete_message_seconds"`
	DeleteMessageDays    *int `json:"delete_message_days"`
}

// banGuildMember is PUT /guilds/{guild}/bans/{user}: with Ban Members, a
// user is banned, with the request's X-Audit-Log-Reason as the ban's
// reason; a member, who must be below the bot, leaves the guild, and a
// user who is not one can be banned too. Banning a banned user changes
// nothing. The body, which the documentation makes optional, may ask for
// the user's messages of the last delete_message_seconds (0 to 604800),
// or of the deprecated delete_message_days (0 to 7), to go, from every
// channel and thread of the guild; seconds win when both are given. It
// answers 204.
func (s *Server) banGuildMember(r *request) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	user, e := s.pathUser(r)
	if e != nil {
		return 0, nil, e
	}
	reason, e := auditReason(r)
	if e != nil {
		return 0, nil, e
	}
	var in banBody
	if len(r.body) > 0 {
		if e := decodeBody(r, &in); e != nil {
			return 0, nil, e
		}
	}
	bad := newInvalidBody()
	for _, f := range []struct {
		name string
		v    *int
		max  int
	}{{"delete_message_seconds", in.DeleteMessageSeconds, maxDeleteMessageSecs}, {"delete_message_days", in.DeleteMessageDays, maxDeleteMessageDays}} {
		switch {
		case f.v == nil:
		case *f.v < 0:
			bad.add("/"+f.name, rules.NumberTypeMin, "int value should be greater than or equal to 0.")
		case *f.v > f.max:
			bad.add("/"+f.name, rules.NumberTypeMax, "int value should be less than or equal to "+strconv.Itoa(f.max)+".")
		}
	}
	if len(bad.errors) > 0 {
		return 0, nil, bad
	}
	if e := s.botNeeds(g, interaction.PermissionBanMembers); e != nil {
		return 0, nil, e
	}
	if g.members[user] != nil || user == g.owner || user == s.st.app.botUser {
		if e := s.botActsOn(g, user); e != nil {
			return 0, nil, e
		}
	}
	if g.bans[user] == nil {
		if g.bans == nil {
			g.bans = map[interaction.Snowflake]*ban{}
		}
		g.bans[user] = &ban{user: user, reason: reason}
		s.publishBan(g, user, false)
	}
	if g.members[user] != nil {
		delete(g.members, user)
		s.publishMember(g, user, true)
	}
	if d := in.deleteWindow(); d > 0 {
		s.deleteMessagesOf(g, user, s.st.now().Add(-d))
	}
	return http.StatusNoContent, nil, nil
}

// deleteWindow is how far back the ban's body asks the user's messages to
// go: seconds, or else days.
func (b banBody) deleteWindow() time.Duration {
	switch {
	case b.DeleteMessageSeconds != nil:
		return time.Duration(*b.DeleteMessageSeconds) * time.Second
	case b.DeleteMessageDays != nil:
		return time.Duration(*b.DeleteMessageDays) * 24 * time.Hour
	}
	return 0
}

// deleteMessagesOf deletes what user posted in g's channels since since.
// The caller holds the state's lock.
func (s *Server) deleteMessagesOf(g *guild, user interaction.Snowflake, since time.Time) {
	for cid := range g.channels {
		l := s.st.channelLogs[cid]
		if l == nil {
			continue
		}
		var deleted []interaction.Snowflake
		for _, id := range slices.Clone(l.ids) {
			if p := l.posted[id]; p != nil && p.author == user && !p.Deleted && !p.Created.Before(since) {
				s.removeMessage(cid, &p.Message)
				deleted = append(deleted, id)
			}
		}
		s.publishBulkDelete(cid, deleted)
	}
}

// unbanGuildMember is DELETE /guilds/{guild}/bans/{user}: with Ban
// Members, the ban is lifted (204); 404 Unknown Ban for a user not banned.
func (s *Server) unbanGuildMember(r *request) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	if _, e := auditReason(r); e != nil {
		return 0, nil, e
	}
	if e := s.botNeeds(g, interaction.PermissionBanMembers); e != nil {
		return 0, nil, e
	}
	b, e := s.pathBan(r, g)
	if e != nil {
		return 0, nil, e
	}
	delete(g.bans, b.user)
	s.publishBan(g, b.user, true)
	return http.StatusNoContent, nil, nil
}

// pathBan returns the ban of the user the path names: 404 Unknown User
// for nobody, Unknown Ban for a user not banned.
func (s *Server) pathBan(r *request, g *guild) (*ban, *apiError) {
	user, e := s.pathUser(r)
	if e != nil {
		return nil, e
	}
	b := g.bans[user]
	if b == nil {
		return nil, errNotFound(codeUnknownBan, "Unknown Ban")
	}
	return b, nil
}

// getGuildBan is GET /guilds/{guild}/bans/{user}, with Ban Members.
func (s *Server) getGuildBan(r *request) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	if e := s.botNeeds(g, interaction.PermissionBanMembers); e != nil {
		return 0, nil, e
	}
	b, e := s.pathBan(r, g)
	if e != nil {
		return 0, nil, e
	}
	return http.StatusOK, s.banJSON(b), nil
}

// listGuildBans is GET /guilds/{guild}/bans, with Ban Members: the bans
// by user id, at most limit of them (1 to 1000, 1000 by default); with
// before, the last of those below it, otherwise the first above after. A
// query with both is read by before, as the documentation says.
func (s *Server) listGuildBans(r *request) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	v := r.URL.Query()
	bad := newInvalidBody()
	limit := intQuery(v, "limit", maxBansPage, 1, maxBansPage, bad)
	before := snowflakeQuery(v, "before", bad)
	after := snowflakeQuery(v, "after", bad)
	if len(bad.errors) > 0 {
		return 0, nil, bad
	}
	if e := s.botNeeds(g, interaction.PermissionBanMembers); e != nil {
		return 0, nil, e
	}
	var picked []*ban
	for _, b := range g.sortedBans() {
		if before != 0 && b.user < before || before == 0 && b.user > after {
			picked = append(picked, b)
		}
	}
	if before != 0 {
		picked = picked[max(0, len(picked)-limit):]
	} else {
		picked = picked[:min(len(picked), limit)]
	}
	out := make([]wireBan, len(picked))
	for i, b := range picked {
		out[i] = s.banJSON(b)
	}
	return http.StatusOK, out, nil
}
