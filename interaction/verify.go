package interaction

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"strconv"
	"time"
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
// Parse the key once with NewVerifier and share the Verifier: it is safe for
// concurrent use.
type Verifier struct {
	key    *publicKey // nil if the key given to NewVerifierKey is not one
	window time.Duration
	now    func() time.Time
}

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

// NewVerifier parses the application's public key, given in hex as the
// service shows it. It returns an error if publicKeyHex is not 64 hex digits
// or not the encoding of an Ed25519 public key.
func NewVerifier(publicKeyHex string, opts ...VerifierOption) (*Verifier, error) {
	if publicKeyHex == "" {
		// Most often a variable that is not set.
		return nil, errors.New("interaction: no public key given: the application's public key, as the service shows it, is " +
			strconv.Itoa(2*ed25519.PublicKeySize) + " hex digits")
	}
	key, err := hex.DecodeString(publicKeyHex)
	if err != nil || len(key) != ed25519.PublicKeySize {
		return nil, errors.New("interaction: public key must be " +
			strconv.Itoa(2*ed25519.PublicKeySize) + " hex digits")
	}
	return ParseVerifierKey(key, opts...)
}

// ParseVerifierKey returns a Verifier for a key already decoded from hex, or
// an error if key is not an Ed25519 public key.
func ParseVerifierKey(key ed25519.PublicKey, opts ...VerifierOption) (*Verifier, error) {
	k := new(publicKey)
	if err := parsePublicKey(k, key); err != nil {
		return nil, err
	}
	return newVerifier(k, opts), nil
}

// NewVerifierKey returns a Verifier for a key already decoded from hex. If
// key is not an Ed25519 public key, the Verifier refuses every request with
// ErrBadSignature, or with the header error that comes first; use
// ParseVerifierKey to learn of a bad key at once.
func NewVerifierKey(key ed25519.PublicKey, opts ...VerifierOption) *Verifier {
	k := new(publicKey)
	if parsePublicKey(k, key) != nil {
		k = nil
	}
	return newVerifier(k, opts)
}

func newVerifier(key *publicKey, opts []VerifierOption) *Verifier {
	v := &Verifier{
		key:    key,
		window: DefaultTimestampWindow,
		now:    time.Now,
	}
	for _, o := range opts {
		o(v)
	}
	return v
}

// Verify checks the signature of a request. signature and timestamp are the
// values of the X-Signature-Ed25519 and X-Signature-Timestamp headers.
// It does not allocate.
func (v *Verifier) Verify(signature, timestamp, body []byte) error {
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
		skew := v.now().Sub(time.Unix(int64(secs), 0))
		if skew > v.window || skew < -v.window {
			return ErrStaleTimestamp
		}
	}
	if v.key == nil || !v.key.verify(&sig, timestamp, body) {
		return ErrBadSignature
	}
	return nil
}

// Signer signs interaction requests as the service does. Emulators and tests
// use it; bots never need it.
type Signer struct {
	key ed25519.PrivateKey
}

// NewSigner returns a Signer for the private key.
func NewSigner(key ed25519.PrivateKey) *Signer { return &Signer{key: key} }

// PublicKeyHex returns the public key in the hex form a Verifier parses.
func (s *Signer) PublicKeyHex() string {
	return hex.EncodeToString(s.key.Public().(ed25519.PublicKey))
}

// Sign returns the X-Signature-Ed25519 and X-Signature-Timestamp header values
// for body, signed at time t.
func (s *Signer) Sign(body []byte, t time.Time) (signature, timestamp string) {
	timestamp = strconv.FormatInt(t.Unix(), 10)
	msg := append([]byte(timestamp), body...)
	return hex.EncodeToString(ed25519.Sign(s.key, msg)), timestamp
}
