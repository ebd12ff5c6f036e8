package emulator

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
)

// Emoji is a custom emoji of a guild, as a Seed gives it and Guilds lists
// it: {"id", "name", "animated"}. A reaction names it name:id.
type Emoji struct {
	ID       interaction.Snowflake `json:"id"`
	Name     string                `json:"name"`
	Animated bool                  `json:"animated"`
}

// emojiName is what the service takes as a custom emoji's name.
var emojiName = regexp.MustCompile(`^[A-Za-z0-9_]{2,32}$`)

// checkEmojis reports what is wrong with the custom emojis of a guild: a
// name that is not 2 to 32 letters, digits and underscores, or a name
// given twice.
func checkEmojis(es []Emoji) error {
	seen := map[string]bool{}
	for i, e := range es {
		switch {
		case !emojiName.MatchString(e.Name):
			return fmt.Errorf("emoji %d is named %q, not 2 to 32 letters, digits and underscores", i, e.Name)
		case seen[e.Name]:
			return fmt.Errorf("emoji %d is named %q a second time", i, e.Name)
		}
		seen[e.Name] = true
	}
	return nil
}

// defaultEmojis are the custom emojis of the guild New makes, so that a
// bot reacts with a custom emoji as with a Unicode one; their ids are
// made as New makes the guild's.
var defaultEmojis = []Emoji{{Name: "switchboard"}, {Name: "dancing", Animated: true}}

// emojiRef is the emoji of a reaction route: a Unicode emoji's text, or a
// custom emoji's name and id.
type emojiRef struct {
	name string
	id   interaction.Snowflake
}

// key is the emoji as reactions keep it and the Go API spells it: the
// Unicode emoji, or name:id.
func (e emojiRef) key() string {
	if e.id == 0 {
		return e.name
	}
	return e.name + ":" + e.id.String()
}

// parseEmoji reads the emoji of a reaction route, as the path's value
// unescaped: a Unicode emoji, or name:id for a custom emoji. Text that
// is neither is 400 10014 Unknown Emoji; whether a custom emoji exists is
// the caller's to check (knownEmoji).
func parseEmoji(text string) (emojiRef, *apiError) {
	if name, id, ok := strings.Cut(text, ":"); ok {
		n, err := interaction.ParseSnowflake(id)
		if err != nil || n == 0 || !emojiName.MatchString(name) {
			return emojiRef{}, errUnknownEmoji()
		}
		return emojiRef{name: name, id: n}, nil
	}
	if !isUnicodeEmoji(text) {
		return emojiRef{}, errUnknownEmoji()
	}
	return emojiRef{name: text}, nil
}

func errUnknownEmoji() *apiError { return errBadRequest(codeUnknownEmoji, "Unknown Emoji") }

// knownEmoji returns the custom emoji e names, which user may react with
// in w: one of the channel's guild, or of another guild user is a member
// of with USE_EXTERNAL_EMOJIS in the channel (403 50013 without); in a
// DM one of any guild user is a member of. Any other is 400 10014, and so
// is a name that is not the emoji's (D260). A Unicode emoji is taken as
// it is. The caller holds the state's lock.
func (s *Server) knownEmoji(w where, user interaction.Snowflake, e emojiRef) (Emoji, *apiError) {
	if e.id == 0 {
		return Emoji{Name: e.name}, nil
	}
	for _, g := range s.st.guilds {
		i := slices.IndexFunc(g.emojis, func(x Emoji) bool { return x.ID == e.id })
		if i < 0 || g.emojis[i].Name != e.name {
			continue
		}
		switch {
		case w.g == g:
		case g.members[user] == nil:
			continue
		case !w.dm():
			p, err := s.permissionsIn(w, user)
			if err != nil {
				return Emoji{}, err
			}
			if !p.Has(interaction.PermissionUseExternalEmojis) {
				return Emoji{}, errMissingPermissions()
			}
		}
		return g.emojis[i], nil
	}
	return Emoji{}, errUnknownEmoji()
}

// wireEmoji is a custom emoji as Get Guild lists it (the description's
// EmojiResponse).
type wireEmoji struct {
	ID            interaction.Snowflake   `json:"id"`
	Name          string                  `json:"name"`
	Roles         []interaction.Snowflake `json:"roles"`
	RequireColons bool                    `json:"require_colons"`
	Managed       bool                    `json:"managed"`
	Animated      bool                    `json:"animated"`
	Available     bool                    `json:"available"`
}

// emojisJSON returns the custom emojis of g as Get Guild lists them.
func emojisJSON(g *guild) []wireEmoji {
	out := make([]wireEmoji, len(g.emojis))
	for i, e := range g.emojis {
		out[i] = wireEmoji{ID: e.ID, Name: e.Name, Roles: []interaction.Snowflake{}, RequireColons: true, Animated: e.Animated, Available: true}
	}
	return out
}
