package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestHealthAddr(t *testing.T) {
	for _, tt := range []struct{ addr, want, err string }{
		{"127.0.0.1:8484", "127.0.0.1:8484", ""},
		{"0.0.0.0:8484", "127.0.0.1:8484", ""},
		{":8484", "127.0.0.1:8484", ""},
		{"[::]:8484", "127.0.0.1:8484", ""},
		{"[::1]:9000", "[::1]:9000", ""},
		{"localhost:8484", "localhost:8484", ""},
		{"emulator:8484", "emulator:8484", ""},
		{"127.0.0.1:0", "", "port 0"},
		{"8484", "", "missing port"},
	} {
		got, err := healthAddr(tt.addr)
		if got != tt.want || (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("healthAddr(%q) = %q, %v; want %q, an error saying %q", tt.addr, got, err, tt.want, tt.err)
		}
	}
}

func TestHealthCommand(t *testing.T) {
	// The health route's contract: 200 while the emulator serves.
	answer := func(status int) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodGet || r.URL.Path != "/_emulator/health" {
				http.NotFound(w, r)
				return
			}
			w.WriteHeader(status)
		}
	}
	ok := httptest.NewServer(answer(http.StatusOK))
	defer ok.Close()
	down := httptest.NewServer(answer(http.StatusServiceUnavailable))
	defer down.Close()
	missing := httptest.NewServer(http.NotFoundHandler())
	defer missing.Close()
	stuck := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-stuck:
		}
	}))
	defer slow.Close()
	defer close(stuck)
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedAddr := closed.Addr().String()
	closed.Close()
	hostPort := func(s *httptest.Server) string { return strings.TrimPrefix(s.URL, "http://") }
	_, okPort, _ := net.SplitHostPort(hostPort(ok))

	for _, tt := range []struct {
		name    string
		args    []string
		env     map[string]string
		timeout time.Duration
		want    int
		saying  string
	}{
		{"serving", []string{"-addr", hostPort(ok)}, nil, time.Minute, 0, ""},
		{"the emulator's own variable", nil, map[string]string{"SWITCHBOARD_EMULATOR_ADDR": hostPort(ok)}, time.Minute, 0, ""},
		{"all interfaces, asked at the loopback address", nil, map[string]string{"SWITCHBOARD_EMULATOR_ADDR": "0.0.0.0:" + okPort}, time.Minute, 0, ""},
		{"the flag wins", []string{"-addr", hostPort(ok)}, map[string]string{"SWITCHBOARD_EMULATOR_ADDR": closedAddr}, time.Minute, 0, ""},
		{"not ready", []string{"-addr", hostPort(down)}, nil, time.Minute, 1, "503 Service Unavailable"},
		{"no health route", []string{"-addr", hostPort(missing)}, nil, time.Minute, 1, "404"},
		{"nothing listening", []string{"-addr", closedAddr}, nil, time.Minute, 1, "refused"},
		{"no answer in time", []string{"-addr", hostPort(slow)}, nil, time.Millisecond, 1, "deadline exceeded"},
		{"a bad address", []string{"-addr", "nowhere"}, nil, time.Minute, 1, "missing port"},
		{"an argument too many", []string{"-addr", hostPort(ok), "now"}, nil, time.Minute, 1, "unexpected arguments"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			lookup := func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok }
			if got := health(context.Background(), tt.args, lookup, &stderr, tt.timeout); got != tt.want || !strings.Contains(stderr.String(), tt.saying) {
				t.Errorf("exit %d, stderr %q; want %d saying %q", got, stderr.String(), tt.want, tt.saying)
			}
		})
	}
}
