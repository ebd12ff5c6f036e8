package gateway

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// MembersRequest is what a Request Guild Members (op 8) asks of a guild.
type MembersRequest struct {
	// App is the application of the session that asks.
	App   uint64
	Guild uint64
	// Query is the start of the usernames asked for, and Limit how many
	// at most; Query "" with Limit 0 asks for every member.
	Query string
	Limit int
	// UserIDs, when set, asks for these users in place of a query.
	UserIDs []uint64
}

// All reports whether the request asks for every member of the guild.
func (r MembersRequest) All() bool { return r.UserIDs == nil && r.Query == "" && r.Limit == 0 }

// Members is what the world answers a MembersRequest with: each member
// found, as JSON, and the ids asked for that are no member.
type Members struct {
	Members  [][]byte
	NotFound []uint64
}

// membersPerChunk is how many members a GUILD_MEMBERS_CHUNK holds at most.
const membersPerChunk = 1000

// maxMemberIDs is how many user_ids a request may name, and maxNonce how
// long its nonce may be (a longer one is ignored).
const (
	maxMemberIDs = 100
	maxNonce     = 32
)

// membersData is op 8's d: guild_id is a snowflake, or a list of them as
// some clients send it; user_ids likewise.
type membersData struct {
	GuildID   json.RawMessage `json:"guild_id"`
	Query     *string         `json:"query"`
	Limit     *int            `json:"limit"`
	Presences bool            `json:"presences"`
	UserIDs   json.RawMessage `json:"user_ids"`
	Nonce     *string         `json:"nonce"`
}

// snowflakes reads a snowflake, or a list of them, as a string or a
// number each.
func snowflakes(raw json.RawMessage) ([]uint64, bool) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, true
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) != nil {
		list = []json.RawMessage{raw}
	}
	out := make([]uint64, 0, len(list))
	for _, r := range list {
		var s string
		if json.Unmarshal(r, &s) != nil {
			s = string(r)
		}
		id, err := strconv.ParseUint(s, 10, 64)
		if err != nil || id == 0 {
			return nil, false
		}
		out = append(out, id)
	}
	return out, true
}

// requestMembers answers a Request Guild Members with the
// GUILD_MEMBERS_CHUNKs of the guild it names, on the session's shard: up
// to 1,000 members a chunk, the users of user_ids not found, the nonce,
// and presences, empty, when asked for and allowed. Asking for every
// member needs GUILD_MEMBERS; without it the answer is one chunk with no
// member.
func (c *conn) requestMembers(d json.RawMessage) error {
	var in membersData
	if json.Unmarshal(d, &in) != nil {
		c.close(CloseDecodeError, "a Request Guild Members that is not one")
		return errClosing
	}
	guilds, ok := snowflakes(in.GuildID)
	if !ok || len(guilds) == 0 {
		c.close(CloseDecodeError, "a Request Guild Members without its guild_id")
		return errClosing
	}
	ids, ok := snowflakes(in.UserIDs)
	if !ok || len(ids) > maxMemberIDs {
		c.close(CloseDecodeError, "a Request Guild Members whose user_ids are not up to 100 ids")
		return errClosing
	}
	req := MembersRequest{UserIDs: ids}
	if in.UserIDs == nil || string(in.UserIDs) == "null" {
		req.UserIDs = nil
		if in.Query == nil || in.Limit == nil || *in.Limit < 0 {
			c.close(CloseDecodeError, "a Request Guild Members without query and limit, or user_ids")
			return errClosing
		}
		req.Query, req.Limit = *in.Query, *in.Limit
	}
	nonce := ""
	if in.Nonce != nil && len(*in.Nonce) <= maxNonce && utf8.ValidString(*in.Nonce) {
		nonce = *in.Nonce
	}
	h := c.h
	h.mu.Lock()
	s := c.sess
	h.mu.Unlock()
	if s == nil || h.cfg.Members == nil {
		return nil
	}
	for _, g := range guilds {
		if !s.onShard(g) {
			continue // another shard's guild: the service answers nothing here
		}
		req.Guild, req.App = g, s.id.App
		var found Members
		if !req.All() || s.id.Intents&IntentGuildMembers != 0 {
			var ok bool
			if found, ok = h.cfg.Members(req); !ok {
				continue // not a guild of the bot
			}
		}
		presences := in.Presences && s.id.Intents&IntentGuildPresences != 0
		h.mu.Lock()
		if c.sess == s {
			for _, chunk := range membersChunks(g, found, presences, nonce) {
				s.dispatch("GUILD_MEMBERS_CHUNK", chunk)
			}
		}
		h.mu.Unlock()
	}
	return nil
}

// membersChunks writes the chunks of members found in guild.
func membersChunks(guild uint64, found Members, presences bool, nonce string) [][]byte {
	count := max(1, (len(found.Members)+membersPerChunk-1)/membersPerChunk)
	chunks := make([][]byte, 0, count)
	for i := range count {
		b := []byte(`{"guild_id":"`)
		b = strconv.AppendUint(b, guild, 10)
		b = append(b, `","members":[`...)
		for j, m := range found.Members[i*membersPerChunk : min(len(found.Members), (i+1)*membersPerChunk)] {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(b, m...)
		}
		b = append(b, `],"chunk_index":`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `,"chunk_count":`...)
		b = strconv.AppendInt(b, int64(count), 10)
		if i == count-1 && len(found.NotFound) > 0 {
			b = append(b, `,"not_found":[`...)
			for j, id := range found.NotFound {
				if j > 0 {
					b = append(b, ',')
				}
				b = append(b, '"')
				b = strconv.AppendUint(b, id, 10)
				b = append(b, '"')
			}
			b = append(b, ']')
		}
		if presences {
			b = append(b, `,"presences":[]`...)
		}
		if nonce != "" {
			q, _ := json.Marshal(nonce)
			b = append(b, `,"nonce":`...)
			b = append(b, q...)
		}
		chunks = append(chunks, append(b, '}'))
	}
	return chunks
}
