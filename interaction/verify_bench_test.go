package interaction_test

import (
	"encoding/hex"
	"testing"

	"github.com/switchboard-go/switchboard/internal/signer"
	"golang.org/x/crypto/ed25519"
)

// BenchmarkVerify and BenchmarkVerifyLibrary check the signature of a
// typical request, the 2.4 KB testdata/slash_mod_ban.json with a 10-digit
// timestamp: the first with Verifier.Verify on the headers and body, the
// second with ed25519.Verify on the message already joined, the least any
// verifier built on it can cost.
//
//	go test ./interaction -run '^$' -bench Verify -benchmem -count 6 | benchstat -
func BenchmarkVerify(b *testing.B) {
	body, sig, ts := benchRequest(b)
	v := newTestVerifier(b, fixedClock(signedAt))
	bsig, bts := []byte(sig), []byte(ts)
	b.ReportAllocs()
	b.SetBytes(int64(len(ts) + len(body)))
	for b.Loop() {
		if err := v.Verify(bsig, bts, body); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerifyLibrary(b *testing.B) {
	body, sig, ts := benchRequest(b)
	pub := testKey.Public().(ed25519.PublicKey)
	msg := append([]byte(ts), body...)
	raw, err := hex.DecodeString(sig)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(msg)))
	for b.Loop() {
		if !ed25519.Verify(pub, msg, raw) {
			b.Fatal("Verify failed")
		}
	}
}

func benchRequest(b *testing.B) (body []byte, sig, ts string) {
	body = readFixture(b, "slash_mod_ban.json")
	sig, ts = signer.New(testKey).Sign(body, signedAt)
	if len(ts) != 10 {
		b.Fatalf("timestamp %q is not 10 digits", ts)
	}
	return body, sig, ts
}
