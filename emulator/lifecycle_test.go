package emulator_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
)

// A container's health check and a Kubernetes probe name the emulator by
// its name on the network: the health check answers them, and the rest of
// the control API still refuses that name.
func TestHealthAnswersAnyHost(t *testing.T) {
	s := start(t, emulator.Config{})
	u, err := url.Parse(s.controlURL)
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := strings.Cut(u.Host, ":")
	do := func(method, path, host string) (int, []byte) {
		t.Helper()
		req, err := http.NewRequest(method, s.controlURL+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, raw
	}
	for _, tt := range []struct {
		method, host string
		want         int
	}{
		{"GET", u.Host, http.StatusOK},
		{"GET", "emulator:" + port, http.StatusOK},
		{"GET", "emulator", http.StatusOK},
		{"HEAD", "emulator:" + port, http.StatusOK},
	} {
		status, raw := do(tt.method, "/_emulator/health", tt.host)
		if status != tt.want {
			t.Fatalf("%s under %s: %d %s", tt.method, tt.host, status, raw)
		}
		if tt.method == "HEAD" {
			continue
		}
		var h struct {
			Status        string  `json:"status"`
			ApplicationID string  `json:"application_id"`
			Uptime        float64 `json:"uptime_seconds"`
		}
		if err := json.Unmarshal(raw, &h); err != nil || h.Status != "ok" || h.ApplicationID != s.ApplicationID.String() || h.Uptime < 0 {
			t.Fatalf("%s under %s: %s (%v)", tt.method, tt.host, raw, err)
		}
	}
	if status, raw := do("GET", "/_emulator/interactions", "emulator:"+port); status != http.StatusForbidden {
		t.Fatalf("the rest of the control API under a name: %d %s", status, raw)
	}
}
