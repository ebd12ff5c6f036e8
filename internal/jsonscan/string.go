package jsonscan

import (
	"encoding/binary"
	"math/bits"
)

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// PlainEnd returns the index of the first byte at or after i, within the
// content of a JSON string, that may end the string or need decoding: a
// quote, a backslash, a control byte or a byte with the top bit set. It
// reads eight bytes at a time and stops before the last seven bytes of b,
// which it leaves to the caller, so the byte at the index it returns is
// only a candidate. It is small enough to be inlined: callers check for the
// closing quote there and call StringEnd from there otherwise.
func PlainEnd(b []byte, i int) int {
	for i+8 <= len(b) {
		w := binary.LittleEndian.Uint64(b[i:])
		// Flipping bit 1 of each byte turns a quote into 0x20 and keeps
		// the control bytes below 0x20, while every other byte stays at or
		// above 0x21: x has a byte below 0x21 exactly where w has a quote or
		// a control byte. y has a zero byte where w has a backslash. A
		// borrow flags only bytes above the one that caused it, so the
		// lowest flagged byte is a real stop.
		x := w ^ (lsb * 0x02)
		y := w ^ (lsb * '\\')
		if stop := ((x - lsb*0x21) | x | ((y - lsb) &^ y)) & msb; stop != 0 {
			return i + bits.TrailingZeros64(stop)/8
		}
		i += 8
	}
	return i
}

// PlainBytes is PlainEnd a byte at a time, to the end of b. It suits short
// strings of a recurring length, such as keys: the processor predicts where
// the loop ends, where PlainEnd must compute it.
func PlainBytes(b []byte, i int) int {
	for i < len(b) && plain[b[i]] {
		i++
	}
	return i
}

// plain reports which bytes PlainEnd and PlainBytes pass over.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// StringEnd returns the index of the closing quote of the string whose
// content starts at i, and reports whether the content has escapes or
// non-ASCII bytes (which need decoding or checking). It reads eight bytes at a
// time: most strings are plain ASCII and end in a few words.
func StringEnd(b []byte, i int) (end int, special bool, err error) {
	if i < 0 {
		return 0, false, ErrSyntax
	}
	for {
		// PlainEnd leaves the last bytes of b to PlainBytes.
		i = PlainBytes(b, PlainEnd(b, i))
		if i >= len(b) {
			return 0, false, ErrSyntax
		}
		switch c := b[i]; {
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
			// A byte with the top bit set: checked by whoever decodes
			// the string.
			special = true
			i++
		}
	}
}
