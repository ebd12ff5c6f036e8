package interaction_test

import (
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// The markers stand for a secret in a body, such as the token: no error may
// quote them. One is text; the other digits, too many for any number
// switchboard decodes, so that numbers that do not decode are tested too.
const (
	textMarker  = "ZZSECRETZZ"
	digitMarker = "98765432109876543210123"
)

// markedBodies put a marker in every kind of place a body has: a value of
// each kind, a name of each kind, and text around a syntax error.
var markedBodies = []struct {
	where string
	body  string
}{
	{"the id", `{"id":"ZZSECRETZZ","type":1}`},
	{"the id, as a number", `{"id":98765432109876543210123,"type":1}`},
	{"an entitlement's id", `{"id":"1","type":1,"entitlements":[{"id":"ZZSECRETZZ"}]}`},
	{"an entitlement's timestamp", `{"id":"1","type":1,"entitlements":[{"starts_at":"ZZSECRETZZ"}]}`},
	{"an owner", `{"id":"1","type":1,"authorizing_integration_owners":{"0":"ZZSECRETZZ"}}`},
	{"an owner, as a number", `{"id":"1","type":1,"authorizing_integration_owners":{"1":98765432109876543210123}}`},
	{"the target", `{"id":"1","type":2,"data":{"name":"x","target_id":"ZZSECRETZZ"}}`},
	{"the bot's permissions", `{"id":"1","type":1,"app_permissions":"ZZSECRETZZ"}`},
	{"the type", `{"id":"1","type":"ZZSECRETZZ"}`},
	{"the type, as a number", `{"id":"1","type":98765432109876543210123}`},
	{"the version", `{"id":"1","type":1,"version":"ZZSECRETZZ"}`},
	{"the context", `{"id":"1","type":1,"context":"ZZSECRETZZ"}`},
	{"the context, as a number", `{"id":"1","type":1,"context":98765432109876543210123}`},
	{"the attachment size limit", `{"id":"1","type":1,"attachment_size_limit":98765432109876543210123.5}`},
	{"the token, beside a field that does not decode", `{"id":"1","type":1,"token":"ZZSECRETZZ","version":"1"}`},
	{"the token, before an invalid escape", `{"id":"1","type":1,"token":"ZZSECRETZZ\q"}`},
	{"the token, before invalid UTF-8", "{\"id\":\"1\",\"type\":1,\"token\":\"ZZSECRETZZ\xff\"}"},
	{"the token, before an unpaired surrogate", `{"id":"1","type":1,"token":"ZZSECRETZZ\ud800"}`},
	{"the token, before a control byte", "{\"id\":\"1\",\"type\":1,\"token\":\"ZZSECRETZZ\x01\"}"},
	{"the token, at the end of a cut body", `{"id":"1","type":1,"token":"ZZSECRETZZ`},
	{"the token, twice", `{"id":"1","type":1,"token":"ZZSECRETZZ","token":"ZZSECRETZZ"}`},
	{"the locale", `{"id":"1","type":1,"locale":ZZSECRETZZ}`},
	{"a user's name", `{"id":"1","type":1,"user":{"username":"ZZSECRETZZ","bot":"ZZSECRETZZ"}}`},
	{"an option's name", `{"id":"1","type":2,"data":{"name":"x","options":[{"name":"ZZSECRETZZ","type":"ZZSECRETZZ"}]}}`},
	{"an option's value", `{"id":"1","type":2,"data":{"name":"x","options":[{"name":"a","value":{"ZZSECRETZZ":"ZZSECRETZZ"}}]}}`},
	{"an option's number", `{"id":"1","type":2,"data":{"name":"x","options":[{"name":"a","value":98765432109876543210123e999}]}}`},
	{"an option's focus", `{"id":"1","type":2,"data":{"name":"x","options":[{"name":"a","focused":"ZZSECRETZZ"}]}}`},
	{"an unknown name, before a bad literal", `{"id":"1","type":1,"ZZSECRETZZ":tru}`},
	{"an unknown name, twice", `{"id":"1","type":1,"ZZSECRETZZ":1,"ZZSECRETZZ":2}`},
	{"an unknown name, nested", `{"id":"1","type":1,"x":{"ZZSECRETZZ":[{"ZZSECRETZZ":}]}}`},
	{"a member's name, twice", `{"id":"1","type":1,"member":{"ZZSECRETZZ":1,"ZZSECRETZZ":2}}`},
	{"an unknown value, cut", `{"id":"1","type":1,"x":["ZZSECRETZZ",`},
	{"text after the object", `{"id":"1","type":1}ZZSECRETZZ`},
	{"a body of text", `ZZSECRETZZ`},
	{"a body of a number", `98765432109876543210123`},
	{"a body of a string", `"ZZSECRETZZ"`},
	{"the member's join time", `{"id":"1","type":1,"member":{"joined_at":"ZZSECRETZZ"}}`},
	{"the member's roles", `{"id":"1","type":1,"member":{"roles":["ZZSECRETZZ",98765432109876543210123]}}`},
	{"the member's user", `{"id":"1","type":1,"member":{"user":{"id":"ZZSECRETZZ"}}}`},
	{"the member's flags", `{"id":"1","type":1,"member":{"flags":98765432109876543210123}}`},
	{"the channel's position", `{"id":"1","type":1,"channel":{"position":"ZZSECRETZZ"}}`},
	{"the channel's thread", `{"id":"1","type":1,"channel":{"thread_metadata":{"archive_timestamp":"ZZSECRETZZ"}}}`},
	{"a resolved user's key", `{"id":"1","type":2,"data":{"name":"x","resolved":{"users":{"ZZSECRETZZ":{"id":"ZZSECRETZZ"}}}}}`},
	{"a resolved message's time", `{"id":"1","type":2,"data":{"name":"x","resolved":{"messages":{"1":{"timestamp":"ZZSECRETZZ"}}}}}`},
	{"a resolved role's color", `{"id":"1","type":2,"data":{"name":"x","resolved":{"roles":{"1":{"color":98765432109876543210123}}}}}`},
	{"a resolved kind", `{"id":"1","type":2,"data":{"name":"x","resolved":{"users":"ZZSECRETZZ"}}}`},
}

// decodeErrors returns the errors of decoding body and of reading what
// Decode leaves to be decoded when read.
func decodeErrors(body []byte) []error {
	var ix interaction.Interaction
	if err := interaction.Decode(body, &ix); err != nil {
		return []error{err}
	}
	var errs []error
	if _, err := ix.Member.Decode(); err != nil && !errors.Is(err, interaction.ErrAbsent) {
		errs = append(errs, err)
	}
	if _, err := ix.Channel.Decode(); err != nil && !errors.Is(err, interaction.ErrAbsent) {
		errs = append(errs, err)
	}
	if _, err := ix.Data.Resolved.Decode(); err != nil {
		errs = append(errs, err)
	}
	return errs
}

func checkQuotesNoMarker(t *testing.T, err error) {
	t.Helper()
	for _, m := range []string{textMarker, digitMarker} {
		if strings.Contains(err.Error(), m) {
			t.Errorf("error quotes the body: %s", err)
		}
	}
}

func TestDecodeErrorsNeverQuoteTheBody(t *testing.T) {
	for _, tt := range markedBodies {
		t.Run(tt.where, func(t *testing.T) {
			errs := decodeErrors([]byte(tt.body))
			if len(errs) == 0 {
				t.Fatal("the body and what it holds decode; want an error")
			}
			for _, err := range errs {
				var de *interaction.DecodeError
				if !errors.As(err, &de) || !errors.Is(err, interaction.ErrMalformed) {
					t.Errorf("error %v is not a *DecodeError matching ErrMalformed", err)
				}
				checkQuotesNoMarker(t, err)
			}
		})
	}
}

// FuzzDecodeErrorsNeverQuoteTheBody damages the marked bodies at random: no
// error of Decode, or of reading what it decoded, may quote a marker.
func FuzzDecodeErrorsNeverQuoteTheBody(f *testing.F) {
	for _, tt := range markedBodies {
		f.Add([]byte(tt.body))
	}
	f.Add([]byte(strings.ReplaceAll(string(readFixture(f, "slash_mod_ban.json")), "moderation", textMarker)))
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, err := range decodeErrors(body) {
			checkQuotesNoMarker(t, err)
		}
	})
}

func TestADeeplyNestedBodyGetsAShortError(t *testing.T) {
	const depth = 5000
	body := `{"id":"1","type":5,"data":{"custom_id":"m","components":` +
		strings.Repeat(`[{"type":1,"components":`, depth) + `7` + strings.Repeat(`}]`, depth) + `}}`
	var ix interaction.Interaction
	err := interaction.Decode([]byte(body), &ix)
	if err == nil {
		t.Fatal("Decode accepted it")
	}
	if n := len(err.Error()); n > 600 {
		t.Errorf("the error is %d bytes long: %.200s…", n, err)
	}
	if !strings.Contains(err.Error(), "nested too deeply") {
		t.Errorf("the error does not say the components are nested too deeply: %.300s", err)
	}
	if !utf8.ValidString(err.Error()) {
		t.Errorf("the error is not valid UTF-8: %q", err)
	}
}

// An error in a modal submission stops the decoder: the rest of the body
// is not read again for each component around the one at fault, so that
// it costs no more than a body like it (errorsInASubmission).
func TestAnErrorInASubmissionStopsTheDecoder(t *testing.T) {
	for _, tt := range errorsInASubmission {
		t.Run(tt.name, func(t *testing.T) {
			var ix interaction.Interaction
			decode := func(body []byte) func() {
				return func() { _ = interaction.Decode(body, &ix) }
			}
			body := []byte(tt.body)
			if interaction.Decode(body, &ix) == nil {
				t.Fatal("the body decodes")
			}
			spent := bytesAllocated(decode(body))
			limit := uint64(4 * len(body))
			if tt.like != "" {
				limit = 2 * bytesAllocated(decode([]byte(tt.like)))
			}
			if spent > limit {
				t.Errorf("decoding the %d bytes allocated %d bytes, want at most %d", len(body), spent, limit)
			}
		})
	}
}

// bytesAllocated returns the fewest bytes f allocated in a few calls: the
// least that other goroutines of the test binary added to its own.
func bytesAllocated(f func()) uint64 {
	least := uint64(math.MaxUint64)
	var before, after runtime.MemStats
	for range 5 {
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}
