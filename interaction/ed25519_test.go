package interaction_test

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

// The tests below hold the Verifier to crypto/ed25519.Verify, to which
// golang.org/x/crypto/ed25519 forwards: for every key NewVerifierKey takes,
// any signature one accepts the other must, wherever the message is split
// between timestamp and body. NewVerifierKey refuses the keys judgeKey, an
// arithmetic of its own, finds unfit, and only those.

// keyVerdict is what judgeKey finds of a public key.
type keyVerdict int

const (
	keyUsable       keyVerdict = iota
	keyWrongLength             // not 32 bytes
	keyNonCanonical            // y >= p, or x = 0 with the sign bit set
	keyOffCurve                // no x for y
	keySmallOrder              // [8]A is the identity
)

func (v keyVerdict) String() string {
	return [...]string{"usable", "of the wrong length", "non-canonical", "off the curve", "of small order"}[v]
}

// refusal is a word the error NewVerifierKey returns must hold for a key
// with each verdict.
var refusal = [...]string{
	keyWrongLength:  "bytes",
	keyNonCanonical: "canonical",
	keyOffCurve:     "not the encoding of a point",
	keySmallOrder:   "small order",
}

// edPoint is an affine point of edwards25519.
type edPoint struct{ x, y *big.Int }

var (
	fieldP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	curveD = func() *big.Int {
		d := new(big.Int).ModInverse(big.NewInt(121666), fieldP)
		d.Mul(d, big.NewInt(-121665))
		return d.Mod(d, fieldP)
	}()
	// rootExp is (p-5)/8, by which RFC 8032, Section 5.1.3 finds a
	// square root mod p with one exponentiation, and sqrtM1 is the root
	// of -1, 2^((p-1)/4).
	rootExp = new(big.Int).Rsh(new(big.Int).Sub(fieldP, big.NewInt(5)), 3)
	sqrtM1  = new(big.Int).Exp(big.NewInt(2), new(big.Int).Rsh(new(big.Int).Sub(fieldP, big.NewInt(1)), 2), fieldP)
	// order is L, the order of the prime-order subgroup (RFC 8032,
	// Section 5.1).
	order, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
)

func fmod(x *big.Int) *big.Int { return x.Mod(x, fieldP) }

func fmul(a, b *big.Int) *big.Int { return fmod(new(big.Int).Mul(a, b)) }

func fdiv(a, b *big.Int) *big.Int {
	return fmul(a, new(big.Int).ModInverse(fmod(new(big.Int).Set(b)), fieldP))
}

// add is the addition law of the curve -x^2 + y^2 = 1 + d·x^2·y^2, complete
// for every pair of its points.
func (p edPoint) add(q edPoint) edPoint {
	t := fmul(curveD, fmul(fmul(p.x, q.x), fmul(p.y, q.y)))
	x := fmod(new(big.Int).Add(fmul(p.x, q.y), fmul(p.y, q.x)))
	y := fmod(new(big.Int).Add(fmul(p.y, q.y), fmul(p.x, q.x)))
	return edPoint{
		x: fdiv(x, new(big.Int).Add(big.NewInt(1), t)),
		y: fdiv(y, new(big.Int).Sub(big.NewInt(1), t)),
	}
}

func (p edPoint) isIdentity() bool { return p.x.Sign() == 0 && p.y.Cmp(big.NewInt(1)) == 0 }

func (p edPoint) onCurve() bool {
	xx, yy := fmul(p.x, p.x), fmul(p.y, p.y)
	left := fmod(new(big.Int).Sub(yy, xx))
	right := fmod(new(big.Int).Add(big.NewInt(1), fmul(curveD, fmul(xx, yy))))
	return left.Cmp(right) == 0
}

// encode returns the canonical encoding of p.
func (p edPoint) encode() []byte {
	be := make([]byte, 32)
	p.y.FillBytes(be)
	be[0] |= byte(p.x.Bit(0)) << 7
	le := make([]byte, 32)
	for i := range be {
		le[i] = be[31-i]
	}
	return le
}

// judgeKey decodes key as RFC 8032, Section 5.1.3 does, recovering x by a
// square root and checking the curve equation, and finds whether the point
// is of small order by adding it to itself.
func judgeKey(key []byte) (edPoint, keyVerdict) {
	if len(key) != 32 {
		return edPoint{}, keyWrongLength
	}
	be := make([]byte, 32)
	for i := range key {
		be[31-i] = key[i]
	}
	sign := uint(be[0] >> 7)
	be[0] &= 0x7f
	y := new(big.Int).SetBytes(be)
	if y.Cmp(fieldP) >= 0 {
		return edPoint{}, keyNonCanonical
	}
	// x^2 = u/v. The candidate x = u·v^3·(u·v^7)^((p-5)/8) has v·x^2 = u
	// when it is a root, v·x^2 = -u when sqrt(-1)·x is, and neither when
	// u/v is no square.
	yy := fmul(y, y)
	u := fmod(new(big.Int).Sub(yy, big.NewInt(1)))
	v := fmod(new(big.Int).Add(fmul(curveD, yy), big.NewInt(1)))
	v3 := fmul(fmul(v, v), v)
	x := fmul(fmul(u, v3), new(big.Int).Exp(fmul(u, fmul(v3, fmul(v3, v))), rootExp, fieldP))
	switch vxx := fmul(v, fmul(x, x)); {
	case vxx.Cmp(u) == 0:
	case vxx.Cmp(fmod(new(big.Int).Neg(u))) == 0:
		x = fmul(x, sqrtM1)
	default:
		return edPoint{}, keyOffCurve
	}
	if x.Sign() == 0 && sign == 1 {
		return edPoint{}, keyNonCanonical
	}
	if x.Bit(0) != sign {
		x.Sub(fieldP, x)
	}
	p := edPoint{x: x, y: y}
	if !p.onCurve() {
		panic(fmt.Sprintf("judgeKey: (%v, %v) is not on the curve", x, y))
	}
	q := p
	for range 3 {
		q = q.add(q)
	}
	if q.isIdentity() {
		return p, keySmallOrder
	}
	return p, keyUsable
}

// smallOrderPoints are the canonical encodings of the eight points whose
// order divides 8: the identity, (0, -1) of order 2, two points of order 4
// with y = 0, and four of order 8.
var smallOrderPoints = []string{
	"0100000000000000000000000000000000000000000000000000000000000000",
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	"0000000000000000000000000000000000000000000000000000000000000000",
	"0000000000000000000000000000000000000000000000000000000000000080",
	"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
	"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
	"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
	"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
}

// nonCanonicalY returns the encodings of y + p with either sign bit: for
// y < 19, 2^255 - 19 + y still fits in 255 bits.
func nonCanonicalY(y byte) [][]byte {
	e := fieldP.FillBytes(make([]byte, 32))
	le := make([]byte, 32)
	for i := range e {
		le[i] = e[31-i]
	}
	le[0] += y
	neg := bytes.Clone(le)
	neg[31] |= 0x80
	return [][]byte{le, neg}
}

// weakKeys returns every encoding of a point of small order that
// crypto/ed25519 decodes: the canonical ones; for x = 0, the sign bit set;
// and for y < 19, y + p with either sign bit.
func weakKeys(t testing.TB) [][]byte {
	t.Helper()
	var keys [][]byte
	seen := map[string]bool{}
	add := func(k []byte) {
		if !seen[string(k)] {
			seen[string(k)] = true
			keys = append(keys, k)
		}
	}
	for _, h := range smallOrderPoints {
		k := mustHex(t, h)
		add(k)
		flipped := bytes.Clone(k)
		flipped[31] ^= 0x80
		add(flipped)
		if k[0] < 19 && bytes.Equal(k[1:31], make([]byte, 30)) && k[31]&0x7f == 0 {
			for _, n := range nonCanonicalY(k[0]) {
				add(n)
			}
		}
	}
	return keys
}

// forgedSignature is R = the identity and S = 0, in hex. crypto/ed25519
// accepts it for a message whenever the order of the key's point divides k.
var forgedSignature = "01" + strings.Repeat("0", 126)

// forge returns the first of up to tries bodies, each with another number
// in it, whose forged signature crypto/ed25519 accepts with key.
func forge(key []byte, timestamp string, tries int) (body []byte, tried int, ok bool) {
	sig := mustHexString(forgedSignature)
	for i := range tries {
		body := fmt.Appendf(nil, `{"id":"%d","type":1}`, i)
		if ed25519.Verify(key, append([]byte(timestamp), body...), sig) {
			return body, i + 1, true
		}
	}
	return nil, tries, false
}

func mustHexString(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func randBytes(rnd *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rnd.Uint32())
	}
	return b
}

// keyring remembers what agree found of each public key it was given:
// the verdict of judgeKey and, for a usable key, the Verifier
// NewVerifierKey made. Neither depends on a message or a signature, so a
// check that tries many of them with one key has the key judged, and
// NewVerifierKey held to the verdict, once.
type keyring map[string]judgedKey

type judgedKey struct {
	verdict keyVerdict
	v       *interaction.Verifier
}

// agree checks that NewVerifierKey takes pub if and only if judgeKey finds
// it usable and, if it does, that Verify and crypto/ed25519.Verify agree on
// whether sig is a signature of msg by pub, with msg split between
// timestamp and body at 1, at len(msg) and at each of splits. It returns
// the verdict of crypto/ed25519. A key in keys was judged already; keys
// may be nil.
func agree(t testing.TB, keys keyring, pub, msg, sig []byte, splits ...int) bool {
	t.Helper()
	want := ed25519.Verify(pub, msg, sig)

	k, ok := keys[string(pub)]
	if !ok {
		k = judgeVerifier(t, pub)
		if keys != nil {
			keys[string(pub)] = k
		}
	}
	if k.verdict != keyUsable {
		return want
	}
	v := k.v

	// Verify needs a timestamp: the message splits after its first byte at
	// the earliest.
	if len(msg) == 0 {
		return want
	}
	hsig := []byte(hex.EncodeToString(sig))
	refused := interaction.ErrBadSignature
	if len(sig) == 0 {
		refused = interaction.ErrMissingSignature
	}
	for _, i := range append([]int{1, len(msg)}, splits...) {
		i = min(max(i, 1), len(msg))
		err := v.Verify(hsig, msg[:i], msg[i:])
		if (err == nil) != want || (err != nil && !errors.Is(err, refused)) {
			t.Fatalf("Verify = %v; crypto/ed25519 says %v\n\tkey %x\n\tsig %x\n\tmsg %x split at %d", err, want, pub, sig, msg, i)
		}
	}
	return want
}

// judgeVerifier judges pub and checks that NewVerifierKey takes it if and
// only if it is usable, refusing it otherwise for the reason judgeKey
// found.
func judgeVerifier(t testing.TB, pub []byte) judgedKey {
	t.Helper()
	_, verdict := judgeKey(pub)
	v, err := interaction.NewVerifierKey(pub, interaction.WithTimestampWindow(0))
	if verdict != keyUsable {
		if err == nil || v != nil || !errors.Is(err, interaction.ErrInvalidPublicKey) || !strings.Contains(err.Error(), refusal[verdict]) {
			t.Fatalf("NewVerifierKey(%x), a key %v, = %v, %v; want an error wrapping ErrInvalidPublicKey that says %q", pub, verdict, v, err, refusal[verdict])
		}
		return judgedKey{verdict: verdict}
	}
	if err != nil {
		t.Fatalf("NewVerifierKey(%x), a usable key: %v", pub, err)
	}
	return judgedKey{verdict: verdict, v: v}
}

func TestSmallOrderPointsAreTheEightAndLetAnyoneForge(t *testing.T) {
	seen := map[string]bool{}
	for _, h := range smallOrderPoints {
		p, verdict := judgeKey(mustHex(t, h))
		if verdict != keySmallOrder {
			t.Errorf("%s is %v, not of small order", h, verdict)
			continue
		}
		if got := hex.EncodeToString(p.encode()); got != h {
			t.Errorf("%s is not canonical: the point encodes as %s", h, got)
		}
		seen[h] = true
	}
	if len(seen) != 8 {
		t.Errorf("%d distinct points of small order; the curve has 8", len(seen))
	}
	keys := weakKeys(t)
	if len(keys) != 14 {
		t.Errorf("%d encodings of points of small order; want 14: 8 canonical, 2 with x = 0 and the sign bit set, 4 with y >= p", len(keys))
	}
	// The attack is real: crypto/ed25519 accepts the forged signature for
	// one body in at most eight, on average, with each of these keys.
	for _, key := range keys {
		if _, tried, ok := forge(key, "1763800000", 64); !ok {
			t.Errorf("%x: no forgery among %d bodies", key, tried)
		}
	}
}

func TestNewVerifierRefusesKeysWithWhichAnyoneCanForge(t *testing.T) {
	at := time.Unix(1_763_800_000, 0)
	ts := "1763800000"
	for _, key := range weakKeys(t) {
		_, verdict := judgeKey(key)
		if verdict == keyUsable {
			t.Fatalf("%x is usable", key)
		}
		body, tried, ok := forge(key, ts, 64)
		if !ok {
			t.Fatalf("%x: no forgery among %d bodies", key, tried)
		}
		h := hex.EncodeToString(key)
		v, err := interaction.NewVerifier(h, fixedClock(at))
		if err == nil {
			t.Errorf("NewVerifier(%s) succeeded, and took a forged signature after %d bodies: Verify = %v",
				h, tried, v.Verify([]byte(forgedSignature), []byte(ts), body))
			continue
		}
		if v != nil || !errors.Is(err, interaction.ErrInvalidPublicKey) || !strings.Contains(err.Error(), refusal[verdict]) {
			t.Errorf("NewVerifier(%s), a key %v, = %v, %v; want an error wrapping ErrInvalidPublicKey that says %q", h, verdict, v, err, refusal[verdict])
		}
		if v, err := interaction.NewVerifierKey(key); err == nil || v != nil || !errors.Is(err, interaction.ErrInvalidPublicKey) {
			t.Errorf("NewVerifierKey(%s) = %v, %v; want an error wrapping ErrInvalidPublicKey", h, v, err)
		}
	}
	// A placeholder of zeros is named as such.
	_, err := interaction.NewVerifier(strings.Repeat("0", 64))
	if err == nil || !strings.Contains(err.Error(), "all zeros") || !strings.Contains(err.Error(), "forge") {
		t.Errorf("NewVerifier of 64 zeros: %v; want an error that says the key is all zeros and lets anyone forge", err)
	}
}

func TestVerifyRefusesTheForgeryWithAUsableKey(t *testing.T) {
	at := time.Unix(1_763_800_000, 0)
	v := newTestVerifier(t, fixedClock(at))
	pub := testKey.Public().(ed25519.PublicKey)
	for i := range 64 {
		body := fmt.Appendf(nil, `{"id":"%d","type":1}`, i)
		if err := v.Verify([]byte(forgedSignature), []byte("1763800000"), body); !errors.Is(err, interaction.ErrBadSignature) {
			t.Fatalf("body %s: Verify of the forged signature = %v", body, err)
		}
	}
	if _, tried, ok := forge(pub, "1763800000", 64); ok {
		t.Errorf("crypto/ed25519 took the forged signature with a usable key after %d bodies", tried)
	}
}

func TestNewVerifierKeyRefusesNonCanonicalEncodings(t *testing.T) {
	var keys [][]byte
	for y := range byte(19) {
		keys = append(keys, nonCanonicalY(y)...)
	}
	// x = 0 with the sign bit set: the identity and (0, -1).
	keys = append(keys,
		mustHex(t, "0100000000000000000000000000000000000000000000000000000000000080"),
		mustHex(t, "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"))
	for _, key := range keys {
		if _, verdict := judgeKey(key); verdict != keyNonCanonical {
			t.Fatalf("%x is %v", key, verdict)
		}
		_, err := interaction.NewVerifierKey(key)
		if !errors.Is(err, interaction.ErrInvalidPublicKey) || !strings.Contains(err.Error(), "not a canonical encoding") {
			t.Errorf("NewVerifierKey(%x) = %v; want an error that says the encoding is not canonical", key, err)
		}
	}
}

func TestNewVerifierKeyTakesExactlyTheEncodingsOfPointsOfLargeOrder(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewChaCha8([32]byte{5}))
	n := 2000
	if testing.Short() {
		n = 200
	}
	counts := map[keyVerdict]int{}
	check := func(key []byte) {
		_, verdict := judgeKey(key)
		counts[verdict]++
		v, err := interaction.NewVerifierKey(key)
		if verdict == keyUsable {
			if err != nil || v == nil {
				t.Errorf("NewVerifierKey(%x), a usable key, = %v, %v", key, v, err)
			}
			return
		}
		if err == nil || v != nil || !errors.Is(err, interaction.ErrInvalidPublicKey) || !strings.Contains(err.Error(), refusal[verdict]) {
			t.Errorf("NewVerifierKey(%x), a key %v, = %v, %v; want an error wrapping ErrInvalidPublicKey that says %q", key, verdict, v, err, refusal[verdict])
		}
	}
	// Small values of y, with either sign, and random encodings.
	for y := range 64 {
		key := make([]byte, 32)
		key[0] = byte(y)
		check(key)
		key = bytes.Clone(key)
		key[31] = 0x80
		check(key)
	}
	for range n {
		check(randBytes(rnd, 32))
	}
	// Every key made from a secret is usable.
	for range n / 4 {
		check(ed25519.NewKeyFromSeed(randBytes(rnd, ed25519.SeedSize)).Public().(ed25519.PublicKey))
	}
	for _, size := range []int{0, 1, 31, 33, 64} {
		check(make([]byte, size))
	}
	// About half of all values of y are on the curve: the cases above are
	// only worth having if there are plenty of both.
	if counts[keyUsable] < n/4 || counts[keyOffCurve] < n/4 {
		t.Errorf("verdicts %v: want plenty of keys on and off the curve", counts)
	}
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
	keys := keyring{}
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
		// TEST 1 signs the empty message, which has no timestamp to
		// split off: Verify refuses it before any signature check.
		if len(msg) == 0 {
			v, err := interaction.NewVerifierKey(pub, interaction.WithTimestampWindow(0))
			if err != nil {
				t.Fatalf("%s: %v", tv.name, err)
			}
			if err := v.Verify([]byte(tv.sig), nil, nil); !errors.Is(err, interaction.ErrMissingSignature) {
				t.Errorf("%s: Verify without a timestamp = %v", tv.name, err)
			}
		}
		splits := make([]int, len(msg)+1)
		for i := range splits {
			splits[i] = i
		}
		if !agree(t, keys, pub, msg, sig, splits...) {
			t.Errorf("%s: crypto/ed25519 refuses the RFC's signature", tv.name)
		}
		bad := bytes.Clone(sig)
		bad[0] ^= 1
		if agree(t, keys, pub, msg, bad, len(msg)/2) {
			t.Errorf("%s: a damaged signature verifies", tv.name)
		}
	}
	// The vectors with a message, signed as the service signs: the first
	// bytes of the message as the timestamp header, the rest as the body.
	for _, tv := range rfc8032Vectors[1:] {
		v, err := interaction.NewVerifier(tv.public, interaction.WithTimestampWindow(0))
		if err != nil {
			t.Fatalf("%s: %v", tv.name, err)
		}
		msg := mustHex(t, tv.msg)
		if err := v.Verify([]byte(tv.sig), msg[:1], msg[1:]); err != nil {
			t.Errorf("%s: Verify = %v", tv.name, err)
		}
	}
}

func TestVerifyMatchesCryptoEd25519OnRandomInputs(t *testing.T) {
	t.Parallel()
	keys := keyring{}
	rnd := rand.New(rand.NewChaCha8([32]byte{1}))
	n := 500
	if testing.Short() {
		n = 50
	}
	accepted := 0
	for range n {
		priv := ed25519.NewKeyFromSeed(randBytes(rnd, ed25519.SeedSize))
		pub := priv.Public().(ed25519.PublicKey)
		msg := randBytes(rnd, 1+rnd.IntN(300))
		sig := ed25519.Sign(priv, msg)
		split := rnd.IntN(len(msg) + 1)

		if agree(t, keys, pub, msg, sig, split) {
			accepted++
		}
		// Another message, another key, random bytes for a signature and
		// random bytes for a key.
		agree(t, keys, pub, append(bytes.Clone(msg), byte(rnd.Uint32())), sig, split)
		other := ed25519.NewKeyFromSeed(randBytes(rnd, ed25519.SeedSize))
		agree(t, keys, other.Public().(ed25519.PublicKey), msg, sig, split)
		agree(t, keys, pub, msg, randBytes(rnd, ed25519.SignatureSize), split)
		agree(t, keys, randBytes(rnd, ed25519.PublicKeySize), msg, sig, split)
	}
	if accepted != n {
		t.Errorf("%d of %d genuine signatures verified", accepted, n)
	}
}

func TestVerifyMatchesCryptoEd25519OnDamagedSignaturesAndKeys(t *testing.T) {
	t.Parallel()
	keys := keyring{}
	priv := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{3}, ed25519.SeedSize))
	pub := priv.Public().(ed25519.PublicKey)
	msg := []byte(`1763800000{"id":"1","type":1}`)
	sig := ed25519.Sign(priv, msg)

	for i := range sig {
		for bit := range 8 {
			bad := bytes.Clone(sig)
			bad[i] ^= 1 << bit
			if agree(t, keys, pub, msg, bad, 10) {
				t.Errorf("signature byte %d bit %d flipped: verifies", i, bit)
			}
		}
	}
	for i := range pub {
		for bit := range 8 {
			bad := bytes.Clone(pub)
			bad[i] ^= 1 << bit
			if agree(t, keys, bad, msg, sig, 10) {
				t.Errorf("key byte %d bit %d flipped: verifies", i, bit)
			}
		}
	}
	for _, n := range []int{0, 1, 32, 63, 65, 128} {
		agree(t, keys, pub, msg, append(bytes.Clone(sig), make([]byte, 128)...)[:n], 10)
	}
}

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

func TestVerifyRefusesSOutOfRange(t *testing.T) {
	keys := keyring{}
	rnd := rand.New(rand.NewChaCha8([32]byte{2}))
	for range 50 {
		priv := ed25519.NewKeyFromSeed(randBytes(rnd, ed25519.SeedSize))
		pub := priv.Public().(ed25519.PublicKey)
		msg := randBytes(rnd, 1+rnd.IntN(100))
		sig := ed25519.Sign(priv, msg)
		split := rnd.IntN(len(msg) + 1)
		if !agree(t, keys, pub, msg, sig, split) {
			t.Fatal("a genuine signature does not verify")
		}
		// S + L is the same scalar, encoded non-canonically: RFC 8032,
		// Section 5.1.7 refuses it, though the equation holds, so that a
		// signature cannot be changed into another that verifies.
		s := scalarOf(sig)
		for _, alt := range []*big.Int{
			new(big.Int).Add(s, order),
			new(big.Int).Add(s, new(big.Int).Lsh(order, 1)),
			new(big.Int).Add(s, new(big.Int).Lsh(order, 3)),
		} {
			if alt.BitLen() <= 256 && agree(t, keys, pub, msg, withS(sig, alt), split) {
				t.Errorf("S + multiple of L verifies: %x", withS(sig, alt))
			}
		}
	}
}

// FuzzVerifyDifferential holds the Verifier to crypto/ed25519 on keys,
// messages and signatures derived from the fuzzer's input: mutation picks
// what is done to a genuine signature, or whether to take the fuzzer's bytes
// as the key or signature, and split where the timestamp ends. A key
// NewVerifierKey takes must be one judgeKey finds usable, and the forged
// signature of a key of small order must fail with it.
func FuzzVerifyDifferential(f *testing.F) {
	f.Add(make([]byte, 32), []byte("1763800000{}"), []byte{}, uint16(10), uint8(0))
	f.Add([]byte("seed"), []byte(`1763800000{"id":"1","type":1}`), []byte{7, 1}, uint16(3), uint8(1))
	f.Add([]byte{1}, []byte("x"), bytes.Repeat([]byte{0xff}, 64), uint16(0), uint8(2))
	for i, h := range smallOrderPoints {
		e := mustHex(f, h)
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
			keys := weakKeys(t)
			pub = keys[int(mutation/8)%len(keys)]
			sig = padded[:64]
		case 7: // a message other than the one signed
			msg = append(bytes.Clone(msg), raw...)
			if len(raw) == 0 {
				msg = append(msg, 0)
			}
		}
		agree(t, nil, pub, msg, sig, int(split)%(len(msg)+1))

		// Whatever the key, the forgery works with crypto/ed25519 only if
		// NewVerifierKey refuses it.
		if len(pub) == ed25519.PublicKeySize && len(msg) > 0 {
			forged := mustHexString(forgedSignature)
			if ed25519.Verify(pub, msg, forged) {
				if _, err := interaction.NewVerifierKey(pub); err == nil {
					t.Fatalf("NewVerifierKey(%x) took a key with which %x verifies", pub, forged)
				}
			}
		}
	})
}
