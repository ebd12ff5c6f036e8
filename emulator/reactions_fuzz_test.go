package emulator

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestUnicodeEmojisAreOneEmojiEach(t *testing.T) {
	for text, want := range map[string]bool{
		"👍": true, "👍🏽": true, "👨‍👩‍👧": true, "🇫🇷": true, "1️⃣": true, "#⃣": true, "©️": true, "🏳️‍🌈": true,
		"🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f": true,
		"👍👍": false, "🇫🇷🇩🇪": false, "1": false, "abc": false, "🏽": false, "": false, "a👍": false, "\u200d": false,
	} {
		if got := isUnicodeEmoji(text); got != want {
			t.Errorf("isUnicodeEmoji(%q) = %v; want %v", text, got, want)
		}
	}
}

// The emoji of a reaction route, whatever its text, is refused with 10014
// or taken as a custom emoji's name and id, which read back the same from
// the key reactions keep, or as one Unicode emoji: valid UTF-8, short,
// never ASCII text, and the same once escaped into a path and read back.
func FuzzParseEmoji(f *testing.F) {
	for _, seed := range []string{"👍", "🎉", "👨‍👩‍👧", "1️⃣", "#⃣", "🇫🇷", "party:123", ":123", "party:", "party:0", "p:1", "abc", "", "\xff", "👍👍", "1", "©"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, e := parseEmoji(text)
		if e != nil {
			if e.status != 400 || e.code != codeUnknownEmoji || got != (emojiRef{}) {
				t.Fatalf("parseEmoji(%q) refused with %d %d and %+v", text, e.status, e.code, got)
			}
			return
		}
		if got.id != 0 {
			if again, e := parseEmoji(got.key()); e != nil || again != got || !emojiName.MatchString(got.name) {
				t.Fatalf("parseEmoji(%q) = %+v, whose key %q reads back as %+v, %v", text, got, got.key(), again, e)
			}
			return
		}
		if got.name != text || !utf8.ValidString(text) || len(text) > maxEmojiBytes || strings.ContainsAny(text, ":/ abcdefghijklmnopqrstuvwxyz") {
			t.Fatalf("parseEmoji(%q) took %+v", text, got)
		}
		back, err := url.PathUnescape(url.PathEscape(text))
		if err != nil || back != text {
			t.Fatalf("%q escaped reads back as %q, %v", text, back, err)
		}
	})
}

// The body of a Start Thread route is refused with 50035 or 50109, or
// taken with a name of 1 to 100 characters and fields within their
// bounds; from a message, type and invitable are dropped.
func FuzzDecodeThreadBody(f *testing.F) {
	for _, seed := range []string{`{"name":"t"}`, `{"name":""}`, `{"name":"t","type":12,"invitable":false}`,
		`{"name":"t","auto_archive_duration":60,"rate_limit_per_user":21600}`, `{"name":"t","auto_archive_duration":61}`,
		`{"name":"t","rate_limit_per_user":-1}`, `{"name":"t","type":9}`, `{"name":7}`, `[]`, `{`, `null`} {
		f.Add([]byte(seed), false)
		f.Add([]byte(seed), true)
	}
	f.Fuzz(func(t *testing.T, raw []byte, fromMessage bool) {
		b, e := decodeThreadBody(raw, fromMessage)
		if e != nil {
			if (e.status != 400 || e.code != codeInvalidFormBody && e.code != codeInvalidJSON) && e.status != 413 {
				t.Fatalf("%q refused with %d %d", raw, e.status, e.code)
			}
			return
		}
		if b.Name == nil || utf8.RuneCountInString(*b.Name) < 1 || utf8.RuneCountInString(*b.Name) > 100 {
			t.Fatalf("%q taken without a good name", raw)
		}
		if d := b.AutoArchiveDuration; d != nil && *d != 60 && *d != 1440 && *d != 4320 && *d != 10080 {
			t.Fatalf("%q taken with auto_archive_duration %d", raw, *d)
		}
		if r := b.RateLimitPerUser; r != nil && (*r < 0 || *r > maxSlowmode) {
			t.Fatalf("%q taken with rate_limit_per_user %d", raw, *r)
		}
		if fromMessage && (b.Type != nil || b.Invitable != nil) {
			t.Fatalf("%q from a message kept type or invitable", raw)
		}
		if ty := b.Type; ty != nil && (*ty < 10 || *ty > 12) {
			t.Fatalf("%q taken with type %d", raw, *ty)
		}
	})
}
