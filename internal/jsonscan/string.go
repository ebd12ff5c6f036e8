package jsonscan

import (
	"encoding/binary"
	"math/bits"
)

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// StringEnd returns the index of the closing quote of the string whose
// content starts at i, and reports whether the content has escapes or
// non-ASCII bytes (which need decoding or checking). It reads eight bytes at a
// time: most strings are plain ASCII and end in a few words.
func StringEnd(b []byte, i int) (end int, special bool, err error) {
	for i+8 <= len(b) {
		w := binary.LittleEndian.Uint64(b[i:])
		quote := w ^ (lsb * '"')
		slash := w ^ (lsb * '\\')
		// A byte of stop is set where w has '"', '\\', a control byte or a
		// byte with the top bit set.
		stop := ((quote - lsb) &^ quote) | ((slash - lsb) &^ slash) | (w - lsb*0x20) | w
		if stop&msb == 0 {
			i += 8
			continue
		}
		// The lowest flagged byte is a real stop (a borrow only flags bytes
		// above one): most strings end there, at a quote.
		i += bits.TrailingZeros64(stop&msb) / 8
		if b[i] == '"' {
			return i, special, nil
		}
		break
	}
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"':
			return i, special, nil
		case c == '\\':
			special = true
			if i+1 >= len(b) {
				return 0, false, ErrSyntax
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || !isHex(b[i+2]) || !isHex(b[i+3]) || !isHex(b[i+4]) || !isHex(b[i+5]) {
					return 0, false, ErrSyntax
				}
				i += 6
			default:
				return 0, false, ErrSyntax
			}
		case c < 0x20:
			return 0, false, ErrSyntax
		default:
			if c >= 0x80 {
				special = true
			}
			i++
		}
	}
	return 0, false, ErrSyntax
}
