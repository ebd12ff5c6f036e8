package interaction

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha512"
	"errors"
	"hash"
	"sync"

	"filippo.io/edwards25519"
)

// publicKey is an Ed25519 public key decoded once. crypto/ed25519.Verify
// decompresses the key on every call and needs the message in one slice; a
// Verifier checks many signatures by one key, each over two slices.
//
// verify accepts exactly the signatures crypto/ed25519.Verify accepts,
// including its departures from RFC 8032 noted below: a request the standard
// library would pass must not be refused, and the reverse.
type publicKey struct {
	// enc is the encoding of A as given. RFC 8032, Section 5.1.7 hashes the
	// encoding, not the point: the two differ for the non-canonical
	// encodings that SetBytes accepts.
	enc [ed25519.PublicKeySize]byte

	// negA is -A. The check [S]B = R + [k]A is computed as [k](-A) + [S]B,
	// which has no subtraction and so fits VarTimeDoubleScalarBaseMult.
	negA edwards25519.Point

	// digests holds *verifyDigest. A sha512.New per call stays on the
	// stack too, but setting one up costs more than taking one from here.
	digests sync.Pool
}

// verifyDigest is a SHA-512 state with room for R || A and then for the
// sum. Being on the heap already, its buffer can be handed to the hash.Hash,
// whose methods the compiler cannot see into, without an allocation per
// call, which a buffer on Verify's stack would cost.
type verifyDigest struct {
	h   hash.Hash
	buf [sha512.Size]byte
}

var errInvalidPublicKey = errors.New("interaction: public key is not a valid Ed25519 key")

// parsePublicKey decodes key into p.
func parsePublicKey(p *publicKey, key []byte) error {
	if len(key) != ed25519.PublicKeySize {
		return errInvalidPublicKey
	}
	// RFC 8032, Section 5.1.3 refuses encodings with y >= p, and that of
	// x = 0 with the sign bit set; crypto/ed25519 accepts both, and so does
	// SetBytes. Only a y for which no x is on the curve is refused.
	var a edwards25519.Point
	if _, err := a.SetBytes(key); err != nil {
		return errInvalidPublicKey
	}
	copy(p.enc[:], key)
	p.negA.Negate(&a)
	p.digests.New = func() any { return &verifyDigest{h: sha512.New()} }
	return nil
}

// verify reports whether sig is a valid Ed25519 signature by p of the
// message timestamp || body, following RFC 8032, Section 5.1.7 as
// crypto/ed25519 does.
func (p *publicKey) verify(sig *[ed25519.SignatureSize]byte, timestamp, body []byte) bool {
	// Step 1 refuses S >= L. An S with any of its top three bits set is at
	// least 2^253, past L: testing them first is cheap.
	if sig[63]&224 != 0 {
		return false
	}
	var s edwards25519.Scalar
	if _, err := s.SetCanonicalBytes(sig[32:]); err != nil {
		return false
	}

	// Step 2: k = SHA-512(R || A || M), read as a little-endian integer,
	// reduced mod L. Ed25519 has no dom2 prefix (Section 5.1).
	d := p.digests.Get().(*verifyDigest)
	d.h.Reset()
	copy(d.buf[:32], sig[:32])
	copy(d.buf[32:], p.enc[:])
	d.h.Write(d.buf[:])
	d.h.Write(timestamp)
	d.h.Write(body)
	var k edwards25519.Scalar
	_, err := k.SetUniformBytes(d.h.Sum(d.buf[:0]))
	p.digests.Put(d)
	if err != nil {
		panic("interaction: SHA-512 sum is not 64 bytes")
	}

	// Step 3 allows checking [S]B = R + [k]A without the cofactor, as
	// crypto/ed25519 does. Comparing encodings rather than decoding R
	// refuses every R that is not the canonical encoding of a point, which
	// Section 5.1.3 would refuse too.
	var r edwards25519.Point
	r.VarTimeDoubleScalarBaseMult(&k, &p.negA, &s)
	return bytes.Equal(r.Bytes(), sig[:32])
}
