package interaction

import (
	"errors"
	"fmt"
	"math/big"

	"golang.org/x/crypto/ed25519"
)

// ErrInvalidPublicKey is wrapped by the error NewVerifier and NewVerifierKey
// return for a key they refuse; the rest of the message says why.
var ErrInvalidPublicKey = errors.New("interaction: invalid public key")

// checkPublicKey returns an error wrapping ErrInvalidPublicKey unless key is
// the canonical encoding (RFC 8032, Section 5.1.2) of an Ed25519 point of
// large order, as every key made from a secret is.
//
// ed25519.Verify is more lenient with keys, and each key it takes beyond
// these is a mistake in a configuration, never the service's key:
//
//   - A point of small order lets anyone forge: with R the identity and
//     S = 0, the check [S]B = R + [k]A holds whenever the order of A divides
//     k, for one message in eight at worst. 32 zero bytes, a likely
//     placeholder, encode such a point.
//   - A y of 2^255-19 or more, or x = 0 with the sign bit set, is another
//     encoding of a point that has a canonical one.
//   - A y that no x puts on the curve makes every signature fail.
//
// It runs once per key, so plain math/big arithmetic is fast enough.
func checkPublicKey(key []byte) error {
	if len(key) != ed25519.PublicKeySize {
		return fmt.Errorf("%w: %d bytes, want %d", ErrInvalidPublicKey, len(key), ed25519.PublicKeySize)
	}
	if isZero(key) {
		return fmt.Errorf("%w: all zeros, a point of small order with which anyone can forge a signature", ErrInvalidPublicKey)
	}
	// The encoding is y, little-endian, with the sign of x in the top bit.
	var be [ed25519.PublicKeySize]byte
	for i, b := range key {
		be[len(be)-1-i] = b
	}
	negX := be[0]&0x80 != 0
	be[0] &^= 0x80
	y := new(big.Int).SetBytes(be[:])

	c := newCurve()
	if y.Cmp(c.p) >= 0 {
		return fmt.Errorf("%w: not a canonical encoding: y is 2^255-19 or more", ErrInvalidPublicKey)
	}
	xx := c.xSquared(y)
	if big.Jacobi(xx, c.p) < 0 {
		return fmt.Errorf("%w: not the encoding of a point on the Ed25519 curve", ErrInvalidPublicKey)
	}
	if xx.Sign() == 0 && negX {
		return fmt.Errorf("%w: not a canonical encoding: x is 0 but its sign bit is set", ErrInvalidPublicKey)
	}
	if c.smallOrder(y) {
		return fmt.Errorf("%w: a point of small order, with which anyone can forge a signature", ErrInvalidPublicKey)
	}
	return nil
}

func isZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// curve is the field and the constant of edwards25519, the curve
// -x^2 + y^2 = 1 + d·x^2·y^2 over the integers mod p (RFC 8032, Section 5.1).
type curve struct {
	p, d *big.Int
}

func newCurve() curve {
	p := new(big.Int).Lsh(big.NewInt(1), 255)
	p.Sub(p, big.NewInt(19))
	// d = -121665/121666
	d := new(big.Int).ModInverse(big.NewInt(121666), p)
	d.Mul(d, big.NewInt(-121665))
	d.Mod(d, p)
	return curve{p: p, d: d}
}

// xSquared returns x^2 for the points with this y, whether or not it is a
// square: x^2 = (y^2 - 1) / (d·y^2 + 1). The divisor is never 0, since
// -1/d is not a square mod p (-1 is, d is not).
func (c curve) xSquared(y *big.Int) *big.Int {
	yy := new(big.Int).Mul(y, y)
	num := new(big.Int).Sub(yy, big.NewInt(1))
	den := yy.Mul(yy, c.d)
	return c.div(num, den.Add(den, big.NewInt(1)))
}

// doubleY returns the y of [2]P, given the y of a point P on the curve. The
// sum of two points has y = (y1·y2 + x1·x2) / (1 - d·x1·x2·y1·y2); for a
// point and itself x enters only squared, and so y alone fixes the result.
// The divisor is never 0, since d is not a square.
func (c curve) doubleY(y *big.Int) *big.Int {
	xx := c.xSquared(y)
	yy := new(big.Int).Mul(y, y)
	num := new(big.Int).Add(yy, xx)
	den := yy.Mul(yy, xx)
	den.Mul(den, c.d)
	return c.div(num, den.Sub(big.NewInt(1), den))
}

// div returns num/den mod p; den must not be 0 mod p.
func (c curve) div(num, den *big.Int) *big.Int {
	inv := new(big.Int).ModInverse(new(big.Int).Mod(den, c.p), c.p)
	q := new(big.Int).Mul(num, inv)
	return q.Mod(q, c.p)
}

// smallOrder reports whether the point with this y has an order dividing 8,
// the curve's cofactor: whether [8]P is the identity, the only point with
// y = 1.
func (c curve) smallOrder(y *big.Int) bool {
	for range 3 {
		y = c.doubleY(y)
	}
	return y.Cmp(big.NewInt(1)) == 0
}
