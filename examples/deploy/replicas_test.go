package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/redistest"
)

// startServe runs serve with args until the test ends, and returns the
// addresses it printed once it printed want lines.
func startServe(t *testing.T, env func(string) string, want int, args ...string) []string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut playground.Buffer
	served := make(chan error, 1)
	go func() {
		served <- run(ctx, append([]string{"serve", "-addr", "127.0.0.1:0"}, args...), env, &out, &errOut)
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("serve ended with %v", err)
		}
	})
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		if lines := strings.SplitAfter(out.String(), "\n"); len(lines) > want {
			var urls []string
			for _, f := range strings.Fields(strings.Join(lines[:want], "")) {
				if strings.HasPrefix(f, "http://") {
					urls = append(urls, f)
				}
			}
			return urls
		}
		select {
		case err := <-served:
			served <- err
			t.Fatalf("serve ended: %v\n%s", err, errOut.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Fatalf("serve printed %q", out.String())
	return nil
}

// Two replicas that share a Redis serve each interaction once between
// them and count a user's cooldown together; a replica given -metrics
// serves what it counted apart from the endpoint.
func TestReplicasShareRedisAndServeMetrics(t *testing.T) {
	redis := redistest.Start(t)
	key, env := replicaEnv(t, "redis://"+redis.Addr)
	a := startServe(t, env, 2, "-metrics", "127.0.0.1:0")
	b := startServe(t, env, 1)
	endpointA, metricsA, endpointB := a[0], a[1], b[0]

	// An interaction served by one replica is a copy to the other.
	if status, answer := post(t, key, endpointB, 1001); status != 200 || !strings.Contains(answer, "Hello, Ada!") {
		t.Fatalf("replica B: %d %s", status, answer)
	}
	if status, answer := post(t, key, endpointA, 1001); status != http.StatusConflict {
		t.Fatalf("the copy on replica A: %d %s", status, answer)
	}
	// Five uses a minute, whichever replica serves them: the sixth is
	// refused with an ephemeral answer saying when.
	for i := range 4 {
		url := endpointA
		if i%2 == 1 {
			url = endpointB
		}
		if status, answer := post(t, key, url, interaction.Snowflake(1002+i)); status != 200 || !strings.Contains(answer, "Hello, Ada!") {
			t.Fatalf("use %d: %d %s", i+2, status, answer)
		}
	}
	status, answer := post(t, key, endpointA, 1010)
	var refused struct {
		Data struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		} `json:"data"`
	}
	if err := json.Unmarshal([]byte(answer), &refused); err != nil || status != 200 ||
		!strings.Contains(refused.Data.Content, "again <t:") || refused.Data.Flags != int(interaction.FlagEphemeral) {
		t.Fatalf("the sixth use: %d %s", status, answer)
	}

	resp, err := http.Get(metricsA)
	if err != nil {
		t.Fatal(err)
	}
	scraped, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`switchboard_interactions_total{outcome="answered",route="greet",type="APPLICATION_COMMAND"} 3`,
		`switchboard_refused_requests_total{endpoint="interactions",reason="replay"} 1`,
	} {
		if !strings.Contains(string(scraped), want) {
			t.Errorf("replica A's metrics lack %s:\n%s", want, scraped)
		}
	}
}

// replicaEnv is the environment of a replica sharing the Redis at
// redisURL, and the key the service signs its interactions with.
func replicaEnv(t *testing.T, redisURL string) (*interactiontest.Key, func(string) string) {
	t.Helper()
	key := interactiontest.NewKey("replicas")
	return key, func(name string) string {
		switch name {
		case "SWITCHBOARD_PUBLIC_KEY":
			return key.PublicKeyHex()
		case "SWITCHBOARD_REDIS_URL":
			return redisURL
		}
		return ""
	}
}

// post sends a signed /greet with the id to a replica, as the service
// does, and returns the status and the answer.
func post(t *testing.T, key *interactiontest.Key, url string, id interaction.Snowflake) (int, string) {
	t.Helper()
	body := interactiontest.Command("greet").String("name", "Ada").InGuild(interactiontest.GuildID, interaction.Member{User: interaction.User{ID: interactiontest.UserID, Username: "ada"}}).
		Modify(func(ix *interaction.Interaction) { ix.ID = id }).JSON()
	sig, ts := key.Sign(body)
	req, err := http.NewRequest("POST", url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Signature-Ed25519", sig)
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(answer)
}
