package switchboardtest_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/switchboardtest"
	"github.com/switchboard-go/switchboard/webhook"
)

func TestTheServeEventsExampleTestPasses(t *testing.T) { testMembers(t) }

// heard records the type of every event an endpoint's handlers ran for.
type heard struct {
	mu    sync.Mutex
	types []webhook.Type
}

func (h *heard) endpoint(t testing.TB, bot *switchboardtest.Bot) *webhook.Endpoint {
	v, err := interaction.NewVerifier(bot.Emulator.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	e := endpointtest.NewEvents(t, v)
	e.Fallback(webhook.HandlerFunc(func(_ context.Context, ev *webhook.Event) error {
		h.mu.Lock()
		defer h.mu.Unlock()
		h.types = append(h.types, ev.Type)
		return nil
	}))
	return e
}

// premium is an SKU a user buys once, published.
var premium = emulator.SKU{ID: 1100000000000000111, Type: 2, Name: "Premium", Flags: 1 << 2}

// Each thing a user does that the application hears of reaches the
// handlers by the time WaitEvents returns.
func TestWaitEventsReturnsOnceTheHandlersHaveRun(t *testing.T) {
	tests := []struct {
		name string
		do   func(bot *switchboardtest.Bot) error
		want []webhook.Type
	}{
		{"a user authorizes the application", func(bot *switchboardtest.Bot) error {
			_, err := bot.Emulator.AuthorizeUser(bot.Member, "identify")
			return err
		}, []webhook.Type{webhook.TypeApplicationAuthorized}},
		{"a user installs it, then removes it", func(bot *switchboardtest.Bot) error {
			if _, err := bot.Emulator.AuthorizeUser(bot.Member, "applications.commands"); err != nil {
				return err
			}
			bot.Emulator.Deauthorize(bot.Member)
			return nil
		}, []webhook.Type{webhook.TypeApplicationAuthorized, webhook.TypeApplicationDeauthorized}},
		{"a user buys an SKU", func(bot *switchboardtest.Bot) error {
			_, err := bot.Emulator.CreateEntitlement(interaction.Entitlement{SKUID: premium.ID, UserID: bot.Member, Type: 1})
			return err
		}, []webhook.Type{webhook.TypeEntitlementCreate}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bot := switchboardtest.New(t, router.New(), switchboardtest.WithEmulator(emulator.Config{
				InstallationContexts: []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall},
				SKUs:                 []emulator.SKU{premium}}))
			h := &heard{}
			bot.ServeEvents(h.endpoint(t, bot))
			if err := tt.do(bot); err != nil {
				t.Fatal(err)
			}
			ds := bot.WaitEvents(len(tt.want))
			if len(ds) != len(tt.want) {
				t.Errorf("%d deliveries, want %d", len(ds), len(tt.want))
			}
			h.mu.Lock()
			defer h.mu.Unlock()
			if got := h.types; !slices.Equal(got, tt.want) {
				t.Errorf("the handlers heard %v, want %v", got, tt.want)
			}
		})
	}
}

// What goes wrong fails the test, saying what.
func TestEventsFailTheTestSayingWhy(t *testing.T) {
	tests := []struct {
		name string
		do   func(tb testing.TB)
		want string
	}{
		{"events that never come", func(tb testing.TB) {
			bot := switchboardtest.New(tb, router.New(), switchboardtest.WithWait(50*time.Millisecond))
			bot.ServeEvents((&heard{}).endpoint(tb, bot))
			if _, err := bot.Emulator.AuthorizeUser(bot.Member, "identify"); err != nil {
				tb.Fatal(err)
			}
			bot.WaitEvents(2)
		}, "switchboardtest: waited 50ms for 2 events; 1 were delivered:\n  APPLICATION_AUTHORIZED answered 204 after"},
		{"an event the endpoint refuses", func(tb testing.TB) {
			bot := switchboardtest.New(tb, router.New())
			v, err := interaction.NewVerifier(bot.Emulator.PublicKey)
			if err != nil {
				tb.Fatal(err)
			}
			// Room for the PING that checks the URL, not for an event
			// about a user.
			bot.ServeEvents(endpointtest.NewEvents(tb, v, webhook.WithMaxBodySize(160)))
			if _, err := bot.Emulator.AuthorizeUser(bot.Member, "identify"); err != nil {
				tb.Fatal(err)
			}
			bot.WaitEvents(1)
		}, "switchboardtest: an event was not acknowledged as the service asks:\n  APPLICATION_AUTHORIZED answered 413 after"},
		{"waiting with no endpoint", func(tb testing.TB) {
			switchboardtest.New(tb, router.New()).WaitEvents(1)
		}, "switchboardtest: WaitEvents without an events endpoint"},
		{"an endpoint with another key", func(tb testing.TB) {
			bot := switchboardtest.New(tb, router.New())
			bot.ServeEvents(endpointtest.NewEvents(tb, interactiontest.NewKey("forger").Verifier()))
		}, "switchboardtest: the emulator refused the events endpoint"},
		{"a second endpoint", func(tb testing.TB) {
			bot := switchboardtest.New(tb, router.New())
			bot.ServeEvents((&heard{}).endpoint(tb, bot))
			bot.ServeEvents((&heard{}).endpoint(tb, bot))
		}, "switchboardtest: the bot already serves an events endpoint"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if msg := failed(t, tt.do); !strings.Contains(msg, tt.want) {
				t.Errorf("failed with %q, want %q", msg, tt.want)
			}
		})
	}
}
