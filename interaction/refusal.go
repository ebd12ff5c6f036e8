package interaction

// Refusal is why an endpoint refused a signed request before it handled
// it. The interactions endpoint (package endpoint) and the webhook events
// endpoint (package webhook) refuse for the same reasons, but the last two,
// which concern interactions alone; their observers are told the same
// values, and package metrics counts them under the names String returns.
type Refusal uint8

// Reasons to refuse a request.
const (
	// RefusedTooLarge: the body is over the endpoint's size limit (413).
	// A server that refuses such a body before the endpoint sees it, as
	// package serve's fasthttp server does, tells no observer.
	RefusedTooLarge Refusal = iota + 1
	// RefusedBadSignature: the signature is missing or does not verify
	// (401).
	RefusedBadSignature
	// RefusedStaleTimestamp: the signed timestamp is outside the
	// verifier's window (401).
	RefusedStaleTimestamp
	// RefusedMalformed: a signed body that is not an interaction, or not
	// a webhook event (400).
	RefusedMalformed
	// RefusedUnsupportedType: an interaction of a type the endpoint does
	// not serve, such as one the service added after this version (400).
	RefusedUnsupportedType
	// RefusedReplay: a copy of an interaction already served (409).
	RefusedReplay
)

var refusalNames = [...]string{
	RefusedTooLarge:        "too_large",
	RefusedBadSignature:    "bad_signature",
	RefusedStaleTimestamp:  "stale_timestamp",
	RefusedMalformed:       "malformed",
	RefusedUnsupportedType: "unsupported_type",
	RefusedReplay:          "replay",
}

// String returns the reason's name, such as "bad_signature", or "" for
// the zero Refusal and values past the last reason.
func (r Refusal) String() string {
	if int(r) < len(refusalNames) {
		return refusalNames[r]
	}
	return ""
}
