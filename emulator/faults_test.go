package emulator_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
)

func TestFaultsFailTheNextRequestsOfTheirRouteOnly(t *testing.T) {
	for _, tc := range []struct {
		name       string
		fault      emulator.Fault
		wantStatus int
		check      func(resp *http.Response, body map[string]any) bool
	}{
		{
			"a rate limit answers 429 with retry_after",
			emulator.Fault{Kind: emulator.FaultRateLimit, RetryAfter: 1500 * time.Millisecond},
			429,
			func(resp *http.Response, body map[string]any) bool {
				h := resp.Header
				return body["retry_after"] == 1.5 && body["global"] == false && body["message"] == "You are being rate limited." &&
					h.Get("Retry-After") == "2" && h.Get("X-RateLimit-Remaining") == "0" && h.Get("X-RateLimit-Reset-After") == "1.500" &&
					h.Get("X-RateLimit-Bucket") != "" && h.Get("X-RateLimit-Global") == ""
			},
		},
		{
			"a global rate limit says so",
			emulator.Fault{Kind: emulator.FaultRateLimit, Global: true},
			429,
			func(resp *http.Response, body map[string]any) bool {
				return body["retry_after"] == float64(1) && body["global"] == true &&
					resp.Header.Get("X-RateLimit-Global") == "true" && resp.Header.Get("X-RateLimit-Scope") == "global"
			},
		},
		{
			"a server error answers its status",
			emulator.Fault{Kind: emulator.FaultServerError, Status: 503},
			503,
			func(_ *http.Response, body map[string]any) bool { return body["message"] == "503: Service Unavailable" },
		},
		{
			"a server error is 500 unless told",
			emulator.Fault{Kind: emulator.FaultServerError},
			500,
			func(*http.Response, map[string]any) bool { return true },
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, emulator.Config{})
			f := tc.fault
			f.Route, f.Count = "commands", 2
			s.InjectFault(t, f)
			for i := range 2 {
				if resp, _ := call(t, s, "GET", "/users/@me", "Bot "+s.BotToken, ""); resp.StatusCode != 200 {
					t.Fatalf("another route failed: %d", resp.StatusCode)
				}
				resp, body := call(t, s, "GET", globalPath(s), "Bot "+s.BotToken, "")
				if resp.StatusCode != tc.wantStatus || !tc.check(resp, body) {
					t.Fatalf("request %d: %d %v %v", i, resp.StatusCode, body, resp.Header)
				}
			}
			if resp, _ := call(t, s, "GET", globalPath(s), "Bot "+s.BotToken, ""); resp.StatusCode != 200 {
				t.Fatalf("after the fault: %d", resp.StatusCode)
			}
		})
	}
}

func TestAFaultWithoutARouteFailsEveryRoute(t *testing.T) {
	s := start(t, emulator.Config{})
	s.InjectFault(t, emulator.Fault{Kind: emulator.FaultServerError, Status: 502, Count: 3})
	for i, path := range []string{"/users/@me", globalPath(s), guildPath(s), "/users/@me"} {
		want := 502
		if i == 3 {
			want = 200
		}
		if resp, _ := call(t, s, "GET", path, "Bot "+s.BotToken, ""); resp.StatusCode != want {
			t.Fatalf("%s: got %d, want %d", path, resp.StatusCode, want)
		}
	}
}

func TestFaultsAreUsedInTheOrderInjected(t *testing.T) {
	s := start(t, emulator.Config{})
	s.InjectFault(t, emulator.Fault{Kind: emulator.FaultServerError, Status: 502})
	s.InjectFault(t, emulator.Fault{Kind: emulator.FaultServerError, Status: 503, Route: "users_me"})
	for _, want := range []int{502, 503, 200} {
		if resp, _ := call(t, s, "GET", "/users/@me", "Bot "+s.BotToken, ""); resp.StatusCode != want {
			t.Fatalf("got %d, want %d", resp.StatusCode, want)
		}
	}
	s.InjectFault(t, emulator.Fault{Kind: emulator.FaultServerError, Count: 5})
	s.ClearFaults(t)
	if resp, _ := call(t, s, "GET", "/users/@me", "Bot "+s.BotToken, ""); resp.StatusCode != 200 {
		t.Fatalf("after ClearFaults: %d", resp.StatusCode)
	}
}

func TestASlowFaultDelaysItsRequestAlone(t *testing.T) {
	s := start(t, emulator.Config{})
	const delay = 300 * time.Millisecond
	s.InjectFault(t, emulator.Fault{Kind: emulator.FaultSlow, Delay: delay, Route: "commands"})
	done := make(chan time.Duration)
	go func() {
		began := time.Now()
		req, _ := http.NewRequest("GET", s.URL+globalPath(s), nil)
		req.Header.Set("Authorization", "Bot "+s.BotToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
		} else {
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || string(raw) != "[]" {
				t.Errorf("the slow request: %d %s", resp.StatusCode, raw)
			}
		}
		done <- time.Since(began)
	}()
	time.Sleep(50 * time.Millisecond)
	// The slow request holds no lock: the service answers others meanwhile.
	began := time.Now()
	if resp, _ := call(t, s, "GET", guildPath(s), "Bot "+s.BotToken, ""); resp.StatusCode != 200 || time.Since(began) > delay/2 {
		t.Fatalf("another request waited: %d after %v", resp.StatusCode, time.Since(began))
	}
	if took := <-done; took < delay {
		t.Fatalf("the slow request took %v", took)
	}
}

func TestADroppedConnectionIsATransportError(t *testing.T) {
	s := start(t, emulator.Config{})
	s.InjectFault(t, emulator.Fault{Kind: emulator.FaultDrop, Route: "users_me"})
	// A fresh connection per request: the transport retries a request
	// whose reused connection closed, which would hide the fault.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	req, _ := http.NewRequest("GET", s.URL+"/users/@me", nil)
	req.Header.Set("Authorization", "Bot "+s.BotToken)
	if resp, err := client.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("got %d, want a transport error", resp.StatusCode)
	}
	req, _ = http.NewRequest("GET", s.URL+"/users/@me", nil)
	req.Header.Set("Authorization", "Bot "+s.BotToken)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("after the drop: %d", resp.StatusCode)
	}
}

func TestFaultsCountExactlyUnderConcurrentRequests(t *testing.T) {
	s := start(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 1 << 30}})
	s.InjectFault(t, emulator.Fault{Kind: emulator.FaultServerError, Count: 25})
	var failed atomic.Int32
	var wg sync.WaitGroup
	for range 100 {
		wg.Go(func() {
			req, _ := http.NewRequest("GET", s.URL+"/users/@me", nil)
			req.Header.Set("Authorization", "Bot "+s.BotToken)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
			if resp.StatusCode == 500 {
				failed.Add(1)
			}
		})
	}
	wg.Wait()
	if failed.Load() != 25 {
		t.Fatalf("%d requests failed, want 25", failed.Load())
	}
}

// The emulator holds at most Limits.Faults faults not yet used up, 1,000
// unless told: past it a fault is refused, by the control API with 409
// too_many_faults, and by InjectFault with ErrTooManyFaults, each naming
// the limit. A fault used up, or clearing them, makes room again.
func TestInjectedFaultsAreBounded(t *testing.T) {
	s := start(t, emulator.Config{})
	fault := emulator.Fault{Route: "commands", Kind: emulator.FaultServerError}
	for range emulator.DefaultFaults {
		s.InjectFault(t, fault)
	}
	const body = `{"route":"commands","kind":"server_error"}`
	refused := func(why string) {
		t.Helper()
		status, raw := control(t, s.controlURL, "POST", "/_emulator/faults", body)
		var out struct{ Error, Message string }
		_ = json.Unmarshal(raw, &out)
		if status != http.StatusConflict || out.Error != "too_many_faults" || !strings.Contains(out.Message, "1000 faults") || !strings.Contains(out.Message, "Limits.Faults") {
			t.Fatalf("%s: %d %s, want 409 too_many_faults naming the limit", why, status, raw)
		}
	}
	refused("a fault past the limit")
	if s.server != nil {
		err := s.server.InjectFault(fault)
		if !errors.Is(err, emulator.ErrTooManyFaults) || !strings.Contains(err.Error(), "Limits.Faults") {
			t.Fatalf("InjectFault past the limit: %v, want ErrTooManyFaults naming the limit", err)
		}
	}
	if resp, _ := call(t, s, "GET", globalPath(s), "Bot "+s.BotToken, ""); resp.StatusCode != 500 {
		t.Fatalf("the first fault was not used: %d", resp.StatusCode)
	}
	if status, raw := control(t, s.controlURL, "POST", "/_emulator/faults", body); status != http.StatusNoContent {
		t.Fatalf("a fault once one was used up: %d %s", status, raw)
	}
	refused("a fault past the limit again")
	s.ClearFaults(t)
	if status, raw := control(t, s.controlURL, "POST", "/_emulator/faults", body); status != http.StatusNoContent {
		t.Fatalf("a fault after clearing them: %d %s", status, raw)
	}
}

// Limits.Faults sets how many faults the emulator holds.
func TestTheLimitOfFaultsIsConfigured(t *testing.T) {
	s := start(t, emulator.Config{Limits: emulator.Limits{Faults: 2}})
	srv := s.Server(t, "the process has no flag for Limits.Faults")
	fault := emulator.Fault{Kind: emulator.FaultServerError}
	for i := range 2 {
		if err := srv.InjectFault(fault); err != nil {
			t.Fatalf("fault %d: %v", i, err)
		}
	}
	if err := srv.InjectFault(fault); !errors.Is(err, emulator.ErrTooManyFaults) || !strings.Contains(err.Error(), "2 faults") {
		t.Fatalf("the third fault: %v, want ErrTooManyFaults naming 2 faults", err)
	}
}

// Faults of a route and faults of every route are used in the order they
// were injected, whichever route a request takes.
func TestFaultsOfARouteAndOfEveryRouteKeepTheirOrder(t *testing.T) {
	s := start(t, emulator.Config{})
	for _, f := range []emulator.Fault{
		{Status: 501}, {Route: "users_me", Status: 502}, {Route: "commands", Status: 503},
		{Status: 504, Count: 2}, {Route: "users_me", Status: 505},
	} {
		f.Kind = emulator.FaultServerError
		s.InjectFault(t, f)
	}
	for i, step := range []struct {
		path string
		want int
	}{
		{globalPath(s), 501}, {globalPath(s), 503}, {"/users/@me", 502}, {"/users/@me", 504},
		{globalPath(s), 504}, {globalPath(s), 200}, {"/users/@me", 505}, {"/users/@me", 200},
	} {
		if resp, _ := call(t, s, "GET", step.path, "Bot "+s.BotToken, ""); resp.StatusCode != step.want {
			t.Fatalf("request %d, %s: %d, want %d", i, step.path, resp.StatusCode, step.want)
		}
	}
}
