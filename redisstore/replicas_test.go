package redisstore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/apitest"
	"github.com/switchboard-go/switchboard/internal/redistest"
	"github.com/switchboard-go/switchboard/redisstore"
	"github.com/switchboard-go/switchboard/rest"
	"github.com/switchboard-go/switchboard/router"
	"github.com/switchboard-go/switchboard/serve"
)

// replica is one replica of a bot: its endpoint served on 127.0.0.1, with
// its own clients of the Redis all replicas share.
type replica struct {
	url string
	log *syncBuffer
}

// startReplica serves a bot whose "ping" a user may run once a minute,
// and which serves each interaction once, keeping both on srv under
// prefix.
func startReplica(t *testing.T, name string, srv *redistest.Server, prefix string, key *interactiontest.Key) *replica {
	t.Helper()
	rep := &replica{log: new(syncBuffer)}
	r := router.New(router.DispatchOnly(), router.WithLogger(zerolog.New(rep.log)))
	r.Use(cooldown.New(cooldown.PerUser, 1, time.Minute,
		cooldown.WithStore(redisstore.NewCooldowns(srv.Client(t), prefix))))
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong from " + name), nil
	})
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.New(mux, key.Verifier(), endpoint.WithReplayGuard(redisstore.NewReplayGuard(srv.Client(t), prefix)))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- (&serve.Server{Endpoint: e, IgnoreSignals: true}).Serve(ctx, ln) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("%s: %v", name, err)
		}
	})
	rep.url = "http://" + ln.Addr().String() + "/interactions"
	return rep
}

// answer is what a replica answered.
type answer struct {
	status int
	resp   struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		} `json:"data"`
	}
}

// post sends a request the service signed to a replica.
func (rep *replica) post(t *testing.T, body []byte, sig, ts string) answer {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, rep.url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(endpoint.HeaderSignature, sig)
	req.Header.Set(endpoint.HeaderTimestamp, ts)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	a := answer{status: res.StatusCode}
	if res.StatusCode == http.StatusOK {
		if err := json.Unmarshal(b, &a.resp); err != nil {
			t.Fatalf("answer %s: %v", b, err)
		}
	}
	return a
}

var relativeTime = regexp.MustCompile(`^You can use this command again <t:(\d+):R>\.$`)

// TestTwoReplicasSharingRedisServeOnceAndCoolDownTogether: two endpoints
// with the same key, as two replicas behind a load balancer, refuse the
// copy of an interaction the other served, and hold a user's cooldown
// that began on the other.
func TestTwoReplicasSharingRedisServeOnceAndCoolDownTogether(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	key := interactiontest.NewKey("replicas")
	prefix := newPrefix()
	one := startReplica(t, "one", srv, prefix, key)
	two := startReplica(t, "two", srv, prefix, key)

	body := interactiontest.Command("ping").JSON()
	sig, ts := key.Sign(body)
	if got := one.post(t, body, sig, ts); got.status != http.StatusOK || got.resp.Data.Content != "pong from one" {
		t.Fatalf("the first replica answered %d %q", got.status, got.resp.Data.Content)
	}
	if got := two.post(t, body, sig, ts); got.status != http.StatusConflict {
		t.Errorf("the second replica answered the copy %d, want 409", got.status)
	}

	// The user ran ping on the first replica: a new invocation on the
	// second is cooled down, and told when to try again.
	body = interactiontest.Command("ping").JSON()
	sig, ts = key.Sign(body)
	got := two.post(t, body, sig, ts)
	m := relativeTime.FindStringSubmatch(got.resp.Data.Content)
	if got.status != http.StatusOK || m == nil || got.resp.Data.Flags&int(interaction.FlagEphemeral) == 0 {
		t.Fatalf("the second replica answered a use within the cooldown %d %+v, want an ephemeral refusal saying when", got.status, got.resp)
	}
	sec, _ := strconv.ParseInt(m[1], 10, 64)
	if in := time.Until(time.Unix(sec, 0)); in < 58*time.Second || in > 61*time.Second {
		t.Errorf("the refusal says to try again in %v, want about a minute", in)
	}

	// Another user is not cooled down.
	body = interactiontest.Command("ping").InGuild(interactiontest.GuildID,
		interaction.Member{User: interaction.User{ID: interactiontest.UserID + 1, Username: "bob"}}).JSON()
	sig, ts = key.Sign(body)
	if got := two.post(t, body, sig, ts); got.resp.Data.Content != "pong from two" {
		t.Errorf("another user was answered %q", got.resp.Data.Content)
	}
}

// TestAReplicaWhoseRedisGoesDownKeepsServing: with Redis gone mid-way,
// the endpoint serves in time (the guard and the cooldown give up on
// Redis and let requests through) and logs why, and a Client waits by the
// limits it saw itself.
func TestAReplicaWhoseRedisGoesDownKeepsServing(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	key := interactiontest.NewKey("down")
	prefix := newPrefix()
	rep := startReplica(t, "one", srv, prefix, key)

	api := apitest.StartEmulator(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 2, Window: 300 * time.Millisecond}})
	// The Client's store gives up on a refused connection at once, where
	// a client of Redis's defaults dials five times and retries three,
	// half a second a call: what is checked is what the Client does when
	// its store fails, not how long the store takes to fail.
	limits := redis.NewClient(&redis.Options{Addr: srv.Addr, MaxRetries: -1, DialerRetries: 1})
	t.Cleanup(func() { limits.Close() })
	var failures atomic.Int32
	client, rec := apitest.NewClient(t, api, rest.BotToken(api.BotToken),
		rest.WithRateLimitStore(redisstore.NewRateLimits(limits, prefix), func(error) { failures.Add(1) }))
	ctx := context.Background()
	list := func() {
		t.Helper()
		if _, err := client.ListCommands(ctx, api.ApplicationID, command.Global, false); err != nil {
			t.Fatal(err)
		}
	}

	ping := func() answer {
		t.Helper()
		body := interactiontest.Command("ping").JSON()
		sig, ts := key.Sign(body)
		return rep.post(t, body, sig, ts)
	}
	if got := ping(); got.resp.Data.Content != "pong from one" {
		t.Fatalf("answered %q before Redis went down", got.resp.Data.Content)
	}
	list()
	if n := failures.Load(); n != 0 {
		t.Fatalf("%d failures of the store before Redis went down", n)
	}

	srv.Stop()
	// Within the cooldown, but the store cannot tell: served, and well
	// within the service's 3 seconds, though the client retries a
	// refused connection for longer than that.
	start := time.Now()
	got := ping()
	if took := time.Since(start); took >= time.Second {
		t.Errorf("with Redis down, the answer took %v, want far less than the service's 3s", took)
	} else {
		t.Logf("with Redis down, answered in %v", took)
	}
	if got.status != http.StatusOK || got.resp.Data.Content != "pong from one" {
		t.Errorf("with Redis down, answered %d %q", got.status, got.resp.Data.Content)
	}
	for _, want := range []string{"the replay guard failed; serving the request", "the cooldown store failed; letting the use through"} {
		if !strings.Contains(rep.log.String(), want) {
			t.Errorf("the log does not say %q:\n%s", want, rep.log.String())
		}
	}
	for range 4 {
		list()
	}
	if n := rec.CountStatus(http.StatusTooManyRequests); n != 0 {
		t.Errorf("%d answers were 429: the Client did not wait by the limits it saw", n)
	}
	if failures.Load() == 0 {
		t.Error("no failure of the store was reported")
	}
}

// syncBuffer is a log written by the server's goroutines and read by the
// test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
