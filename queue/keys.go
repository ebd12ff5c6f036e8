package queue

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"strings"
	"sync"
)

// MinKeySize is the size, in bytes, of the shortest key NewKeys takes:
// that of an HMAC-SHA256 tag, below which the key, not the hash, is
// what a forger would guess.
const MinKeySize = 32

// maxKeys bounds how many keys Keys holds: a worker checks a job against
// each, so that a long list would cost every job refused.
const maxKeys = 8

// proofVersion is the first byte of a proof: how the job was encoded
// for its tag. A job of another version is refused, not misread.
const proofVersion = 1

// proofSize is the size of a proof: its version and its tag.
const proofSize = 1 + sha256.Size

// proofDomain begins what a tag covers, so that a key used, against
// advice, for something else too never makes a tag that proves a job.
const proofDomain = "switchboard queue job\x00"

// ErrNoKeys is the error of NewKeys and ParseKeys given no key: an
// endpoint that hands jobs over, and a worker that completes them, need
// one (see Keys).
var ErrNoKeys = errors.New("queue: no key to prove jobs with")

// ErrUnproven is wrapped by the error of a job whose proof does not
// hold: the endpoint did not hand it over, or it was changed since, or
// it was proved with a key the worker does not have. No delivery of it
// again can change that.
var ErrUnproven = errors.New("queue: the job is not proved by a key of the worker's")

// Keys are the secret keys an endpoint and its workers share, by which a
// worker knows that a job is one the endpoint handed over, unchanged:
// the endpoint proves each job with the first key (Prove), and a worker
// takes a job proved with any of them (Verify). Listing the new key
// first and the old one after it on every endpoint and worker, then
// dropping the old one once the jobs proved with it are done, 15
// minutes later, rotates the key without a job refused.
//
// A Keys is made by NewKeys, ParseKeys or RandomKeys, and is safe for
// concurrent use. It never shows its keys: fmt, whatever the verb, and
// so the logs, tell only how many it holds.
type Keys struct {
	keys [][]byte
	// macs holds, for each key, HMACs keyed with it, reused: keying
	// one costs as much as tagging a job.
	macs []*sync.Pool
}

// newKeys returns the Keys of keys, which it keeps.
func newKeys(keys [][]byte) *Keys {
	k := &Keys{keys: keys, macs: make([]*sync.Pool, len(keys))}
	for i, key := range keys {
		k.macs[i] = &sync.Pool{New: func() any { return hmac.New(sha256.New, key) }}
	}
	return k
}

// NewKeys returns the keys given, the first of which proves the jobs an
// endpoint hands over. It returns ErrNoKeys when given none, and an error
// naming the key (by its place, never its value) that is shorter than
// MinKeySize. It keeps copies of the keys, and at most 8.
func NewKeys(keys ...[]byte) (*Keys, error) {
	if len(keys) == 0 {
		return nil, ErrNoKeys
	}
	if len(keys) > maxKeys {
		return nil, fmt.Errorf("queue: %d keys, more than the %d a worker tries", len(keys), maxKeys)
	}
	kept := make([][]byte, len(keys))
	for i, key := range keys {
		if len(key) < MinKeySize {
			return nil, fmt.Errorf("queue: key %d of %d is %d bytes, less than the %d a key needs", i+1, len(keys), len(key), MinKeySize)
		}
		kept[i] = append([]byte(nil), key...)
	}
	return newKeys(kept), nil
}

// ParseKeys returns the keys s lists, separated by commas, as an
// environment variable or a secret holds them: each in hex if it is made
// of hex digits only, and otherwise in base64 (standard or URL-safe,
// with or without padding). `openssl rand -hex 32` makes one. Spaces
// around a key are ignored. An empty s is ErrNoKeys; its errors name a
// key by its place in s, never quote it.
func ParseKeys(s string) (*Keys, error) {
	if strings.TrimSpace(s) == "" {
		return nil, ErrNoKeys
	}
	parts := strings.Split(s, ",")
	if len(parts) > maxKeys {
		return nil, fmt.Errorf("queue: %d keys, more than the %d a worker tries", len(parts), maxKeys)
	}
	keys := make([][]byte, len(parts))
	for i, p := range parts {
		key, err := decodeKey(strings.TrimSpace(p))
		if err != nil {
			return nil, fmt.Errorf("queue: key %d of %d: %w", i+1, len(parts), err)
		}
		keys[i] = key
	}
	return NewKeys(keys...)
}

// decodeKey decodes one key of ParseKeys.
func decodeKey(s string) ([]byte, error) {
	if s == "" {
		return nil, errors.New("it is empty")
	}
	if isHex(s) {
		key, err := hex.DecodeString(s)
		if err != nil {
			return nil, errors.New("it is hex digits of an odd number")
		}
		return key, nil
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		if key, err := enc.DecodeString(s); err == nil {
			return key, nil
		}
	}
	return nil, errors.New("it is neither hex nor base64")
}

// isHex reports whether s is made of hex digits only.
func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// RandomKeys returns one key, random, that no other process has: the
// keys of an endpoint whose worker runs in the same process, on a queue
// in memory (Memory), as a bot runs locally, and of tests.
func RandomKeys() *Keys {
	key := make([]byte, MinKeySize)
	rand.Read(key) // never fails: see crypto/rand.Read
	return newKeys([][]byte{key})
}

// String says how many keys k holds, and nothing of them.
func (k Keys) String() string { return fmt.Sprintf("queue.Keys(%d)", len(k.keys)) }

// Format writes String, whatever the verb, so that no verb of fmt
// prints the keys.
func (k Keys) Format(f fmt.State, verb rune) { io.WriteString(f, k.String()) }

// Prove sets job.Proof to the proof, by the first key, of everything
// else the job holds: its body, signature and timestamp, when it was
// received, how it was deferred, and whether it is late. The endpoint
// proves each job it hands over (endpoint.WithQueue).
func (k *Keys) Prove(job *Job) {
	proof := make([]byte, 1, proofSize)
	proof[0] = proofVersion
	job.Proof = k.tag(proof, 0, job)
}

// Verify returns nil if job.Proof proves the job with one of the keys,
// and otherwise an error wrapping ErrUnproven. It compares in constant
// time, so that how long a refusal takes tells nothing of the tag.
func (k *Keys) Verify(job *Job) error {
	if len(job.Proof) != proofSize {
		return fmt.Errorf("%w: its proof is %d bytes, not %d", ErrUnproven, len(job.Proof), proofSize)
	}
	if job.Proof[0] != proofVersion {
		return fmt.Errorf("%w: its proof is of version %d, not %d", ErrUnproven, job.Proof[0], proofVersion)
	}
	var buf [proofSize]byte
	for i := range k.keys {
		if hmac.Equal(k.tag(buf[:1], i, job)[1:], job.Proof[1:]) {
			return nil
		}
	}
	return fmt.Errorf("%w: its proof does not hold", ErrUnproven)
}

// tag appends to dst the HMAC-SHA256, by the key at index i, of the
// job's canonical encoding: the domain and version, then each field,
// those of variable length after their length, so that no two jobs
// encode alike.
func (k *Keys) tag(dst []byte, i int, job *Job) []byte {
	m := k.macs[i].Get().(hash.Hash)
	defer k.macs[i].Put(m)
	m.Reset()
	// Room for the fixed fields, and for the signature and timestamp
	// the service sends, 128 and 10 characters.
	var head [256]byte
	b := append(head[:0], proofDomain...)
	b = append(b, proofVersion)
	b = binary.BigEndian.AppendUint64(b, uint64(job.Received.Unix()))
	b = binary.BigEndian.AppendUint32(b, uint32(job.Received.Nanosecond()))
	b = binary.BigEndian.AppendUint64(b, uint64(job.Deferral))
	var flags byte
	if job.Ephemeral {
		flags |= 1
	}
	if job.Late {
		flags |= 2
	}
	b = append(b, flags)
	b = binary.BigEndian.AppendUint64(b, uint64(len(job.Signature)))
	b = binary.BigEndian.AppendUint64(b, uint64(len(job.Timestamp)))
	b = binary.BigEndian.AppendUint64(b, uint64(len(job.Body)))
	b = append(b, job.Signature...)
	b = append(b, job.Timestamp...)
	m.Write(b)
	m.Write(job.Body)
	return m.Sum(dst)
}
