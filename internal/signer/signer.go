// Package signer signs interaction requests as the service does, with the
// application's Ed25519 private key, so that interaction.Verifier accepts
// them: what package emulator sends a bot, and what tests send an
// endpoint. A bot verifies; it never signs.
package signer

import (
	"encoding/hex"
	"strconv"
	"time"

	"golang.org/x/crypto/ed25519"
)

// Signer signs interaction requests with one private key.
type Signer struct {
	key ed25519.PrivateKey
}

// New returns a Signer for the private key.
func New(key ed25519.PrivateKey) *Signer { return &Signer{key: key} }

// PublicKeyHex returns the public key in the hex form
// interaction.NewVerifier parses, as the service shows it.
func (s *Signer) PublicKeyHex() string {
	return hex.EncodeToString(s.key.Public().(ed25519.PublicKey))
}

// Sign returns the X-Signature-Ed25519 and X-Signature-Timestamp header
// values for body, signed at time t: the signature, in hex, of the
// timestamp's decimal seconds followed by the body.
func (s *Signer) Sign(body []byte, t time.Time) (signature, timestamp string) {
	timestamp = strconv.FormatInt(t.Unix(), 10)
	msg := append([]byte(timestamp), body...)
	return hex.EncodeToString(ed25519.Sign(s.key, msg)), timestamp
}
