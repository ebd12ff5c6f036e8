package main

// The payload as a bot without a framework would model it: plain structs
// for the fields a command handler reads, decoded in one call.

type interactionPayload struct {
	ID            string   `json:"id"`
	ApplicationID string   `json:"application_id"`
	Type          int      `json:"type"`
	Token         string   `json:"token"`
	Version       int      `json:"version"`
	GuildID       string   `json:"guild_id"`
	ChannelID     string   `json:"channel_id"`
	Locale        string   `json:"locale"`
	GuildLocale   string   `json:"guild_locale"`
	AppPerms      string   `json:"app_permissions"`
	Context       int      `json:"context"`
	Data          cmdData  `json:"data"`
	Member        *member  `json:"member"`
	User          *user    `json:"user"`
	Channel       *channel `json:"channel"`
	Guild         *guild   `json:"guild"`
}

type cmdData struct {
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Type     int       `json:"type"`
	GuildID  string    `json:"guild_id"`
	Options  []option  `json:"options"`
	Resolved *resolved `json:"resolved"`
}

type option struct {
	Name    string   `json:"name"`
	Type    int      `json:"type"`
	Value   any      `json:"value"`
	Focused bool     `json:"focused"`
	Options []option `json:"options"`
}

type resolved struct {
	Users   map[string]user   `json:"users"`
	Members map[string]member `json:"members"`
}

type user struct {
	ID            string  `json:"id"`
	Username      string  `json:"username"`
	Discriminator string  `json:"discriminator"`
	GlobalName    *string `json:"global_name"`
	Avatar        *string `json:"avatar"`
	PublicFlags   int     `json:"public_flags"`
}

type member struct {
	User        *user    `json:"user"`
	Nick        *string  `json:"nick"`
	Roles       []string `json:"roles"`
	JoinedAt    string   `json:"joined_at"`
	Permissions string   `json:"permissions"`
	Flags       int      `json:"flags"`
	Pending     bool     `json:"pending"`
}

type channel struct {
	ID          string `json:"id"`
	Type        int    `json:"type"`
	Name        string `json:"name"`
	GuildID     string `json:"guild_id"`
	Permissions string `json:"permissions"`
}

type guild struct {
	ID       string   `json:"id"`
	Locale   string   `json:"locale"`
	Features []string `json:"features"`
}
