// Package receive reads and checks the signed requests the service sends
// to a bot's two endpoints, the interactions endpoint (package endpoint)
// and the webhook events endpoint (package webhook), which refuse what
// they cannot trust the same way: a body over the limit, a signature that
// does not verify, a request that cannot be read. Its answers say what
// went wrong without echoing input, and every refusal closes its
// connection, so that only the service's verified requests keep one
// alive.
package receive

import (
	"context"
	"errors"
	"sync"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/jsonw"
)

// Header names of the signature.
const (
	HeaderSignature = "X-Signature-Ed25519"
	HeaderTimestamp = "X-Signature-Timestamp"
)

// Fixed answers. Their bodies say what went wrong without echoing input.
var (
	BodyTooLarge       = []byte(`{"message":"request body too large"}`)
	BodyBadSignature   = []byte(`{"message":"invalid request signature"}`)
	BodyStaleTimestamp = []byte(`{"message":"request timestamp outside the accepted window"}`)
	BodyHeaderTooLarge = []byte(`{"message":"request headers too large"}`)
	BodyReadTimeout    = []byte(`{"message":"request not received in time"}`)
	BodyMalformed      = []byte(`{"message":"malformed HTTP request"}`)
)

// Verify refuses a request whose body is over maxBody or whose signature
// does not verify with v, and reports why it did, if it did: the status
// and the body appended to out. It reads nothing of the body but its
// length before the signature holds.
//
// The logger comes by pointer: a zerolog.Logger is a hundred bytes, which
// every request's frames would otherwise carry.
func Verify(v *interaction.Verifier, log *zerolog.Logger, maxBody int, sig, ts, body, out []byte) (status int, answer []byte, refused interaction.Refusal) {
	if len(body) > maxBody {
		return 413, append(out, BodyTooLarge...), interaction.RefusedTooLarge
	}
	if err := v.Verify(sig, ts, body); err != nil {
		log.Debug().Err(err).Msg("request refused")
		if errors.Is(err, interaction.ErrStaleTimestamp) {
			return 401, append(out, BodyStaleTimestamp...), interaction.RefusedStaleTimestamp
		}
		return 401, append(out, BodyBadSignature...), interaction.RefusedBadSignature
	}
	return 0, out, 0
}

// AppendMessage appends the JSON answer {"message": msg} to out.
func AppendMessage(out []byte, msg string) []byte {
	out = append(out, `{"message":`...)
	out = jsonw.AppendString(out, msg)
	return append(out, '}')
}

// Wait waits until wg's count is zero, or ctx ends, and then returns ctx's
// error. When ctx ends first, the goroutine waiting on wg lives on until
// the count is zero.
func Wait(ctx context.Context, wg *sync.WaitGroup) error {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
