package emulator

import (
	"cmp"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// A thread is a channel of its guild (its channels map holds it) whose
// parent is a text or announcement channel; the guild keeps what a thread
// has beyond a channel in threads: when it was made, its members and how
// many messages were ever sent in it. A thread seeded has no such record
// until something happens in it: it has no members, and its counts are
// those of its log.

// Error codes of the thread endpoints (public facts of the service).
const (
	codeChannelType     = 50024
	codeThreadLocked    = 160005
	codeThreadFromTaken = 160004
	codeMaxActive       = 160006
)

// maxActiveThreads is how many threads a guild may have that are not
// archived: the documentation names "a limit on the maximum number of
// active threads in a guild" without its number; public reports of 160006
// give 1,000 (D263).
const maxActiveThreads = 1000

// The auto-archive durations a thread takes, in minutes.
var autoArchiveDurations = []int{60, 1440, 4320, 10080}

// maxSlowmode is the most seconds rate_limit_per_user takes.
const maxSlowmode = 21600

// threadState is what the emulator keeps of a thread beyond its channel.
type threadState struct {
	created time.Time
	// members are the users who joined, in the order they did.
	members []threadMember
	// total counts the messages ever sent in the thread, the deleted
	// ones too (total_message_sent); the starter message is not one.
	total int
}

// threadMember is a user who joined a thread, and when.
type threadMember struct {
	user   interaction.Snowflake
	joined time.Time
}

// Thread is a thread of a guild, as Guilds gives it: its channel (with
// its parent, owner and metadata), its members in the order they joined,
// how many messages it shows (MessageCount, without its starter message)
// and how many were ever sent in it (TotalMessageSent), and when it was
// made, the zero time for a thread seeded.
type Thread struct {
	interaction.Channel
	Members          []interaction.Snowflake
	MessageCount     int
	TotalMessageSent int
	Created          time.Time
}

// threadOf returns the record of a thread of g, made on first use. The
// caller holds the state's lock.
func (g *guild) threadOf(id interaction.Snowflake) *threadState {
	if g.threads == nil {
		g.threads = map[interaction.Snowflake]*threadState{}
	}
	t := g.threads[id]
	if t == nil {
		t = &threadState{}
		g.threads[id] = t
	}
	return t
}

// isMember reports whether user joined the thread.
func (t *threadState) isMember(user interaction.Snowflake) bool {
	return t != nil && slices.ContainsFunc(t.members, func(m threadMember) bool { return m.user == user })
}

// member returns user's membership of the thread, nil when they have not
// joined.
func (t *threadState) member(user interaction.Snowflake) *threadMember {
	if t == nil {
		return nil
	}
	for i := range t.members {
		if t.members[i].user == user {
			return &t.members[i]
		}
	}
	return nil
}

// threadBody is the body of the two Start Thread routes: from a message
// (name, auto_archive_duration, rate_limit_per_user) and without one
// (type and invitable too).
type threadBody struct {
	Name                *string `json:"name"`
	AutoArchiveDuration *int    `json:"auto_archive_duration"`
	RateLimitPerUser    *int    `json:"rate_limit_per_user"`
	Type                *int    `json:"type"`
	Invitable           *bool   `json:"invitable"`
}

// decodeThreadBody reads the body of a Start Thread route and checks it
// (the description's CreateTextThreadWithMessageRequest and
// CreateTextThreadWithoutMessageRequest): a name of 1 to 100 characters,
// an auto-archive duration of 60, 1440, 4320 or 10080 minutes, a slowmode
// of 0 to 21600 seconds, and without a message a type of 10, 11 or 12.
// Every problem is reported, 400 50035. Fields of the other route are
// ignored, as the service ignores fields it does not take.
func decodeThreadBody(raw []byte, fromMessage bool) (threadBody, *apiError) {
	var b threadBody
	if e := decodeJSON(raw, &b); e != nil {
		return b, e
	}
	if fromMessage {
		b.Type, b.Invitable = nil, nil
	}
	inv := newInvalidBody()
	switch {
	case b.Name == nil:
		inv.add("/name", rules.BaseTypeRequired, "This field is required")
	default:
		if n := utf8.RuneCountInString(*b.Name); n < 1 || n > 100 {
			inv.add("/name", rules.BaseTypeBadLength, "Must be between 1 and 100 in length.")
		}
	}
	if d := b.AutoArchiveDuration; d != nil && !slices.Contains(autoArchiveDurations, *d) {
		inv.add("/auto_archive_duration", rules.BaseTypeChoices, "Value must be one of (60, 1440, 4320, 10080).")
	}
	if r := b.RateLimitPerUser; r != nil {
		switch {
		case *r < 0:
			inv.add("/rate_limit_per_user", rules.NumberTypeMin, "int value should be greater than or equal to 0.")
		case *r > maxSlowmode:
			inv.add("/rate_limit_per_user", rules.NumberTypeMax, "int value should be less than or equal to "+strconv.Itoa(maxSlowmode)+".")
		}
	}
	if t := b.Type; t != nil && (*t < int(interaction.ChannelAnnouncementThread) || *t > int(interaction.ChannelPrivateThread)) {
		inv.add("/type", rules.BaseTypeChoices, "Value must be one of (10, 11, 12).")
	}
	if len(inv.errors) > 0 {
		return b, inv
	}
	return b, nil
}

// threadRoutes registers the routes that start threads ("Start Thread
// from Message", "Start Thread without Message") and list a guild's
// active threads.
func (s *Server) threadRoutes(mux *http.ServeMux) {
	s.route(mux, "POST /channels/{channel}/messages/{message}/threads", "channel_threads", false, s.startThreadFromMessage)
	s.route(mux, "POST /channels/{channel}/threads", "channel_threads", false, s.startThread)
	s.route(mux, "GET /guilds/{guild}/threads/active", "guild threads", false, s.listActiveThreads)
}

// threadParent returns the channel a Start Thread route names, which must
// take threads: a text or announcement channel of a guild (400 50024 for
// any other, a forum or media channel too, D261), that the bot may view.
// Its X-Audit-Log-Reason is checked as the member routes check theirs
// (G.14); the emulator keeps no audit log of channels.
func (s *Server) threadParent(r *request) (where, interaction.Permissions, *apiError) {
	if e := botOnly(r); e != nil {
		return where{}, 0, e
	}
	if _, e := auditReason(r); e != nil {
		return where{}, 0, e
	}
	w, e := s.requestChannel(r)
	if e != nil {
		return where{}, 0, e
	}
	if w.dm() || (w.ch.Type != interaction.ChannelGuildText && w.ch.Type != interaction.ChannelGuildAnnouncement) {
		return where{}, 0, errBadRequest(codeChannelType, "Cannot execute action on this channel type")
	}
	p, e := s.permissionsIn(w, s.st.app.botUser)
	if e != nil {
		return where{}, 0, e
	}
	return w, p, nil
}

// roomForThread refuses a thread more in a guild that has maxActiveThreads
// active already: 400 160006. The caller holds the state's lock.
func roomForThread(g *guild) *apiError {
	n := 0
	for _, c := range g.channels {
		if c.Type.IsThread() && (c.ThreadMetadata == nil || !c.ThreadMetadata.Archived) {
			n++
		}
	}
	if n >= maxActiveThreads {
		return errBadRequest(codeMaxActive, "Maximum number of active threads reached")
	}
	return nil
}

// startThreadFromMessage is POST /channels/{channel}/messages/{message}/threads:
// a public thread (an announcement thread in an announcement channel)
// whose id is the message's, owned and joined by the bot, 201 with the
// thread. It needs CREATE_PUBLIC_THREADS and the right to read the
// message; a message with a thread already is 400 160004. The message
// gains the HAS_THREAD flag and its thread; the thread starts with a
// THREAD_STARTER_MESSAGE pointing at it.
func (s *Server) startThreadFromMessage(r *request) (int, any, *apiError) {
	w, perms, e := s.threadParent(r)
	if e != nil {
		return 0, nil, e
	}
	bot := s.st.app.botUser
	if e := s.mayRead(w, bot); e != nil {
		return 0, nil, e
	}
	m := s.requestMessage(r, w)
	if m == nil {
		return 0, nil, errUnknownMessage()
	}
	b, e := decodeThreadBody(r.body, true)
	if e != nil {
		return 0, nil, e
	}
	if !perms.Has(interaction.PermissionCreatePublicThreads) {
		return 0, nil, errMissingPermissions()
	}
	if w.g.channels[m.ID] != nil {
		return 0, nil, errBadRequest(codeThreadFromTaken, "A thread has already been created for this message")
	}
	if e := roomForThread(w.g); e != nil {
		return 0, nil, e
	}
	typ := interaction.ChannelPublicThread
	if w.ch.Type == interaction.ChannelGuildAnnouncement {
		typ = interaction.ChannelAnnouncementThread
	}
	th := s.newThread(w, m.ID, typ, bot, b)
	starter := &postedMessage{
		Message: Message{ID: s.st.newID(), ChannelID: th.ID, Created: s.st.now()},
		author:  s.authorOf(w.ch.ID, m), typ: messageThreadStarter,
		ref: &messageRef{channel: w.ch.ID, guild: w.g.id, message: m.ID},
	}
	s.st.post(starter)
	s.publishMessage(messageCreated, starter.ChannelID, &starter.Message)
	s.st.journal.add(m.ID)
	// The message now shows its thread.
	s.publishMessage(messageUpdated, w.ch.ID, m)
	return http.StatusCreated, s.threadJSON(w.g, th), nil
}

// startThread is POST /channels/{channel}/threads, without a message: a
// private thread unless type says otherwise (the documentation's default,
// E.26), owned and joined by the bot, 201 with the thread. A public
// thread needs CREATE_PUBLIC_THREADS, a private one
// CREATE_PRIVATE_THREADS and a text channel (400 50024 in an
// announcement channel, as is an announcement thread in a text channel);
// in an announcement channel type 11 makes an announcement thread (D262).
// invitable counts for a private thread only, true by default (D269). A
// public thread posts a THREAD_CREATED message in its parent.
func (s *Server) startThread(r *request) (int, any, *apiError) {
	w, perms, e := s.threadParent(r)
	if e != nil {
		return 0, nil, e
	}
	b, e := decodeThreadBody(r.body, false)
	if e != nil {
		return 0, nil, e
	}
	typ := interaction.ChannelPrivateThread
	if b.Type != nil {
		typ = interaction.ChannelType(*b.Type)
	}
	announcement := w.ch.Type == interaction.ChannelGuildAnnouncement
	switch {
	case announcement && typ == interaction.ChannelPublicThread:
		typ = interaction.ChannelAnnouncementThread
	case announcement != (typ == interaction.ChannelAnnouncementThread):
		return 0, nil, errBadRequest(codeChannelType, "Cannot execute action on this channel type")
	}
	need := interaction.PermissionCreatePublicThreads
	if typ == interaction.ChannelPrivateThread {
		need = interaction.PermissionCreatePrivateThreads
	}
	if !perms.Has(need) {
		return 0, nil, errMissingPermissions()
	}
	if e := roomForThread(w.g); e != nil {
		return 0, nil, e
	}
	bot := s.st.app.botUser
	th := s.newThread(w, s.st.newID(), typ, bot, b)
	if typ != interaction.ChannelPrivateThread {
		created := &postedMessage{
			Message: Message{ID: s.st.newID(), ChannelID: w.ch.ID, Data: interaction.MessageData{Content: th.Name}, Created: s.st.now()},
			author:  bot, typ: messageThreadCreated,
			ref: &messageRef{channel: th.ID, guild: w.g.id},
		}
		s.st.post(created)
		s.publishMessage(messageCreated, created.ChannelID, &created.Message)
	}
	return http.StatusCreated, s.threadJSON(w.g, th), nil
}

// newThread makes a thread of type typ with id in w's channel, owned by
// owner, who joins it. The caller holds the state's lock.
func (s *Server) newThread(w where, id interaction.Snowflake, typ interaction.ChannelType, owner interaction.Snowflake, b threadBody) *interaction.Channel {
	now := s.st.now()
	md := &interaction.ThreadMetadata{AutoArchiveDuration: 1440, ArchiveTimestamp: now.UTC()}
	if b.AutoArchiveDuration != nil {
		md.AutoArchiveDuration = *b.AutoArchiveDuration
	}
	if typ == interaction.ChannelPrivateThread {
		md.Invitable = b.Invitable == nil || *b.Invitable
	}
	th := &interaction.Channel{ID: id, Type: typ, GuildID: w.g.id, Name: *b.Name, ParentID: w.ch.ID, OwnerID: owner, ThreadMetadata: md}
	if b.RateLimitPerUser != nil {
		th.RateLimitPerUser = *b.RateLimitPerUser
	}
	w.g.channels[id] = th
	t := w.g.threadOf(id)
	t.created = now
	t.members = append(t.members, threadMember{user: owner, joined: now})
	s.publishThread(w.g, th)
	return th
}

// messageThread returns the thread started from a message of channel,
// and its guild; nil for none. The caller holds the state's lock.
func (s *Server) messageThread(channel, message interaction.Snowflake) (*guild, *interaction.Channel) {
	w, ok := s.findChannel(channel)
	if !ok || w.dm() {
		return nil, nil
	}
	if th := w.g.channels[message]; th != nil && th.Type.IsThread() && th.ParentID == channel {
		return w.g, th
	}
	return nil, nil
}

// notArchived refuses an act an archived thread does not take: 400 50083.
func (s *Server) notArchived(w where) *apiError {
	if w.g != nil && w.ch.Type.IsThread() && w.ch.ThreadMetadata != nil && w.ch.ThreadMetadata.Archived {
		return errBadRequest(codeArchivedThread, "Tried to perform an operation on an archived thread, such as editing a message or adding a user to the thread")
	}
	return nil
}

// sentInThread counts a message just posted in a thread: its last
// message, its total, and an archived thread that is not locked wakes up,
// as the service's documentation says sending a message does. The caller
// holds the state's lock.
func (s *Server) sentInThread(w where, p *postedMessage) {
	if w.g == nil || !w.ch.Type.IsThread() {
		return
	}
	w.ch.LastMessageID = p.ID
	w.g.threadOf(w.ch.ID).total++
	// The message a thread started from shows the thread's counts.
	s.st.journal.add(w.ch.ID)
	if md := w.ch.ThreadMetadata; md != nil && md.Archived && !md.Locked {
		md.Archived = false
		md.ArchiveTimestamp = s.st.now().UTC()
	}
}

// threadMessageCount is how many messages a thread shows, its starter
// message left out. The caller holds the state's lock.
func (s *Server) threadMessageCount(thread interaction.Snowflake) int {
	n := 0
	l := s.st.channelLogs[thread]
	for _, id := range s.liveIDs(thread) {
		if p := l.posted[id]; p == nil || p.typ != messageThreadStarter {
			n++
		}
	}
	return n
}

// wireThreadMember is a member of a thread (the description's
// ThreadMemberResponse).
type wireThreadMember struct {
	ID            interaction.Snowflake `json:"id"`
	UserID        interaction.Snowflake `json:"user_id"`
	JoinTimestamp time.Time             `json:"join_timestamp"`
	Flags         int                   `json:"flags"`
}

// threadJSON returns a thread of g as the service gives it (the
// description's ThreadResponse), with the bot's membership when it
// joined. The caller holds the state's lock.
func (s *Server) threadJSON(g *guild, c *interaction.Channel) wireThread {
	w := wireThread{ID: c.ID, Type: c.Type, GuildID: g.id, Name: c.Name, ParentID: orNull(c.ParentID), OwnerID: cmp.Or(c.OwnerID, g.owner),
		Flags: c.Flags, RateLimitPerUser: c.RateLimitPerUser, LastMessageID: orNull(c.LastMessageID),
		ThreadMetadata: wireThreadMetadata{AutoArchiveDuration: 1440}, MessageCount: s.threadMessageCount(c.ID)}
	if md := c.ThreadMetadata; md != nil {
		w.ThreadMetadata = wireThreadMetadata{Archived: md.Archived, AutoArchiveDuration: cmp.Or(md.AutoArchiveDuration, 1440),
			Locked: md.Locked, Invitable: md.Invitable}
		if !md.ArchiveTimestamp.IsZero() {
			t := md.ArchiveTimestamp
			w.ThreadMetadata.ArchiveTimestamp = &t
		}
	}
	if t := g.threads[c.ID]; t != nil {
		w.MemberCount = min(len(t.members), 50)
		w.TotalMessageSent = t.total
		if !t.created.IsZero() {
			created := t.created.UTC()
			w.ThreadMetadata.CreateTimestamp = &created
		}
		if m := t.member(s.st.app.botUser); m != nil {
			w.Member = &wireThreadMember{ID: c.ID, UserID: m.user, JoinTimestamp: m.joined.UTC()}
		}
	}
	return w
}

// listActiveThreads is GET /guilds/{guild}/threads/active: the threads of
// the guild not archived that the bot may view, by id, and its
// memberships of them (the description's ThreadsResponse; has_more is
// always false).
func (s *Server) listActiveThreads(r *request) (int, any, *apiError) {
	g, e := s.botGuild(r)
	if e != nil {
		return 0, nil, e
	}
	bot := s.st.app.botUser
	threads, members := []wireThread{}, []wireThreadMember{}
	for _, id := range slices.Sorted(maps.Keys(g.channels)) {
		c := g.channels[id]
		if !c.Type.IsThread() || (c.ThreadMetadata != nil && c.ThreadMetadata.Archived) {
			continue
		}
		if _, e := s.permissionsIn(where{g: g, ch: c}, bot); e != nil {
			continue
		}
		w := s.threadJSON(g, c)
		threads = append(threads, w)
		if w.Member != nil {
			members = append(members, *w.Member)
		}
	}
	return http.StatusOK, map[string]any{"threads": threads, "members": members, "has_more": false}, nil
}

// threadValues copies the threads of g as Guilds gives them. The caller
// holds the state's lock.
func (s *Server) threadValues(g *guild) []Thread {
	var out []Thread
	for _, id := range slices.Sorted(maps.Keys(g.channels)) {
		c := *g.channels[id]
		if !c.Type.IsThread() {
			continue
		}
		c.ThreadMetadata = clonePtr(c.ThreadMetadata)
		c.OwnerID = cmp.Or(c.OwnerID, g.owner)
		v := Thread{Channel: c, MessageCount: s.threadMessageCount(id)}
		if t := g.threads[id]; t != nil {
			for _, m := range t.members {
				v.Members = append(v.Members, m.user)
			}
			v.TotalMessageSent, v.Created = t.total, t.created
		}
		out = append(out, v)
	}
	return out
}

// ArchiveThread archives a thread, as a moderator may in the client, and
// locks it too when locked is set. An archived thread takes no reaction
// and no edit of its messages; a message sent in it wakes it up, unless
// it is locked, when only members with Manage Threads send there.
//
// A refusal changes nothing and is an *InvocationError: ErrUnknownTarget
// for a channel that is no thread of a guild.
func (s *Server) ArchiveThread(thread interaction.Snowflake, locked bool) error {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	w, ok := s.findChannel(thread)
	if !ok || w.dm() || !w.ch.Type.IsThread() {
		return refuse(ErrUnknownTarget, "no thread "+thread.String())
	}
	md := w.ch.ThreadMetadata
	if md == nil {
		md = &interaction.ThreadMetadata{AutoArchiveDuration: 1440}
		w.ch.ThreadMetadata = md
	}
	md.Archived, md.Locked, md.ArchiveTimestamp = true, locked, s.st.now().UTC()
	s.st.touch()
	return nil
}
