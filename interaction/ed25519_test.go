package interaction

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"math/big"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"filippo.io/edwards25519"
)

// The tests below hold the Verifier to crypto/ed25519.Verify: any signature
// one accepts, the other must, whatever the key, signature and message, and
// wherever the message is split between timestamp and body.

// agree checks that the Verifier and crypto/ed25519.Verify agree on whether
// sig is a signature of msg by pub, with msg split between timestamp and
// body at 0, at len(msg) and at each of splits, and returns the verdict of
// crypto/ed25519.
func agree(t testing.TB, pub, msg, sig []byte, splits ...int) bool {
	t.Helper()
	want := ed25519.Verify(pub, msg, sig)

	k := new(publicKey)
	parseErr := parsePublicKey(k, pub)
	if v, err := ParseVerifierKey(pub); (err == nil) != (parseErr == nil) || (err == nil) != (v != nil) {
		t.Fatalf("ParseVerifierKey(%x) = %v, %v; parsePublicKey = %v", pub, v, err, parseErr)
	}
	if parseErr != nil && want {
		t.Fatalf("key %x refused, but crypto/ed25519 accepts\n\tsig %x\n\tmsg %x", pub, sig, msg)
	}

	at := append([]int{0, len(msg)}, splits...)
	if parseErr == nil && len(sig) == ed25519.SignatureSize {
		for _, i := range at {
			i = min(max(i, 0), len(msg))
			if got := k.verify((*[ed25519.SignatureSize]byte)(sig), msg[:i], msg[i:]); got != want {
				t.Fatalf("verify = %v; crypto/ed25519 says %v\n\tkey %x\n\tsig %x\n\tmsg %x split at %d", got, want, pub, sig, msg, i)
			}
		}
	}

	// Verify needs a timestamp: the message splits after its first byte at
	// the earliest.
	if len(msg) == 0 {
		return want
	}
	v := NewVerifierKey(pub, WithTimestampWindow(0))
	hsig := []byte(hex.EncodeToString(sig))
	refusal := ErrBadSignature
	if len(sig) == 0 {
		refusal = ErrMissingSignature
	}
	for _, i := range at {
		i = min(max(i, 1), len(msg))
		err := v.Verify(hsig, msg[:i], msg[i:])
		if (err == nil) != want || (err != nil && !errors.Is(err, refusal)) {
			t.Fatalf("Verify = %v; crypto/ed25519 says %v\n\tkey %x\n\tsig %x\n\tmsg %x split at %d", err, want, pub, sig, msg, i)
		}
	}
	return want
}

// rfc8032Vectors are the Ed25519 test vectors of RFC 8032, Section 7.1.
var rfc8032Vectors = []struct {
	name                string
	secret, public, msg string
	sig                 string
}{
	{
		name:   "TEST 1",
		secret: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
		public: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
		msg:    "",
		sig: "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155" +
			"5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
	},
	{
		name:   "TEST 2",
		secret: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
		public: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
		msg:    "72",
		sig: "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da" +
			"085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
	},
	{
		name:   "TEST 3",
		secret: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
		public: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
		msg:    "af82",
		sig: "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac" +
			"18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
	},
	{
		name:   "TEST 1024",
		secret: "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
		public: "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
		msg: "" +
			"08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98" +
			"fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8" +
			"79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d" +
			"658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc" +
			"1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe" +
			"ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e" +
			"06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef" +
			"efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7" +
			"aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1" +
			"85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2" +
			"d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24" +
			"554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270" +
			"88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc" +
			"2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07" +
			"07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba" +
			"b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a" +
			"ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e" +
			"c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7" +
			"51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c" +
			"42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8" +
			"ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df" +
			"f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08" +
			"d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649" +
			"de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4" +
			"88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3" +
			"2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e" +
			"6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f" +
			"b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5" +
			"0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1" +
			"369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d" +
			"b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c" +
			"0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0",
		sig: "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350" +
			"aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03",
	},
	{
		name:   "TEST SHA(abc)",
		secret: "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
		public: "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
		msg: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a" +
			"2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
		sig: "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589" +
			"09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704",
	},
}

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestVerifyRFC8032Vectors(t *testing.T) {
	for _, tv := range rfc8032Vectors {
		secret, pub := mustHex(t, tv.secret), mustHex(t, tv.public)
		msg, sig := mustHex(t, tv.msg), mustHex(t, tv.sig)
		// The vectors are transcribed: check them against the signer first.
		priv := ed25519.NewKeyFromSeed(secret)
		if got := priv.Public().(ed25519.PublicKey); !bytes.Equal(got, pub) {
			t.Fatalf("%s: public key %x; the RFC says %x", tv.name, got, pub)
		}
		if got := ed25519.Sign(priv, msg); !bytes.Equal(got, sig) {
			t.Fatalf("%s: signature %x; the RFC says %x", tv.name, got, sig)
		}
		splits := make([]int, len(msg)+1)
		for i := range splits {
			splits[i] = i
		}
		if !agree(t, pub, msg, sig, splits...) {
			t.Errorf("%s: crypto/ed25519 refuses the RFC's signature", tv.name)
		}
		bad := bytes.Clone(sig)
		bad[0] ^= 1
		if agree(t, pub, msg, bad, len(msg)/2) {
			t.Errorf("%s: a damaged signature verifies", tv.name)
		}
	}
}

func TestVerifyMatchesCryptoEd25519OnRandomInputs(t *testing.T) {
	rnd := rand.New(rand.NewChaCha8([32]byte{1}))
	n := 1000
	if testing.Short() {
		n = 100
	}
	accepted := 0
	for range n {
		priv := ed25519.NewKeyFromSeed(randBytes(rnd, ed25519.SeedSize))
		pub := priv.Public().(ed25519.PublicKey)
		msg := randBytes(rnd, rnd.IntN(300))
		sig := ed25519.Sign(priv, msg)
		split := rnd.IntN(len(msg) + 1)

		if agree(t, pub, msg, sig, split) {
			accepted++
		}
		// Another message, another key, random bytes for a signature and
		// random bytes for a key.
		agree(t, pub, append(bytes.Clone(msg), byte(rnd.Uint32())), sig, split)
		other := ed25519.NewKeyFromSeed(randBytes(rnd, ed25519.SeedSize))
		agree(t, other.Public().(ed25519.PublicKey), msg, sig, split)
		agree(t, pub, msg, randBytes(rnd, ed25519.SignatureSize), split)
		agree(t, randBytes(rnd, ed25519.PublicKeySize), msg, sig, split)
	}
	if accepted != n {
		t.Errorf("%d of %d genuine signatures verified", accepted, n)
	}
}

func TestVerifyMatchesCryptoEd25519OnDamagedSignatures(t *testing.T) {
	priv := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{3}, ed25519.SeedSize))
	pub := priv.Public().(ed25519.PublicKey)
	msg := []byte(`1763800000{"id":"1","type":1}`)
	sig := ed25519.Sign(priv, msg)

	for i := range sig {
		for bit := range 8 {
			bad := bytes.Clone(sig)
			bad[i] ^= 1 << bit
			agree(t, pub, msg, bad, 10)
		}
	}
	for i := range pub {
		for bit := range 8 {
			bad := bytes.Clone(pub)
			bad[i] ^= 1 << bit
			agree(t, bad, msg, sig, 10)
		}
	}
	for _, n := range []int{0, 1, 32, 63, 65, 128} {
		agree(t, pub, msg, append(bytes.Clone(sig), make([]byte, 128)...)[:n], 10)
	}
}

// order is L, the order of the prime-order subgroup (RFC 8032, Section 5.1).
var order, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

// withS returns sig with S replaced by s, which must fit in 32 bytes.
func withS(sig []byte, s *big.Int) []byte {
	out := bytes.Clone(sig)
	var le [32]byte
	s.FillBytes(le[:])
	for i := range le {
		out[32+i] = le[31-i]
	}
	return out
}

// scalarOf returns the S half of sig as an integer.
func scalarOf(sig []byte) *big.Int {
	var be [32]byte
	for i := range be {
		be[i] = sig[63-i]
	}
	return new(big.Int).SetBytes(be[:])
}

func TestVerifyMatchesCryptoEd25519OnOutOfRangeS(t *testing.T) {
	rnd := rand.New(rand.NewChaCha8([32]byte{2}))
	for range 50 {
		priv := ed25519.NewKeyFromSeed(randBytes(rnd, ed25519.SeedSize))
		pub := priv.Public().(ed25519.PublicKey)
		msg := randBytes(rnd, 1+rnd.IntN(100))
		sig := ed25519.Sign(priv, msg)
		split := rnd.IntN(len(msg) + 1)
		if !agree(t, pub, msg, sig, split) {
			t.Fatal("a genuine signature does not verify")
		}
		s := scalarOf(sig)
		// S + L is the same scalar, encoded non-canonically: Section 5.1.7
		// refuses it, as does crypto/ed25519, though the equation holds.
		for _, alt := range []*big.Int{
			new(big.Int).Add(s, order),
			new(big.Int).Add(s, new(big.Int).Lsh(order, 1)),
			new(big.Int).Add(s, new(big.Int).Lsh(order, 3)),
		} {
			if alt.BitLen() <= 256 && agree(t, pub, msg, withS(sig, alt), split) {
				t.Errorf("S + multiple of L verifies: %x", withS(sig, alt))
			}
		}
		for _, high := range []byte{0x20, 0x40, 0x80, 0xe0, 0x10} {
			bad := bytes.Clone(sig)
			bad[63] |= high
			agree(t, pub, msg, bad, split)
		}
	}
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	pub := priv.Public().(ed25519.PublicKey)
	sig := ed25519.Sign(priv, []byte("m"))
	for _, s := range []*big.Int{
		big.NewInt(0),
		new(big.Int).Sub(order, big.NewInt(1)),
		order,
		new(big.Int).Add(order, big.NewInt(1)),
		new(big.Int).Lsh(big.NewInt(1), 253),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 253), big.NewInt(1)),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)),
	} {
		agree(t, pub, []byte("m"), withS(sig, s))
	}
}

// fieldP is p = 2^255 - 19, little-endian: the encoding of y = p, which is
// y = 0 encoded without reduction.
var fieldP = [32]byte{0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}

// nonCanonical returns the encodings of y + p with either sign bit, for
// y < 19: 2^255 - 19 + y still fits in 255 bits.
func nonCanonical(y byte) [][]byte {
	e := fieldP
	e[0] += y
	f := e
	f[31] |= 0x80
	return [][]byte{e[:], f[:]}
}

var smallOrder = sync.OnceValues(func() (points []*edwards25519.Point, encodings [][]byte) {
	// A point of order 8: [L]P for a P with a component of order 8.
	// Scalars are taken mod L, so [L]P is [L-1]P + P.
	one, _ := edwards25519.NewScalar().SetCanonicalBytes(append([]byte{1}, make([]byte, 31)...))
	minusOne := edwards25519.NewScalar().Negate(one)
	var t8 *edwards25519.Point
	for y := byte(2); t8 == nil; y++ {
		p, err := new(edwards25519.Point).SetBytes(append([]byte{y}, make([]byte, 31)...))
		if err != nil {
			continue
		}
		tp := new(edwards25519.Point).ScalarMult(minusOne, p)
		tp.Add(tp, p)
		q := new(edwards25519.Point).Add(tp, tp)
		q.Add(q, q)
		if q.Equal(edwards25519.NewIdentityPoint()) == 0 {
			t8 = tp
		}
	}
	seen := map[string]bool{}
	add := func(e []byte) {
		if !seen[string(e)] {
			seen[string(e)] = true
			encodings = append(encodings, bytes.Clone(e))
		}
	}
	acc := edwards25519.NewIdentityPoint()
	for range 8 {
		points = append(points, new(edwards25519.Point).Set(acc))
		e := acc.Bytes()
		add(e)
		// The other sign: for x = 0 a non-canonical encoding of the
		// same point, else the encoding of its negation.
		e[31] ^= 0x80
		add(e)
		if y := e[0]; y < 19 && bytes.Equal(e[1:31], make([]byte, 30)) && e[31]&0x7f == 0 {
			for _, n := range nonCanonical(y) {
				add(n)
			}
		}
		acc.Add(acc, t8)
	}
	return points, encodings
})

func TestSmallOrderPoints(t *testing.T) {
	points, encodings := smallOrder()
	// Eight points: the identity, (0, -1), two of order 4 and four of
	// order 8; and with their non-canonical encodings, fourteen.
	if len(points) != 8 || len(encodings) != 14 {
		t.Fatalf("%d points, %d encodings", len(points), len(encodings))
	}
	for _, e := range encodings {
		p, err := new(edwards25519.Point).SetBytes(e)
		if err != nil {
			t.Fatalf("%x: %v", e, err)
		}
		if new(edwards25519.Point).MultByCofactor(p).Equal(edwards25519.NewIdentityPoint()) != 1 {
			t.Errorf("%x is not of small order", e)
		}
	}
	for _, e := range []string{
		"0100000000000000000000000000000000000000000000000000000000000000",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"0000000000000000000000000000000000000000000000000000000000000080",
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	} {
		found := false
		for _, have := range encodings {
			found = found || hex.EncodeToString(have) == e
		}
		if !found {
			t.Errorf("%s is not among the small-order encodings", e)
		}
	}
}

// craft returns a signature of msg, for the key encoded as enc whose point
// is [a]B + T for T of small order, that the check of Section 5.1.7 without
// the cofactor accepts: R = [r]B - [j]T with j chosen so that [k]T = [j]T,
// and S = r + k·a. It reports false if no r and j of the few it tries work.
func craft(enc []byte, a *edwards25519.Scalar, tp *edwards25519.Point, msg []byte, rnd *rand.Rand) ([]byte, bool) {
	for range 4 {
		r, _ := edwards25519.NewScalar().SetUniformBytes(randBytes(rnd, 64))
		jT := edwards25519.NewIdentityPoint()
		for range 8 {
			rp := new(edwards25519.Point).ScalarBaseMult(r)
			rp.Subtract(rp, jT)
			renc := rp.Bytes()
			h := sha512.Sum512(append(append(bytes.Clone(renc), enc...), msg...))
			k, _ := edwards25519.NewScalar().SetUniformBytes(h[:])
			if new(edwards25519.Point).ScalarMult(k, tp).Equal(jT) == 1 {
				s := edwards25519.NewScalar().MultiplyAdd(k, a, r)
				return append(renc, s.Bytes()...), true
			}
			jT.Add(jT, tp)
		}
	}
	return nil, false
}

func TestVerifyMatchesCryptoEd25519OnSmallOrderPoints(t *testing.T) {
	rnd := rand.New(rand.NewChaCha8([32]byte{3}))
	points, encodings := smallOrder()
	zero := edwards25519.NewScalar()
	accepted := 0
	// A of small order, in every encoding: crafted signatures, R of small
	// order with S = 0, and random ones.
	for _, enc := range encodings {
		ap, _ := new(edwards25519.Point).SetBytes(enc)
		for range 8 {
			msg := randBytes(rnd, 1+rnd.IntN(40))
			split := rnd.IntN(len(msg) + 1)
			if sig, ok := craft(enc, zero, ap, msg, rnd); ok {
				if agree(t, enc, msg, sig, split) {
					accepted++
				}
			}
			for _, renc := range encodings {
				sig := append(bytes.Clone(renc), make([]byte, 32)...)
				if agree(t, enc, msg, sig, split) {
					accepted++
				}
			}
			agree(t, enc, msg, randBytes(rnd, 64), split)
		}
	}
	// A of mixed order: a canonical encoding of [a]B + T.
	for _, tp := range points {
		for range 8 {
			a, _ := edwards25519.NewScalar().SetUniformBytes(randBytes(rnd, 64))
			ap := new(edwards25519.Point).ScalarBaseMult(a)
			enc := ap.Add(ap, tp).Bytes()
			msg := randBytes(rnd, 1+rnd.IntN(40))
			split := rnd.IntN(len(msg) + 1)
			if sig, ok := craft(enc, a, tp, msg, rnd); ok {
				if agree(t, enc, msg, sig, split) {
					accepted++
				}
				// The same signature with R's torsion moved by another
				// small-order point: the cofactorless check refuses most.
				rp, _ := new(edwards25519.Point).SetBytes(sig[:32])
				for _, u := range points {
					moved := append(new(edwards25519.Point).Add(rp, u).Bytes(), sig[32:]...)
					agree(t, enc, msg, moved, split)
				}
			}
			// R of small order: S = k·a balances it when [k]T = -R.
			for _, renc := range encodings {
				h := sha512.Sum512(append(append(bytes.Clone(renc), enc...), msg...))
				k, _ := edwards25519.NewScalar().SetUniformBytes(h[:])
				s := edwards25519.NewScalar().Multiply(k, a)
				if agree(t, enc, msg, append(bytes.Clone(renc), s.Bytes()...), split) {
					accepted++
				}
			}
		}
	}
	// The cases above are only worth having if crypto/ed25519 accepts some.
	if accepted < 100 {
		t.Errorf("crypto/ed25519 accepted only %d signatures with points of small order", accepted)
	}
	t.Logf("%d signatures with points of small order accepted", accepted)
}

func TestVerifyMatchesCryptoEd25519OnNonCanonicalKeys(t *testing.T) {
	rnd := rand.New(rand.NewChaCha8([32]byte{4}))
	decoded, crafted := 0, 0
	for y := range byte(19) {
		for _, enc := range nonCanonical(y) {
			ap, err := new(edwards25519.Point).SetBytes(enc)
			if err != nil {
				agree(t, enc, []byte("m"), randBytes(rnd, 64))
				continue
			}
			decoded++
			for range 4 {
				msg := randBytes(rnd, 1+rnd.IntN(40))
				split := rnd.IntN(len(msg) + 1)
				agree(t, enc, msg, randBytes(rnd, 64), split)
				// With a signature that would verify for the canonical
				// encoding of A, if the point's discrete log is known.
				if isSmallOrder(ap) {
					if sig, ok := craft(enc, edwards25519.NewScalar(), ap, msg, rnd); ok {
						crafted++
						if !agree(t, enc, msg, sig, split) {
							t.Errorf("key %x: a crafted signature does not verify", enc)
						}
						canon := ap.Bytes()
						if !bytes.Equal(canon, enc) {
							// k is computed over A as encoded: the same
							// signature under the canonical encoding
							// hashes to another k.
							agree(t, canon, msg, sig, split)
						}
					}
				}
			}
		}
	}
	if decoded == 0 || crafted == 0 {
		t.Errorf("%d non-canonical encodings decoded, %d signatures crafted for them", decoded, crafted)
	}
}

func isSmallOrder(p *edwards25519.Point) bool {
	return new(edwards25519.Point).MultByCofactor(p).Equal(edwards25519.NewIdentityPoint()) == 1
}

func TestParseVerifierKeyRefusesWhatIsNotAPoint(t *testing.T) {
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	msg := []byte("1763800000{}")
	sig := hex.EncodeToString(ed25519.Sign(priv, msg))
	refused := 0
	for y := range 64 {
		key := make([]byte, 32)
		key[0] = byte(y)
		if _, err := new(edwards25519.Point).SetBytes(key); err == nil {
			continue
		}
		refused++
		if v, err := ParseVerifierKey(key); err == nil || v != nil {
			t.Errorf("ParseVerifierKey(%x) = %v, %v; want an error", key, v, err)
		}
		if v, err := NewVerifier(hex.EncodeToString(key)); err == nil || v != nil {
			t.Errorf("NewVerifier(%x) = %v, %v; want an error", key, v, err)
		}
		v := NewVerifierKey(key, WithTimestampWindow(0))
		if err := v.Verify([]byte(sig), msg[:10], msg[10:]); !errors.Is(err, ErrBadSignature) {
			t.Errorf("NewVerifierKey(%x).Verify = %v; want %v", key, err, ErrBadSignature)
		}
	}
	if refused == 0 {
		t.Fatal("every y tried is on the curve")
	}
	for _, n := range []int{0, 31, 33} {
		key := make([]byte, n)
		if _, err := ParseVerifierKey(key); err == nil {
			t.Errorf("ParseVerifierKey of %d bytes succeeded", n)
		}
		v := NewVerifierKey(key, WithTimestampWindow(0))
		if err := v.Verify([]byte(sig), msg[:10], msg[10:]); !errors.Is(err, ErrBadSignature) {
			t.Errorf("NewVerifierKey of %d bytes: Verify = %v", n, err)
		}
	}
}

func randBytes(rnd *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rnd.Uint32())
	}
	return b
}

// FuzzVerifyDifferential holds the Verifier to crypto/ed25519 on keys,
// messages and signatures derived from the fuzzer's input: mutation picks
// what is done to a genuine signature, or whether to take the fuzzer's bytes
// as the key or signature, and split where the timestamp ends.
func FuzzVerifyDifferential(f *testing.F) {
	f.Add(make([]byte, 32), []byte("1763800000{}"), []byte{}, uint16(10), uint8(0))
	f.Add([]byte("seed"), []byte(`1763800000{"id":"1","type":1}`), []byte{7, 1}, uint16(3), uint8(1))
	f.Add([]byte{1}, []byte("x"), bytes.Repeat([]byte{0xff}, 64), uint16(0), uint8(2))
	_, encodings := smallOrder()
	for i, e := range encodings {
		f.Add(e, []byte("m"), append(bytes.Clone(e), make([]byte, 32)...), uint16(1), uint8(3+8*i))
	}
	f.Add([]byte{9}, []byte("abc"), []byte{}, uint16(2), uint8(4))
	f.Add([]byte{9}, []byte("abc"), make([]byte, 32), uint16(2), uint8(5))
	f.Add([]byte{2}, []byte("abc"), make([]byte, 64), uint16(2), uint8(6))
	f.Add([]byte{2}, []byte("abc"), []byte("d"), uint16(2), uint8(7))

	f.Fuzz(func(t *testing.T, seed, msg, raw []byte, split uint16, mutation uint8) {
		priv := ed25519.NewKeyFromSeed(append(bytes.Clone(seed), make([]byte, 32)...)[:32])
		pub := priv.Public().(ed25519.PublicKey)
		sig := ed25519.Sign(priv, msg)
		padded := append(bytes.Clone(raw), make([]byte, 64)...)
		switch mutation % 8 {
		case 0: // the genuine signature
		case 1: // a bit of it flipped
			bit := (int(padded[0]) | int(padded[1])<<8) % 512
			sig[bit/8] ^= 1 << (bit % 8)
		case 2: // the fuzzer's bytes for a signature, of any length
			sig = raw
		case 3: // the fuzzer's bytes for both key and signature
			pub = padded[:32]
			sig = append(bytes.Clone(seed), make([]byte, 64)...)[:64]
			if len(raw) >= 64 {
				sig = raw[:64]
			}
		case 4: // S + L
			sig = withS(sig, new(big.Int).Add(scalarOf(sig), order))
		case 5: // the fuzzer's R
			copy(sig, padded[:32])
		case 6: // a key of small order, in any of its encodings
			_, encodings := smallOrder()
			pub = encodings[int(mutation/8)%len(encodings)]
			sig = padded[:64]
		case 7: // a message other than the one signed
			msg = append(bytes.Clone(msg), raw...)
			if len(raw) == 0 {
				msg = append(msg, 0)
			}
		}
		agree(t, pub, msg, sig, int(split)%(len(msg)+1))
	})
}

// BenchmarkVerifyEd25519 compares crypto/ed25519.Verify, given the message
// already joined, with Verifier.Verify on the headers and body of a typical
// request: the 2.4 KB testdata/slash_mod_ban.json and a 10-digit timestamp.
//
//	go test ./interaction -run XXX -bench VerifyEd25519 -count 10 | tee v.txt
//	benchstat -col /impl v.txt
func BenchmarkVerifyEd25519(b *testing.B) {
	body, err := os.ReadFile("testdata/slash_mod_ban.json")
	if err != nil {
		b.Fatal(err)
	}
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	pub := priv.Public().(ed25519.PublicKey)
	at := time.Unix(1_763_800_000, 0)
	sig, ts := NewSigner(priv).Sign(body, at)
	if len(ts) != 10 {
		b.Fatalf("timestamp %q is not 10 digits", ts)
	}
	msg := append([]byte(ts), body...)
	raw, _ := hex.DecodeString(sig)

	b.Run("impl=crypto_ed25519", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(msg)))
		for b.Loop() {
			if !ed25519.Verify(pub, msg, raw) {
				b.Fatal("Verify failed")
			}
		}
	})
	b.Run("impl=Verifier", func(b *testing.B) {
		v, err := NewVerifier(hex.EncodeToString(pub), WithClock(func() time.Time { return at }))
		if err != nil {
			b.Fatal(err)
		}
		bsig, bts := []byte(sig), []byte(ts)
		b.ReportAllocs()
		b.SetBytes(int64(len(msg)))
		for b.Loop() {
			if err := v.Verify(bsig, bts, body); err != nil {
				b.Fatal(err)
			}
		}
	})
}
