package state

import (
	"crypto/rand"
	"encoding/base64"
)

// KeyLength is the length of every key Put returns, in characters: the
// 16 random bytes of a key written in unpadded base64url. A custom_id
// holds 100 characters, so one that carries a key has 78 left for the
// rest of its route, such as "cart:" and ":checkout".
//
// Sixteen bytes make a key no one guesses: a store holding a billion
// states answers a guess with one of them once in 2^98 tries. Fewer
// bytes would leave more room but less margin, and more would add
// nothing a store lookup needs.
const KeyLength = 22

// keyBytes is how many random bytes a key holds.
const keyBytes = 16

// newKey returns a new random key.
func newKey() string {
	var b [keyBytes]byte
	rand.Read(b[:]) // never fails: crypto/rand panics rather than return an error
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// validKey reports whether key is one newKey could have made: KeyLength
// characters of the base64url alphabet, the last of which leaves no bit
// beyond the sixteenth byte set, so that each state has one key. A key
// that is not is no state's, and is refused before the store is asked.
func validKey(key string) bool {
	if len(key) != KeyLength {
		return false
	}
	for i := 0; i < len(key); i++ {
		if base64Value(key[i]) < 0 {
			return false
		}
	}
	// 22 characters carry 132 bits; the last character's 4 low bits
	// are beyond the 128 of the key, and zero in a key newKey made.
	return base64Value(key[KeyLength-1])&0x0f == 0
}

// base64Value returns the value of c in the base64url alphabet, or -1.
func base64Value(c byte) int {
	switch {
	case 'A' <= c && c <= 'Z':
		return int(c - 'A')
	case 'a' <= c && c <= 'z':
		return int(c-'a') + 26
	case '0' <= c && c <= '9':
		return int(c-'0') + 52
	case c == '-':
		return 62
	case c == '_':
		return 63
	}
	return -1
}
