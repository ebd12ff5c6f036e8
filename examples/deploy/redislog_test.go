package main

import (
	"context"
	"strings"
	"testing"

	json "github.com/goccy/go-json"
	"github.com/rs/zerolog"
)

// What go-redis logs is a line of the JSON log, as every other line is.
func TestRedisLogsAreJSONLines(t *testing.T) {
	var out strings.Builder
	l := redisLog{zerolog.New(&out)}
	l.Printf(context.Background(), "redis: %s:%d: connection pool: failed to dial after %d attempts: %v", "pool.go", 582, 5, "connection refused")
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 1 {
		t.Fatalf("%d lines: %q", len(lines), out.String())
	}
	var entry map[string]string
	if err := json.Unmarshal([]byte(lines[0]), &entry); err != nil {
		t.Fatalf("not JSON: %q: %v", lines[0], err)
	}
	if entry["level"] != "warn" || entry["from"] != "go-redis" ||
		entry["message"] != "redis: pool.go:582: connection pool: failed to dial after 5 attempts: connection refused" {
		t.Errorf("logged %v", entry)
	}
}
