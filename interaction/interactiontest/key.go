package interactiontest

import (
	"crypto/ed25519"
	"crypto/sha256"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/signer"
)

// Key is an application key pair for tests: it signs payloads as the service
// does and makes the Verifier that accepts them.
type Key struct {
	// Public is the public half, which a Verifier checks signatures with.
	Public ed25519.PublicKey
	signer *signer.Signer
}

// NewKey returns a key derived from seed, so that tests are repeatable.
func NewKey(seed string) *Key {
	s := sha256.Sum256([]byte(seed))
	priv := ed25519.NewKeyFromSeed(s[:])
	return &Key{Public: priv.Public().(ed25519.PublicKey), signer: signer.New(priv)}
}

// PublicKeyHex returns the public key as the service shows it.
func (k *Key) PublicKeyHex() string { return k.signer.PublicKeyHex() }

// Verifier returns a Verifier for the key. It panics if Public is a key
// NewVerifierKey refuses, which a Key from NewKey never has.
func (k *Key) Verifier(opts ...interaction.VerifierOption) *interaction.Verifier {
	v, err := interaction.NewVerifierKey(k.Public, opts...)
	if err != nil {
		panic(err)
	}
	return v
}

// Sign returns the signature and timestamp headers for body, signed now.
func (k *Key) Sign(body []byte) (signature, timestamp string) {
	return k.signer.Sign(body, time.Now())
}

// SignAt returns the signature and timestamp headers for body, signed at
// t: a request of the past or the future, for a test of the window a
// Verifier accepts.
func (k *Key) SignAt(body []byte, t time.Time) (signature, timestamp string) {
	return k.signer.Sign(body, t)
}
