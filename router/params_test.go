package router_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/endpointtest"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

// paramsOf dispatches a click on customID to a component registered for
// pattern and returns the request its handler saw.
func paramsOf(t *testing.T, pattern, customID string) *router.Request {
	t.Helper()
	var got *router.Request
	r := router.New(router.DispatchOnly())
	r.Component(pattern, func(_ context.Context, req *router.Request) (interaction.Response, error) {
		got = req
		return interaction.DeferUpdate(), nil
	})
	if _, err := endpointtest.Dispatch(t, endpointtest.Build(t, r), interactiontest.Button(customID)); err != nil {
		t.Fatal(err)
	}
	return got
}

func TestParamsReadPartsAsTheirType(t *testing.T) {
	req := paramsOf(t, "p:{s}:{i}:{f}:{b}:{id}:{neg}:{rest...}", "p:text:42:2.5:true:1100000000000000005:-7:a:b")
	p := &req.Params
	if p.Len() != 7 || !p.Has("rest") || p.Has("nope") {
		t.Fatalf("Len %d, Has(rest) %v, Has(nope) %v", p.Len(), p.Has("rest"), p.Has("nope"))
	}
	if s, ok := p.String("s"); !ok || s != "text" {
		t.Errorf("String(s) = %q, %v", s, ok)
	}
	if i, ok := p.Int("i"); !ok || i != 42 {
		t.Errorf("Int(i) = %d, %v", i, ok)
	}
	if i, ok := p.Int("neg"); !ok || i != -7 {
		t.Errorf("Int(neg) = %d, %v", i, ok)
	}
	if f, ok := p.Float("f"); !ok || f != 2.5 {
		t.Errorf("Float(f) = %v, %v", f, ok)
	}
	if f, ok := p.Float("i"); !ok || f != 42 {
		t.Errorf("Float(i) = %v, %v", f, ok)
	}
	if b, ok := p.Bool("b"); !ok || !b {
		t.Errorf("Bool(b) = %v, %v", b, ok)
	}
	if id, ok := p.ID("id"); !ok || id != interactiontest.UserID {
		t.Errorf("ID(id) = %v, %v", id, ok)
	}
	if s, ok := p.String("rest"); !ok || s != "a:b" {
		t.Errorf("String(rest) = %q, %v", s, ok)
	}
	if _, ok := p.Int("s"); ok {
		t.Error("Int(s) read text as an integer")
	}
	if _, ok := p.String("nope"); ok {
		t.Error("String(nope) found a part the pattern does not name")
	}
	if v, err := p.Get("i").Int(); err != nil || v != 42 {
		t.Errorf("Get(i).Int() = %d, %v", v, err)
	}
	if v, err := p.Get("s").Text(); err != nil || v != "text" {
		t.Errorf("Get(s).Text() = %q, %v", v, err)
	}
	if v, err := p.Get("id").ID(); err != nil || v != interactiontest.UserID {
		t.Errorf("Get(id).ID() = %v, %v", v, err)
	}
	if v, err := p.Get("b").Bool(); err != nil || !v {
		t.Errorf("Get(b).Bool() = %v, %v", v, err)
	}
	if v, err := p.Get("f").Float(); err != nil || v != 2.5 {
		t.Errorf("Get(f).Float() = %v, %v", v, err)
	}
}

func TestParamErrorsNameThePartAndThePattern(t *testing.T) {
	long := strings.Repeat("9", 60)
	req := paramsOf(t, "p:{s}:{big}:{x}", "p:text:"+long+":NaN")
	p := &req.Params
	for _, tt := range []struct {
		name string
		err  error
		kind error
		text string
	}{
		{"a part the pattern does not name", func() error { _, err := p.Get("nope").Text(); return err }(),
			option.ErrMissing, `custom_id part "nope" of "p:{s}:{big}:{x}": the pattern names no such part`},
		{"text read as an integer", func() error { _, err := p.Get("s").Int(); return err }(),
			option.ErrType, `custom_id part "s" of "p:{s}:{big}:{x}": "text" is not an integer`},
		{"an integer beyond 64 bits, quoted in part", func() error { _, err := p.Get("big").Int(); return err }(),
			option.ErrRange, `custom_id part "big" of "p:{s}:{big}:{x}": "` + long[:32] + `…" is beyond the range of a 64-bit integer`},
		{"NaN read as a number", func() error { _, err := p.Get("x").Float(); return err }(),
			option.ErrType, `"NaN" is not a number`},
		{"text read as a boolean", func() error { _, err := p.Get("s").Bool(); return err }(),
			option.ErrType, `"text" is not a boolean`},
		{"text read as an id", func() error { _, err := p.Get("s").ID(); return err }(),
			option.ErrType, `"text" is not an id`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var pe *router.ParamError
			if !errors.Is(tt.err, tt.kind) || !errors.As(tt.err, &pe) || !strings.Contains(tt.err.Error(), tt.text) {
				t.Fatalf("err = %v, want a *ParamError of %v with %q", tt.err, tt.kind, tt.text)
			}
		})
	}
}

func TestACommandHasNoParams(t *testing.T) {
	req := router.NewRequest(interactiontest.Command("ping").Interaction())
	if req.Params.Len() != 0 || req.Pattern() != "" {
		t.Fatalf("a command has params: %d, pattern %q", req.Params.Len(), req.Pattern())
	}
	_, err := req.Params.Get("id").Int()
	if !errors.Is(err, option.ErrMissing) || !strings.Contains(err.Error(), "matched no custom_id pattern") {
		t.Fatalf("err = %v", err)
	}
	for range req.Params.All() {
		t.Fatal("All yielded a part")
	}
}
