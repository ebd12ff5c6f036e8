package interaction_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// serviceKey stands for the application's key pair: the service keeps the
// private half and shows the public half, in hex, on the application's
// page. Package interactiontest signs requests with it as the service
// does.
func serviceKey() *interactiontest.Key {
	return interactiontest.NewKey("example application")
}

// exampleBody is an APPLICATION_COMMAND interaction as the service POSTs it:
// "/mod ban" used in a guild, with a user and a reason.
const exampleBody = `{
	"id": "1311209000000000009",
	"application_id": "1191201000000000001",
	"type": 2,
	"token": "an-interaction-token",
	"version": 1,
	"guild_id": "1191202000000000002",
	"channel_id": "1191203000000000003",
	"channel": {"id": "1191203000000000003", "type": 0, "name": "moderation"},
	"member": {
		"user": {"id": "1191213000000000013", "username": "ada", "global_name": "Ada Lovelace"},
		"nick": "Ada",
		"roles": ["1191210000000000010"],
		"permissions": "2251799813685247",
		"mute": false,
		"deaf": false
	},
	"app_permissions": "2048",
	"locale": "en-GB",
	"guild_locale": "en-US",
	"context": 0,
	"data": {
		"id": "1191206000000000006",
		"name": "mod",
		"type": 1,
		"options": [{
			"name": "ban",
			"type": 1,
			"options": [
				{"name": "user", "type": 6, "value": "1191207000000000007"},
				{"name": "reason", "type": 3, "value": "spam"},
				{"name": "days", "type": 4, "value": 7}
			]
		}],
		"resolved": {
			"users": {"1191207000000000007": {"id": "1191207000000000007", "username": "spammer9000"}},
			"members": {"1191207000000000007": {"nick": "spammer", "roles": [], "permissions": "0"}}
		}
	}
}`

func ExampleNewVerifier() {
	signer := serviceKey()
	publicKeyHex := signer.PublicKeyHex() // as the application's page shows it

	// A fixed clock keeps the example repeatable; a bot leaves the default,
	// time.Now.
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	v, err := interaction.NewVerifier(publicKeyHex, interaction.WithClock(func() time.Time { return now }))
	if err != nil {
		log.Fatal(err)
	}

	body := []byte(`{"type":1,"id":"1","application_id":"2","token":"t","version":1}`)
	sig, ts := signer.SignAt(body, now)
	fmt.Println(v.Verify([]byte(sig), []byte(ts), body))

	tampered := bytes.Replace(body, []byte(`"type":1`), []byte(`"type":2`), 1)
	fmt.Println(v.Verify([]byte(sig), []byte(ts), tampered))

	oldSig, oldTS := signer.SignAt(body, now.Add(-time.Hour))
	fmt.Println(v.Verify([]byte(oldSig), []byte(oldTS), body))

	fmt.Println(v.Verify(nil, nil, body))

	_, err = interaction.NewVerifier("not a key")
	fmt.Println(err)
	// Output:
	// <nil>
	// interaction: invalid signature
	// interaction: timestamp outside the accepted window
	// interaction: missing signature or timestamp
	// interaction: invalid public key: not 64 hex digits
}

// A bot that serves interactions without package endpoint checks the
// signature before it reads anything else from the body, refuses what fails
// with 401, and only then decodes.
func ExampleVerifier_Verify() {
	signer := serviceKey()
	verifier, err := interaction.NewVerifier(signer.PublicKeyHex())
	if err != nil {
		log.Fatal(err)
	}

	handler := func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		if err != nil {
			http.Error(w, "unreadable body", http.StatusBadRequest)
			return
		}
		if err := verifier.Verify(
			[]byte(r.Header.Get("X-Signature-Ed25519")),
			[]byte(r.Header.Get("X-Signature-Timestamp")),
			body,
		); err != nil {
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		var ix interaction.Interaction
		if err := interaction.Decode(body, &ix); err != nil {
			http.Error(w, "not an interaction", http.StatusBadRequest)
			return
		}
		var resp interaction.Response
		switch ix.Type {
		case interaction.TypePing:
			resp = interaction.Pong()
		default:
			resp = interaction.Reply("you used /" + ix.Data.Path())
		}
		out, err := resp.MarshalJSON()
		if err != nil {
			http.Error(w, "cannot answer", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(out)
	}

	send := func(body string, sign bool) {
		req := httptest.NewRequest("POST", "/interactions", bytes.NewBufferString(body))
		if sign {
			sig, ts := signer.Sign([]byte(body))
			req.Header.Set("X-Signature-Ed25519", sig)
			req.Header.Set("X-Signature-Timestamp", ts)
		}
		rec := httptest.NewRecorder()
		handler(rec, req)
		fmt.Println(rec.Code, strings.TrimSpace(rec.Body.String()))
	}
	send(`{"type":1,"id":"1","application_id":"2","token":"t","version":1}`, true)
	send(exampleBody, true)
	send(exampleBody, false)
	// Output:
	// 200 {"type":1}
	// 200 {"type":4,"data":{"content":"you used /mod ban"}}
	// 401 invalid request signature
}

func ExampleDecode() {
	var ix interaction.Interaction
	if err := interaction.Decode([]byte(exampleBody), &ix); err != nil {
		log.Fatal(err)
	}
	fmt.Println(ix.Type, ix.Data.Type, ix.Data.Path())
	fmt.Println("invoker:", ix.Invoker().Username, "in guild", ix.GuildID, "locale", ix.Locale)

	_, _, leaf := ix.Data.Route()
	for _, o := range leaf {
		fmt.Printf("%s (%s) = %s\n", o.Name, o.Type, o.Value.Text())
	}

	target, _ := leaf[0].Value.Snowflake()
	if u, ok := ix.Data.Resolved.User(target); ok {
		fmt.Println("resolved user:", u.Username)
	}
	// Output:
	// APPLICATION_COMMAND CHAT_INPUT mod ban
	// invoker: ada in guild 1191202000000000002 locale en-GB
	// user (USER) = 1191207000000000007
	// reason (STRING) = spam
	// days (INTEGER) = 7
	// resolved user: spammer9000
}

// A body that is not an interaction is a *DecodeError, which matches
// ErrMalformed or ErrUnknownType and names the field that is wrong, but never
// quotes the body, since it holds the interaction's token.
func ExampleDecode_errors() {
	for _, body := range []string{
		`{"type":2,"id":"1"`,
		`{"type":9,"id":"1","application_id":"2","token":"secret","version":1}`,
		`{"type":2,"id":"1","token":"secret","data":{"name":"ban","target_id":"secret"}}`,
	} {
		var ix interaction.Interaction
		err := interaction.Decode([]byte(body), &ix)
		fmt.Println(errors.Is(err, interaction.ErrMalformed), errors.Is(err, interaction.ErrUnknownType), err)
	}
	// Output:
	// true false interaction: invalid JSON: unexpected end at offset 18
	// false true interaction: /type: unknown interaction type
	// true false interaction: /data/target_id: invalid snowflake
}

func ExampleReply() {
	b, _ := interaction.Reply("pong").MarshalJSON()
	fmt.Println(string(b))
	// Output: {"type":4,"data":{"content":"pong"}}
}

func ExampleResponse_Ephemeral() {
	b, _ := interaction.Reply("Only you can see this.").Ephemeral().MarshalJSON()
	fmt.Println(string(b))
	// Output: {"type":4,"data":{"content":"Only you can see this.","flags":64}}
}

// A reply that repeats what a user typed pings nobody, whatever they typed.
func ExampleResponse_WithAllowedMentions() {
	name := "@everyone"
	b, _ := interaction.Reply("Hello, " + name + "!").WithAllowedMentions(interaction.NoMentions()).MarshalJSON()
	fmt.Println(string(b))
	// Output: {"type":4,"data":{"content":"Hello, @everyone!","allowed_mentions":{"parse":[]}}}
}

// A handler that needs more than the 3 seconds the service waits defers,
// then edits the original response with the result.
func ExampleDefer() {
	b, _ := interaction.Defer().MarshalJSON()
	fmt.Println(string(b))
	b, _ = interaction.Defer().Ephemeral().MarshalJSON()
	fmt.Println(string(b))
	// Output:
	// {"type":5}
	// {"type":5,"data":{"flags":64}}
}

func ExampleAutocompleteResult() {
	resp := interaction.AutocompleteResult(
		interaction.StringChoice("Apple", "apple"),
		interaction.StringChoice("Apricot", "apricot").Localize(interaction.LocaleFrench, "Abricot"),
	)
	b, _ := resp.MarshalJSON()
	fmt.Println(string(b))
	// Output: {"type":8,"data":{"choices":[{"name":"Apple","value":"apple"},{"name":"Apricot","name_localizations":{"fr":"Abricot"},"value":"apricot"}]}}
}

func ExampleReplyMessage() {
	resp := interaction.ReplyMessage(interaction.MessageData{
		Content: "@spammer9000 was banned.",
		Embeds: []interaction.Embed{{
			Title:  "Ban",
			Color:  0xcc3333,
			Fields: []interaction.EmbedField{{Name: "Reason", Value: "spam", Inline: true}},
		}},
		// Ping nobody, whatever the content says.
		AllowedMentions: interaction.NoMentions(),
	})
	b, err := resp.MarshalJSON()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(b))
	// Output: {"type":4,"data":{"content":"@spammer9000 was banned.","allowed_mentions":{"parse":[]},"embeds":[{"title":"Ban","color":13382451,"fields":[{"name":"Reason","value":"spam","inline":true}]}]}}
}

func ExampleSnowflake_Time() {
	id, err := interaction.ParseSnowflake("1311209000000000009")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(id.Time())
	fmt.Println(interaction.Snowflake(0).IsZero())
	// Output:
	// 2024-11-27 05:56:26.685 +0000 UTC
	// true
}

func ExamplePermissions() {
	// Permissions arrive as a decimal string: the member's, in the channel
	// the command was used in.
	p, err := interaction.ParsePermissions("1099511627782")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(p)
	fmt.Println(p.Has(interaction.PermissionBanMembers))
	fmt.Println(p.Has(interaction.PermissionBanMembers | interaction.PermissionManageGuild))

	b, _ := (interaction.PermissionSendMessages | interaction.PermissionEmbedLinks).MarshalJSON()
	fmt.Println(string(b))
	// Output:
	// KICK_MEMBERS|BAN_MEMBERS|MODERATE_MEMBERS
	// true
	// false
	// "18432"
}

func ExampleData_Path() {
	data := interaction.Data{
		Name: "mod",
		Options: []interaction.OptionData{{
			Name: "user", Type: interaction.OptionSubCommandGroup,
			Options: []interaction.OptionData{{
				Name: "ban", Type: interaction.OptionSubCommand,
				Options: []interaction.OptionData{{Name: "days", Type: interaction.OptionInteger, Value: interaction.IntValue(7)}},
			}},
		}},
	}
	fmt.Println(data.Path())

	group, sub, leaf := data.Route()
	fmt.Printf("group=%s sub=%s options=%d\n", group, sub, len(leaf))
	// Output:
	// mod user ban
	// group=user sub=ban options=1
}

// In an autocomplete interaction the option being typed is marked focused;
// its partial value arrives as the client sent it, often a string whatever
// the option's type.
func ExampleData_Focused() {
	var ix interaction.Interaction
	err := interaction.Decode([]byte(`{
		"id": "2", "application_id": "1", "type": 4, "token": "t", "version": 1,
		"data": {"id": "3", "name": "fruit", "type": 1, "options": [
			{"name": "colour", "type": 3, "value": "red"},
			{"name": "name", "type": 3, "value": "ap", "focused": true}
		]}
	}`), &ix)
	if err != nil {
		log.Fatal(err)
	}
	if o, ok := ix.Data.Focused(); ok {
		fmt.Printf("%s: %q\n", o.Name, o.Value.Text())
	}
	// Output: name: "ap"
}

// The channel and the invoking member are decoded only when a handler asks
// for them; one that reads them more than once keeps what Get returns.
func ExampleLazy() {
	var ix interaction.Interaction
	if err := interaction.Decode([]byte(exampleBody), &ix); err != nil {
		log.Fatal(err)
	}
	member, ok := ix.Member.Get()
	fmt.Println(ok, member.DisplayName(), member.HasRole(1191210000000000010))
	if ch, ok := ix.Channel.Get(); ok {
		fmt.Println("#" + ch.Name)
	}

	// Outside a guild there is no member.
	var dm interaction.Interaction
	if err := interaction.Decode([]byte(`{"id":"2","application_id":"1","type":2,"token":"t","version":1,
		"user":{"id":"5","username":"ada"},"data":{"id":"3","name":"ping","type":1}}`), &dm); err != nil {
		log.Fatal(err)
	}
	_, err := dm.Member.Decode()
	fmt.Println(err, dm.Invoker().Username)
	// Output:
	// true Ada true
	// #moderation
	// interaction: absent ada
}

func ExampleResolved_Member() {
	var ix interaction.Interaction
	if err := interaction.Decode([]byte(exampleBody), &ix); err != nil {
		log.Fatal(err)
	}
	m, ok := ix.Data.Resolved.Member(1191207000000000007)
	fmt.Println(ok, m.Nick, m.User.Username)
	// Output: true spammer spammer9000
}

func ExampleLocale_Fallback() {
	for _, l := range []interaction.Locale{interaction.LocaleEnglishGB, interaction.LocaleSpanishLATAM, interaction.LocaleFrench} {
		fb, ok := l.Fallback()
		fmt.Println(l, fb, ok)
	}
	// Output:
	// en-GB en-US true
	// es-419 es-ES true
	// fr  false
}

func ExampleValue() {
	kinds := map[interaction.ValueKind]string{
		interaction.KindString: "string", interaction.KindNumber: "number", interaction.KindBool: "bool",
	}
	for _, v := range []interaction.Value{
		interaction.StringValue("spam"),
		interaction.IntValue(7),
		interaction.FloatValue(2.5),
		interaction.BoolValue(true),
	} {
		b, _ := v.MarshalJSON()
		fmt.Printf("%-6s %-4s %s\n", kinds[v.Kind()], v.Text(), b)
	}

	n, ok := interaction.IntValue(7).Int()
	fmt.Println(n, ok)
	_, ok = interaction.StringValue("7").Int() // a string is not an integer
	fmt.Println(ok)
	// Output:
	// string spam "spam"
	// number 7    7
	// number 2.5  2.5
	// bool   true true
	// 7 true
	// false
}
