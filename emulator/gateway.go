package emulator

import (
	"cmp"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/emulator/internal/gateway"
	"github.com/switchboard-go/switchboard/interaction"
)

// The gateway: a bot with no interactions URL receives its interactions
// as the service sends them then, as INTERACTION_CREATE on its gateway
// connection, and the events of the world it asked for beside them.
// Package internal/gateway serves the protocol; this file gives it the
// world: who the bot is, its guilds as READY and GUILD_CREATE show them,
// and the events.

// newGateway makes s's gateway hub, as cfg says.
func (s *Server) newGateway(cfg Config) {
	disallowed := gateway.Intents(cfg.DisallowedIntents)
	s.gw = gateway.New(gateway.Config{
		Token: func(t string) (uint64, bool) {
			s.st.mu.Lock()
			defer s.st.mu.Unlock()
			if app := s.st.botApp(t); app != nil {
				return uint64(app.id), true
			}
			return 0, false
		},
		Allowed:           func() gateway.Intents { return gateway.Privileged &^ disallowed },
		Welcome:           s.welcome,
		Members:           s.requestedMembers,
		HeartbeatInterval: cfg.GatewayHeartbeat,
		Drop: func() bool {
			_, ok := s.deliveryFaults.fire(DeliveryGatewayDrop)
			return ok
		},
	})
}

// gatewayRoutes registers the routes that tell a bot where the gateway is.
func (s *Server) gatewayRoutes(mux *http.ServeMux) {
	s.route(mux, "GET /gateway", "gateway", true, s.getGateway)
	s.route(mux, "GET /gateway/bot", "gateway bot", false, s.getGatewayBot)
}

// gatewayURL is the URL of the gateway for a request that came to host:
// the emulator serves it at the root of the address its API is at, as
// the service's is at the root of its own host.
func gatewayURL(host string) string { return "ws://" + host }

// getGateway is GET /gateway, which anyone may ask.
func (s *Server) getGateway(r *request) (int, any, *apiError) {
	return http.StatusOK, map[string]string{"url": gatewayURL(r.Host)}, nil
}

// getGatewayBot is GET /gateway/bot: the URL, one shard, which is what
// the service recommends for fewer than 2,500 guilds, and the session
// start limit as it stands.
func (s *Server) getGatewayBot(r *request) (int, any, *apiError) {
	if !r.caller.bot {
		return 0, nil, errUnauthorized()
	}
	l := s.gw.StartLimit(uint64(r.caller.app.id))
	return http.StatusOK, map[string]any{
		"url":    gatewayURL(r.Host),
		"shards": 1,
		"session_start_limit": map[string]int64{
			"total": int64(l.Total), "remaining": int64(l.Remaining),
			"reset_after": l.ResetAfter.Milliseconds(), "max_concurrency": int64(l.MaxConcurrency),
		},
	}, nil
}

// isWebSocket reports whether r asks to open a WebSocket.
func isWebSocket(r *http.Request) bool {
	return r.Method == http.MethodGet && strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
}

// welcome builds what a new session of the gateway is sent first: the
// bot, the application and each guild the bot is in, and hands it to
// begin under the state's lock, so that the session misses no event
// after it and gets none from before.
func (s *Server) welcome(id gateway.Identity, begin func(gateway.Welcome)) {
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	if app := st.appByID(interaction.Snowflake(id.App)); app != nil {
		// The session is the application's whose token identified it.
		defer st.actFor(app)()
	}
	bot := st.users[st.app.botUser]
	w := gateway.Welcome{
		User:        mustJSON(userJSON(bot)),
		Application: mustJSON(map[string]any{"id": st.app.id, "flags": s.publicApplication().Flags}),
	}
	for _, gid := range slices.Sorted(maps.Keys(st.guilds)) {
		g := st.guilds[gid]
		if g.members[bot.ID] == nil {
			continue
		}
		w.Guilds = append(w.Guilds, gateway.Guild{ID: uint64(g.id), Create: mustJSON(s.guildCreate(g, id.Intents))})
	}
	begin(w)
	// Who waits for the bot to be connected (Changed) looks again.
	st.touch()
}

// wireGuildCreate is GUILD_CREATE's d: the guild object and what the
// gateway adds to it.
type wireGuildCreate struct {
	wireGuildObject
	JoinedAt             string            `json:"joined_at"`
	Large                bool              `json:"large"`
	Unavailable          bool              `json:"unavailable"`
	MemberCount          int               `json:"member_count"`
	Members              []wireGuildMember `json:"members"`
	Channels             []any             `json:"channels"`
	Threads              []wireThread      `json:"threads"`
	Presences            []struct{}        `json:"presences"`
	VoiceStates          []struct{}        `json:"voice_states"`
	StageInstances       []struct{}        `json:"stage_instances"`
	GuildScheduledEvents []struct{}        `json:"guild_scheduled_events"`
	SoundboardSounds     []struct{}        `json:"soundboard_sounds"`
}

// guildCreate returns GUILD_CREATE's d for g, for a session that asked
// for intents: its members are the bot alone unless the session asked
// for GUILD_PRESENCES, as the service lists only the members it has
// presences of (the emulator knows no voice channel's members). The
// caller holds the state's lock.
func (s *Server) guildCreate(g *guild, intents gateway.Intents) wireGuildCreate {
	bot := s.st.app.botUser
	w := wireGuildCreate{
		wireGuildObject: s.guildObject(g),
		MemberCount:     len(g.members),
		Members:         []wireGuildMember{},
		Channels:        []any{},
		Threads:         []wireThread{},
		Presences:       []struct{}{}, VoiceStates: []struct{}{}, StageInstances: []struct{}{},
		GuildScheduledEvents: []struct{}{}, SoundboardSounds: []struct{}{},
	}
	if m := g.members[bot]; m != nil {
		w.JoinedAt = m.JoinedAt.UTC().Format(timestampLayout)
	}
	for _, id := range slices.Sorted(maps.Keys(g.members)) {
		if id == bot || intents&gateway.IntentGuildPresences != 0 {
			w.Members = append(w.Members, guildMemberJSON(g.members[id]))
		}
	}
	chans := slices.Collect(maps.Values(g.channels))
	slices.SortFunc(chans, func(a, b *interaction.Channel) int {
		return cmp.Or(cmp.Compare(a.Position, b.Position), cmp.Compare(a.ID, b.ID))
	})
	for _, c := range chans {
		switch {
		case !c.Type.IsThread():
			w.Channels = append(w.Channels, s.guildChannelJSON(g, c))
		case c.ThreadMetadata == nil || !c.ThreadMetadata.Archived:
			if _, e := s.permissionsIn(where{g: g, ch: c}, bot); e == nil {
				w.Threads = append(w.Threads, s.threadJSON(g, c))
			}
		}
	}
	return w
}

// mustJSON encodes v, which the emulator built and which encodes.
func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic("emulator: encoding a gateway payload: " + err.Error())
	}
	return b
}

// gatewayDelivers reports whether an interaction in guild (0 for none)
// goes to the bot over the gateway: it has no interactions URL, and a
// session of its gateway, connected or resumable, is on the guild's
// shard. The caller holds the state's lock.
func (s *Server) gatewayDelivers(url string, guild interaction.Snowflake) bool {
	return url == "" && s.gw.Receivers(uint64(s.st.app.id), uint64(guild))
}

// exchangeOverGateway sends an interaction recorded as sent to the bot
// as INTERACTION_CREATE, and waits the response window for its answer
// through the callback endpoint, the only way it can answer.
func (s *Server) exchangeOverGateway(ctx context.Context, p *prepared) *Result {
	res := &Result{Interaction: p.si.ix, Body: p.body, Gateway: true, Faults: p.faults.fired}
	s.st.mu.Lock()
	if _, dropped := s.gw.Send(gateway.Event{Name: "INTERACTION_CREATE", App: uint64(p.si.ix.ApplicationID), Guild: uint64(p.si.ix.GuildID), Data: p.body}); dropped > 0 {
		p.si.faults = append(p.si.faults, DeliveryGatewayDrop)
		res.Faults = append(res.Faults, DeliveryGatewayDrop)
	}
	s.st.mu.Unlock()
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, s.window)
	defer cancel()
	s.awaitCallback(ctx, p)
	res.Took = time.Since(start)
	s.settleNow(p, res)
	return res
}

// GatewaySession is a session of the bot's gateway: what its IDENTIFY
// asked for, and whether it has a connection now or waits, for a while,
// to be resumed.
type GatewaySession struct {
	// Application is the application whose bot token identified it.
	Application interaction.Snowflake
	ID          string
	Intents     uint64
	// Shard is [shard_id, num_shards].
	Shard     [2]int
	Connected bool
}

// GatewaySessions returns the sessions of the bot's gateway, by id. A
// session's start is a change (Changed).
func (s *Server) GatewaySessions() []GatewaySession {
	var out []GatewaySession
	for _, si := range s.gw.Sessions() {
		out = append(out, GatewaySession{Application: interaction.Snowflake(si.App), ID: si.SessionID, Intents: uint64(si.Intents), Shard: si.Shard, Connected: si.Connected})
	}
	return out
}

// ReconnectGateway asks every connected session of the bot's gateway to
// reconnect and resume (RECONNECT, op 7), as the service does before it
// moves a session, so that a test sees its bot resume without losing an
// event; a connection the client leaves open is closed a heartbeat
// interval later.
func (s *Server) ReconnectGateway() { s.gw.Reconnect() }

// controlGatewayRoutes serve the gateway's part of the control API: its
// sessions, RECONNECT, and users who join a guild.
func (s *Server) controlGatewayRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /_emulator/gateway", func(w http.ResponseWriter, _ *http.Request) {
		type sessionJSON struct {
			Application interaction.Snowflake `json:"application_id"`
			ID          string                `json:"id"`
			Intents     uint64                `json:"intents"`
			Shard       [2]int                `json:"shard"`
			Connected   bool                  `json:"connected"`
		}
		out := []sessionJSON{}
		for _, ss := range s.GatewaySessions() {
			out = append(out, sessionJSON(ss))
		}
		writeJSON(w, http.StatusOK, map[string]any{"sessions": out})
	})
	mux.HandleFunc("POST /_emulator/gateway/reconnect", func(w http.ResponseWriter, _ *http.Request) {
		s.ReconnectGateway()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /_emulator/members", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Guild interaction.Snowflake `json:"guild"`
			User  interaction.Snowflake `json:"user"`
		}
		if !readControl(w, r, &in) {
			return
		}
		if err := s.Join(in.Guild, in.User); err != nil {
			writeSetupRefusal(w, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// requestedMembers answers a Request Guild Members of the bot's gateway:
// the members of a guild of the bot by id, those whose username starts
// with the query (without regard to case) up to the limit, or those
// user_ids names.
func (s *Server) requestedMembers(r gateway.MembersRequest) (gateway.Members, bool) {
	st := s.st
	st.mu.Lock()
	defer st.mu.Unlock()
	if app := st.appByID(interaction.Snowflake(r.App)); app != nil {
		defer st.actFor(app)()
	}
	g := st.guilds[interaction.Snowflake(r.Guild)]
	if g == nil || !s.botIn(g) {
		return gateway.Members{}, false
	}
	var out gateway.Members
	if r.UserIDs != nil {
		for _, id := range r.UserIDs {
			if m := g.members[interaction.Snowflake(id)]; m != nil {
				out.Members = append(out.Members, mustJSON(guildMemberJSON(m)))
			} else {
				out.NotFound = append(out.NotFound, id)
			}
		}
		return out, true
	}
	query := strings.ToLower(r.Query)
	for _, id := range slices.Sorted(maps.Keys(g.members)) {
		m := g.members[id]
		if !strings.HasPrefix(strings.ToLower(m.User.Username), query) {
			continue
		}
		if r.Limit > 0 && len(out.Members) == r.Limit {
			break
		}
		out.Members = append(out.Members, mustJSON(guildMemberJSON(m)))
	}
	return out, true
}
