package interaction

import (
	"bytes"
	"crypto/sha512"

	"filippo.io/edwards25519"
	"golang.org/x/crypto/ed25519"
)

// publicKey is the application's public key, decoded once.
//
// ed25519.Verify decodes the key on every call, and decoding a point
// takes a square root in the field: about a tenth of a verification, on
// a path where verification is most of the cost of a request. Decoded
// once, the key's point is kept negated, as the check below uses it.
type publicKey struct {
	encoded [ed25519.PublicKeySize]byte
	negated edwards25519.Point
}

// newPublicKey decodes key, which checkPublicKey has accepted.
func newPublicKey(key []byte) (*publicKey, error) {
	a, err := new(edwards25519.Point).SetBytes(key)
	if err != nil {
		return nil, err
	}
	k := &publicKey{}
	copy(k.encoded[:], key)
	k.negated.Negate(a)
	return k, nil
}

// verify reports whether sig is the key's signature of the message whose
// hash input, R || A || message, is hashed. It makes the check
// ed25519.Verify makes (RFC 8032, Section 5.1.7, without the cofactor, as
// the standard library does): S is canonical, and the encoding of
// [S]B - [k]A, with k = SHA-512(R || A || message), is R; a test holds
// the two to the same answers.
func (k *publicKey) verify(sig *[ed25519.SignatureSize]byte, hashed []byte) bool {
	if sig[63]&0xe0 != 0 {
		// S is 2^253 or more, past the group order L: refused before
		// SetCanonicalBytes, which would allocate an error to say so.
		return false
	}
	s, err := new(edwards25519.Scalar).SetCanonicalBytes(sig[32:])
	if err != nil {
		return false
	}
	digest := sha512.Sum512(hashed)
	h, err := new(edwards25519.Scalar).SetUniformBytes(digest[:])
	if err != nil {
		return false
	}
	r := new(edwards25519.Point).VarTimeDoubleScalarBaseMult(h, &k.negated, s)
	return bytes.Equal(sig[:32], r.Bytes())
}
