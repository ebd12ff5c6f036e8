package state_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/state"
)

type Reminder struct{ Text string }

func confirm(context.Context, *router.Request, string, Reminder) (interaction.Response, error) {
	return interaction.Reply("noted"), nil
}

func TestBuildRefusesARouteAHandlerOfStatesCannotServe(t *testing.T) {
	rems := state.New[Reminder]("rem", time.Hour)
	long := "rem:" + strings.Repeat("x", 70) + ":{rem}:confirm"
	tests := []struct {
		name string
		wire func(r *router.Router)
		want string // the problem Build reports; "" for a router that builds
	}{
		{"a pattern that names the kind's part", func(r *router.Router) {
			r.HandleComponent("rem:{rem}:confirm", rems.OnceHandler(confirm))
			r.HandleModal("rem:{rem}:edit", rems.Handler(confirm))
		}, ""},
		{"a pattern whose rest is the kind's part", func(r *router.Router) {
			r.HandleComponent("rem:{rem...}", rems.Handler(confirm))
		}, ""},
		{"a pattern that names another part", func(r *router.Router) {
			r.HandleComponent("rem:{key}:confirm", rems.OnceHandler(confirm))
		}, `rem:{key}:confirm: component handler: state: rem: the pattern names no part {rem} to read the key from: ` +
			`write {rem} in place of {key}, as in "rem:{rem}:confirm"`},
		{"a pattern whose rest is another part", func(r *router.Router) {
			r.HandleComponent("rem:{rest...}", rems.Handler(confirm))
		}, `rem:{rest...}: component handler: state: rem: the pattern names no part {rem} to read the key from: ` +
			`write {rem} in place of {rest}, as in "rem:{rem}"`},
		{"a pattern that names no part", func(r *router.Router) {
			r.HandleModal("rem:edit", rems.Handler(confirm))
		}, `rem:edit: modal handler: state: rem: the pattern names no part {rem} to read the key from: ` +
			`write {rem} where the custom_id carries the key Put returned`},
		{"a pattern that names several other parts", func(r *router.Router) {
			r.HandleComponent("rem:{when}:{key}", rems.Handler(confirm))
		}, `rem:{when}:{key}: component handler: state: rem: the pattern names no part {rem} to read the key from: ` +
			`it names {when}, {key}: write {rem} in place of the one that carries the key`},
		{"a pattern too long to carry a key", func(r *router.Router) {
			r.HandleComponent(long, rems.Handler(confirm))
		}, long + `: component handler: state: rem: the pattern leaves its part {rem} 17 of the 100 characters a custom_id holds, ` +
			`and a key has 22: shorten its text by 5 characters`},
		{"a nil function", func(r *router.Router) {
			r.HandleComponent("rem:{rem}:confirm", rems.OnceHandler(nil))
		}, `rem:{rem}:confirm: component handler: state: rem: the handler's function is nil`},
		{"a command", func(r *router.Router) {
			r.Handle("remind", rems.Handler(confirm), router.Description("Remind me"))
		}, `remind: command handler: state: rem: a handler of states serves a component or a modal, whose custom_id carries the key in a part {rem}: ` +
			`register it with HandleComponent or HandleModal`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := router.New()
			tt.wire(r)
			_, err := r.Build()
			if tt.want == "" {
				if err != nil {
					t.Fatalf("Build: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Build: %v\nwant a problem starting %q", err, tt.want)
			}
		})
	}
}
