package interaction

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"strconv"
	"time"
	"unicode/utf8"
	"unsafe"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/internal/jsonscan"
)

// parser walks an interaction body once, decoding the fields handlers read
// and passing over the rest. It is the fast path of Decode; every type it
// fills also decodes through encoding/json-compatible decoders via its
// struct tags, and a differential fuzz test holds the two to the same result.
//
// Strings without escapes, the lazy objects and the raw resolved object
// refer into the body while the parser runs; decodeFast then moves them all
// into one allocation of their own, so a decode costs a handful of
// allocations whatever the payload, and nothing decoded refers to the
// caller's body.
type parser struct {
	b    []byte
	i    int
	err  error
	path string // the object being decoded, for errors: "member.user"

	// spare holds the options of the interaction when the caller
	// allocated them together with it.
	spare *storage

	// kept counts the bytes of the views into b the parser returned: the
	// size of the copy that moves them out of the caller's body.
	kept int

	// entries index the last resolved object parsed: the first ones here,
	// the rest in moreEntries. The parser holds them, not the Resolved, so
	// that they can go where the caller wants them once the parse is done.
	entries     [4]resolvedEntry
	nEntries    int
	moreEntries []resolvedEntry
}

// storage is an interaction and the options it points to, allocated as
// one. The array holds the options of a typical command (a subcommand with
// up to four options) so that they need no allocation of their own; more go
// to the heap. The rest of what a command refers to is bytes, in the
// pointer-free allocation relocate makes, and the user of an interaction
// outside a guild is allocated apart. Every byte allocated costs, and more
// so with pointers, so this block holds only what is typed and common.
type storage struct {
	ix       Interaction
	options  [5]OptionData
	nOptions int
}

// optionSlice returns opts in memory that lives as long as the
// interaction: the storage's array while it has room, else the heap.
func (s *storage) optionSlice(opts []OptionData) []OptionData {
	if s != nil && len(opts) <= len(s.options)-s.nOptions {
		out := s.options[s.nOptions : s.nOptions+len(opts) : s.nOptions+len(opts)]
		copy(out, opts)
		s.nOptions += len(opts)
		return out
	}
	return append([]OptionData(nil), opts...)
}

var errSyntax = errors.New("malformed JSON")

// fail records the first error, naming the field within the object being
// decoded; the name is joined only here so that decoding builds no strings.
func (p *parser) fail(field string, err error) {
	if p.err == nil {
		if p.path != "" && field != "" {
			field = p.path + "." + field
		} else if field == "" {
			field = p.path
		}
		p.err = &fieldError{field: field, offset: p.i, err: err}
	}
	// Stop every loop: nothing past an error is read.
	p.i = len(p.b)
}

type fieldError struct {
	field  string
	offset int
	err    error
}

func (e *fieldError) Error() string {
	if e.field == "" {
		return e.err.Error() + " at offset " + strconv.Itoa(e.offset)
	}
	return e.field + ": " + e.err.Error() + " at offset " + strconv.Itoa(e.offset)
}

func (e *fieldError) Unwrap() error { return e.err }

func (p *parser) space() {
	// The service sends compact JSON: most calls find no space at all.
	if p.i < len(p.b) && p.b[p.i] > ' ' {
		return
	}
	p.i = jsonscan.SkipSpace(p.b, p.i)
}

// peek returns the next byte that is not white space, or 0 at the end.
func (p *parser) peek() byte {
	p.space()
	if p.i >= len(p.b) {
		return 0
	}
	return p.b[p.i]
}

// null consumes a null literal if one is next.
func (p *parser) null() bool {
	if p.peek() == 'n' {
		if len(p.b)-p.i >= 4 && string(p.b[p.i:p.i+4]) == "null" {
			p.i += 4
			return true
		}
		p.fail("", errSyntax)
	}
	return false
}

// object starts an object; it returns false for null (or after an error).
// Iterate its members with key.
func (p *parser) object(field string) bool {
	if p.i < len(p.b) && p.b[p.i] == '{' {
		// Compact JSON: no space, no null.
		p.i++
		return true
	}
	if p.null() {
		return false
	}
	if p.peek() != '{' {
		p.fail(field, errors.New("expected an object"))
		return false
	}
	p.i++
	return true
}

// key returns the next member's key within an object that object or key
// opened, consuming the colon; ok is false at the closing brace.
//
// It reads and writes p.i once: the position is the chain every step of a
// parse waits on, and a round trip through memory lengthens each link.
func (p *parser) key(first *bool) (key []byte, ok bool) {
	b, i := p.b, p.i
	if i < len(b) && b[i] <= ' ' {
		i = jsonscan.SkipSpace(b, i)
	}
	if i < len(b) && b[i] == '}' {
		p.i = i + 1
		return nil, false
	}
	if !*first {
		if i >= len(b) || b[i] != ',' {
			p.i = i
			p.fail("", errSyntax)
			return nil, false
		}
		if i++; i < len(b) && b[i] <= ' ' {
			i = jsonscan.SkipSpace(b, i)
		}
	}
	*first = false
	if i >= len(b) || b[i] != '"' {
		p.i = i
		p.fail("", errSyntax)
		return nil, false
	}
	// Keys are short and recur: PlainBytes, not PlainEnd.
	end, special := jsonscan.PlainBytes(b, i+1), false
	if end >= len(b) || b[end] != '"' {
		var err error
		if end, special, err = jsonscan.StringEnd(b, end); err != nil {
			p.i = i
			p.fail("", errSyntax)
			return nil, false
		}
	}
	key = b[i+1 : end]
	if special {
		// A key is compared by the text it stands for: "\u0069d" is "id",
		// as every JSON decoder reads it. The service never escapes keys,
		// so this copy is not made in practice.
		key = jsonscan.AppendUnquoted(nil, key)
	}
	i = end + 1
	if i >= len(b) || b[i] != ':' {
		if i = jsonscan.SkipSpace(b, i); i >= len(b) || b[i] != ':' {
			p.i = i
			p.fail("", errSyntax)
			return nil, false
		}
	}
	p.i = i + 1
	return key, true
}

// array starts an array; it returns false for null.
func (p *parser) array(field string) bool {
	if p.i < len(p.b) && p.b[p.i] == '[' {
		p.i++
		return true
	}
	if p.null() {
		return false
	}
	if p.peek() != '[' {
		p.fail(field, errors.New("expected an array"))
		return false
	}
	p.i++
	return true
}

// elem reports whether another element follows in an array that array
// opened.
func (p *parser) elem(first *bool) bool {
	c := p.peek()
	if c == ']' {
		p.i++
		return false
	}
	if !*first {
		if c != ',' {
			p.fail("", errSyntax)
			return false
		}
		p.i++
	}
	*first = false
	return p.err == nil
}

// lazyObject checks the syntax of the object that is next and returns it,
// or nil for null.
func (p *parser) lazyObject(field string) []byte {
	if p.i >= len(p.b) || p.b[p.i] != '{' {
		if p.null() {
			return nil
		}
		if p.peek() != '{' {
			p.fail(field, errors.New("expected an object"))
			return nil
		}
	}
	start := p.i
	p.skip()
	if p.err != nil {
		return nil
	}
	p.kept += p.i - start
	return p.b[start:p.i:p.i]
}

// end reports a parse's error, or data after the value it read.
func (p *parser) end() error {
	if p.err == nil {
		p.space()
		if p.i != len(p.b) {
			p.fail("", errSyntax)
		}
	}
	return p.err
}

// emptyArray consumes "[]" if it is next.
func (p *parser) emptyArray() bool {
	if p.peek() == '[' && p.i+1 < len(p.b) && p.b[p.i+1] == ']' {
		p.i += 2
		return true
	}
	return false
}

// skip passes over one value, checking its syntax.
func (p *parser) skip() {
	end, err := jsonscan.Skip(p.b, p.i)
	if err != nil {
		p.fail("", errSyntax)
		return
	}
	p.i = end
}

// str decodes a string; null is "".
func (p *parser) str(field string) string {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		if p.null() {
			return ""
		}
		if p.peek() != '"' {
			p.fail(field, errors.New("expected a string"))
			return ""
		}
	}
	start := p.i + 1
	end, special := jsonscan.PlainEnd(p.b, start), false
	if end >= len(p.b) || p.b[end] != '"' {
		var err error
		if end, special, err = jsonscan.StringEnd(p.b, end); err != nil {
			p.fail(field, errSyntax)
			return ""
		}
	}
	p.i = end + 1
	raw := p.b[start:end]
	if !special {
		// The string refers into b: b is never written, and when it is the
		// caller's body, decodeFast moves every such string out of it.
		p.kept += len(raw)
		return unsafe.String(unsafe.SliceData(raw), len(raw))
	}
	if !utf8.Valid(raw) {
		p.fail(field, errors.New("invalid UTF-8"))
		return ""
	}
	out := jsonscan.AppendUnquoted(make([]byte, 0, len(raw)), raw)
	return unsafe.String(unsafe.SliceData(out), len(out))
}

// locale decodes a locale; the service's own are not copied.
func (p *parser) locale(field string) Locale {
	if p.i < len(p.b) && p.b[p.i] == '"' {
		if end := p.i + 7; end <= len(p.b) {
			// The longest locale, "es-419", has six characters.
			for j := p.i + 1; j < end; j++ {
				if p.b[j] == '"' {
					if l, ok := knownLocale(p.b[p.i+1 : j]); ok {
						p.i = j + 1
						return l
					}
					break
				}
			}
		}
	}
	return Locale(p.str(field))
}

// number returns the text of the next number.
func (p *parser) number(field string) []byte {
	p.space()
	start := p.i
	end, err := jsonscan.SkipNumber(p.b, p.i)
	if err != nil {
		p.fail(field, errors.New("expected a number"))
		return nil
	}
	p.i = end
	return p.b[start:end]
}

// int decodes an integer; null is 0.
func (p *parser) int(field string) int64 {
	// Most integers are small and positive: read them in place.
	if v, n := smallUint(p.b, p.i); n > 0 {
		p.i += n
		return int64(v)
	}
	if p.null() {
		return 0
	}
	text := p.number(field)
	if text == nil {
		return 0
	}
	v, err := strconv.ParseInt(unsafe.String(unsafe.SliceData(text), len(text)), 10, 64)
	if err != nil {
		p.fail(field, errors.New("expected an integer"))
		return 0
	}
	return v
}

// uint decodes a non-negative integer; null is 0.
func (p *parser) uint(field string) uint64 {
	if v, n := smallUint(p.b, p.i); n > 0 {
		p.i += n
		return v
	}
	if p.null() {
		return 0
	}
	text := p.number(field)
	if text == nil {
		return 0
	}
	v, ok := parseUint(text)
	if !ok {
		p.fail(field, errors.New("expected an unsigned integer"))
	}
	return v
}

// bool decodes true or false; null is false.
func (p *parser) bool(field string) bool {
	if p.null() {
		return false
	}
	switch {
	case len(p.b)-p.i >= 4 && string(p.b[p.i:p.i+4]) == "true":
		p.i += 4
		return true
	case len(p.b)-p.i >= 5 && string(p.b[p.i:p.i+5]) == "false":
		p.i += 5
		return false
	}
	p.fail(field, errors.New("expected a boolean"))
	return false
}

// smallUint reads the number of up to 18 digits that starts at b[i] and is
// followed by a delimiter; n is 0 when the text is anything else, which the
// general path then reads.
func smallUint(b []byte, i int) (v uint64, n int) {
	j := i
	for j < len(b) && j-i < 18 {
		c := b[j] - '0'
		if c > 9 {
			break
		}
		v = v*10 + uint64(c)
		j++
	}
	n = j - i
	if n == 0 || j >= len(b) || (n > 1 && b[i] == '0') {
		return 0, 0
	}
	switch b[j] {
	case ',', '}', ']', ' ', '\n', '\r', '\t':
		return v, n
	}
	return 0, 0
}

// quotedDigits reads the string of 1 to 19 digits whose opening quote is
// at b[i], eight digits at a time; n is the length of the string with its
// quotes, or 0 when the text is anything else or when fewer than 24 bytes
// follow the quote, which the general path then reads. Nineteen digits
// cannot overflow.
func quotedDigits(b []byte, i int) (v uint64, n int) {
	if i < 0 || len(b)-i < 25 || b[i] != '"' {
		return 0, 0
	}
	s := b[i+1 : i+25]
	w0 := binary.LittleEndian.Uint64(s[0:8])
	w1 := binary.LittleEndian.Uint64(s[8:16])
	w2 := binary.LittleEndian.Uint64(s[16:24])
	// A word with fewer than eight digits is shifted to put them at its
	// top: the bytes shifted in are zeros, and read as leading zeros.
	digits := nonDigit(w0)
	switch {
	case digits < 8:
		v = eightDigits((w0 - lsb*'0') << (64 - 8*digits))
	case nonDigit(w1) < 8:
		digits = 8 + nonDigit(w1)
		v = eightDigits(w0-lsb*'0')*pow10[digits-8] + eightDigits((w1-lsb*'0')<<(128-8*digits))
	default:
		digits = 16 + nonDigit(w2)
		if digits > 19 {
			return 0, 0
		}
		v = eightDigits(w0-lsb*'0')*pow10[digits-8] + eightDigits(w1-lsb*'0')*pow10[digits-16] +
			eightDigits((w2-lsb*'0')<<(192-8*digits))
	}
	if digits == 0 || s[digits] != '"' {
		return 0, 0
	}
	return v, int(digits) + 2
}

const lsb = 0x0101010101010101

// nonDigit returns the index of the first byte of w, in memory order, that
// is not an ASCII digit, or 8. A byte is a digit when its high nibble is 3
// and adding 6 leaves it so; the carry of an addition only reaches bytes
// above a byte that is not a digit.
func nonDigit(w uint64) uint {
	const high = 0xF0F0F0F0F0F0F0F0
	bad := (w&high ^ lsb*0x30) | ((w+lsb*0x06)&high ^ lsb*0x30)
	return uint(bits.TrailingZeros64(bad)) / 8
}

// eightDigits returns the number the eight digit values (0 to 9) in the bytes
// of d spell, the first byte the most significant.
func eightDigits(d uint64) uint64 {
	// Each even byte becomes the number of its pair of digits; then one
	// multiplication each weights two of the four pairs, and adds them in
	// the high half.
	d = d*10 + d>>8
	return ((d&0x000000FF000000FF)*(100+1000000<<32) + (d>>16&0x000000FF000000FF)*(1+10000<<32)) >> 32
}

var pow10 = [...]uint64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000, 10000000000, 100000000000}

// snowflake decodes a snowflake from a string or a number; null is 0.
func (p *parser) snowflake(field string) Snowflake {
	// The service sends snowflakes as quoted digits: read them in place.
	if v, n := quotedDigits(p.b, p.i); n > 0 {
		p.i += n
		return Snowflake(v)
	}
	if p.i < len(p.b) && p.b[p.i] == '"' {
		j, v := p.i+1, uint64(0)
		for j < len(p.b) && j-p.i <= 19 {
			c := p.b[j] - '0'
			if c > 9 {
				break
			}
			v = v*10 + uint64(c)
			j++
		}
		if j < len(p.b) && p.b[j] == '"' && j > p.i+1 && j-p.i <= 20 {
			p.i = j + 1
			return Snowflake(v)
		}
	}
	if p.null() {
		return 0
	}
	var text []byte
	// peek, not p.b[p.i]: the body may end right after the colon.
	if p.peek() == '"' {
		end, special, err := jsonscan.StringEnd(p.b, p.i+1)
		if err != nil || special {
			p.fail(field, ErrSnowflake)
			return 0
		}
		text = p.b[p.i+1 : end]
		p.i = end + 1
	} else if text = p.number(field); text == nil {
		return 0
	}
	v, ok := parseUint(text)
	if !ok {
		p.fail(field, ErrSnowflake)
	}
	return Snowflake(v)
}

// permissions decodes a permission bit set from a string or a number.
func (p *parser) permissions(field string) Permissions {
	return Permissions(p.snowflake(field))
}

// time decodes an RFC 3339 timestamp; null is the zero time.
func (p *parser) time(field string) time.Time {
	if p.null() {
		return time.Time{}
	}
	if p.peek() != '"' {
		p.fail(field, errors.New("expected a timestamp"))
		return time.Time{}
	}
	end, special, err := jsonscan.StringEnd(p.b, p.i+1)
	if err != nil {
		p.fail(field, errors.New("expected a timestamp"))
		return time.Time{}
	}
	text := p.b[p.i+1 : end]
	p.i = end + 1
	if special {
		// Escapes stand for their text here too; a timestamp is ASCII, so
		// anything else fails to parse below.
		text = jsonscan.AppendUnquoted(nil, text)
	}
	// time.Parse keeps nothing of its input once it returns.
	t, err := time.Parse(time.RFC3339Nano, unsafe.String(unsafe.SliceData(text), len(text)))
	if err != nil {
		p.fail(field, errors.New("expected an RFC 3339 timestamp"))
	}
	return t
}

// value decodes an option value.
func (p *parser) value(field string) Value {
	var v Value
	switch p.peek() {
	case '"':
		v.kind, v.str = KindString, p.str(field)
	case 't', 'f':
		v.kind = KindBool
		if p.bool(field) {
			v.i = 1
		}
	case 'n':
		p.null()
	default:
		// Most numbers are small integers (INTEGER options): read them in
		// place, to the Value the general path makes of their text.
		if n, w := smallUint(p.b, p.i); w > 0 && n < 1<<53 {
			p.i += w
			return Value{kind: KindNumber, isInt: true, i: int64(n), num: float64(n)}
		}
		text := p.number(field)
		if text == nil {
			return v
		}
		if err := v.UnmarshalJSON(text); err != nil {
			p.fail(field, err)
		}
	}
	return v
}

// decodeCold decodes a value of a type handlers rarely read with the
// general decoder.
func decodeCold[T any](p *parser, field string, v *T) {
	p.space()
	start := p.i
	p.skip()
	if p.err != nil {
		return
	}
	if err := jsonv2.UnmarshalOf(p.b[start:p.i], v); err != nil {
		p.i = start
		p.fail(field, err)
	}
}

func (p *parser) interaction(ix *Interaction) {
	if !p.object("") {
		p.fail("", errors.New("expected an object"))
		return
	}
	first := true
	for k, ok := p.key(&first); ok; k, ok = p.key(&first) {
		switch string(k) {
		case "id":
			ix.ID = p.snowflake("id")
		case "application_id":
			ix.ApplicationID = p.snowflake("application_id")
		case "type":
			ix.Type = Type(p.int("type"))
		case "token":
			ix.Token = p.str("token")
		case "version":
			ix.Version = int(p.int("version"))
		case "guild_id":
			ix.GuildID = p.snowflake("guild_id")
		case "channel_id":
			ix.ChannelID = p.snowflake("channel_id")
		case "channel":
			ix.Channel = Lazy[Channel]{raw: p.lazyObject("channel")}
		case "member":
			ix.Member = Lazy[Member]{raw: p.lazyObject("member")}
		case "user":
			if p.peek() == 'n' {
				p.null()
				ix.User = nil
				continue
			}
			ix.User = new(User)
			p.path = "user"
			p.user(ix.User)
			p.path = ""
		case "app_permissions":
			ix.AppPermissions = p.permissions("app_permissions")
		case "locale":
			ix.Locale = p.locale("locale")
		case "guild_locale":
			ix.GuildLocale = p.locale("guild_locale")
		case "entitlements":
			ix.Entitlements = nil
			if p.emptyArray() {
				// Nearly every payload has "entitlements":[]: no need to
				// call the general decoder for it.
				continue
			}
			decodeCold(p, "entitlements", &ix.Entitlements)
		case "context":
			if p.null() {
				ix.Context = InteractionContext{}
				continue
			}
			c := p.int("context")
			if c < 0 || c > 255 {
				p.fail("context", errors.New("out of range"))
			}
			ix.Context = InteractionContext{Type: ContextType(c), Valid: true}
		case "authorizing_integration_owners":
			if o, ok := p.owners(); ok {
				ix.AuthorizingIntegrationOwners = o
				continue
			}
			p.space()
			start := p.i
			p.skip()
			if p.err == nil {
				if err := ix.AuthorizingIntegrationOwners.UnmarshalJSON(p.b[start:p.i]); err != nil {
					p.fail("authorizing_integration_owners", err)
				}
			}
		case "attachment_size_limit":
			ix.AttachmentSizeLimit = p.int("attachment_size_limit")
		case "data":
			p.path = "data"
			p.data(&ix.Data)
			p.path = ""
		default:
			p.skip()
		}
	}
}

// owners reads authorizing_integration_owners in the form the service
// sends, {"0":"…","1":"…"} with either member, to what UnmarshalJSON makes of
// it; ok is false, and nothing read, for any other text.
func (p *parser) owners() (o IntegrationOwners, ok bool) {
	b, i := p.b, p.i
	if i >= len(b) || b[i] != '{' {
		return o, false
	}
	for i++; len(b)-i >= 4 && b[i] == '"' && b[i+2] == '"' && b[i+3] == ':'; {
		t := GuildInstall
		switch b[i+1] {
		case '0':
		case '1':
			t = UserInstall
		default:
			return IntegrationOwners{}, false
		}
		id, n := quotedDigits(b, i+4)
		if n == 0 {
			return IntegrationOwners{}, false
		}
		o.Set(t, Snowflake(id))
		i += 4 + n
		if i < len(b) && b[i] == '}' {
			p.i = i + 1
			return o, true
		}
		if i >= len(b) || b[i] != ',' {
			break
		}
		i++
	}
	return IntegrationOwners{}, false
}

func (p *parser) user(u *User) {
	*u = User{}
	if !p.object("") {
		return
	}
	first := true
	for k, ok := p.key(&first); ok; k, ok = p.key(&first) {
		switch string(k) {
		case "id":
			u.ID = p.snowflake("id")
		case "username":
			u.Username = p.str("username")
		case "discriminator":
			u.Discriminator = p.str("discriminator")
		case "global_name":
			u.GlobalName = p.str("global_name")
		case "avatar":
			u.Avatar = p.str("avatar")
		case "bot":
			u.Bot = p.bool("bot")
		case "system":
			u.System = p.bool("system")
		case "public_flags":
			u.PublicFlags = p.uint("public_flags")
		case "premium_type":
			u.PremiumType = int(p.int("premium_type"))
		default:
			p.skip()
		}
	}
}

func (p *parser) member(m *Member) {
	*m = Member{}
	if !p.object("") {
		return
	}
	first := true
	for k, ok := p.key(&first); ok; k, ok = p.key(&first) {
		switch string(k) {
		case "user":
			saved := p.path
			p.path = "member.user"
			p.user(&m.User)
			p.path = saved
		case "nick":
			m.Nick = p.str("nick")
		case "avatar":
			m.Avatar = p.str("avatar")
		case "roles":
			if !p.array("roles") {
				m.Roles = nil
				continue
			}
			var roles []Snowflake
			firstRole := true
			for p.elem(&firstRole) {
				roles = append(roles, p.snowflake("roles"))
			}
			if roles == nil {
				roles = []Snowflake{}
			}
			m.Roles = roles
		case "joined_at":
			m.JoinedAt = p.time("joined_at")
		case "premium_since":
			m.PremiumSince = p.time("premium_since")
		case "pending":
			m.Pending = p.bool("pending")
		case "is_pending":
			m.IsPending = p.bool("is_pending")
		case "mute":
			m.Mute = p.bool("mute")
		case "deaf":
			m.Deaf = p.bool("deaf")
		case "permissions":
			m.Permissions = p.permissions("permissions")
		case "flags":
			m.Flags = p.uint("flags")
		case "communication_disabled_until":
			m.CommunicationDisabledUntil = p.time("communication_disabled_until")
		default:
			p.skip()
		}
	}
}

// memberUser reads only the user of a member object.
func (p *parser) memberUser(u *User) {
	if !p.object("") {
		return
	}
	first := true
	for k, ok := p.key(&first); ok; k, ok = p.key(&first) {
		if string(k) == "user" {
			saved := p.path
			p.path = "member.user"
			p.user(u)
			p.path = saved
			continue
		}
		p.skip()
	}
}

func (p *parser) channel(c *Channel) {
	*c = Channel{}
	if !p.object("") {
		return
	}
	first := true
	for k, ok := p.key(&first); ok; k, ok = p.key(&first) {
		switch string(k) {
		case "id":
			c.ID = p.snowflake("id")
		case "type":
			c.Type = ChannelType(p.int("type"))
		case "guild_id":
			c.GuildID = p.snowflake("guild_id")
		case "name":
			c.Name = p.str("name")
		case "topic":
			c.Topic = p.str("topic")
		case "nsfw":
			c.NSFW = p.bool("nsfw")
		case "parent_id":
			c.ParentID = p.snowflake("parent_id")
		case "position":
			c.Position = int(p.int("position"))
		case "last_message_id":
			c.LastMessageID = p.snowflake("last_message_id")
		case "rate_limit_per_user":
			c.RateLimitPerUser = int(p.int("rate_limit_per_user"))
		case "flags":
			c.Flags = p.uint("flags")
		case "permissions":
			c.Permissions = p.permissions("permissions")
		case "app_permissions":
			c.AppPermissions = p.permissions("app_permissions")
		case "thread_metadata":
			if p.peek() == 'n' {
				p.null()
				c.ThreadMetadata = nil
				continue
			}
			c.ThreadMetadata = new(ThreadMetadata)
			decodeCold(p, "thread_metadata", c.ThreadMetadata)
		default:
			p.skip()
		}
	}
}

func (p *parser) data(d *CommandData) {
	*d = CommandData{}
	if !p.object("") {
		return
	}
	first := true
	for k, ok := p.key(&first); ok; k, ok = p.key(&first) {
		switch string(k) {
		case "id":
			d.ID = p.snowflake("id")
		case "name":
			d.Name = p.str("name")
		case "type":
			d.Type = CommandType(p.int("type"))
		case "guild_id":
			d.GuildID = p.snowflake("guild_id")
		case "target_id":
			d.TargetID = p.snowflake("target_id")
		case "version":
			d.Version = p.snowflake("version")
		case "options":
			p.path = "data.options"
			d.Options = p.options(0)
			p.path = "data"
		case "resolved":
			if p.peek() == 'n' {
				p.null()
				d.Resolved = Resolved{}
				continue
			}
			if p.peek() != '{' {
				p.fail("resolved", errors.New("expected an object"))
				continue
			}
			d.Resolved = Resolved{raw: p.resolved()}
		default:
			p.skip()
		}
	}
}

// maxOptionDepth bounds option nesting: a command nests two levels (group,
// subcommand), so anything deeper is not an interaction.
const maxOptionDepth = 3

func (p *parser) options(depth int) []OptionData {
	if depth >= maxOptionDepth {
		p.fail("", errors.New("nested too deeply"))
		return nil
	}
	if !p.array("") {
		return nil
	}
	// Collect on the stack and allocate the slice once, at its length.
	var buf [8]OptionData
	opts := buf[:0]
	first := true
	for p.elem(&first) {
		opts = append(opts, OptionData{})
		o := &opts[len(opts)-1]
		if !p.object("") {
			continue
		}
		firstKey := true
		for k, ok := p.key(&firstKey); ok; k, ok = p.key(&firstKey) {
			switch string(k) {
			case "name":
				o.Name = p.str("name")
			case "type":
				o.Type = OptionType(p.int("type"))
			case "value":
				o.Value = p.value("value")
			case "options":
				o.Options = p.options(depth + 1)
			case "focused":
				o.Focused = p.bool("focused")
			default:
				p.skip()
			}
		}
	}
	if len(opts) == 0 {
		return []OptionData{}
	}
	return p.spare.optionSlice(opts)
}

// resolved walks a resolved object once, checking its syntax and indexing
// its entries by kind and id in p.entries; it returns the object, or nil
// for null.
func (p *parser) resolved() []byte {
	p.space()
	start := p.i
	p.nEntries, p.moreEntries = 0, p.moreEntries[:0]
	if !p.object("") {
		return nil
	}
	first := true
	for k, ok := p.key(&first); ok; k, ok = p.key(&first) {
		kind := resolvedKind(k)
		if kind == 0 {
			p.skip()
			continue
		}
		if !p.object(resolvedNames[kind]) {
			continue
		}
		firstEntry := true
		for key, ok := p.key(&firstEntry); ok; key, ok = p.key(&firstEntry) {
			p.space()
			from := p.i
			p.skip()
			// An id that is not a snowflake can never be looked up.
			if id, valid := parseID(key); valid && p.err == nil {
				e := resolvedEntry{id: Snowflake(id), kind: kind, start: uint32(from - start), end: uint32(p.i - start)}
				if p.nEntries < len(p.entries) {
					p.entries[p.nEntries] = e
					p.nEntries++
				} else {
					p.moreEntries = append(p.moreEntries, e)
				}
			}
		}
	}
	if p.err != nil {
		return nil
	}
	p.kept += p.i - start
	return p.b[start:p.i:p.i]
}

// parseID is parseUint for the keys of resolved entries: snowflakes have at
// most 19 digits, which cannot overflow, and need no check for it.
func parseID(key []byte) (uint64, bool) {
	if len(key) == 0 || len(key) > 19 {
		return parseUint(key)
	}
	var v uint64
	for _, c := range key {
		if c -= '0'; c > 9 {
			return 0, false
		}
		v = v*10 + uint64(c)
	}
	return v, true
}

// indexLen returns the number of entries resolved indexed.
func (p *parser) indexLen() int { return p.nEntries + len(p.moreEntries) }

// copyIndex copies the entries resolved indexed to dst, which has room.
func (p *parser) copyIndex(dst []resolvedEntry) {
	n := copy(dst, p.entries[:p.nEntries])
	copy(dst[n:], p.moreEntries)
}

// decodeFast fills ix from body with the parser.
func decodeFast(body []byte, ix *Interaction, spare *storage) error {
	if spare != nil {
		spare.nOptions = 0
	}
	p := parser{b: body, spare: spare}
	p.interaction(ix)
	if p.err == nil {
		p.space()
		if p.i != len(p.b) {
			p.fail("", errors.New("data after the interaction"))
		}
	}
	if p.err != nil {
		return p.err
	}
	relocate(ix, body, &p)
	return nil
}

// relocate moves every string, and the resolved bytes, that refer into body
// into one allocation of their own, so that nothing decoded refers to the
// caller's body. One copy of the bytes kept costs less than a copy of each
// string, or of the whole body. The index of the resolved object goes at the
// start of the same allocation: it has no pointers either.
//
// p.kept, the parser's count of the bytes it kept, is at least the bytes
// that move: a field set twice counts twice.
func relocate(ix *Interaction, body []byte, p *parser) {
	var index []resolvedEntry
	size := p.kept
	n := 0
	if len(ix.Data.Resolved.raw) > 0 {
		// The parser indexed the resolved object the interaction kept: the
		// last one it read.
		n = p.indexLen()
		size += n * int(unsafe.Sizeof(resolvedEntry{}))
	}
	arena := make([]byte, size)
	if n > 0 {
		// The allocator aligns arena for any type of its size; the
		// entries hold no pointers, so the memory needs no type.
		index = unsafe.Slice((*resolvedEntry)(unsafe.Pointer(unsafe.SliceData(arena))), n)
		p.copyIndex(index)
		arena = arena[n*int(unsafe.Sizeof(resolvedEntry{})):]
	}
	ix.Data.Resolved.index = index
	r := relocator{body: body, arena: arena[:0]}
	r.visit(ix)
}

type relocator struct {
	body  []byte
	arena []byte
}

// bytes moves b when it refers into the body.
func (r *relocator) bytes(b []byte) []byte {
	if len(b) == 0 || !r.inBody(unsafe.SliceData(b)) {
		return b
	}
	start := len(r.arena)
	r.arena = append(r.arena, b...)
	return r.arena[start:len(r.arena):len(r.arena)]
}

func (r *relocator) str(s *string) {
	if b := r.bytes(unsafe.Slice(unsafe.StringData(*s), len(*s))); len(b) > 0 {
		*s = unsafe.String(unsafe.SliceData(b), len(b))
	}
}

func (r *relocator) locale(l *Locale) { r.str((*string)(l)) }

func (r *relocator) inBody(p *byte) bool {
	start := uintptr(unsafe.Pointer(unsafe.SliceData(r.body)))
	at := uintptr(unsafe.Pointer(p))
	return at >= start && at < start+uintptr(len(r.body))
}

// visit reaches every string field the parser fills from the body.
func (r *relocator) visit(ix *Interaction) {
	r.str(&ix.Token)
	r.locale(&ix.Locale)
	r.locale(&ix.GuildLocale)
	ix.Channel.raw = r.bytes(ix.Channel.raw)
	ix.Member.raw = r.bytes(ix.Member.raw)
	if u := ix.User; u != nil {
		r.user(u)
	}
	r.str(&ix.Data.Name)
	r.options(ix.Data.Options)
	ix.Data.Resolved.raw = r.bytes(ix.Data.Resolved.raw)
}

func (r *relocator) user(u *User) {
	r.str(&u.Username)
	r.str(&u.Discriminator)
	r.str(&u.GlobalName)
	r.str(&u.Avatar)
}

func (r *relocator) options(opts []OptionData) {
	for i := range opts {
		o := &opts[i]
		r.str(&o.Name)
		if o.Value.kind == KindString {
			r.str(&o.Value.str)
		}
		r.options(o.Options)
	}
}
