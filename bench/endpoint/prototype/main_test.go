package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/switchboard-go/switchboard/bench/endpoint/internal/fixture"
)

// The prototype's request path in memory, whole and by step, to set
// beside the endpoint's (bench/endpoint/switchboard):
//
//	go test ./bench/endpoint/prototype ./bench/endpoint/switchboard -run '^$' -bench . -count 6

// BenchmarkHandler is the prototype's whole answer to the fixture.
func BenchmarkHandler(b *testing.B) {
	fixture.Serve(b, handler(fixture.Key().Public))
}

// BenchmarkVerify is the signature check as the prototype does it: the
// signature's hex decoded, timestamp and body joined, one Ed25519
// verification.
func BenchmarkVerify(b *testing.B) {
	r := fixture.Signed(b)
	key := fixture.Key().Public
	b.ReportAllocs()
	defer fixture.CountCPU(b)()
	for b.Loop() {
		sig, err := hex.DecodeString(r.Signature)
		if err != nil || !ed25519.Verify(key, append([]byte(r.Timestamp), r.Body...), sig) {
			b.Fatal("the signature does not verify")
		}
	}
}

// BenchmarkDecode decodes the whole fixture into the prototype's
// structs, resolved users and members included.
func BenchmarkDecode(b *testing.B) {
	body := fixture.Body(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	defer fixture.CountCPU(b)()
	for b.Loop() {
		var ix interactionPayload
		if err := json.Unmarshal(body, &ix); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAnswer reads the options and marshals the reply.
func BenchmarkAnswer(b *testing.B) {
	var ix interactionPayload
	if err := json.Unmarshal(fixture.Body(b), &ix); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	defer fixture.CountCPU(b)()
	for b.Loop() {
		if _, err := json.Marshal(modBan(&ix)); err != nil {
			b.Fatal(err)
		}
	}
}
