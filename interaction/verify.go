package interaction

import (
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"golang.org/x/crypto/ed25519"
)

// Signature errors. Each means the request did not come from the service
// and must be refused with 401 before its body is read.
var (
	ErrMissingSignature = errors.New("interaction: missing signature or timestamp")
	ErrBadSignature     = errors.New("interaction: invalid signature")
	ErrStaleTimestamp   = errors.New("interaction: timestamp outside the accepted window")
)

// DefaultTimestampWindow is how far the signed timestamp may be from the
// verifier's clock, either way, before a request is refused as a replay.
const DefaultTimestampWindow = 5 * time.Minute

// Verifier checks that an interaction request was signed by the service. The
// service signs the bytes of the X-Signature-Timestamp header followed by the
// raw body with the application's Ed25519 key and sends the signature, in
// hex, as X-Signature-Ed25519.
//
// Make a Verifier once, with NewVerifier or NewVerifierKey, and share it: it
// is safe for concurrent use.
type Verifier struct {
	key    *publicKey
	window time.Duration
	now    func() time.Time

	// messages holds *[]byte, each with room for what a signature's
	// hash covers: R, the key, the timestamp and the body, which the
	// request has apart.
	messages sync.Pool
}

// maxPooledMessage bounds the messages a Verifier builds in its pooled
// buffers. A buffer grown for a rare large body would otherwise stay, and
// hold its memory, through the many small requests after it.
const maxPooledMessage = 64 << 10

// VerifierOption configures a Verifier.
type VerifierOption func(*Verifier)

// WithTimestampWindow sets how far the signed timestamp may be from now; a
// window of zero or less turns the check off.
func WithTimestampWindow(d time.Duration) VerifierOption {
	return func(v *Verifier) { v.window = d }
}

// WithClock sets the clock the timestamp is compared with.
func WithClock(now func() time.Time) VerifierOption {
	return func(v *Verifier) { v.now = now }
}

// NewVerifier returns a Verifier for the application's public key, given in
// hex as the service shows it. It returns an error wrapping
// ErrInvalidPublicKey if publicKeyHex is not 64 hex digits or is refused by
// NewVerifierKey.
func NewVerifier(publicKeyHex string, opts ...VerifierOption) (*Verifier, error) {
	if publicKeyHex == "" {
		// Most often a variable that is not set.
		return nil, fmt.Errorf("%w: no public key given: the application's public key, as the service shows it, is %d hex digits",
			ErrInvalidPublicKey, 2*ed25519.PublicKeySize)
	}
	key, err := hex.DecodeString(publicKeyHex)
	if err != nil || len(key) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("%w: not %d hex digits", ErrInvalidPublicKey, 2*ed25519.PublicKeySize)
	}
	return NewVerifierKey(key, opts...)
}

// NewVerifierKey returns a Verifier for a key already decoded from hex. It
// keeps a copy of key. It returns an error wrapping ErrInvalidPublicKey if
// key is not the canonical encoding of an Ed25519 public key, or is a key
// with which anyone could forge a signature, such as 32 zero bytes.
func NewVerifierKey(key ed25519.PublicKey, opts ...VerifierOption) (*Verifier, error) {
	if err := checkPublicKey(key); err != nil {
		return nil, err
	}
	decoded, err := newPublicKey(key)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidPublicKey, err)
	}
	v := &Verifier{
		key:    decoded,
		window: DefaultTimestampWindow,
		now:    time.Now,
	}
	v.messages.New = func() any { return new([]byte) }
	for _, o := range opts {
		o(v)
	}
	return v, nil
}

// Verify checks the signature of a request. signature and timestamp are the
// values of the X-Signature-Ed25519 and X-Signature-Timestamp headers.
//
// Verify reuses the Verifier's buffers to join timestamp and body. Once they
// have grown, it does not allocate, whether it accepts a request or refuses
// it. Timestamp and body of over 64 KiB together take a buffer of their
// own.
func (v *Verifier) Verify(signature, timestamp, body []byte) error {
	return v.VerifyAt(signature, timestamp, body, v.now())
}

// VerifyAt is Verify with the timestamp compared with now rather than
// with the Verifier's clock: for a request verified again later, such as
// an interaction handed to a queue, whose signed timestamp was checked
// when it arrived and is checked again against when it arrived.
func (v *Verifier) VerifyAt(signature, timestamp, body []byte, now time.Time) error {
	if len(signature) == 0 || len(timestamp) == 0 {
		return ErrMissingSignature
	}
	var sig [ed25519.SignatureSize]byte
	if len(signature) != 2*len(sig) {
		return ErrBadSignature
	}
	if _, err := hex.Decode(sig[:], signature); err != nil {
		return ErrBadSignature
	}
	if v.window > 0 {
		secs, ok := parseUint(timestamp)
		if !ok || secs > 1<<62 {
			return ErrBadSignature
		}
		skew := now.Sub(time.Unix(int64(secs), 0))
		if skew > v.window || skew < -v.window {
			return ErrStaleTimestamp
		}
	}
	if !v.verify(&sig, timestamp, body) {
		return ErrBadSignature
	}
	return nil
}

// Window returns how far a signed timestamp may be from the Verifier's
// clock, either way; zero when the check is off. A request it accepts stays
// acceptable until its signed timestamp is a window old, which is how long
// a replay guard must remember it (with an allowance for the clocks of
// replicas that differ).
func (v *Verifier) Window() time.Duration { return v.window }

// verify reports whether sig is the key's signature of timestamp || body.
func (v *Verifier) verify(sig *[ed25519.SignatureSize]byte, timestamp, body []byte) bool {
	n := 32 + ed25519.PublicKeySize + len(timestamp) + len(body)
	if n > maxPooledMessage {
		return v.key.verify(sig, v.hashed(make([]byte, 0, n), sig, timestamp, body))
	}
	buf := v.messages.Get().(*[]byte)
	hashed := v.hashed((*buf)[:0], sig, timestamp, body)
	ok := v.key.verify(sig, hashed)
	*buf = hashed
	v.messages.Put(buf)
	return ok
}

// hashed appends to dst what the hash of a signature covers: its R, the
// key, and the message, timestamp || body.
func (v *Verifier) hashed(dst []byte, sig *[ed25519.SignatureSize]byte, timestamp, body []byte) []byte {
	dst = append(dst, sig[:32]...)
	dst = append(dst, v.key.encoded[:]...)
	return append(append(dst, timestamp...), body...)
}
