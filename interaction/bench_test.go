package interaction_test

import (
	"crypto/ed25519"
	"crypto/sha256"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// BenchmarkDecode decodes the typical slash command,
// testdata/slash_mod_ban.json, as the router does: into an Interaction the
// caller holds, which the router allocates with the rest of the request's
// state, and which is not counted here.
func BenchmarkDecode(b *testing.B) {
	body := readFixture(b, "slash_mod_ban.json")
	ix := new(interaction.Interaction)
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if err := interaction.Decode(body, ix); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeVersusVerify puts decoding the fixture beside what every
// request pays before it: the Ed25519 verification of its timestamp and
// body, with crypto/ed25519. Each iteration does both, timing each, so that
// both see the same machine; decode/verify, the ratio of their times, must
// stay at or below 0.125.
func BenchmarkDecodeVersusVerify(b *testing.B) {
	body := readFixture(b, "slash_mod_ban.json")
	seed := sha256.Sum256([]byte("benchmark"))
	key := ed25519.NewKeyFromSeed(seed[:])
	public := key.Public().(ed25519.PublicKey)
	message := append([]byte("1700000000"), body...)
	sig := ed25519.Sign(key, message)
	ix := new(interaction.Interaction)
	var decoding, verifying time.Duration
	b.ReportAllocs()
	for b.Loop() {
		start := time.Now()
		if err := interaction.Decode(body, ix); err != nil {
			b.Fatal(err)
		}
		decoded := time.Now()
		if !ed25519.Verify(public, message, sig) {
			b.Fatal("the signature does not verify")
		}
		decoding += decoded.Sub(start)
		verifying += time.Since(decoded)
	}
	b.ReportMetric(float64(decoding.Nanoseconds())/float64(b.N), "decode-ns/op")
	b.ReportMetric(float64(verifying.Nanoseconds())/float64(b.N), "verify-ns/op")
	b.ReportMetric(float64(decoding)/float64(verifying), "decode/verify")
}
