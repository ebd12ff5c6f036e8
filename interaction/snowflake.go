package interaction

import (
	"strconv"
	"time"
)

// Epoch is the first millisecond of 2015, in Unix milliseconds: the zero point
// of the timestamp a Snowflake carries in its top 42 bits.
const Epoch = 1420070400000

// Snowflake is a 64-bit unsigned identifier. The service sends it as a decimal
// string so that clients limited to 53-bit numbers keep every digit; a plain
// JSON number is accepted too.
type Snowflake uint64

// ErrSnowflake reports text that is not a snowflake.
var ErrSnowflake error = wireError("invalid snowflake")

// ParseSnowflake parses the decimal form of a snowflake.
func ParseSnowflake(s string) (Snowflake, error) {
	v, ok := parseUint(s)
	if !ok {
		return 0, &snowflakeError{text: s}
	}
	return Snowflake(v), nil
}

type snowflakeError struct{ text string }

func (e *snowflakeError) Error() string {
	return "interaction: invalid snowflake " + strconv.Quote(e.text)
}

func (e *snowflakeError) Unwrap() error { return ErrSnowflake }

// parseUint parses a non-empty run of decimal digits that fits in 64 bits.
// It takes a string or bytes so that neither form needs converting.
func parseUint[T string | []byte](s T) (uint64, bool) {
	if len(s) == 0 || len(s) > 20 {
		return 0, false
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		c := s[i] - '0'
		if c > 9 {
			return 0, false
		}
		next := v*10 + uint64(c)
		if v > (1<<64-1)/10 || next < v*10 {
			return 0, false
		}
		v = next
	}
	return v, true
}

// Time reports when the snowflake was made, to the millisecond.
func (s Snowflake) Time() time.Time {
	return time.UnixMilli(int64(s>>22) + Epoch).UTC()
}

// IsZero reports whether s is the zero snowflake, which stands for "absent".
func (s Snowflake) IsZero() bool { return s == 0 }

// String returns the decimal form of s.
func (s Snowflake) String() string { return strconv.FormatUint(uint64(s), 10) }

// AppendText appends the decimal form of s to b.
func (s Snowflake) AppendText(b []byte) ([]byte, error) {
	return strconv.AppendUint(b, uint64(s), 10), nil
}

// MarshalText returns the decimal form of s; it makes Snowflake usable as a
// JSON object key.
func (s Snowflake) MarshalText() ([]byte, error) { return s.AppendText(nil) }

// UnmarshalText parses the decimal form of a snowflake. Its error is
// ErrSnowflake itself: the text comes from a body, which it never quotes.
func (s *Snowflake) UnmarshalText(b []byte) error {
	v, ok := parseUint(b)
	if !ok {
		return ErrSnowflake
	}
	*s = Snowflake(v)
	return nil
}

// MarshalJSON encodes s as a JSON string, the way the service sends it.
func (s Snowflake) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 22)
	b = append(b, '"')
	b = strconv.AppendUint(b, uint64(s), 10)
	return append(b, '"'), nil
}

// UnmarshalJSON accepts a decimal string, a JSON number, or null (the zero
// snowflake).
func (s *Snowflake) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*s = 0
		return nil
	}
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		b = b[1 : len(b)-1]
	}
	return s.UnmarshalText(b)
}
