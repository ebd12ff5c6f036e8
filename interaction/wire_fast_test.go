package interaction

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestQuotedDigitsAgreesWithParseUint reads every length of digit string,
// closed and not, at every distance from the end of the document: where
// quotedDigits reads a snowflake it must read what the general path does,
// and it must leave to it everything else.
func TestQuotedDigitsAgreesWithParseUint(t *testing.T) {
	tails := []string{`"`, `",`, `"}`, `x"`, `/"`, `:"`, "\x00", `\u0030"`, ` "`, ``}
	for n := 0; n <= 21; n++ {
		for seed := range 10 {
			var digits strings.Builder
			for k := range n {
				digits.WriteByte(byte('0' + (seed+7*k)%10))
			}
			for _, tail := range tails {
				for pad := range 26 {
					in := `"` + digits.String() + tail + strings.Repeat("-", pad)
					v, w := quotedDigits([]byte(in), 0)
					if w == 0 {
						if n >= 1 && n <= 19 && strings.HasPrefix(tail, `"`) && len(in) >= 25 {
							t.Errorf("quotedDigits(%q) read nothing", in)
						}
						continue
					}
					want, ok := parseUint(digits.String())
					if !ok || !strings.HasPrefix(tail, `"`) || w != n+2 || v != want {
						t.Errorf("quotedDigits(%q) = %d, %d; want %d, %d (ok %v)", in, v, w, want, n+2, ok)
					}
				}
			}
		}
	}
	// Bytes next to the digits in the table of ASCII.
	for _, c := range []byte{'/', ':', ' ', 0xb0, 0xf0, 0xff, 0x30 | 0x80} {
		in := []byte(`"1234567890123456789"------`)
		for pos := 1; pos < 20; pos++ {
			b := append([]byte(nil), in...)
			b[pos] = c
			if _, w := quotedDigits(b, 0); w != 0 {
				t.Errorf("quotedDigits(%q) accepted %#x", b, c)
			}
		}
	}
}

// TestOwnersAgreesWithUnmarshalJSON holds the in-place reading of
// authorizing_integration_owners to IntegrationOwners.UnmarshalJSON.
func TestOwnersAgreesWithUnmarshalJSON(t *testing.T) {
	const id, id2 = `"1191202000000000002"`, `"7"`
	for _, in := range []string{
		`{"0":` + id + `}`, `{"1":` + id + `}`, `{"0":` + id + `,"1":` + id2 + `}`, `{"1":` + id2 + `,"0":` + id + `}`,
		`{"0":` + id + `,"0":` + id2 + `}`, `{"0":"0"}`, `{}`, `{"2":` + id + `}`, `{"0":` + id + `,"2":` + id + `}`,
		`{"0":1}`, `{"0":null}`, `{"0" :` + id + `}`, `{ "0":` + id + `}`, `{"0":` + id + ` }`, `{"0":` + id + `,}`,
		`{"00":` + id + `}`, `{"\u0030":` + id + `}`, `{"0":"12345678901234567890"}`, `{"0":"-1"}`, `{"0":""}`, `null`,
	} {
		body := []byte(in + `,"padding":"` + strings.Repeat("x", 32) + `"`)
		p := parser{b: body}
		got, ok := p.owners()
		if !ok {
			if p.i != 0 {
				t.Errorf("owners(%s) failed after reading %d bytes", in, p.i)
			}
			continue
		}
		if p.i != len(in) {
			t.Errorf("owners(%s) read %d bytes; want %d", in, p.i, len(in))
		}
		var want IntegrationOwners
		if err := want.UnmarshalJSON([]byte(in)); err != nil || got != want {
			t.Errorf("owners(%s) = %+v; UnmarshalJSON: %+v, %v", in, got, want, err)
		}
	}
}

// TestValueReadsIntegersAsUnmarshalJSONDoes holds the in-place reading of
// small integers to Value.UnmarshalJSON.
func TestValueReadsIntegersAsUnmarshalJSONDoes(t *testing.T) {
	for _, text := range []string{
		"0", "7", "42", "9007199254740991", "9007199254740992", "9007199254740993", "123456789012345678",
		"1234567890123456789", "18446744073709551615", "-7", "7.5", "7e2", "1E400",
	} {
		for _, after := range []string{",", "}", "]", " "} {
			p := parser{b: []byte(text + after)}
			got := p.value("value")
			var want Value
			wantErr := want.UnmarshalJSON([]byte(text))
			if (p.err != nil) != (wantErr != nil) || p.err == nil && !reflect.DeepEqual(got, want) {
				t.Errorf("value(%s) = %+v, %v; UnmarshalJSON: %+v, %v", text+after, got, p.err, want, wantErr)
			}
		}
	}
}

func TestParseIDAgreesWithParseUint(t *testing.T) {
	for _, s := range []string{
		"", "0", "7", "007", "1191207000000000007", "9999999999999999999", "18446744073709551615",
		"18446744073709551616", "99999999999999999999", "12a", "-1", "+1", " 1", "1 ",
	} {
		v, ok := parseID([]byte(s))
		want, wantOK := parseUint(s)
		if v != want || ok != wantOK {
			t.Errorf("parseID(%q) = %d, %v; parseUint: %d, %v", s, v, ok, want, wantOK)
		}
	}
	for n := range uint64(100) {
		s := strconv.FormatUint(n*1234567890123457, 10)
		if v, ok := parseID([]byte(s)); !ok || v != n*1234567890123457 {
			t.Errorf("parseID(%q) = %d, %v", s, v, ok)
		}
	}
}
