package envflag

import (
	"bytes"
	"flag"
	"strings"
	"testing"
)

func TestFlagsDefaultToTheEnvironmentWithoutShowingIt(t *testing.T) {
	env := map[string]string{"REDIS_URL": "redis://:hunter2@cache:6379", "KEY": "abc"}
	for _, tt := range []struct {
		name      string
		args      []string
		redis     string
		key       string
		wantError bool
	}{
		{"nothing given takes the environment", nil, env["REDIS_URL"], "abc", false},
		{"a flag given wins", []string{"-redis", "redis://other"}, "redis://other", "abc", false},
		{"a flag given empty stays empty", []string{"-key="}, env["REDIS_URL"], "", false},
		{"-h shows no value", []string{"-h"}, "", "", true},
		{"a mistyped flag shows no value", []string{"-rediss", "x"}, "", "", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			fs := flag.NewFlagSet("serve", flag.ContinueOnError)
			fs.SetOutput(&out)
			s := New(fs)
			var redis, key string
			s.String(&redis, "redis", "REDIS_URL", "the Redis to share (default $REDIS_URL)")
			s.String(&key, "key", "KEY", "the key (default $KEY)")
			err := fs.Parse(tt.args)
			if (err != nil) != tt.wantError {
				t.Fatalf("Parse = %v", err)
			}
			if err == nil {
				s.Resolve(func(k string) string { return env[k] })
			}
			if redis != tt.redis || key != tt.key {
				t.Errorf("redis %q, key %q; want %q, %q", redis, key, tt.redis, tt.key)
			}
			if strings.Contains(out.String(), "hunter2") {
				t.Errorf("the usage text shows the environment's secret:\n%s", out.String())
			}
			if tt.wantError && !strings.Contains(out.String(), "(default $REDIS_URL)") {
				t.Errorf("the usage text does not name the variable:\n%s", out.String())
			}
		})
	}
}
