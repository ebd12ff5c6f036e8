package main

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestRedisURLsAreReadWithoutQuotingThePassword(t *testing.T) {
	for _, raw := range []string{
		"redis://user:hunter2@ho st:6379/0",
		"redis://user:hunter2@host:port/0",
		"redis://user:hunter2@[::1:6379/0",
		"http://user:hunter2@host:6379/0",
	} {
		_, err := redisOptions(raw)
		if err == nil || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("redisOptions(%q) = %v, want an error that does not quote the password", raw, err)
		}
	}
}

func TestRedisOptionsFailFastUnlessTheURLSaysOtherwise(t *testing.T) {
	o, err := redisOptions("redis://:pw@127.0.0.1:6379/2")
	if err != nil {
		t.Fatal(err)
	}
	if o.MaxRetries != -1 || o.DialerRetries != 1 || o.ReadTimeout != 200*time.Millisecond || o.PoolTimeout != 250*time.Millisecond ||
		!o.ContextTimeoutEnabled || o.DB != 2 || o.Password != "pw" {
		t.Errorf("options %+v", o)
	}
	o, err = redisOptions("redis://127.0.0.1:6379/0?max_retries=2&read_timeout=3s")
	if err != nil {
		t.Fatal(err)
	}
	if o.MaxRetries != 2 || o.ReadTimeout != 3*time.Second {
		t.Errorf("the URL's own settings were not kept: max_retries %d, read_timeout %v", o.MaxRetries, o.ReadTimeout)
	}
}

// A replica whose Redis does not answer serves as if alone, in time for
// the service's 3 seconds.
func TestAReplicaWhoseRedisIsDownAnswersInTime(t *testing.T) {
	// A port that refuses: one taken and let go.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := ln.Addr().String()
	ln.Close()
	key, env := replicaEnv(t, "redis://:secret@"+dead+"/0")
	urls := startServe(t, env, 2, "-metrics", "127.0.0.1:0")
	start := time.Now()
	status, answer := post(t, key, urls[0], 2001)
	if took := time.Since(start); status != 200 || !strings.Contains(answer, "Hello, Ada!") || took > time.Second {
		t.Errorf("answered %d %s after %v, want the greeting well within the service's 3 s", status, answer, took)
	}
	// The metrics say the replica went on alone.
	resp, err := http.Get(urls[1])
	if err != nil {
		t.Fatal(err)
	}
	scraped, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`switchboard_store_failures_total{reason="error",store="cooldown"} 1`,
		`switchboard_store_failures_total{reason="error",store="replay"} 1`,
	} {
		if !strings.Contains(string(scraped), want) {
			t.Errorf("the metrics lack %s:\n%s", want, scraped)
		}
	}
}
