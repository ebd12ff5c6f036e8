package router_test

import (
	"context"
	"fmt"
	"log"
	"slices"
	"strings"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
)

func ExampleRouter_Component() {
	r := router.New(router.DispatchOnly())
	// Buttons made with the custom_id "poll:42:vote", "poll:43:vote", ...
	r.Component("poll:{id}:vote", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		id, err := req.Params.Get("id").Int()
		if err != nil {
			return interaction.Response{}, err
		}
		// Edit the message the button is on.
		return interaction.Update(fmt.Sprintf("%s voted in poll %d", req.Invoker().Username, id)), nil
	})
	// A more specific pattern wins over one with a part.
	r.Component("poll:new:vote", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("This poll has not started.").Ephemeral(), nil
	})
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}

	for _, customID := range []string{"poll:42:vote", "poll:new:vote"} {
		resp, _ := mux.Dispatch(context.Background(), interactiontest.Button(customID).Interaction())
		fmt.Println(resp.Type, resp.Message.Content)
	}
	// Output:
	// UPDATE_MESSAGE ada voted in poll 42
	// CHANNEL_MESSAGE_WITH_SOURCE This poll has not started.
}

func ExampleRouter_Modal() {
	r := router.New(router.DispatchOnly())
	r.Modal("feedback:{topic}", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		text, _ := req.Fields.Text("comment")
		stars, err := req.Fields.Get("stars").Int()
		if err != nil {
			// Answered by the error handler: the modal's input "stars"
			// is not an integer, or was left empty.
			return interaction.Response{}, err
		}
		topic, _ := req.Params.String("topic")
		return interaction.Reply(fmt.Sprintf("Thanks for %d stars on %s: %q", stars, topic, text)).Ephemeral(), nil
	})
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}

	ix := interactiontest.ModalSubmit("feedback:docs").TextInput("comment", "Clear.").TextInput("stars", "5").Interaction()
	resp, _ := mux.Dispatch(context.Background(), ix)
	fmt.Println(resp.Message.Content)
	// Output: Thanks for 5 stars on docs: "Clear."
}

func ExampleFields_Choice() {
	r := router.New(router.DispatchOnly())
	r.Modal("order", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		size, chosen := req.Fields.Choice("size") // a radio group
		if !chosen {
			size = "regular"
		}
		toppings, _ := req.Fields.Values("toppings") // a checkbox group
		gift, err := req.Fields.Get("gift").Bool()   // a checkbox
		if err != nil {
			return interaction.Response{}, err
		}
		slices.Sort(toppings) // a checkbox group's values come in no set order
		return interaction.Reply(fmt.Sprintf("A %s pizza with %s; gift: %v", size, strings.Join(toppings, " and "), gift)).Ephemeral(), nil
	})
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}

	ix := interactiontest.ModalSubmit("order").RadioGroup("size", "").
		CheckboxGroup("toppings", "olive", "basil").Checkbox("gift", true).Interaction()
	resp, _ := mux.Dispatch(context.Background(), ix)
	fmt.Println(resp.Message.Content)
	// Output: A regular pizza with basil and olive; gift: true
}

func ExampleRequest_SelectedUsers() {
	r := router.New(router.DispatchOnly())
	r.Component("team:{id}:members", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		users, err := req.SelectedUsers()
		if err != nil {
			return interaction.Response{}, err
		}
		var names []string
		for _, u := range users {
			name := u.Username
			if u.HasMember && u.Member.Nick != "" {
				name = u.Member.Nick // as the guild knows them
			}
			names = append(names, name)
		}
		return interaction.Update("Team: " + strings.Join(names, ", ")), nil
	})
	mux, err := r.Build()
	if err != nil {
		log.Fatal(err)
	}

	ix := interactiontest.Component("team:7:members", interaction.ComponentUserSelect).
		SelectedUser(interaction.User{ID: 501, Username: "eve"}, &interaction.Member{Nick: "Eve"}).
		SelectedUser(interaction.User{ID: 502, Username: "bob"}, nil).
		Interaction()
	resp, _ := mux.Dispatch(context.Background(), ix)
	fmt.Println(resp.Message.Content)
	// Output: Team: Eve, bob
}
