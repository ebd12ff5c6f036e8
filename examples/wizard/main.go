// Wizard is a bot that takes a pizza order in three steps, a size, the
// toppings and where to bring it, and keeps the order so far with
// package state: each step's select menus, buttons and form carry in
// their custom_id only a key to the order, "order:<key>:size", and each
// handler reads the order back, typed, adds its step and sets it again.
// An order soon outgrows the 100 characters of a custom_id: an address
// alone may.
//
//	go run ./examples/wizard
//
// By default the orders are kept in the bot's memory, and lost when it
// stops. Given a Redis, they are kept there for half an hour, and the
// buttons of an order begun before a restart or a deploy still work
// after it, on whichever replica serves them:
//
//	SWITCHBOARD_REDIS_URL=redis://localhost:6379/0 go run ./examples/wizard
//
// "Place order" takes the order, so that a double-click places it once;
// a button whose order was placed, cancelled or has expired says so,
// in a message only its user sees. The take is the click's: were the bot
// served with a queue, a click handed over to the worker would be given
// the order there.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/state"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:   "wizard",
	About:  "a pizza order in three steps, its state kept behind a key in each custom_id, in memory or on Redis",
	Bot:    newBot,
	Script: script,
}

const script = `
# Step by step: each answer updates the order's message, whose components carry only the order's key.
/order
choose Size Large
choose Toppings Basil Olives Mushrooms
click "Delivery address"
submit name:"Ada Lovelace" street:"12 Via Roma, second floor, the door on the left" notes:"Ring twice; the bell is broken."
# The order is now far more than a custom_id holds. Placing it takes it: a second click, as a double-click sends, finds nothing.
click "Place order"
click "Place order"
# The order's other buttons find it gone too, and say so in the user's language.
locale fr
click "Change address"
locale en-US
# A new order, cancelled: the bot forgets it at once rather than in half an hour.
/order
choose Size Small
click "No toppings"
click Cancel
`

// ttl is how long an order lives after its last step.
const ttl = 30 * time.Minute

// redisPrefix keeps this bot's keys apart from others' in a shared Redis.
const redisPrefix = "switchboard-wizard:"

// Order is an order so far.
type Order struct {
	Size     string   `json:"size,omitempty"`
	Toppings []string `json:"toppings,omitempty"`
	// Plain is set when the customer chose no toppings.
	Plain  bool   `json:"plain,omitempty"`
	Name   string `json:"name,omitempty"`
	Street string `json:"street,omitempty"`
	Notes  string `json:"notes,omitempty"`
}

var (
	sizes    = []string{"Small", "Medium", "Large"}
	toppings = []string{"Mozzarella", "Basil", "Olives", "Mushrooms", "Ham", "Pepperoni", "Anchovies", "Artichokes"}
)

func newBot(env playground.Env) (*router.Router, error) {
	store, err := storeFor(os.Getenv("SWITCHBOARD_REDIS_URL"))
	if err != nil {
		return nil, err
	}
	return pizzeria(store), nil
}

// storeFor returns the store of the orders: on the Redis at redisURL, or,
// when it is empty, in memory.
func storeFor(redisURL string) (state.Store, error) {
	if redisURL == "" {
		return state.NewMemoryStore(0, 0), nil
	}
	o, err := redis.ParseURL(redisURL)
	if err != nil {
		// The URL holds Redis's password: the error does not quote it.
		return nil, errors.New("wizard: $SWITCHBOARD_REDIS_URL: not a valid redis:// or rediss:// URL (redis://[user:password@]host:port/db)")
	}
	// A Redis that does not answer costs a click little: one dial, one
	// retry, and the state's own bound on each call (storecall.DefaultTimeout).
	o.ContextTimeoutEnabled = true
	o.MaxRetries, o.DialerRetries = 1, 1
	o.DialTimeout, o.PoolTimeout = 250*time.Millisecond, 250*time.Millisecond
	return redisstore.NewStates(redis.NewClient(o), redisPrefix), nil
}

// pizzeria is the router of the bot, whose orders are kept in store.
func pizzeria(store state.Store) *router.Router {
	orders := state.New[Order]("order", ttl, state.WithStore(store), state.WithMessage(expired))
	r := router.New()
	r.Command("order", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		key, err := orders.Put(ctx, Order{})
		if err != nil {
			return interaction.Response{}, err
		}
		// Ephemeral: the order is its customer's, and only they see
		// and use its components.
		return interaction.Reply(stepSize()).Ephemeral().WithComponents(sizeMenu(key)...), nil
	}, router.Description("Order a pizza, in three steps"))

	r.HandleComponent("order:{order}:size", orders.Handler(func(ctx context.Context, req *router.Request, key string, o Order) (interaction.Response, error) {
		o.Size = req.Values()[0]
		return next(ctx, orders, key, o)
	}))
	r.HandleComponent("order:{order}:toppings", orders.Handler(func(ctx context.Context, req *router.Request, key string, o Order) (interaction.Response, error) {
		// In the menu's order, whatever the order they were picked in.
		o.Toppings = nil
		for _, t := range toppings {
			if slices.Contains(req.Values(), t) {
				o.Toppings = append(o.Toppings, t)
			}
		}
		o.Plain = false
		return next(ctx, orders, key, o)
	}))
	r.HandleComponent("order:{order}:plain", orders.Handler(func(ctx context.Context, req *router.Request, key string, o Order) (interaction.Response, error) {
		o.Toppings, o.Plain = nil, true
		return next(ctx, orders, key, o)
	}))
	// A form is only ever a first answer: never deferred.
	r.HandleComponent("order:{order}:address", orders.Handler(func(ctx context.Context, req *router.Request, key string, o Order) (interaction.Response, error) {
		return interaction.ShowModal(addressForm(key, o)), nil
	}), router.NoAutoDefer())
	r.HandleModal("order:{order}:address", orders.Handler(func(ctx context.Context, req *router.Request, key string, o Order) (interaction.Response, error) {
		o.Name, _ = req.Fields.Text("name")
		o.Street, _ = req.Fields.Text("street")
		o.Notes, _ = req.Fields.Text("notes")
		return next(ctx, orders, key, o)
	}))
	r.HandleComponent("order:{order}:place", orders.OnceHandler(func(ctx context.Context, req *router.Request, key string, o Order) (interaction.Response, error) {
		// The order is the bot's to bake now; the kitchen's channel
		// hears of it. A click handed over to a worker (endpoint.WithQueue)
		// runs here again with the order the first run took: a kitchen
		// that is told of orders takes each under the interaction's id,
		// req.Interaction.ID, and bakes it once.
		return interaction.Reply(fmt.Sprintf("🧾 Order placed by %s: %s.", req.Invoker().Username, describe(o))).
			WithAllowedMentions(interaction.NoMentions()), nil
	}))
	r.HandleComponent("order:{order}:cancel", orders.Handler(func(ctx context.Context, req *router.Request, key string, o Order) (interaction.Response, error) {
		if err := orders.Delete(ctx, key); err != nil {
			return interaction.Response{}, err
		}
		return interaction.Update("🍕 Order cancelled.").WithComponents(), nil
	}))
	return r
}

// next sets o under key and shows the step it needs next.
func next(ctx context.Context, orders *state.Kind[Order], key string, o Order) (interaction.Response, error) {
	if err := orders.Set(ctx, key, o); err != nil {
		return interaction.Response{}, err
	}
	switch {
	case o.Size == "":
		return interaction.Update(stepSize()).WithComponents(sizeMenu(key)...), nil
	case len(o.Toppings) == 0 && !o.Plain:
		return interaction.Update(fmt.Sprintf("🍕 A %s pizza. Step 2 of 3: up to four toppings, or none.", strings.ToLower(o.Size))).
			WithComponents(toppingsMenu(key)...), nil
	case o.Street == "":
		return interaction.Update(fmt.Sprintf("🍕 %s. Step 3 of 3: where to bring it.", capitalize(describe(o)))).WithComponents(
			component.Row(component.PrimaryButton("order:"+key+":address", "Delivery address"), cancel(key))), nil
	}
	return interaction.Update(fmt.Sprintf("🍕 Your order: %s.", describe(o))).WithAllowedMentions(interaction.NoMentions()).WithComponents(
		component.Row(
			component.SuccessButton("order:"+key+":place", "Place order"),
			component.SecondaryButton("order:"+key+":address", "Change address"),
			cancel(key),
		)), nil
}

func stepSize() string { return "🍕 A new order. Step 1 of 3: the size." }

func sizeMenu(key string) []interaction.Component {
	opts := make([]component.SelectOption, len(sizes))
	for i, s := range sizes {
		opts[i] = component.Option(s, s)
	}
	return []interaction.Component{
		component.Row(component.Select("order:"+key+":size", opts...).WithPlaceholder("Size")),
		component.Row(cancel(key)),
	}
}

func toppingsMenu(key string) []interaction.Component {
	opts := make([]component.SelectOption, len(toppings))
	for i, t := range toppings {
		opts[i] = component.Option(t, t)
	}
	return []interaction.Component{
		component.Row(component.Select("order:"+key+":toppings", opts...).WithPlaceholder("Toppings").WithMinValues(1).WithMaxValues(4)),
		component.Row(component.SecondaryButton("order:"+key+":plain", "No toppings"), cancel(key)),
	}
}

func cancel(key string) component.Button {
	return component.DangerButton("order:"+key+":cancel", "Cancel")
}

// addressForm asks where to bring the order, filled in with what o
// holds, so that "Change address" edits the address given.
func addressForm(key string, o Order) interaction.Modal {
	return component.Modal("order:"+key+":address", "Delivery address",
		component.Labeled("Name", component.ShortInput("name").WithLength(1, 80).WithValue(o.Name)),
		component.Labeled("Street", component.ParagraphInput("street").WithLength(5, 300).WithValue(o.Street)),
		component.Labeled("Notes for the rider", component.ParagraphInput("notes").WithLength(0, 300).WithValue(o.Notes).Optional()),
	)
}

// describe writes an order as far as it goes: "a large pizza with
// basil, olives and mushrooms, for Ada Lovelace at 12 Via Roma".
func describe(o Order) string {
	var b strings.Builder
	b.WriteString("a " + strings.ToLower(o.Size) + " pizza")
	switch n := len(o.Toppings); {
	case n == 1:
		b.WriteString(" with " + strings.ToLower(o.Toppings[0]))
	case n > 1:
		b.WriteString(" with " + strings.ToLower(strings.Join(o.Toppings[:n-1], ", ")+" and "+o.Toppings[n-1]))
	default:
		b.WriteString(", plain")
	}
	if o.Street != "" {
		b.WriteString(", for " + o.Name + " at " + o.Street)
	}
	if o.Notes != "" {
		b.WriteString(" (" + strings.TrimSuffix(o.Notes, ".") + ")")
	}
	return b.String()
}

func capitalize(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// expired answers a use of a component whose order is gone, in the
// user's language where the bot knows it.
func expired(req *router.Request) string {
	if req.Locale() == interaction.LocaleFrench {
		return "Cette commande a été passée, annulée ou a expiré : recommencez avec /order."
	}
	return "This order was placed, cancelled or has expired: start a new one with /order."
}
