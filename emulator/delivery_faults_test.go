package emulator

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// guardBot is a bot over HTTP that verifies signatures and, when told,
// how fresh their timestamps are and whether it served an interaction
// before, and records every request and how it answered.
type guardBot struct {
	mu sync.Mutex
	// replayGuard refuses an interaction served before with 409, as
	// endpoint.WithReplayGuard does.
	replayGuard bool
	served      map[interaction.Snowflake]bool
	seen        []botRequest
	answer      string
	// trusting serves requests whose signature does not verify, as a
	// bot should not.
	trusting bool
}

// botRequest is a request the bot received and its answer's status.
type botRequest struct {
	body      []byte
	timestamp string
	status    int
}

// serveGuardBot serves a guardBot for s with the command "poll", its
// verifier's timestamp window being window (0: no check), and sets it as
// the interactions URL.
func serveGuardBot(t *testing.T, s *Server, window time.Duration, replayGuard bool) *guardBot {
	t.Helper()
	putCommands(t, s, command.Global, []byte(`[{"name":"poll","description":"Starts a poll"}]`))
	verifier, err := interaction.NewVerifier(s.PublicKey, interaction.WithTimestampWindow(window))
	if err != nil {
		t.Fatal(err)
	}
	b := &guardBot{replayGuard: replayGuard, served: map[interaction.Snowflake]bool{}, answer: `{"type":4,"data":{"content":"ok"}}`}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		ts := r.Header.Get("X-Signature-Timestamp")
		status, answer := b.serve(verifier, r.Header.Get("X-Signature-Ed25519"), ts, body)
		b.mu.Lock()
		b.seen = append(b.seen, botRequest{body: body, timestamp: ts, status: status})
		b.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write([]byte(answer))
	}))
	t.Cleanup(srv.Close)
	if err := s.SetInteractionsURL(context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	b.mu.Lock()
	b.seen = nil // the checks of the URL
	b.mu.Unlock()
	return b
}

func (b *guardBot) serve(v *interaction.Verifier, sig, ts string, body []byte) (int, string) {
	b.mu.Lock()
	trusting := b.trusting
	b.mu.Unlock()
	if v.Verify([]byte(sig), []byte(ts), body) != nil && !trusting {
		return http.StatusUnauthorized, `{"message":"invalid request signature"}`
	}
	ix := new(interaction.Interaction)
	if err := interaction.Decode(body, ix); err != nil {
		return http.StatusBadRequest, `{}`
	}
	if ix.Type == interaction.TypePing {
		return http.StatusOK, `{"type":1}`
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.replayGuard && b.served[ix.ID] {
		return http.StatusConflict, `{"message":"already served"}`
	}
	b.served[ix.ID] = true
	return http.StatusOK, b.answer
}

// requests returns what the bot received.
func (b *guardBot) requests() []botRequest {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.seen)
}

// startFaults starts a server and a bot for it.
func startFaults(t *testing.T, window time.Duration, replayGuard bool) (*Server, *guardBot) {
	t.Helper()
	s, bot, _ := startFaultsClock(t, window, replayGuard)
	return s, bot
}

// startFaultsClock starts a server on a clock that moves when told, and
// a bot for it; a late delivery moves the clock rather than waiting.
func startFaultsClock(t *testing.T, window time.Duration, replayGuard bool) (*Server, *guardBot, *testClock) {
	t.Helper()
	clk := &testClock{now: time.Now()}
	s, err := New(Config{RateLimit: RateLimit{Requests: 1 << 30}, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	s.hooks.wait = clk.Advance
	t.Cleanup(func() { s.Close() })
	return s, serveGuardBot(t, s, window, replayGuard), clk
}

// testClock is a clock that moves only when told.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func mustArm(t *testing.T, s *Server, f DeliveryFault) {
	t.Helper()
	if err := s.ArmDeliveryFault(f); err != nil {
		t.Fatal(err)
	}
}

func invokePoll(t *testing.T, s *Server) *Result {
	t.Helper()
	res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "poll"})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// A duplicate is the same body signed again, sent once the first is
// settled: a bot with a replay guard refuses it and copes; one without
// answers it, and the service refuses that answer with 40060. Either way
// the answer to the interaction is the first.
func TestADuplicateIsTheSameInteractionSignedAgain(t *testing.T) {
	for _, tc := range []struct {
		name        string
		replayGuard bool
		status      int
		ok          bool
		violation   string
	}{
		{"a bot with a replay guard refuses it", true, http.StatusConflict, true, ""},
		{"a bot without answers it, and the service refuses the answer", false, http.StatusOK, false, `"code":40060`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, bot := startFaults(t, 0, tc.replayGuard)
			mustArm(t, s, DeliveryFault{Kind: DeliveryDuplicate})
			res := invokePoll(t, s)
			mustOK(t, res, nil)
			if !slices.Equal(res.Faults, []DeliveryFaultKind{DeliveryDuplicate}) {
				t.Fatalf("faults %v", res.Faults)
			}
			got := bot.requests()
			if len(got) != 2 || !bytes.Equal(got[0].body, got[1].body) || got[0].status != http.StatusOK || got[1].status != tc.status {
				t.Fatalf("the bot received %d requests: %+v", len(got), got)
			}
			if len(res.Copies) != 1 {
				t.Fatalf("copies %+v", res.Copies)
			}
			c := res.Copies[0]
			if c.Fault != DeliveryDuplicate || c.Status != tc.status || c.OK() != tc.ok ||
				tc.violation != "" && (len(c.Violations) != 1 || !bytes.Contains([]byte(c.Violations[0]), []byte(tc.violation))) {
				t.Fatalf("copy %+v", c)
			}
			rec, _ := s.Interaction(res.Interaction.ID)
			if rec.Answer == nil || rec.Answer.Message.Content != "ok" || len(rec.Copies) != 1 || !slices.Equal(rec.Faults, res.Faults) {
				t.Fatalf("record %+v", rec)
			}
		})
	}
}

// A delivery no fault applies to meets none, and says so.
func TestADeliveryWithoutFaultsSaysNone(t *testing.T) {
	s, bot := startFaults(t, 0, false)
	mustArm(t, s, DeliveryFault{Kind: DeliveryEventRetry})
	res := invokePoll(t, s)
	mustOK(t, res, nil)
	if res.Faults != nil || res.Copies != nil || len(bot.requests()) != 1 {
		t.Fatalf("faults %v, copies %v, %d requests", res.Faults, res.Copies, len(bot.requests()))
	}
	j := resultJSON(res)
	if f, c := j["faults"].([]string), j["copies"].([]map[string]any); f == nil || len(f) != 0 || c == nil || len(c) != 0 {
		t.Fatalf("control answer %v %v", j["faults"], j["copies"])
	}
}

// Two servers with the same faults and the same seeds fault the same
// deliveries; with probability 0.5 a fault fires on a subset of them,
// the same every run, and not on none or all.
func TestTheSameSeedFaultsTheSameDeliveries(t *testing.T) {
	fired := func(seed uint64) []bool {
		s, _ := startFaults(t, 0, true)
		mustArm(t, s, DeliveryFault{Kind: DeliveryDuplicate, Probability: 0.5, Seed: seed})
		var out []bool
		for range 24 {
			out = append(out, len(invokePoll(t, s).Faults) > 0)
		}
		return out
	}
	a, b := fired(7), fired(7)
	if !slices.Equal(a, b) {
		t.Fatalf("the same seed fired on\n%v\n%v", a, b)
	}
	n := 0
	for _, f := range a {
		if f {
			n++
		}
	}
	if n == 0 || n == len(a) {
		t.Fatalf("probability 0.5 fired on %d of %d", n, len(a))
	}
	if c := fired(8); slices.Equal(a, c) {
		t.Fatalf("another seed fired on the same deliveries: %v", c)
	}
}

// Count bounds how often a fault fires, and After how many deliveries
// pass before it may; the list says how often each drew and fired.
func TestCountAndAfterBoundAFault(t *testing.T) {
	s, _ := startFaults(t, 0, true)
	mustArm(t, s, DeliveryFault{Kind: DeliveryDuplicate, Count: 2, After: 1})
	var got []bool
	for range 5 {
		got = append(got, len(invokePoll(t, s).Faults) > 0)
	}
	if want := []bool{false, true, true, false, false}; !slices.Equal(got, want) {
		t.Fatalf("fired on %v, want %v", got, want)
	}
	armed := s.DeliveryFaults()
	if len(armed) != 1 || armed[0].Draws != 2 || armed[0].Fired != 2 || armed[0].Probability != 1 {
		t.Fatalf("armed %+v", armed)
	}
	s.ClearDeliveryFaults()
	if len(s.DeliveryFaults()) != 0 || len(invokePoll(t, s).Faults) != 0 {
		t.Fatal("the faults outlived their clearing")
	}
}

func TestArmingRefusesWhatIsWrong(t *testing.T) {
	s, err := New(Config{Limits: Limits{Faults: 2}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, f := range []DeliveryFault{
		{},
		{Kind: 99},
		{Kind: DeliveryDuplicate, Probability: 1.5},
		{Kind: DeliveryDuplicate, Probability: -0.1},
		{Kind: DeliveryDuplicate, Count: -1},
		{Kind: DeliveryLate},
		{Kind: DeliveryTokenExpiresEarly, Duration: -time.Second},
	} {
		if err := s.ArmDeliveryFault(f); err == nil {
			t.Errorf("armed %+v", f)
		}
	}
	for i := range 3 {
		err := s.ArmDeliveryFault(DeliveryFault{Kind: DeliveryDuplicate, Seed: uint64(i)})
		if (err != nil) != (i == 2) {
			t.Fatalf("fault %d: %v", i, err)
		}
	}
}

// controlDo makes a request of s's control API and returns the status and
// the body.
func controlDo(t *testing.T, s *Server, method, path, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, strings.TrimSuffix(s.URL, "/v10")+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// The control API arms faults, lists them with how often they fired,
// clears them, and refuses what is wrong or one too many.
func TestTheControlAPIArmsListsAndClearsDeliveryFaults(t *testing.T) {
	s, _ := startFaults(t, 0, true)
	for _, tc := range []struct {
		body   string
		status int
		says   string
	}{
		{`{"kind":"duplicate","probability":0.5,"seed":42,"count":3}`, 204, ""},
		{`{"kind":"stale_timestamp","duration":1.5}`, 204, ""},
		{`{"kind":"late"}`, 400, "needs a duration"},
		{`{"kind":"sideways"}`, 400, `kind must be one of`},
		{`{"kind":"duplicate","probability":2}`, 400, "not in (0, 1]"},
		{`{"kind":"duplicate","count":-1}`, 400, "must not be negative"},
		{`{"kind":"late","duration":1e300}`, 400, "from 0 to a day"},
		{`{"kind":"duplicate","fired":3}`, 400, "counted by the emulator"},
		{`{"kind":"duplicate","delay":1}`, 400, "unknown field"},
	} {
		status, body := controlDo(t, s, "POST", "/_emulator/delivery-faults", tc.body)
		if status != tc.status || !strings.Contains(body, tc.says) {
			t.Errorf("%s: %d %s", tc.body, status, body)
		}
	}
	status, body := controlDo(t, s, "POST", "/_emulator/invoke", `{"guild":"`+s.GuildID.String()+`","command":"poll"}`)
	if status != 200 || !strings.Contains(body, `"faults":[`) || !strings.Contains(body, `"copies":[`) {
		t.Fatalf("invoke: %d %s", status, body)
	}
	var invoked struct {
		ID     interaction.Snowflake `json:"id"`
		Faults []string              `json:"faults"`
		Copies []struct {
			Fault  string `json:"fault"`
			Status int    `json:"status"`
			OK     bool   `json:"ok"`
		} `json:"copies"`
	}
	if err := json.Unmarshal([]byte(body), &invoked); err != nil {
		t.Fatal(err)
	}
	_, rec := controlDo(t, s, "GET", "/_emulator/interactions/"+invoked.ID.String(), "")
	if !strings.Contains(rec, `"faults":`+mustJSONString(invoked.Faults)) {
		t.Fatalf("the record says other faults than the answer %v: %s", invoked.Faults, rec)
	}
	status, body = controlDo(t, s, "GET", "/_emulator/delivery-faults", "")
	var listed []deliveryFaultJSON
	if err := json.Unmarshal([]byte(body), &listed); status != 200 || err != nil || len(listed) != 2 {
		t.Fatalf("list: %d %s %v", status, body, err)
	}
	want := deliveryFaultJSON{Kind: "duplicate", Probability: 0.5, Seed: 42, Count: 3, Draws: 1}
	if slices.Contains(invoked.Faults, "duplicate") {
		want.Fired = 1
	}
	if listed[0] != want || listed[1].Kind != "stale_timestamp" || listed[1].Fired != 1 || listed[1].Duration != 1.5 || listed[1].Probability != 1 {
		t.Fatalf("listed %+v", listed)
	}
	if status, _ := controlDo(t, s, "DELETE", "/_emulator/delivery-faults", ""); status != 204 {
		t.Fatalf("clear: %d", status)
	}
	if _, body := controlDo(t, s, "GET", "/_emulator/delivery-faults", ""); body != "[]" {
		t.Fatalf("after clearing: %s", body)
	}
}

func TestTheControlAPIRefusesOneFaultTooMany(t *testing.T) {
	s, err := New(Config{Limits: Limits{Faults: 1}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i, want := range []int{204, 409} {
		status, body := controlDo(t, s, "POST", "/_emulator/delivery-faults", `{"kind":"gateway_drop"}`)
		if status != want || want == 409 && !strings.Contains(body, `"too_many_faults"`) {
			t.Fatalf("fault %d: %d %s", i, status, body)
		}
	}
}

func mustJSONString(v any) string { return string(mustJSON(v)) }

// The body of POST /_emulator/delivery-faults is read into a fault that
// passes ArmDeliveryFault's checks, or refused; never anything else.
func FuzzReadDeliveryFault(f *testing.F) {
	for _, seed := range []string{
		`{"kind":"duplicate"}`, `{"kind":"late","duration":0.25,"probability":0.5,"seed":18446744073709551615}`,
		`{"kind":"gateway_drop","after":3,"count":1}`, `{"kind":"late","duration":-1}`, `{"kind":"x"}`, `[]`, `{"kind":"duplicate"} {}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		fault, err := readDeliveryFault(body)
		if err != nil {
			return
		}
		if err := checkDeliveryFault(fault); err != nil {
			t.Fatalf("%s read as %+v, which the emulator refuses: %v", body, fault, err)
		}
		if fault.Duration < 0 || fault.Duration > maxFaultSeconds*time.Second {
			t.Fatalf("%s read as a duration of %v", body, fault.Duration)
		}
	})
}

// A late delivery is answered in time while the window, counted from
// when the interaction was created, has not passed; past it the service
// has failed the interaction, and takes no answer.
func TestALateDeliveryCountsTheWindowFromCreation(t *testing.T) {
	for _, tc := range []struct {
		late time.Duration
		ok   bool
	}{
		{2 * time.Second, true},
		{4 * time.Second, false},
	} {
		t.Run(tc.late.String(), func(t *testing.T) {
			s, bot, _ := startFaultsClock(t, 0, false)
			mustArm(t, s, DeliveryFault{Kind: DeliveryLate, Duration: tc.late})
			res := invokePoll(t, s)
			rec, _ := s.Interaction(res.Interaction.ID)
			if res.OK() != tc.ok || (rec.Answer != nil) != tc.ok || len(bot.requests()) != 1 ||
				!slices.Equal(res.Faults, []DeliveryFaultKind{DeliveryLate}) {
				t.Fatalf("ok %v, answer %v, faults %v, violations %q", res.OK(), rec.Answer, res.Faults, res.Violations)
			}
			if !tc.ok && !strings.Contains(res.Violations[0], "past the response window of 3s") {
				t.Fatalf("violations %q", res.Violations)
			}
		})
	}
}

// A late delivery's answer through the callback endpoint is refused past
// the window, with the service's 10062.
func TestALateCallbackIsUnknown(t *testing.T) {
	s, bot, _ := startFaultsClock(t, 0, false)
	mustArm(t, s, DeliveryFault{Kind: DeliveryLate, Duration: 4 * time.Second})
	bot.mu.Lock()
	bot.answer = ""
	bot.mu.Unlock()
	res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "poll"})
	if err != nil {
		t.Fatal(err)
	}
	callback, body := callbackStatus(t, s, res.Interaction)
	if callback != http.StatusNotFound || !strings.Contains(body, "10062") {
		t.Fatalf("the callback was answered %d %s", callback, body)
	}
}

// callbackStatus answers ix through the callback endpoint.
func callbackStatus(t *testing.T, s *Server, ix *interaction.Interaction) (int, string) {
	t.Helper()
	resp, err := http.Post(s.URL+"/interactions/"+ix.ID.String()+"/"+ix.Token+"/callback", "application/json",
		strings.NewReader(`{"type":4,"data":{"content":"late"}}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// A timestamp moved into the past or the future is signed well: a bot
// that checks how fresh a request is refuses it, and one that does not
// serves it.
func TestAMovedTimestampIsRefusedByABotThatChecksIt(t *testing.T) {
	for _, tc := range []struct {
		kind   DeliveryFaultKind
		window time.Duration
		status int
		moved  time.Duration
	}{
		{DeliveryStaleTimestamp, time.Minute, http.StatusUnauthorized, -10 * time.Minute},
		{DeliveryFutureTimestamp, time.Minute, http.StatusUnauthorized, 10 * time.Minute},
		{DeliveryStaleTimestamp, 0, http.StatusOK, -10 * time.Minute},
		{DeliveryFutureTimestamp, 0, http.StatusOK, 10 * time.Minute},
	} {
		t.Run(tc.kind.String()+"/"+tc.window.String(), func(t *testing.T) {
			s, bot := startFaults(t, tc.window, false)
			mustArm(t, s, DeliveryFault{Kind: tc.kind, Duration: 10 * time.Minute})
			before := time.Now()
			res := invokePoll(t, s)
			got := bot.requests()
			if res.Status != tc.status || len(got) != 1 || !slices.Equal(res.Faults, []DeliveryFaultKind{tc.kind}) {
				t.Fatalf("status %d, %d requests, faults %v", res.Status, len(got), res.Faults)
			}
			ts, _ := strconv.ParseInt(got[0].timestamp, 10, 64)
			if off := time.Unix(ts, 0).Sub(before.Truncate(time.Second)) - tc.moved; off < -time.Second || off > 5*time.Second {
				t.Fatalf("signed at %s, %v from where it should be", got[0].timestamp, off)
			}
		})
	}
}

// A badly signed copy goes first: a bot that verifies refuses it with
// 401, and then serves the interaction; one that does not is told.
func TestABadlySignedCopyGoesFirst(t *testing.T) {
	for _, trusting := range []bool{false, true} {
		t.Run("trusting="+strconv.FormatBool(trusting), func(t *testing.T) {
			s, bot := startFaults(t, 0, false)
			bot.mu.Lock()
			bot.trusting = trusting
			bot.mu.Unlock()
			mustArm(t, s, DeliveryFault{Kind: DeliveryBadSignature})
			res := invokePoll(t, s)
			mustOK(t, res, nil)
			got := bot.requests()
			if len(got) != 2 || !bytes.Equal(got[0].body, got[1].body) || len(res.Copies) != 1 {
				t.Fatalf("%d requests, copies %+v", len(got), res.Copies)
			}
			c := res.Copies[0]
			if c.Fault != DeliveryBadSignature || c.OK() == trusting || (c.Status == http.StatusUnauthorized) == trusting {
				t.Fatalf("copy %+v", c)
			}
			if trusting && !strings.Contains(c.Violations[0], "not 401") {
				t.Fatalf("violations %q", c.Violations)
			}
		})
	}
}

// A token that expires early works until its time, and then answers as
// an expired one: the webhook endpoints 401 with 50027, the callback
// endpoint 10062.
func TestATokenExpiresEarly(t *testing.T) {
	s, _, clk := startFaultsClock(t, 0, false)
	mustArm(t, s, DeliveryFault{Kind: DeliveryTokenExpiresEarly, Duration: time.Minute})
	res := invokePoll(t, s)
	mustOK(t, res, nil)
	if !slices.Equal(res.Faults, []DeliveryFaultKind{DeliveryTokenExpiresEarly}) {
		t.Fatalf("faults %v", res.Faults)
	}
	followup := func() (int, string) {
		resp, err := http.Post(s.URL+"/webhooks/"+s.ApplicationID.String()+"/"+res.Interaction.Token, "application/json",
			strings.NewReader(`{"content":"more"}`))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	clk.Advance(59 * time.Second)
	if status, body := followup(); status != http.StatusOK {
		t.Fatalf("before its time: %d %s", status, body)
	}
	clk.Advance(time.Second)
	if status, body := followup(); status != http.StatusUnauthorized || !strings.Contains(body, "50027") {
		t.Fatalf("after its time: %d %s", status, body)
	}
	if other := invokePoll(t, s); len(other.Faults) != 1 {
		t.Fatalf("the second interaction met %v", other.Faults)
	}
}

// eventsBot is a webhook events endpoint that verifies signatures and
// records the bodies it acknowledged, in the order they came.
type eventsBot struct {
	mu     sync.Mutex
	bodies [][]byte
}

func serveEventsBot(t *testing.T, s *Server) *eventsBot {
	t.Helper()
	verifier, err := interaction.NewVerifier(s.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	b := &eventsBot{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if verifier.Verify([]byte(r.Header.Get("X-Signature-Ed25519")), []byte(r.Header.Get("X-Signature-Timestamp")), body) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if !bytes.Contains(body, []byte(`"type":0`)) {
			b.mu.Lock()
			b.bodies = append(b.bodies, body)
			b.mu.Unlock()
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(srv.Close)
	if err := s.SetEventsURL(context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	return b
}

// twoEvents makes two webhook events, an installation and a user's
// authorization, and waits for n deliveries.
func twoEvents(t *testing.T, s *Server, n int) []EventDelivery {
	t.Helper()
	if err := s.InstallGuild(s.Admin, s.GuildID, "applications.commands"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AuthorizeUser(s.Member, "identify"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	events, err := s.WaitEvents(ctx, n)
	if err != nil {
		t.Fatalf("%d events delivered: %v", len(events), err)
	}
	return events
}

// An event acknowledged is sent again, the same body signed again, and
// the log says so.
func TestAnEventIsRetriedAfterItsAcknowledgement(t *testing.T) {
	s, _ := startFaults(t, 0, false)
	bot := serveEventsBot(t, s)
	mustArm(t, s, DeliveryFault{Kind: DeliveryEventRetry, Count: 1})
	events := twoEvents(t, s, 3)
	if len(events) != 3 || !bytes.Equal(events[0].Body, events[1].Body) || events[0].Type != events[1].Type ||
		events[0].Faults != nil || !slices.Equal(events[1].Faults, []DeliveryFaultKind{DeliveryEventRetry}) || events[2].Faults != nil {
		t.Fatalf("events %+v", events)
	}
	for i, e := range events {
		if !e.OK() || !bytes.Equal(bot.bodies[i], e.Body) {
			t.Fatalf("event %d: %+v, the endpoint got %s", i, e, bot.bodies[i])
		}
	}
	_, body := controlDo(t, s, "GET", "/_emulator/events", "")
	if !strings.Contains(body, `"faults":["event_retry"]`) || !strings.Contains(body, `"faults":[]`) {
		t.Fatalf("the control API shows %s", body)
	}
}

// An event held back goes after the one behind it.
func TestAnEventHeldBackGoesAfterTheNext(t *testing.T) {
	s, _ := startFaults(t, 0, false)
	bot := serveEventsBot(t, s)
	mustArm(t, s, DeliveryFault{Kind: DeliveryEventReorder, Count: 1, Duration: time.Hour})
	events := twoEvents(t, s, 2)
	if len(events) != 2 || !bytes.Contains(events[0].Body, []byte(`"scopes":["identify"]`)) ||
		!bytes.Contains(events[1].Body, []byte(`"integration_type":0`)) ||
		events[0].Faults != nil || !slices.Equal(events[1].Faults, []DeliveryFaultKind{DeliveryEventReorder}) {
		t.Fatalf("events %+v", events)
	}
	if !bytes.Equal(bot.bodies[0], events[0].Body) || !bytes.Equal(bot.bodies[1], events[1].Body) {
		t.Fatal("the endpoint got them in another order than the log says")
	}
}

// An event held back with none behind it goes when its time is up, and
// one still held when the emulator closes is recorded unsent.
func TestAnEventHeldBackAloneGoesInItsTime(t *testing.T) {
	s, _ := startFaults(t, 0, false)
	serveEventsBot(t, s)
	mustArm(t, s, DeliveryFault{Kind: DeliveryEventReorder, Count: 1, Duration: time.Millisecond})
	if err := s.InstallGuild(s.Admin, s.GuildID, "applications.commands"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if events, err := s.WaitEvents(ctx, 1); err != nil || !events[0].OK() {
		t.Fatalf("%+v %v", events, err)
	}

	held, _ := startFaults(t, 0, false)
	serveEventsBot(t, held)
	mustArm(t, held, DeliveryFault{Kind: DeliveryEventReorder, Duration: time.Hour})
	if err := held.InstallGuild(held.Admin, held.GuildID, "applications.commands"); err != nil {
		t.Fatal(err)
	}
	held.Close()
	if events := held.Events(); len(events) != 1 || events[0].OK() || !strings.Contains(events[0].Violations[0], "closed first") {
		t.Fatalf("%+v", events)
	}
}
