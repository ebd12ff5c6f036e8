package main

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// TestEchoServesMetricsOnAListenerOfItsOwn: with -metrics, the bot logs
// where its metrics are, and a scrape there after an interaction counts
// it; the bot's own listener does not serve them.
func TestEchoServesMetricsOnAListenerOfItsOwn(t *testing.T) {
	key := interactiontest.NewKey("echo")
	var log playground.Buffer
	url := startEchoWith(t, key, &log, false, "-metrics", "127.0.0.1:0")
	found := regexp.MustCompile(`metrics=(http://\S+/metrics)`).FindStringSubmatch(log.String())
	if found == nil {
		t.Fatalf("the log does not say where the metrics are:\n%s", log.String())
	}
	metricsURL := found[1]

	// The bot has no commands of its own: every command is unknown to it.
	if status, _ := post(t, url, key, interactiontest.Command("anything 1100000000000000042").JSON()); status != 200 {
		t.Fatalf("the command answered %d", status)
	}
	const want = `# HELP switchboard_interactions_total Interactions the endpoint answered, by type, route (the command path or custom_id pattern registered, unknown for none) and outcome (answered, deferred, error, panic, late, fallback).
# TYPE switchboard_interactions_total counter
switchboard_interactions_total{outcome="answered",route="unknown",type="APPLICATION_COMMAND"} 1
`
	if err := testutil.ScrapeAndCompare(metricsURL, strings.NewReader(want), "switchboard_interactions_total"); err != nil {
		t.Error(err)
	}
	resp, err := http.Get(metricsURL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, name := range []string{"switchboard_verification_duration_seconds_count", "switchboard_refused_requests_total", "go_goroutines"} {
		if !strings.Contains(string(body), name) {
			t.Errorf("the scrape lacks %s", name)
		}
	}
	// The bot's listener is the service's: it serves no metrics.
	resp, err = http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET /metrics on the bot's listener answered %d, want the endpoint's 405", resp.StatusCode)
	}
}

func TestEchoRefusesAMetricsAddressItCannotListenOn(t *testing.T) {
	key := interactiontest.NewKey("echo")
	err := run(t.Context(), []string{"-addr", "127.0.0.1:0", "-public-key", key.PublicKeyHex(), "-metrics", "no such address"}, io.Discard, io.Discard)
	if err == nil {
		t.Fatal("run served with a metrics address it cannot listen on")
	}
}
