package rest_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
)

// randomNonce is a nonce CreateMessage makes.
var randomNonce = regexp.MustCompile(`"nonce":"[A-Z2-7]{25}"`)

// standIn starts a server that answers the channel and guild endpoints as
// the service does, and prints what it is asked; the caller closes it.
func standIn() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		body = randomNonce.ReplaceAll(body, []byte(`"nonce":"(random)"`))
		fmt.Println(r.Method, strings.TrimPrefix(r.URL.Path, "/v10"), string(body))
		if reason := r.Header.Get("X-Audit-Log-Reason"); reason != "" {
			fmt.Println("  audit-log reason:", reason)
		}
		switch {
		case r.Method == http.MethodPut || r.Method == http.MethodDelete:
			w.WriteHeader(http.StatusNoContent)
		case r.URL.Path == "/v10/users/@me/channels":
			io.WriteString(w, dmJSON)
		default:
			io.WriteString(w, messageJSON)
		}
	}))
}

func ExampleClient_CreateMessage() {
	service := standIn()
	defer service.Close()
	client, err := rest.NewClient(service.URL+"/v10", rest.BotToken("token"))
	if err != nil {
		log.Fatal(err)
	}
	const channel, question interaction.Snowflake = 200, 399

	// A reply to a message, that pings nobody. Its nonce says what it
	// is for: a bot that restarts and sends it again gets the reply it
	// sent, not a second one.
	m, err := client.CreateMessage(context.Background(), channel, interaction.MessageData{
		Content:         "Answered in the docs.",
		AllowedMentions: interaction.NoMentions(),
		Reference:       &interaction.MessageReference{MessageID: question},
		Nonce:           "reply-" + question.String(),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("sent", m.ID)

	// A message the service would refuse is not sent.
	_, err = client.CreateMessage(context.Background(), channel, interaction.MessageData{Content: strings.Repeat("x", 2001)})
	fmt.Println(err != nil)
	// Output:
	// POST /channels/200/messages {"content":"Answered in the docs.","allowed_mentions":{"parse":[]},"nonce":"reply-399","enforce_nonce":true,"message_reference":{"message_id":"399"}}
	// sent 400
	// true
}

func ExampleClient_SendDM() {
	service := standIn()
	defer service.Close()
	client, err := rest.NewClient(service.URL+"/v10", rest.BotToken("token"))
	if err != nil {
		log.Fatal(err)
	}
	const user interaction.Snowflake = 7
	ctx := context.Background()
	// The DM channel is opened once; the Client remembers it.
	for _, text := range []string{"Your report is ready.", "And a second one."} {
		if _, err := client.SendDM(ctx, user, interaction.MessageData{Content: text}); err != nil {
			log.Fatal(err)
		}
	}
	// Output:
	// POST /users/@me/channels {"recipient_id":"7"}
	// POST /channels/300/messages {"content":"Your report is ready.","nonce":"(random)","enforce_nonce":true}
	// POST /channels/300/messages {"content":"And a second one.","nonce":"(random)","enforce_nonce":true}
}

func ExampleClient_BanMember() {
	service := standIn()
	defer service.Close()
	client, err := rest.NewClient(service.URL+"/v10", rest.BotToken("token"))
	if err != nil {
		log.Fatal(err)
	}
	const guild, user interaction.Snowflake = 100, 7
	// Ban, deleting the last day of their messages; the reason is
	// recorded in the guild's audit log.
	err = client.BanMember(context.Background(), guild, user, 24*time.Hour, "spam + phishing links")
	if err != nil {
		log.Fatal(err)
	}
	// Output:
	// PUT /guilds/100/bans/7 {"delete_message_seconds":86400}
	//   audit-log reason: spam%20%2B%20phishing%20links
}
