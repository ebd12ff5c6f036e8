package state_test

import (
	"context"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/state"
)

// BenchmarkHandler measures what reading a state in memory adds to the
// dispatch of a button, against a handler that reads its custom_id's
// part and nothing else:
//
//	go test ./state -run XXX -bench Handler -count 10 | tee state.txt
//	benchstat -col /handler state.txt
func BenchmarkHandler(b *testing.B) {
	ctx := context.Background()
	carts := state.New[Cart]("cart", time.Hour)
	key, err := carts.Put(ctx, bigCart())
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		h    router.Handler
	}{
		{"handler=plain", router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
			k, _ := req.Params.String("cart")
			return interaction.Update(k), nil
		})},
		{"handler=state", carts.Handler(func(ctx context.Context, req *router.Request, key string, c Cart) (interaction.Response, error) {
			return interaction.Update(c.Owner), nil
		})},
	} {
		b.Run(tc.name, func(b *testing.B) {
			r := router.New(router.DispatchOnly())
			r.HandleComponent("cart:{cart}:view", tc.h)
			mux, err := r.Build()
			if err != nil {
				b.Fatal(err)
			}
			ix := interactiontest.Button("cart:" + key + ":view").Interaction()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := mux.Dispatch(ctx, ix); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
