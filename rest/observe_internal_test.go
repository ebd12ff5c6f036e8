package rest

import (
	"net/http"
	"testing"
)

func TestRateLimitScopeReadsTheHeadersAndTheBody(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		header http.Header
		body   string
		want   RateLimitScope
	}{
		{"a bucket's limit", http.Header{"X-Ratelimit-Scope": {"user"}}, `{"global":false}`, RateLimitBucket},
		{"a shared limit", http.Header{"X-Ratelimit-Scope": {"shared"}}, `{"global":false}`, RateLimitShared},
		{"a global limit by scope", http.Header{"X-Ratelimit-Scope": {"global"}}, `{}`, RateLimitGlobal},
		{"a global limit by the global header", http.Header{"X-Ratelimit-Global": {"true"}}, `{}`, RateLimitGlobal},
		{"a global limit said only in the body", http.Header{}, `{"message":"You are being rate limited.","retry_after":1,"global":true}`, RateLimitGlobal},
		{"no scope and a body that is not JSON", http.Header{}, `<html>`, RateLimitBucket},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rateLimitScope(tt.header, []byte(tt.body)); got != tt.want {
				t.Errorf("scope %q, want %q", got, tt.want)
			}
		})
	}
}
