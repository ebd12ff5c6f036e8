package interactiontest_test

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"net/http/httptest"
	"strings"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

func ExampleCommand() {
	eve := interaction.User{ID: 42, Username: "eve"}
	ix := interactiontest.Command("mod ban").
		User("user", eve, &interaction.Member{Nick: "Eve"}).
		String("reason", "spam").
		Int("days", 7).
		Interaction()

	fmt.Println(ix.Type, ix.Data.Path(), "by", ix.Invoker().Username, "in guild", ix.GuildID)
	_, _, leaf := ix.Data.Route()
	for _, o := range leaf {
		fmt.Printf("%s (%s) = %s\n", o.Name, o.Type, o.Value.Text())
	}
	m, _ := ix.Data.Resolved.Member(eve.ID)
	fmt.Println("resolved:", m.Nick, m.User.Username)
	// Output:
	// APPLICATION_COMMAND mod ban by ada in guild 1100000000000000002
	// user (USER) = 42
	// reason (STRING) = spam
	// days (INTEGER) = 7
	// resolved: Eve eve
}

func ExampleAutocomplete() {
	ix := interactiontest.Autocomplete("fruit").
		String("colour", "red").
		Focus("name", interaction.OptionString, interaction.StringValue("ap")).
		Interaction()

	fmt.Println(ix.Type)
	o, _ := ix.Data.Focused()
	fmt.Printf("typing into %s: %q\n", o.Name, o.Value.Text())
	// Output:
	// APPLICATION_COMMAND_AUTOCOMPLETE
	// typing into name: "ap"
}

func ExampleUserCommand() {
	target := interaction.User{ID: 42, Username: "eve", GlobalName: "Eve"}
	ix := interactiontest.UserCommand("Show avatar", target, nil).Interaction()

	u, ok := ix.Data.Resolved.User(ix.Data.TargetID)
	fmt.Println(ix.Data.Type, ix.Data.Name, ok, u.DisplayName())
	// Output: USER Show avatar true Eve
}

func ExampleMessageCommand() {
	msg := interaction.Message{
		ID:        77,
		ChannelID: interactiontest.ChannelID,
		Author:    interaction.User{ID: 42, Username: "eve"},
		Content:   "buy cheap watches",
	}
	ix := interactiontest.MessageCommand("Report", msg).Interaction()

	m, ok := ix.Data.Resolved.Message(ix.Data.TargetID)
	fmt.Println(ix.Data.Type, ok, m.Author.Username+":", m.Content)
	// Output: MESSAGE true eve: buy cheap watches
}

// The builders start in a guild, used by a member with the usual
// permissions; InDM, InGuild, Locale and Modify change where and by whom.
func ExampleBuilder_InDM() {
	grace := interaction.User{ID: 7, Username: "grace"}
	ix := interactiontest.Command("ping").InDM(grace).Locale(interaction.LocaleFrench).Interaction()

	fmt.Println(ix.InGuild(), ix.Context.Type, ix.Invoker().Username, ix.Locale)
	// Output: false BOT_DM grace fr
}

// JSON is the body the service would POST. Interaction ids are made from
// the current time; Modify fixes them where a test compares bytes.
func ExampleBuilder_JSON() {
	body := interactiontest.Ping().Modify(func(ix *interaction.Interaction) {
		ix.ID = 1311209000000000009
		ix.Token = "token"
	}).JSON()
	fmt.Println(string(body))
	// Output: {"id":"1311209000000000009","application_id":"1100000000000000001","type":1,"token":"token","version":1,"app_permissions":"19456"}
}

// A Key made from a fixed seed is the same in every run, so a bot under
// test can be configured with its public key beforehand.
func ExampleNewKey() {
	key := interactiontest.NewKey("my bot's tests")
	fmt.Println(len(key.PublicKeyHex()))

	verifier, err := interaction.NewVerifier(key.PublicKeyHex())
	if err != nil {
		log.Fatal(err)
	}
	body := interactiontest.Ping().JSON()
	sig, ts := key.Sign(body)
	fmt.Println(verifier.Verify([]byte(sig), []byte(ts), body))
	// Output:
	// 64
	// <nil>
}

// Tests of a bot's endpoint sign their requests with Key.Sign, as the
// service would, and give the endpoint the Key's Verifier.
func ExampleKey_Sign() {
	r := router.New(router.DispatchOnly())
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	})
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}
	key := interactiontest.NewKey("example")
	e, err := endpoint.New(mux, key.Verifier())
	if err != nil {
		log.Fatal(err)
	}

	body := interactiontest.Command("ping").JSON()
	for _, signed := range []bool{true, false} {
		req := httptest.NewRequest("POST", "/interactions", bytes.NewReader(body))
		if signed {
			sig, ts := key.Sign(body)
			req.Header.Set(endpoint.HeaderSignature, sig)
			req.Header.Set(endpoint.HeaderTimestamp, ts)
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		fmt.Println(rec.Code, strings.TrimSpace(rec.Body.String()))
	}
	// Output:
	// 200 {"type":4,"data":{"content":"pong"}}
	// 401 {"message":"invalid request signature"}
}
