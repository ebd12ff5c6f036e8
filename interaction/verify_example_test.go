package interaction_test

import (
	"errors"
	"fmt"
	"log"
	"time"

	"golang.org/x/crypto/ed25519"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// A key kept as bytes rather than hex, here the public half of a key pair,
// makes a Verifier without the round trip through hex. A key with which
// anyone could forge a signature, such as 32 zero bytes left in a
// configuration, is refused at once rather than at the first request.
func ExampleNewVerifierKey() {
	key := interactiontest.NewKey("a seed kept by the service")
	public := key.Public

	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	v, err := interaction.NewVerifierKey(public, interaction.WithClock(func() time.Time { return now }))
	if err != nil {
		log.Fatal(err)
	}
	body := []byte(`{"type":1,"id":"1","application_id":"2","token":"t","version":1}`)
	sig, ts := key.SignAt(body, now)
	fmt.Println(v.Verify([]byte(sig), []byte(ts), body))

	_, err = interaction.NewVerifierKey(make(ed25519.PublicKey, ed25519.PublicKeySize))
	fmt.Println(err)
	fmt.Println(errors.Is(err, interaction.ErrInvalidPublicKey))
	// Output:
	// <nil>
	// interaction: invalid public key: all zeros, a point of small order with which anyone can forge a signature
	// true
}
