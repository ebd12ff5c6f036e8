package rest_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
)

// A bot that answers through the callback endpoint can have the message
// its answer made back at once: here, to know the poll's answers by their
// ids and when it closes.
func ExampleClient_RespondWithResponse() {
	ctx := context.Background()
	service := startService()
	defer service.Close()
	client, err := rest.NewClient(service.URL, rest.BotToken(service.BotToken))
	if err != nil {
		log.Fatal(err)
	}
	verifier, err := interaction.NewVerifier(service.PublicKey)
	if err != nil {
		log.Fatal(err)
	}
	made := make(chan *interaction.CallbackResponse, 1)
	bot := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if verifier.Verify([]byte(r.Header.Get("X-Signature-Ed25519")), []byte(r.Header.Get("X-Signature-Timestamp")), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var ix interaction.Interaction
		if err := interaction.Decode(body, &ix); err != nil || ix.Type == interaction.TypePing {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"type":1}`))
			return
		}
		poll := interaction.NewPoll("Where shall we eat?", "Pizza", "Sushi").Lasting(2)
		cb, err := client.RespondWithResponse(r.Context(), &ix, interaction.Reply("Lunch vote").WithPoll(poll))
		if err != nil {
			log.Fatal(err)
		}
		made <- cb
		// The answer went through the callback endpoint.
		w.WriteHeader(http.StatusAccepted)
	}))
	defer bot.Close()

	lunch := command.Command{Name: "lunch", Description: "Vote on lunch"}
	if _, _, err := client.CreateCommand(ctx, service.ApplicationID, command.InGuild(service.GuildID), lunch); err != nil {
		log.Fatal(err)
	}
	if err := service.SetInteractionsURL(ctx, bot.URL); err != nil {
		log.Fatal(err)
	}
	if _, err := service.Invoke(ctx, emulator.Invocation{Guild: service.GuildID, Command: "lunch"}); err != nil {
		log.Fatal(err)
	}
	cb := <-made
	m := cb.Resource.Message
	fmt.Println(cb.Resource.Type, m.ID == cb.Interaction.ResponseMessageID)
	for _, a := range m.Poll.Answers {
		fmt.Println(a.AnswerID, a.Media.Text)
	}
	fmt.Println("open for", m.Poll.Expiry.Sub(m.Timestamp))
	// Output:
	// CHANNEL_MESSAGE_WITH_SOURCE true
	// 1 Pizza
	// 2 Sushi
	// open for 2h0m0s
}
