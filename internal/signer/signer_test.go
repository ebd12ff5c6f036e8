package signer_test

import (
	"encoding/hex"
	"testing"
	"time"

	"golang.org/x/crypto/ed25519"

	"github.com/switchboard-go/switchboard/internal/signer"
)

func TestASignatureCoversTheTimestampAndTheBody(t *testing.T) {
	seed := make([]byte, ed25519.SeedSize)
	copy(seed, "sign")
	key := ed25519.NewKeyFromSeed(seed)
	s := signer.New(key)
	body := []byte(`{"type":1}`)
	sig, ts := s.Sign(body, time.Unix(1700000000, 999).UTC())
	if ts != "1700000000" {
		t.Errorf("timestamp %q, want the whole seconds", ts)
	}
	raw, err := hex.DecodeString(sig)
	if err != nil {
		t.Fatalf("signature %q is not hex: %v", sig, err)
	}
	public := key.Public().(ed25519.PublicKey)
	if !ed25519.Verify(public, append([]byte(ts), body...), raw) {
		t.Error("the signature does not verify over the timestamp and the body")
	}
	if ed25519.Verify(public, body, raw) {
		t.Error("the signature verifies over the body alone")
	}
	if got := s.PublicKeyHex(); got != hex.EncodeToString(public) {
		t.Errorf("PublicKeyHex = %s, want %s", got, hex.EncodeToString(public))
	}
}
