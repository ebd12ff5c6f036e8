package realpart

import (
	"strings"
	"testing"
)

func TestRequiredReadsTheEnvironment(t *testing.T) {
	for _, tt := range []struct {
		value string
		want  bool
	}{{"", false}, {"0", false}, {"1", true}, {"true", true}} {
		got := Required(func(k string) string {
			if k != Env {
				t.Errorf("read %s", k)
			}
			return tt.value
		})
		if got != tt.want {
			t.Errorf("Required with %s=%q = %v, want %v", Env, tt.value, got, tt.want)
		}
	}
}

// recorder is a testing.TB whose Skip and Fatal end the function run
// calls, recording what they said.
type recorder struct {
	testing.TB
	skipped, failed string
}

type stop struct{}

func (r *recorder) Helper()           {}
func (r *recorder) Skip(args ...any)  { r.skipped = args[0].(string); panic(stop{}) }
func (r *recorder) Fatal(args ...any) { r.failed = args[0].(string); panic(stop{}) }
func (r *recorder) run(f func(testing.TB)) {
	defer func() {
		if v := recover(); v != nil && v != (stop{}) {
			panic(v)
		}
	}()
	f(r)
}

func TestMissingSkipsUnlessEveryPartIsRequired(t *testing.T) {
	t.Setenv(Env, "")
	r := &recorder{TB: t}
	r.run(func(tb testing.TB) { Missing(tb, "no redis-server: install Debian's redis-server") })
	if r.skipped != "no redis-server: install Debian's redis-server" || r.failed != "" {
		t.Errorf("skipped %q, failed %q; want a skip", r.skipped, r.failed)
	}

	t.Setenv(Env, "1")
	r = &recorder{TB: t}
	r.run(func(tb testing.TB) { Missing(tb, "no redis-server") })
	if r.skipped != "" || !strings.HasPrefix(r.failed, "no redis-server (") {
		t.Errorf("skipped %q, failed %q; want a failure", r.skipped, r.failed)
	}
}
