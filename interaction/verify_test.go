package interaction_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/signer"
)

// testKey is a fixed key, so that failures reproduce.
var testKey = ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, ed25519.SeedSize))

var signedAt = time.Unix(1_763_800_000, 0)

func fixedClock(t time.Time) interaction.VerifierOption {
	return interaction.WithClock(func() time.Time { return t })
}

func newTestVerifier(t testing.TB, opts ...interaction.VerifierOption) *interaction.Verifier {
	t.Helper()
	v, err := interaction.NewVerifier(signer.New(testKey).PublicKeyHex(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestVerifyAcceptsWhatTheSignerSigned(t *testing.T) {
	body := readFixture(t, "slash_mod_ban.json")
	s := signer.New(testKey)
	sig, ts := s.Sign(body, signedAt)
	if ts != "1763800000" || len(sig) != 128 {
		t.Fatalf("Sign = %q, %q", sig, ts)
	}
	v := newTestVerifier(t, fixedClock(signedAt.Add(2*time.Second)))
	if err := v.Verify([]byte(sig), []byte(ts), body); err != nil {
		t.Errorf("Verify: %v", err)
	}
	// Hex digits may be upper case.
	if err := v.Verify([]byte(strings.ToUpper(sig)), []byte(ts), body); err != nil {
		t.Errorf("Verify of upper-case hex: %v", err)
	}
	// An empty body is signed like any other.
	sig, ts = s.Sign(nil, signedAt)
	if err := v.Verify([]byte(sig), []byte(ts), nil); err != nil {
		t.Errorf("Verify of an empty body: %v", err)
	}
	// The signature is the service's: plain Ed25519 over timestamp+body.
	raw, _ := hex.DecodeString(sig)
	if !ed25519.Verify(testKey.Public().(ed25519.PublicKey), []byte(ts), raw) {
		t.Error("the signature does not verify as Ed25519 over the timestamp and body")
	}
}

func TestVerifyRefusesDamagedRequests(t *testing.T) {
	body := []byte(`{"id":"1","type":1}`)
	sig, ts := signer.New(testKey).Sign(body, signedAt)
	v := newTestVerifier(t, fixedClock(signedAt))

	other := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{8}, ed25519.SeedSize))
	otherSig, _ := signer.New(other).Sign(body, signedAt)
	// Another hex digit in the middle of the signature.
	flippedSig := []byte(sig)
	if flippedSig[70] == '0' {
		flippedSig[70] = '1'
	} else {
		flippedSig[70] = '0'
	}

	tests := []struct {
		name          string
		sig, ts, body string
		want          error
	}{
		{"no signature", "", ts, string(body), interaction.ErrMissingSignature},
		{"no timestamp", sig, "", string(body), interaction.ErrMissingSignature},
		{"neither", "", "", string(body), interaction.ErrMissingSignature},
		{"a signature one digit short", sig[:127], ts, string(body), interaction.ErrBadSignature},
		{"a signature one digit long", sig + "0", ts, string(body), interaction.ErrBadSignature},
		{"a signature of half the length", sig[:64], ts, string(body), interaction.ErrBadSignature},
		{"a signature that is not hex", "g" + sig[1:], ts, string(body), interaction.ErrBadSignature},
		{"a signature with a space", " " + sig[1:], ts, string(body), interaction.ErrBadSignature},
		{"a signature with a bit flipped", string(flippedSig), ts, string(body), interaction.ErrBadSignature},
		{"another key's signature", otherSig, ts, string(body), interaction.ErrBadSignature},
		{"a different timestamp", sig, strconv.FormatInt(signedAt.Unix()+1, 10), string(body), interaction.ErrBadSignature},
		{"a timestamp with a leading zero", sig, "0" + ts, string(body), interaction.ErrBadSignature},
		{"a timestamp that is not a number", sig, "yesterday", string(body), interaction.ErrBadSignature},
		{"a negative timestamp", sig, "-" + ts, string(body), interaction.ErrBadSignature},
		{"a timestamp past 64 bits", sig, "99999999999999999999999", string(body), interaction.ErrBadSignature},
		{"a timestamp past 2^62 seconds", sig, "4611686018427387905", string(body), interaction.ErrBadSignature},
		{"an empty body", sig, ts, "", interaction.ErrBadSignature},
		{"a body with trailing white space", sig, ts, string(body) + "\n", interaction.ErrBadSignature},
		{"a body cut short", sig, ts, string(body[:len(body)-1]), interaction.ErrBadSignature},
	}
	for _, tt := range tests {
		err := v.Verify([]byte(tt.sig), []byte(tt.ts), []byte(tt.body))
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: Verify = %v; want %v", tt.name, err, tt.want)
		}
	}

	// Every single-bit change of the body is caught.
	for i := range body {
		for bit := range 8 {
			damaged := bytes.Clone(body)
			damaged[i] ^= 1 << bit
			if err := v.Verify([]byte(sig), []byte(ts), damaged); !errors.Is(err, interaction.ErrBadSignature) {
				t.Fatalf("body byte %d bit %d flipped: Verify = %v", i, bit, err)
			}
		}
	}
}

func TestVerifyRefusesTimestampsOutsideTheWindow(t *testing.T) {
	body := []byte(`{"id":"1","type":1}`)
	sig, ts := signer.New(testKey).Sign(body, signedAt)
	w := interaction.DefaultTimestampWindow
	tests := []struct {
		name string
		now  time.Time
		opts []interaction.VerifierOption
		want error
	}{
		{"signed now", signedAt, nil, nil},
		{"signed at the edge of the window", signedAt.Add(w), nil, nil},
		{"signed just before the window", signedAt.Add(w + time.Second), nil, interaction.ErrStaleTimestamp},
		{"signed an hour ago", signedAt.Add(time.Hour), nil, interaction.ErrStaleTimestamp},
		{"signed at the future edge of the window", signedAt.Add(-w), nil, nil},
		{"signed just past the future edge", signedAt.Add(-w - time.Second), nil, interaction.ErrStaleTimestamp},
		{"signed far in the future", signedAt.Add(-24 * time.Hour), nil, interaction.ErrStaleTimestamp},
		{"a narrower window", signedAt.Add(2 * time.Minute), []interaction.VerifierOption{interaction.WithTimestampWindow(time.Minute)}, interaction.ErrStaleTimestamp},
		{"a wider window", signedAt.Add(time.Hour), []interaction.VerifierOption{interaction.WithTimestampWindow(2 * time.Hour)}, nil},
		{"the window turned off", signedAt.Add(24 * 365 * time.Hour), []interaction.VerifierOption{interaction.WithTimestampWindow(0)}, nil},
		{"a negative window turns it off too", signedAt.Add(-24 * time.Hour), []interaction.VerifierOption{interaction.WithTimestampWindow(-time.Second)}, nil},
	}
	for _, tt := range tests {
		v := newTestVerifier(t, append([]interaction.VerifierOption{fixedClock(tt.now)}, tt.opts...)...)
		if err := v.Verify([]byte(sig), []byte(ts), body); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("%s: Verify = %v; want %v", tt.name, err, tt.want)
		}
	}
}

func TestVerifyWithoutAWindowStillChecksTheSignature(t *testing.T) {
	body := []byte(`{"id":"1","type":1}`)
	// With the window off, the timestamp is only signed bytes: any text the
	// service signed verifies, and nothing else does.
	ts := []byte("not a number")
	sig := hex.EncodeToString(ed25519.Sign(testKey, append(bytes.Clone(ts), body...)))
	v := newTestVerifier(t, interaction.WithTimestampWindow(0))
	if err := v.Verify([]byte(sig), ts, body); err != nil {
		t.Errorf("Verify: %v", err)
	}
	if err := v.Verify([]byte(sig), []byte("not a numbe"), body); !errors.Is(err, interaction.ErrBadSignature) {
		t.Errorf("Verify of another timestamp = %v", err)
	}
	// The join of timestamp and body is what is signed, not each part: the
	// same bytes split elsewhere verify too.
	if err := v.Verify([]byte(sig), []byte("not a number{"), body[1:]); err != nil {
		t.Errorf("Verify of the same message split elsewhere = %v", err)
	}
}

func TestNewVerifierParsesOnlyAHexPublicKey(t *testing.T) {
	good := signer.New(testKey).PublicKeyHex()
	if len(good) != 64 {
		t.Fatalf("PublicKeyHex = %q", good)
	}
	for _, bad := range []string{
		"",
		"zz",
		good[:62],
		good + "00",
		"g" + good[1:],
		good[:63],
		" " + good,
	} {
		if v, err := interaction.NewVerifier(bad); err == nil || v != nil || !errors.Is(err, interaction.ErrInvalidPublicKey) {
			t.Errorf("NewVerifier(%q) = %v, %v; want an error wrapping ErrInvalidPublicKey", bad, v, err)
		} else if !strings.Contains(err.Error(), "64 hex digits") {
			t.Errorf("NewVerifier(%q) error %q does not say what a key is", bad, err)
		}
	}
	if _, err := interaction.NewVerifier(strings.ToUpper(good)); err != nil {
		t.Errorf("NewVerifier of upper-case hex: %v", err)
	}
	if _, err := interaction.NewVerifier(""); err == nil || !strings.Contains(err.Error(), "no public key given") {
		t.Errorf("an empty key, most often a variable not set, should say so: %v", err)
	}
}

func TestNewVerifierKeyKeepsItsOwnCopyOfTheKey(t *testing.T) {
	key := bytes.Clone(testKey.Public().(ed25519.PublicKey))
	v, err := interaction.NewVerifierKey(key, fixedClock(signedAt))
	if err != nil {
		t.Fatal(err)
	}
	for i := range key {
		key[i] = 0
	}
	body := []byte("{}")
	sig, ts := signer.New(testKey).Sign(body, signedAt)
	if err := v.Verify([]byte(sig), []byte(ts), body); err != nil {
		t.Errorf("Verify after the caller's key was overwritten: %v", err)
	}
}

func TestVerifyAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop buffers")
	}
	body := readFixture(t, "slash_mod_ban.json")
	sig, ts := signer.New(testKey).Sign(body, signedAt)
	v := newTestVerifier(t, fixedClock(signedAt))
	bsig, bts := []byte(sig), []byte(ts)
	forged := bytes.Clone(bsig)
	if forged[0] == '0' {
		forged[0] = '1'
	} else {
		forged[0] = '0'
	}
	// S's top bits set, which puts it past L.
	outOfRange := bytes.Clone(bsig)
	outOfRange[126] = 'f'
	tests := []struct {
		name          string
		sig, ts, body []byte
		allocs        float64
	}{
		{"a valid request", bsig, bts, body, 0},
		{"a stale timestamp", bsig, []byte("1"), body, 0},
		{"a missing signature", nil, bts, body, 0},
		{"bad hex", append([]byte("x"), bsig[1:]...), bts, body, 0},
		{"a short signature", bsig[:100], bts, body, 0},
		{"a forged signature", forged, bts, body, 0},
		{"a signature with S out of range", outOfRange, bts, body, 0},
		{"a body other than the one signed", bsig, bts, body[1:], 0},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(50, func() { _ = v.Verify(tt.sig, tt.ts, tt.body) }); n > tt.allocs {
			t.Errorf("%s: Verify allocates %v times; want at most %v", tt.name, n, tt.allocs)
		}
	}
}

func TestVerifyOfALargeBodyKeepsNoLargeBuffer(t *testing.T) {
	v := newTestVerifier(t, fixedClock(signedAt))
	s := signer.New(testKey)
	small := readFixture(t, "slash_mod_ban.json")
	smallSig, smallTS := s.Sign(small, signedAt)
	for _, n := range []int{64<<10 - 10, 64 << 10, 1 << 20} {
		body := bytes.Repeat([]byte{'x'}, n)
		sig, ts := s.Sign(body, signedAt)
		if err := v.Verify([]byte(sig), []byte(ts), body); err != nil {
			t.Errorf("a body of %d bytes: Verify = %v", n, err)
		}
		body[n/2]++
		if err := v.Verify([]byte(sig), []byte(ts), body); !errors.Is(err, interaction.ErrBadSignature) {
			t.Errorf("a body of %d bytes with a byte changed: Verify = %v", n, err)
		}
		if err := v.Verify([]byte(smallSig), []byte(smallTS), small); err != nil {
			t.Errorf("a small body after one of %d bytes: Verify = %v", n, err)
		}
	}
	if raceEnabled {
		return
	}
	// A body past the bound of the pooled buffers costs one allocation, its
	// own buffer, and leaves the pooled ones as they were.
	large := bytes.Repeat([]byte{'x'}, 1<<20)
	largeSig, largeTS := s.Sign(large, signedAt)
	if n := testing.AllocsPerRun(20, func() { _ = v.Verify([]byte(largeSig), []byte(largeTS), large) }); n > 1 {
		t.Errorf("Verify of a 1 MiB body allocates %v times; want at most 1", n)
	}
	bsig, bts := []byte(smallSig), []byte(smallTS)
	if n := testing.AllocsPerRun(50, func() { _ = v.Verify(bsig, bts, small) }); n > 0 {
		t.Errorf("Verify of a small body after large ones allocates %v times", n)
	}
}

func TestVerifyIsSafeForConcurrentUse(t *testing.T) {
	v := newTestVerifier(t, fixedClock(signedAt))
	s := signer.New(testKey)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20 {
				// Bodies of different lengths share the pooled buffers.
				body := bytes.Repeat([]byte{byte('a' + g)}, 1+i*g*37)
				sig, ts := s.Sign(body, signedAt)
				if err := v.Verify([]byte(sig), []byte(ts), body); err != nil {
					t.Errorf("goroutine %d, body %d: %v", g, i, err)
					return
				}
				body[0]++
				if err := v.Verify([]byte(sig), []byte(ts), body); err == nil {
					t.Errorf("goroutine %d, body %d: a changed body verified", g, i)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// A request verified again later, as a worker does an interaction handed
// to a queue, is checked against when it arrived: the clock may be past
// the window, the signature still holds, and a forgery is still refused.
func TestVerifyAtComparesTheTimestampWithTheTimeGiven(t *testing.T) {
	body := readFixture(t, "slash_mod_ban.json")
	sig, ts := signer.New(testKey).Sign(body, signedAt)
	v := newTestVerifier(t, fixedClock(signedAt.Add(time.Hour)))
	if err := v.Verify([]byte(sig), []byte(ts), body); !errors.Is(err, interaction.ErrStaleTimestamp) {
		t.Fatalf("Verify an hour later = %v, want ErrStaleTimestamp", err)
	}
	for _, tc := range []struct {
		name string
		at   time.Time
		body []byte
		want error
	}{
		{"when it arrived", signedAt.Add(time.Second), body, nil},
		{"a window after it was signed", signedAt.Add(interaction.DefaultTimestampWindow + time.Second), body, interaction.ErrStaleTimestamp},
		{"before it was signed, within the window", signedAt.Add(-time.Minute), body, nil},
		{"with a body changed", signedAt, append(bytes.Clone(body), ' '), interaction.ErrBadSignature},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := v.VerifyAt([]byte(sig), []byte(ts), tc.body, tc.at); !errors.Is(err, tc.want) {
				t.Errorf("VerifyAt = %v, want %v", err, tc.want)
			}
		})
	}
}
