package adaptertest_test

import (
	"context"
	"encoding/json"

	"testing"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/internal/adaptertest"
	"github.com/switchboard-go/switchboard/internal/gatewayclient"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// The checks hold for the kit's own gateway client, handing each
// interaction to the endpoint as an adapter does.
func TestTheChecksHoldForTheKitsClient(t *testing.T) {
	adaptertest.Run(t, func(resumed func()) switchboardtest.Connect {
		return func(ctx context.Context, url, token string, e *endpoint.Endpoint) (func(), error) {
			ctx, cancel := context.WithCancel(ctx)
			c := gatewayclient.New(gatewayclient.Config{URL: url, Token: token, Dispatch: func(name string, d json.RawMessage) {
				switch name {
				case "INTERACTION_CREATE":
					e.Go(ctx, d)
				case "RESUMED":
					resumed()
				}
			}})
			done := make(chan struct{})
			go func() {
				defer close(done)
				c.Run(ctx) //nolint:errcheck // ends with the test
			}()
			return func() {
				cancel()
				<-done
			}, nil
		}
	})
}
