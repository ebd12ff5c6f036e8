package storecall_test

import (
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/storecall"
)

func TestOptionsChangeTheDefaults(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts []storecall.Option
		want storecall.Config
	}{
		{"no options are the defaults", nil, storecall.Config{Timeout: storecall.DefaultTimeout, Failures: storecall.DefaultBreakerFailures, Pause: storecall.DefaultBreakerPause}},
		{"a timeout", []storecall.Option{storecall.WithTimeout(20 * time.Millisecond)},
			storecall.Config{Timeout: 20 * time.Millisecond, Failures: storecall.DefaultBreakerFailures, Pause: storecall.DefaultBreakerPause}},
		{"a timeout of zero or less is the default", []storecall.Option{storecall.WithTimeout(20 * time.Millisecond), storecall.WithTimeout(-1)},
			storecall.Config{Timeout: storecall.DefaultTimeout, Failures: storecall.DefaultBreakerFailures, Pause: storecall.DefaultBreakerPause}},
		{"a breaker", []storecall.Option{storecall.WithBreaker(2, time.Second)}, storecall.Config{Timeout: storecall.DefaultTimeout, Failures: 2, Pause: time.Second}},
		{"a negative pause is none", []storecall.Option{storecall.WithBreaker(2, -time.Second)}, storecall.Config{Timeout: storecall.DefaultTimeout, Failures: 2}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := storecall.Defaults()
			for _, o := range tt.opts {
				o(&c)
			}
			if c.Timeout != tt.want.Timeout || c.Failures != tt.want.Failures || c.Pause != tt.want.Pause {
				t.Errorf("config %+v, want %+v", c, tt.want)
			}
		})
	}
}

func TestWithOnFailureIsToldOfEachFailure(t *testing.T) {
	var told []string
	c := storecall.Defaults()
	storecall.WithOnFailure(func(kind string, why storecall.Failure) { told = append(told, kind+" "+string(why)) })(&c)
	c.OnFailure("cooldown", storecall.TimedOut)
	if len(told) != 1 || told[0] != "cooldown timeout" {
		t.Errorf("OnFailure was told %q", told)
	}
}
