package redisstore_test

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

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
)

var _ cooldown.ClaimingStore = (*redisstore.Cooldowns)(nil)

// monitor counts the commands clients send to a server, by MONITOR,
// leaving out those a script runs: each is a round trip.
type monitor struct {
	c *redis.Client
	// marks has each line of the marks count sends.
	marks chan string

	mu sync.Mutex
	n  int
}

// watch starts counting the commands sent to srv; c is a client of it,
// whose marks of the count are left out.
func watch(t testing.TB, srv *redistest.Server, c *redis.Client) *monitor {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	rd := bufio.NewReader(conn)
	if _, err := conn.Write([]byte("MONITOR\r\n")); err != nil {
		t.Fatal(err)
	}
	if line, err := rd.ReadString('\n'); err != nil || line != "+OK\r\n" {
		t.Fatalf("MONITOR answered %q, %v", line, err)
	}
	m := &monitor{c: c, marks: make(chan string, 1)}
	go func() {
		// One line a command: +1700000000.000001 [0 127.0.0.1:5555] "evalsha" ...
		for {
			line, err := rd.ReadString('\n')
			if err != nil {
				close(m.marks)
				return
			}
			switch {
			case strings.Contains(line, `"mark-`):
				m.marks <- line
			case !strings.Contains(line, " lua] "):
				m.mu.Lock()
				m.n++
				m.mu.Unlock()
			}
		}
	}()
	return m
}

// count returns how many commands clients sent since the last count, or
// since watch: it marks the end with an ECHO of its own and waits for
// the mark to come through.
func (m *monitor) count(t testing.TB) int {
	t.Helper()
	mark := "mark-" + strconv.FormatInt(time.Now().UnixNano(), 10)
	if err := m.c.Echo(context.Background(), mark).Err(); err != nil {
		t.Fatal(err)
	}
	timeout := time.After(10 * time.Second)
	for {
		select {
		case line, ok := <-m.marks:
			if !ok {
				t.Fatal("MONITOR ended")
			}
			if !strings.Contains(line, mark) {
				continue
			}
			m.mu.Lock()
			defer m.mu.Unlock()
			n := m.n
			m.n = 0
			return n
		case <-timeout:
			t.Fatal("the mark never came through MONITOR")
		}
	}
}

// pingEndpoint is a bot whose "ping" a user may run 100 times a minute,
// counted on c, and which serves each interaction once, claimed on c;
// mw runs before the cooldown.
func pingEndpoint(t testing.TB, c redis.UniversalClient, key *interactiontest.Key, mw ...router.Middleware) *endpoint.Endpoint {
	t.Helper()
	p := newPrefix()
	r := router.New(router.DispatchOnly())
	r.Use(mw...)
	r.Use(cooldown.New(cooldown.PerUser, 100, time.Minute, cooldown.WithStore(redisstore.NewCooldowns(c, p))))
	r.Command("ping", func(context.Context, *router.Request) (interaction.Response, error) {
		return interaction.Reply("pong"), nil
	})
	mux, err := r.Build()
	if err != nil {
		t.Fatal(err)
	}
	e, err := endpoint.New(mux, key.Verifier(), endpoint.WithReplayGuard(redisstore.NewReplayGuard(c, p)))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// post sends body, signed with key, to e and returns the status.
func post(e *endpoint.Endpoint, key *interactiontest.Key, body []byte) int {
	sig, ts := key.Sign(body)
	req := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	req.Header.Set(endpoint.HeaderSignature, sig)
	req.Header.Set(endpoint.HeaderTimestamp, ts)
	w := httptest.NewRecorder()
	e.ServeHTTP(w, req)
	return w.Code
}

// logging is middleware that runs before the handler's own.
func logging(next router.Handler) router.Handler {
	return router.HandlerFunc(func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return next.ServeInteraction(ctx, req)
	})
}

// TestAnInteractionCostsRedisOneRoundTrip: an endpoint whose replay guard
// and first cooldown share a client claims each interaction and counts
// its use in one command, a copy included, as the server's MONITOR
// counts; with other middleware before the cooldown, the claim comes
// first, on its own.
func TestAnInteractionCostsRedisOneRoundTrip(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	key := interactiontest.NewKey("roundtrips")
	m := watch(t, srv, c)
	for _, tc := range []struct {
		name string
		mw   []router.Middleware
		want int
	}{
		{"the cooldown first", nil, 1},
		{"other middleware first", []router.Middleware{logging}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := pingEndpoint(t, c, key, tc.mw...)
			// The first call loads the script.
			if status := post(e, key, interactiontest.Command("ping").JSON()); status != 200 {
				t.Fatalf("answered %d", status)
			}
			m.count(t)
			const n = 10
			var body []byte
			for range n {
				body = interactiontest.Command("ping").JSON()
				if status := post(e, key, body); status != 200 {
					t.Fatalf("answered %d", status)
				}
			}
			if status := post(e, key, body); status != 409 {
				t.Fatalf("a copy answered %d, want 409", status)
			}
			// A copy stops at the claim.
			want := n*tc.want + 1
			if got := m.count(t); got != want {
				t.Errorf("%d interactions and a copy cost %d commands, want %d", n, got, want)
			}
		})
	}
}

// TestARESTCallCostsRedisOneRoundTrip: a Client sharing its rate limits
// on Redis takes each request with one command, which also records the
// answer before it, as the server's MONITOR counts; one more records
// the last, when the Client flushes or after the delay. Without a delay
// (WithRecordDelay(0)) each answer is a command of its own.
func TestARESTCallCostsRedisOneRoundTrip(t *testing.T) {
	t.Parallel()
	srv := redistest.Start(t)
	c := srv.Client(t)
	api := apitest.StartEmulator(t, emulator.Config{RateLimit: emulator.RateLimit{Requests: 1000, Window: time.Minute}})
	m := watch(t, srv, c)
	for _, tc := range []struct {
		name  string
		delay time.Duration
		// perCall and last are the commands of each request and of the
		// flush after the last.
		perCall, last int
	}{
		{"answers held for the next request", time.Hour, 1, 1},
		{"each answer at once", 0, 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			client, _ := apitest.NewClient(t, api, rest.BotToken(api.BotToken),
				rest.WithRateLimitStore(redisstore.NewRateLimits(c, newPrefix()), func(err error) { t.Error(err) }),
				rest.WithRecordDelay(tc.delay))
			ctx := context.Background()
			list := func() {
				t.Helper()
				if _, err := client.ListCommands(ctx, api.ApplicationID, command.Global, false); err != nil {
					t.Fatal(err)
				}
			}
			// The first request on the route, whose answer the others
			// would wait for, is recorded at once; and the scripts load.
			list()
			m.count(t)
			const n = 10
			for range n {
				list()
			}
			if got := m.count(t); got != n*tc.perCall {
				t.Errorf("%d requests cost %d commands, want %d", n, got, n*tc.perCall)
			}
			if err := client.FlushRateLimits(ctx); err != nil {
				t.Fatal(err)
			}
			if got := m.count(t); got != tc.last {
				t.Errorf("the flush cost %d commands, want %d", got, tc.last)
			}
		})
	}
}
