package cooldown_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/state"
)

type Cart struct{ Items []string }

// A cooldown applied to one route by hand does not hide the route from
// the handler behind it: Build still checks it.
func TestACooldownAppliedByHandLetsBuildCheckTheHandlerBehindIt(t *testing.T) {
	carts := state.New[Cart]("cart", time.Hour)
	pay := carts.OnceHandler(func(context.Context, *router.Request, string, Cart) (interaction.Response, error) {
		return interaction.Reply("paid"), nil
	})
	tests := []struct {
		name    string
		pattern string
		want    string // the problem Build reports; "" for a router that builds
	}{
		{"a pattern that names the kind's part", "cart:{cart}:pay", ""},
		{"a pattern that names another part", "cart:{id}:pay",
			`cart:{id}:pay: component handler: state: cart: the pattern names no part {cart} to read the key from: write {cart} in place of {id}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			once := cooldown.New(cooldown.PerUser, 1, time.Minute)
			r := router.New()
			r.HandleComponent(tt.pattern, once(once(pay)))
			_, err := r.Build()
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Build: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("Build: %v\nwant a problem starting %q", err, tt.want)
			}
		})
	}
}

// A nil text is no text to call when a use is refused: the default
// answers.
func TestANilCooldownMessageKeepsTheDefault(t *testing.T) {
	r := router.New(router.DispatchOnly())
	r.Use(cooldown.New(cooldown.PerUser, 1, time.Minute, cooldown.WithMessage(nil)))
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	})
	m := endpointtest.Build(t, r)
	m.Dispatch(context.Background(), interactiontest.Command("ping").Interaction())
	resp, _ := m.Dispatch(context.Background(), interactiontest.Command("ping").Interaction())
	if !strings.HasPrefix(resp.Message.Content, "You can use this command again <t:") {
		t.Errorf("answered %q, want the default refusal", resp.Message.Content)
	}
}
