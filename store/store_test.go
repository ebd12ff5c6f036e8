package store_test

import (
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/store"
)

func TestOptionsChangeTheDefaults(t *testing.T) {
	var told []string
	for _, tt := range []struct {
		name string
		opts []store.Option
		want store.Config
	}{
		{"no options are the defaults", nil, store.Config{Timeout: store.DefaultTimeout, Failures: store.DefaultBreakerFailures, Pause: store.DefaultBreakerPause}},
		{"a timeout", []store.Option{store.Timeout(20 * time.Millisecond)},
			store.Config{Timeout: 20 * time.Millisecond, Failures: store.DefaultBreakerFailures, Pause: store.DefaultBreakerPause}},
		{"a timeout of zero or less is the default", []store.Option{store.Timeout(20 * time.Millisecond), store.Timeout(-1)},
			store.Config{Timeout: store.DefaultTimeout, Failures: store.DefaultBreakerFailures, Pause: store.DefaultBreakerPause}},
		{"a breaker", []store.Option{store.Breaker(2, time.Second)}, store.Config{Timeout: store.DefaultTimeout, Failures: 2, Pause: time.Second}},
		{"a negative pause is none", []store.Option{store.Breaker(2, -time.Second)}, store.Config{Timeout: store.DefaultTimeout, Failures: 2}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := store.Defaults()
			for _, o := range tt.opts {
				o(&c)
			}
			if c.Timeout != tt.want.Timeout || c.Failures != tt.want.Failures || c.Pause != tt.want.Pause {
				t.Errorf("config %+v, want %+v", c, tt.want)
			}
		})
	}
	c := store.Defaults()
	store.OnFailure(func(kind string, why store.Failure) { told = append(told, kind+" "+string(why)) })(&c)
	c.OnFailure("cooldown", store.TimedOut)
	if len(told) != 1 || told[0] != "cooldown timeout" {
		t.Errorf("OnFailure was told %q", told)
	}
}
