package emulator

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// oasGeneral returns the seeded guild's channel named general.
func oasGeneral(t *testing.T, w *oasWorld) string {
	t.Helper()
	for _, g := range w.s.Guilds() {
		for _, c := range g.Channels {
			if c.Name == "general" {
				return c.ID.String()
			}
		}
	}
	t.Fatal("no channel named general")
	return ""
}

// oasPosted posts content in channel as the bot and returns its id.
func oasPosted(t *testing.T, w *oasWorld, channel, content string) string {
	t.Helper()
	a := w.asBot(t, "POST", "/channels/"+channel+"/messages", `{"content":"`+content+`"}`)
	var m struct{ ID string }
	if err := json.Unmarshal(a.body, &m); err != nil || m.ID == "" {
		t.Fatalf("posting: %d %s", a.status, a.body)
	}
	return m.ID
}

// oasDM returns the bot's DM channel with the seeded member, where no
// permission applies: pins need none there.
func oasDM(w *oasWorld) string { return dmChannel(w.s.Member).String() }

// withManager runs do with the bot a moderator of the seeded guild, which
// may manage messages, and then takes the role away.
func withManager(t *testing.T, w *oasWorld, do func() oasAnswer) oasAnswer {
	t.Helper()
	var mod interaction.Snowflake
	for _, g := range w.s.Guilds() {
		for _, r := range g.Roles {
			if r.Name == "Moderator" {
				mod = r.ID
			}
		}
	}
	if err := w.s.SetRoles(w.s.GuildID, w.s.ApplicationID, mod); err != nil {
		t.Fatal(err)
	}
	defer w.s.SetRoles(w.s.GuildID, w.s.ApplicationID)
	return do()
}

// withThreads runs do with the bot allowed, by an overwrite of the seeded
// guild's channel named general, to start public and private threads,
// and then takes the overwrite away.
func withThreads(t *testing.T, w *oasWorld, do func(channel string) oasAnswer) oasAnswer {
	t.Helper()
	ch := oasGeneral(t, w)
	id, _ := interaction.ParseSnowflake(ch)
	allow := interaction.PermissionCreatePublicThreads | interaction.PermissionCreatePrivateThreads | interaction.PermissionSendMessagesInThreads
	if err := w.s.SetOverwrites(w.s.GuildID, id, Overwrite{ID: w.s.ApplicationID, Type: OverwriteMember, Allow: allow}); err != nil {
		t.Fatal(err)
	}
	defer w.s.SetOverwrites(w.s.GuildID, id)
	return do(ch)
}

// withoutBotPermissions runs do while general takes perms from the bot,
// whose role in the guild New makes has them.
func withoutBotPermissions(t *testing.T, w *oasWorld, perms interaction.Permissions, do func() oasAnswer) oasAnswer {
	t.Helper()
	id, _ := interaction.ParseSnowflake(oasGeneral(t, w))
	if err := w.s.SetOverwrites(w.s.GuildID, id, Overwrite{ID: w.s.ApplicationID, Type: OverwriteMember, Deny: perms}); err != nil {
		t.Fatal(err)
	}
	defer w.s.SetOverwrites(w.s.GuildID, id)
	return do()
}

// oasThumbsUp is 👍 as a path takes it.
const oasThumbsUp = "%F0%9F%91%8D"

// oasReacted posts a message in general, which the bot and the seeded
// member react to with 👍, and returns the message's path.
func oasReacted(t *testing.T, w *oasWorld) string {
	t.Helper()
	ch := oasGeneral(t, w)
	id := oasPosted(t, w, ch, "react to me")
	path := "/channels/" + ch + "/messages/" + id
	if a := w.asBot(t, "PUT", path+"/reactions/"+oasThumbsUp+"/@me", ""); a.status != 204 {
		t.Fatalf("reacting: %d %s", a.status, a.body)
	}
	cid, _ := interaction.ParseSnowflake(ch)
	mid, _ := interaction.ParseSnowflake(id)
	if err := w.s.React(w.s.Member, cid, mid, "👍"); err != nil {
		t.Fatal(err)
	}
	return path
}

// channelCases are the cases of the channel endpoints.
func channelCases() []apiCase {
	const (
		messages   = "/channels/{channel}/messages"
		message    = "/channels/{channel}/messages/{message}"
		bulk       = "/channels/{channel}/messages/bulk-delete"
		pins       = "/channels/{channel}/messages/pins"
		pin        = "/channels/{channel}/messages/pins/{message}"
		oldPins    = "/channels/{channel}/pins"
		oldPin     = "/channels/{channel}/pins/{message}"
		dmChannels = "/users/@me/channels"
		reactions  = "/channels/{channel}/messages/{message}/reactions"
		reaction   = reactions + "/{emoji}"
		myReaction = reaction + "/@me"
		theirs     = reaction + "/{user}"
		fromMsg    = "/channels/{channel}/messages/{message}/threads"
		threads    = "/channels/{channel}/threads"
		channel    = "/channels/{channel}"
		active     = "/guilds/{guild}/threads/active"
	)
	return []apiCase{
		{"the bot posts a message", "POST " + messages, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", "/channels/"+oasGeneral(t, w)+"/messages",
				`{"content":"<@`+w.s.Member.String()+`> hello","embeds":[{"title":"T"}],"components":`+oasComponents+`,"nonce":"n1","tts":false}`)
		}, 200},
		{"the bot posts a file and a layout", "POST " + messages, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ct, body := oasMultipart(t, `{"flags":32768,"components":`+oasLayout+`}`, "cat.png", []byte("\x89PNG\r\n\x1a\n"))
			return w.call(t, "POST", "/channels/"+oasGeneral(t, w)+"/messages", "Bot "+w.s.BotToken, ct, body)
		}, 200},
		{"the bot posts a poll in a DM", "POST " + messages, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", "/channels/"+oasDM(w)+"/messages",
				`{"poll":{"question":{"text":"Tea?"},"answers":[{"poll_media":{"text":"Yes"}},{"poll_media":{"text":"No"}}]}}`)
		}, 200},
		{"the bot replies", "POST " + messages, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			id := oasPosted(t, w, ch, "question")
			return w.asBot(t, "POST", "/channels/"+ch+"/messages", `{"content":"answer","message_reference":{"message_id":"`+id+`"}}`)
		}, 200},
		{"the bot forwards", "POST " + messages, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			id := oasPosted(t, w, ch, "forward me")
			return w.asBot(t, "POST", "/channels/"+oasDM(w)+"/messages", `{"message_reference":{"type":1,"message_id":"`+id+`","channel_id":"`+ch+`"}}`)
		}, 200},
		{"the bot posts no poll without SEND_POLLS", "POST " + messages, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", "/channels/"+oasGeneral(t, w)+"/messages",
				`{"poll":{"question":{"text":"Tea?"},"answers":[{"poll_media":{"text":"Yes"}}]}}`)
		}, 403},
		{"an empty message is refused", "POST " + messages, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", "/channels/"+oasGeneral(t, w)+"/messages", `{}`)
		}, 400},
		{"an unknown channel takes no message", "POST " + messages, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", "/channels/1/messages", `{"content":"x"}`)
		}, 404},
		{"a message is read", "GET " + message, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			return w.asBot(t, "GET", "/channels/"+ch+"/messages/"+oasPosted(t, w, ch, "read me"), "")
		}, 200},
		{"an interaction's answer is read as a channel message", "GET " + message, "", func(t *testing.T, w *oasWorld) oasAnswer {
			res := w.answered(t)
			rec, _ := w.s.Interaction(res.Interaction.ID)
			return w.asBot(t, "GET", "/channels/"+rec.Interaction.ChannelID.String()+"/messages/"+rec.Original.ID.String(), "")
		}, 200},
		{"an interaction's answer takes a reaction", "PUT " + myReaction, "", func(t *testing.T, w *oasWorld) oasAnswer {
			res := w.answered(t)
			rec, _ := w.s.Interaction(res.Interaction.ID)
			return w.asBot(t, "PUT", "/channels/"+rec.Interaction.ChannelID.String()+"/messages/"+rec.Original.ID.String()+"/reactions/"+oasThumbsUp+"/@me", "")
		}, 204},
		{"an interaction's answer shows its reactions", "GET " + message, "", func(t *testing.T, w *oasWorld) oasAnswer {
			res := w.answered(t)
			rec, _ := w.s.Interaction(res.Interaction.ID)
			path := "/channels/" + rec.Interaction.ChannelID.String() + "/messages/" + rec.Original.ID.String()
			if a := w.asBot(t, "PUT", path+"/reactions/"+oasThumbsUp+"/@me", ""); a.status != 204 {
				t.Fatalf("reacting: %d %s", a.status, a.body)
			}
			a := w.asBot(t, "GET", path, "")
			if !strings.Contains(string(a.body), `"reactions":[{`) {
				t.Errorf("the answer carries no reactions: %s", a.body)
			}
			return a
		}, 200},
		{"an unknown message is not read", "GET " + message, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", "/channels/"+oasGeneral(t, w)+"/messages/1", "")
		}, 404},
		{"the messages are listed", "GET " + messages, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			oasPosted(t, w, ch, "listed")
			return w.asBot(t, "GET", "/channels/"+ch+"/messages?limit=100", "")
		}, 200},
		{"a list past its limit is refused", "GET " + messages, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", "/channels/"+oasGeneral(t, w)+"/messages?limit=101", "")
		}, 400},
		{"the bot edits its message", "PATCH " + message, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			return w.asBot(t, "PATCH", "/channels/"+ch+"/messages/"+oasPosted(t, w, ch, "edit me"), `{"content":"edited"}`)
		}, 200},
		{"the bot does not edit a user's message", "PATCH " + message, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			m, err := w.s.PostMessage(w.s.Member, w.s.GuildID, interaction.MessageData{Content: "x"})
			if err == nil {
				t.Fatalf("posting in a guild's id, not a channel's: %+v", m)
			}
			id, _ := interaction.ParseSnowflake(ch)
			if m, err = w.s.PostMessage(w.s.Member, id, interaction.MessageData{Content: "mine"}); err != nil {
				t.Fatal(err)
			}
			return w.asBot(t, "PATCH", "/channels/"+ch+"/messages/"+m.ID.String(), `{"content":"edited"}`)
		}, 403},
		{"the bot deletes its message", "DELETE " + message, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			return w.asBot(t, "DELETE", "/channels/"+ch+"/messages/"+oasPosted(t, w, ch, "delete me"), "")
		}, 204},
		{"messages are deleted in bulk", "POST " + bulk, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			a, b := oasPosted(t, w, ch, "a"), oasPosted(t, w, ch, "b")
			return withManager(t, w, func() oasAnswer {
				return w.asBot(t, "POST", "/channels/"+ch+"/messages/bulk-delete", `{"messages":["`+a+`","`+b+`"]}`)
			})
		}, 204},
		{"one message is not deleted in bulk", "POST " + bulk, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			a := oasPosted(t, w, ch, "a")
			return withManager(t, w, func() oasAnswer {
				return w.asBot(t, "POST", "/channels/"+ch+"/messages/bulk-delete", `{"messages":["`+a+`"]}`)
			})
		}, 400},
		{"a message is pinned", "PUT " + pin, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "PUT", "/channels/"+oasDM(w)+"/messages/pins/"+oasPosted(t, w, oasDM(w), "pin me"), "")
		}, 204},
		{"a message is unpinned", "DELETE " + pin, "", func(t *testing.T, w *oasWorld) oasAnswer {
			id := oasPosted(t, w, oasDM(w), "unpin me")
			w.asBot(t, "PUT", "/channels/"+oasDM(w)+"/messages/pins/"+id, "")
			return w.asBot(t, "DELETE", "/channels/"+oasDM(w)+"/messages/pins/"+id, "")
		}, 204},
		{"the bot may not pin in a guild channel without PIN_MESSAGES", "PUT " + pin, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			id := oasPosted(t, w, ch, "no pin")
			return withoutBotPermissions(t, w, interaction.PermissionPinMessages, func() oasAnswer {
				return w.asBot(t, "PUT", "/channels/"+ch+"/messages/pins/"+id, "")
			})
		}, 403},
		{"the pins are listed", "GET " + pins, "", func(t *testing.T, w *oasWorld) oasAnswer {
			w.asBot(t, "PUT", "/channels/"+oasDM(w)+"/messages/pins/"+oasPosted(t, w, oasDM(w), "pinned"), "")
			return w.asBot(t, "GET", "/channels/"+oasDM(w)+"/messages/pins?limit=50", "")
		}, 200},
		{"a message is pinned at the older route", "PUT " + oldPin, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "PUT", "/channels/"+oasDM(w)+"/pins/"+oasPosted(t, w, oasDM(w), "pin me"), "")
		}, 204},
		{"a message is unpinned at the older route", "DELETE " + oldPin, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "DELETE", "/channels/"+oasDM(w)+"/pins/"+oasPosted(t, w, oasDM(w), "never pinned"), "")
		}, 204},
		{"the pins are listed at the older route", "GET " + oldPins, "", func(t *testing.T, w *oasWorld) oasAnswer {
			w.asBot(t, "PUT", "/channels/"+oasDM(w)+"/pins/"+oasPosted(t, w, oasDM(w), "pinned"), "")
			return w.asBot(t, "GET", "/channels/"+oasDM(w)+"/pins", "")
		}, 200},
		{"the bot opens a DM", "POST " + dmChannels, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", "/users/@me/channels", `{"recipient_id":"`+w.s.Member.String()+`"}`)
		}, 200},
		{"the bot opens no DM with itself", "POST " + dmChannels, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "POST", "/users/@me/channels", `{"recipient_id":"`+w.s.ApplicationID.String()+`"}`)
		}, 400},
		{"the bot reacts", "PUT " + myReaction, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			return w.asBot(t, "PUT", "/channels/"+ch+"/messages/"+oasPosted(t, w, ch, "react")+"/reactions/"+oasThumbsUp+"/@me", "")
		}, 204},
		{"the bot reacts with no emoji it knows", "PUT " + myReaction, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			return w.asBot(t, "PUT", "/channels/"+ch+"/messages/"+oasPosted(t, w, ch, "react")+"/reactions/party:1234/@me", "")
		}, 400},
		{"a reacted message shows its reactions", "GET " + message, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", oasReacted(t, w), "")
		}, 200},
		{"the bot takes its reaction back", "DELETE " + myReaction, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "DELETE", oasReacted(t, w)+"/reactions/"+oasThumbsUp+"/@me", "")
		}, 204},
		{"a moderating bot takes a user's reaction away", "DELETE " + theirs, "", func(t *testing.T, w *oasWorld) oasAnswer {
			path := oasReacted(t, w)
			return withManager(t, w, func() oasAnswer {
				return w.asBot(t, "DELETE", path+"/reactions/"+oasThumbsUp+"/"+w.s.Member.String(), "")
			})
		}, 204},
		{"the bot takes no user's reaction away without MANAGE_MESSAGES", "DELETE " + theirs, "", func(t *testing.T, w *oasWorld) oasAnswer {
			path := oasReacted(t, w)
			return withoutBotPermissions(t, w, interaction.PermissionManageMessages, func() oasAnswer {
				return w.asBot(t, "DELETE", path+"/reactions/"+oasThumbsUp+"/"+w.s.Member.String(), "")
			})
		}, 403},
		{"the users of a reaction are listed", "GET " + reaction, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", oasReacted(t, w)+"/reactions/"+oasThumbsUp+"?limit=100&type=0", "")
		}, 200},
		{"a list of reactions past its limit is refused", "GET " + reaction, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", oasReacted(t, w)+"/reactions/"+oasThumbsUp+"?limit=101", "")
		}, 400},
		{"a moderating bot takes every reaction away", "DELETE " + reactions, "", func(t *testing.T, w *oasWorld) oasAnswer {
			path := oasReacted(t, w)
			return withManager(t, w, func() oasAnswer { return w.asBot(t, "DELETE", path+"/reactions", "") })
		}, 204},
		{"a moderating bot takes the reactions of one emoji away", "DELETE " + reaction, "", func(t *testing.T, w *oasWorld) oasAnswer {
			path := oasReacted(t, w)
			return withManager(t, w, func() oasAnswer { return w.asBot(t, "DELETE", path+"/reactions/"+oasThumbsUp, "") })
		}, 204},
		{"the reactions of an unknown message are not listed", "GET " + reaction, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return w.asBot(t, "GET", "/channels/"+oasGeneral(t, w)+"/messages/1/reactions/"+oasThumbsUp, "")
		}, 404},
		{"a thread starts from a message", "POST " + fromMsg, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return withThreads(t, w, func(ch string) oasAnswer {
				return w.asBot(t, "POST", "/channels/"+ch+"/messages/"+oasPosted(t, w, ch, "start here")+"/threads",
					`{"name":"talk","auto_archive_duration":60,"rate_limit_per_user":5}`)
			})
		}, 201},
		{"a message shows the thread started from it", "GET " + message, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return withThreads(t, w, func(ch string) oasAnswer {
				id := oasPosted(t, w, ch, "a thread of its own")
				w.asBot(t, "POST", "/channels/"+ch+"/messages/"+id+"/threads", `{"name":"talk"}`)
				return w.asBot(t, "GET", "/channels/"+ch+"/messages/"+id, "")
			})
		}, 200},
		{"a second thread from a message is refused", "POST " + fromMsg, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return withThreads(t, w, func(ch string) oasAnswer {
				id := oasPosted(t, w, ch, "once")
				w.asBot(t, "POST", "/channels/"+ch+"/messages/"+id+"/threads", `{"name":"first"}`)
				return w.asBot(t, "POST", "/channels/"+ch+"/messages/"+id+"/threads", `{"name":"second"}`)
			})
		}, 400},
		{"the bot starts no thread without CREATE_PUBLIC_THREADS", "POST " + fromMsg, "", func(t *testing.T, w *oasWorld) oasAnswer {
			ch := oasGeneral(t, w)
			id, _ := interaction.ParseSnowflake(ch)
			deny := Overwrite{ID: w.s.ApplicationID, Type: OverwriteMember, Deny: interaction.PermissionCreatePublicThreads}
			if err := w.s.SetOverwrites(w.s.GuildID, id, deny); err != nil {
				t.Fatal(err)
			}
			defer w.s.SetOverwrites(w.s.GuildID, id)
			return w.asBot(t, "POST", "/channels/"+ch+"/messages/"+oasPosted(t, w, ch, "no thread")+"/threads", `{"name":"talk"}`)
		}, 403},
		{"a private thread starts without a message", "POST " + threads, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return withThreads(t, w, func(ch string) oasAnswer {
				return w.asBot(t, "POST", "/channels/"+ch+"/threads", `{"name":"quiet","invitable":false}`)
			})
		}, 201},
		{"a public thread starts without a message", "POST " + threads, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return withThreads(t, w, func(ch string) oasAnswer {
				return w.asBot(t, "POST", "/channels/"+ch+"/threads", `{"name":"open","type":11}`)
			})
		}, 201},
		{"a thread without a name is refused", "POST " + threads, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return withThreads(t, w, func(ch string) oasAnswer { return w.asBot(t, "POST", "/channels/"+ch+"/threads", `{"type":11}`) })
		}, 400},
		{"a thread is read as a channel", "GET " + channel, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return withThreads(t, w, func(ch string) oasAnswer {
				a := w.asBot(t, "POST", "/channels/"+ch+"/threads", `{"name":"read me","type":11}`)
				var th struct{ ID string }
				if err := json.Unmarshal(a.body, &th); err != nil || th.ID == "" {
					t.Fatalf("starting a thread: %d %s", a.status, a.body)
				}
				w.asBot(t, "POST", "/channels/"+th.ID+"/messages", `{"content":"inside"}`)
				return w.asBot(t, "GET", "/channels/"+th.ID, "")
			})
		}, 200},
		{"the active threads are listed", "GET " + active, "", func(t *testing.T, w *oasWorld) oasAnswer {
			return withThreads(t, w, func(ch string) oasAnswer {
				w.asBot(t, "POST", "/channels/"+ch+"/threads", `{"name":"listed","type":11}`)
				return w.asBot(t, "GET", "/guilds/"+w.s.GuildID.String()+"/threads/active", "")
			})
		}, 200},
	}
}
