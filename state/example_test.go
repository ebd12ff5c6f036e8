package state_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/state"
)

// Order is the state of an order: more than a custom_id holds, once a
// few pizzas and an address are in it.
type Order struct {
	Pizzas  []string `json:"pizzas"`
	Address string   `json:"address"`
}

// A command puts an order and sends buttons that carry its key; each
// button's handler reads the order back, typed, and may set a new one.
// A click on a button whose order has expired is told so, ephemerally.
func Example() {
	orders := state.New[Order]("order", 30*time.Minute)
	r := router.New(router.DispatchOnly())
	r.Command("order", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		key, err := orders.Put(ctx, Order{Address: "12 Via Roma, second floor, the door on the left"})
		if err != nil {
			return interaction.Response{}, err
		}
		return interaction.Reply("What will it be?").Ephemeral().WithComponents(component.Row(
			component.SecondaryButton("order:"+key+":margherita", "Margherita"),
			component.PrimaryButton("order:"+key+":done", "That's all"),
		)), nil
	})
	r.HandleComponent("order:{order}:margherita", orders.Handler(func(ctx context.Context, req *router.Request, key string, o Order) (interaction.Response, error) {
		o.Pizzas = append(o.Pizzas, "margherita")
		if err := orders.Set(ctx, key, o); err != nil {
			return interaction.Response{}, err
		}
		return interaction.Update(fmt.Sprintf("%d pizzas so far", len(o.Pizzas))), nil
	}))
	r.HandleComponent("order:{order}:done", orders.OnceHandler(func(ctx context.Context, req *router.Request, key string, o Order) (interaction.Response, error) {
		return interaction.Update(strings.Join(o.Pizzas, ", ") + " to " + o.Address), nil
	}))
	mux, err := r.Build()
	if err != nil {
		panic(err)
	}

	ctx := context.Background()
	menu, _ := mux.Dispatch(ctx, interactiontest.Command("order").Interaction())
	buttons, _ := component.ParseAll(menu.Message.Components)
	click := func(label string) {
		for _, c := range component.Walk(buttons) {
			if b, ok := c.(component.Button); ok && b.Label == label {
				resp, _ := mux.Dispatch(ctx, interactiontest.Button(b.CustomID).Interaction())
				fmt.Printf("%s → %s (ephemeral: %v)\n", label, resp.Message.Content, resp.Message.Flags&interaction.FlagEphemeral != 0)
			}
		}
	}
	click("Margherita")
	click("Margherita")
	click("That's all")
	click("Margherita")
	// Output:
	// Margherita → 1 pizzas so far (ephemeral: false)
	// Margherita → 2 pizzas so far (ephemeral: false)
	// That's all → margherita, margherita to 12 Via Roma, second floor, the door on the left (ephemeral: false)
	// Margherita → This button has expired. (ephemeral: true)
}

// A state lives its kind's time to live from its Put, and again from
// each Set; then Get says it has expired.
func ExampleKind_Get() {
	ctx := context.Background()
	answers := state.New[map[string]string]("survey", 10*time.Minute)
	key, _ := answers.Put(ctx, map[string]string{"colour": "teal"})

	got, err := answers.Get(ctx, key)
	fmt.Println(got["colour"], err)
	_, err = answers.Get(ctx, "a key no Put returned")
	fmt.Println(err)
	// Output:
	// teal <nil>
	// state: survey: no such state: it expired, was taken, or never was
}

// Take ends a state in one step of the store: of two clicks of "Pay" at
// once, one is served, and the other finds nothing.
func ExampleKind_Take() {
	ctx := context.Background()
	carts := state.New[[]string]("cart", time.Hour)
	key, _ := carts.Put(ctx, []string{"tiramisu"})

	first, err := carts.Take(ctx, key)
	fmt.Println(first, err)
	_, err = carts.Take(ctx, key)
	fmt.Println(err)
	// Output:
	// [tiramisu] <nil>
	// state: cart: no such state: it expired, was taken, or never was
}

// Kinds may share one store, bounded in count and in bytes; the keys of
// one kind are never read as another's. A replica's memory serves one
// process: redisstore.NewStates is a Store that replicas share and that
// outlives a restart.
func ExampleNewMemoryStore() {
	ctx := context.Background()
	shared := state.NewMemoryStore(10000, 8<<20) // 10,000 states, 8 MiB
	carts := state.New[[]string]("cart", time.Hour, state.WithStore(shared))
	forms := state.New[map[string]string]("form", 15*time.Minute, state.WithStore(shared))

	key, _ := carts.Put(ctx, []string{"tiramisu"})
	forms.Put(ctx, map[string]string{"name": "Ada"})
	_, err := forms.Get(ctx, key)
	fmt.Println(shared.Len(), "states;", err)
	// Output:
	// 2 states; state: form: no such state: it expired, was taken, or never was
}

// The answer to a use whose state has expired may be the bot's own, in
// the user's language.
func ExampleWithMessage() {
	expired := map[interaction.Locale]string{
		interaction.LocaleFrench: "Ce formulaire a expiré : relancez /survey.",
		interaction.LocaleGerman: "Dieses Formular ist abgelaufen: starte /survey neu.",
	}
	surveys := state.New[map[string]string]("survey", 15*time.Minute, state.WithMessage(func(req *router.Request) string {
		if text, ok := expired[req.Locale()]; ok {
			return text
		}
		return "This form has expired: run /survey again."
	}))
	r := router.New(router.DispatchOnly())
	r.HandleModal("survey:{survey}", surveys.Handler(func(ctx context.Context, req *router.Request, key string, answers map[string]string) (interaction.Response, error) {
		return interaction.Reply("Thanks!").Ephemeral(), nil
	}))
	mux, _ := r.Build()
	var lines []string
	for _, l := range []interaction.Locale{interaction.LocaleFrench, interaction.LocaleGerman, interaction.LocaleEnglishUS} {
		resp, _ := mux.Dispatch(context.Background(), interactiontest.ModalSubmit("survey:3q2-7wXbTOa9yA_aQcTh8g").Locale(l).Interaction())
		lines = append(lines, string(l)+": "+resp.Message.Content)
	}
	sort.Strings(lines)
	fmt.Println(strings.Join(lines, "\n"))
	// Output:
	// de: Dieses Formular ist abgelaufen: starte /survey neu.
	// en-US: This form has expired: run /survey again.
	// fr: Ce formulaire a expiré : relancez /survey.
}
