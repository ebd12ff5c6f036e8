package webhook_test

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/webhook"
)

// observed is an Observer that keeps what it is told.
type observed struct {
	mu          sync.Mutex
	requests    []webhook.Observation
	completions []webhook.Completion
}

func (o *observed) ObserveRequest(x webhook.Observation) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.requests = append(o.requests, x)
}

func (o *observed) ObserveCompletion(c webhook.Completion) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.completions = append(o.completions, c)
}

// TestTheEventObserverIsToldWhatBecameOfEachRequestAndEvent: each request
// is observed once, each event once, when its handler has returned.
func TestTheEventObserverIsToldWhatBecameOfEachRequestAndEvent(t *testing.T) {
	key := interactiontest.NewKey("events")
	stale := endpointtest.Signed(key, endpointtest.PingBody(t))
	stale.Headers[endpoint.HeaderTimestamp] = "1000000000"
	const unknown webhook.Type = "SOMETHING_NEW"
	tests := []struct {
		name        string
		call        endpointtest.Call
		wantType    webhook.Type
		wantPing    bool
		wantRefused interaction.Refusal
		wantStatus  int
		wantOutcome webhook.Outcome // 0 when no completion is observed
	}{
		{"a PING", endpointtest.Signed(key, endpointtest.PingBody(t)), "", true, 0, 204, 0},
		{"an event handled", endpointtest.Signed(key, endpointtest.EventBody(t, webhook.TypeApplicationAuthorized, authorized())),
			webhook.TypeApplicationAuthorized, false, 0, 204, webhook.OutcomeHandled},
		{"an event whose handler fails", endpointtest.Signed(key, endpointtest.EventBody(t, webhook.TypeApplicationDeauthorized, webhook.ApplicationDeauthorized{User: ada})),
			webhook.TypeApplicationDeauthorized, false, 0, 204, webhook.OutcomeError},
		{"an event whose handler panics", endpointtest.Signed(key, endpointtest.EventBody(t, webhook.TypeEntitlementCreate, interaction.Entitlement{ID: 1, SKUID: 2, ApplicationID: 3})),
			webhook.TypeEntitlementCreate, false, 0, 204, webhook.OutcomePanic},
		{"an event of a type no handler is registered for", endpointtest.Signed(key, endpointtest.EventBody(t, unknown, map[string]string{"id": "9"})),
			unknown, false, 0, 204, webhook.OutcomeUnhandled},
		{"a signature by another key", endpointtest.Signed(interactiontest.NewKey("forger"), endpointtest.PingBody(t)), "", false, interaction.RefusedBadSignature, 401, 0},
		{"a stale timestamp", stale, "", false, interaction.RefusedStaleTimestamp, 401, 0},
		{"a signed body that is not an event", endpointtest.Signed(key, []byte("not json")), "", false, interaction.RefusedMalformed, 400, 0},
		{"a body over the limit", endpointtest.Signed(key, append(bytes.Repeat([]byte(" "), 4096), endpointtest.PingBody(t)...)), "", false, interaction.RefusedTooLarge, 413, 0},
	}
	for _, a := range endpointtest.FrontEnds() {
		for _, tt := range tests {
			t.Run(a.Name+"/"+tt.name, func(t *testing.T) {
				o := new(observed)
				e := endpointtest.NewEvents(t, key.Verifier(), webhook.WithObserver(o), webhook.WithMaxBodySize(4096))
				e.OnApplicationAuthorized(func(context.Context, *webhook.Event, webhook.ApplicationAuthorized) error { return nil })
				e.OnApplicationDeauthorized(func(context.Context, *webhook.Event, webhook.ApplicationDeauthorized) error {
					return errors.New("the database is down")
				})
				e.OnEntitlementCreate(func(context.Context, *webhook.Event, interaction.Entitlement) error { panic("no price list") })
				if got := a.Do(e, tt.call).Status; got != tt.wantStatus {
					t.Fatalf("answered %d, want %d", got, tt.wantStatus)
				}
				if err := e.Wait(context.Background()); err != nil {
					t.Fatal(err)
				}
				o.mu.Lock()
				defer o.mu.Unlock()
				if len(o.requests) != 1 {
					t.Fatalf("%d requests observed, want 1: %+v", len(o.requests), o.requests)
				}
				x := o.requests[0]
				if x.Type != tt.wantType || x.Ping != tt.wantPing || x.Refused != tt.wantRefused || x.Status != tt.wantStatus {
					t.Errorf("observed %+v, want type %q ping %v refused %q status %d", x, tt.wantType, tt.wantPing, tt.wantRefused, tt.wantStatus)
				}
				if (x.Verification > 0) == (tt.wantRefused == interaction.RefusedTooLarge) {
					t.Errorf("verification took %v, refused %q", x.Verification, x.Refused)
				}
				if tt.wantOutcome == 0 {
					if len(o.completions) != 0 {
						t.Errorf("completions observed: %+v, want none", o.completions)
					}
					return
				}
				if len(o.completions) != 1 || o.completions[0].Type != tt.wantType || o.completions[0].Outcome != tt.wantOutcome {
					t.Fatalf("completions observed: %+v, want one %s %q", o.completions, tt.wantType, tt.wantOutcome)
				}
				if ran := tt.wantOutcome != webhook.OutcomeUnhandled; (o.completions[0].HandlerTime > 0) != ran {
					t.Errorf("handler measured %v, want it measured: %v", o.completions[0].HandlerTime, ran)
				}
			})
		}
	}
}

// TestTheEventObserverIsToldOfEventsRefusedWhileBusy: an event beyond the
// concurrency limit is observed as busy, at once.
func TestTheEventObserverIsToldOfEventsRefusedWhileBusy(t *testing.T) {
	key := interactiontest.NewKey("events")
	o := new(observed)
	release := make(chan struct{})
	e := endpointtest.NewEvents(t, key.Verifier(), webhook.WithObserver(o), webhook.WithConcurrency(1))
	e.OnApplicationAuthorized(func(context.Context, *webhook.Event, webhook.ApplicationAuthorized) error {
		<-release
		return nil
	})
	c := endpointtest.Signed(key, endpointtest.EventBody(t, webhook.TypeApplicationAuthorized, authorized()))
	for _, want := range []int{204, 503} {
		if got := endpointtest.FrontEnds()[0].Do(e, c).Status; got != want {
			t.Fatalf("answered %d, want %d", got, want)
		}
	}
	close(release)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := e.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	outcomes := map[webhook.Outcome]int{}
	for _, c := range o.completions {
		outcomes[c.Outcome]++
	}
	if len(o.completions) != 2 || outcomes[webhook.OutcomeBusy] != 1 || outcomes[webhook.OutcomeHandled] != 1 {
		t.Errorf("completions observed: %+v, want one busy and one handled", o.completions)
	}
}
