package interaction_test

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestParseSnowflakeAcceptsOnlyDecimalDigitsThatFitIn64Bits(t *testing.T) {
	tests := []struct {
		in   string
		want interaction.Snowflake
		ok   bool
	}{
		{"175928847299117063", 175928847299117063, true},
		{"0", 0, true},
		{"1", 1, true},
		{"18446744073709551615", 1<<64 - 1, true},
		{"00000000000000000001", 1, true},
		{"18446744073709551616", 0, false},
		{"18446744073709551620", 0, false},
		{"99999999999999999999", 0, false},
		{"184467440737095516150", 0, false},
		{"", 0, false},
		{"-1", 0, false},
		{"+1", 0, false},
		{" 1", 0, false},
		{"1 ", 0, false},
		{"1.0", 0, false},
		{"1e3", 0, false},
		{"0x10", 0, false},
		{"١٢", 0, false}, // Arabic-Indic digits are not decimal digits here
		{`"1"`, 0, false},
	}
	for _, tt := range tests {
		got, err := interaction.ParseSnowflake(tt.in)
		if tt.ok {
			if err != nil || got != tt.want {
				t.Errorf("ParseSnowflake(%q) = %d, %v; want %d, nil", tt.in, got, err, tt.want)
			}
			continue
		}
		if err == nil {
			t.Errorf("ParseSnowflake(%q) = %d, nil; want an error", tt.in, got)
			continue
		}
		if !errors.Is(err, interaction.ErrSnowflake) {
			t.Errorf("ParseSnowflake(%q) error %v does not match ErrSnowflake", tt.in, err)
		}
	}
}

func TestSnowflakeUnmarshalJSONAcceptsStringsNumbersAndNull(t *testing.T) {
	tests := []struct {
		in   string
		want interaction.Snowflake
		ok   bool
	}{
		{`"175928847299117063"`, 175928847299117063, true},
		{`175928847299117063`, 175928847299117063, true},
		{`"18446744073709551615"`, 1<<64 - 1, true},
		{`18446744073709551615`, 1<<64 - 1, true},
		{`"0"`, 0, true},
		{`null`, 0, true},
		{`""`, 0, false},
		{`"-1"`, 0, false},
		{`-1`, 0, false},
		{`"18446744073709551616"`, 0, false},
		{`18446744073709551616`, 0, false},
		{`"+1"`, 0, false},
		{`+1`, 0, false},
		{`" 1"`, 0, false},
		{`"1 "`, 0, false},
		{`1e3`, 0, false},
		{`1.0`, 0, false},
		{`true`, 0, false},
		{`"`, 0, false},
		{``, 0, false},
		{`{}`, 0, false},
	}
	for _, tt := range tests {
		// Start from a non-zero value so that null visibly resets it.
		got := interaction.Snowflake(42)
		err := got.UnmarshalJSON([]byte(tt.in))
		if tt.ok {
			if err != nil || got != tt.want {
				t.Errorf("UnmarshalJSON(%s) = %d, %v; want %d, nil", tt.in, got, err, tt.want)
			}
			continue
		}
		if err == nil || !errors.Is(err, interaction.ErrSnowflake) {
			t.Errorf("UnmarshalJSON(%s) = %d, %v; want an error matching ErrSnowflake", tt.in, got, err)
		}
	}
}

func TestSnowflakeTimeIsTheEpochPlusTheTop42Bits(t *testing.T) {
	tests := []struct {
		id   interaction.Snowflake
		want time.Time
	}{
		{175928847299117063, time.Date(2016, 4, 30, 11, 18, 25, 796_000_000, time.UTC)},
		{0, time.UnixMilli(interaction.Epoch).UTC()},
		{1 << 22, time.UnixMilli(interaction.Epoch + 1).UTC()},
		// The low 22 bits (worker, process, increment) do not move the time.
		{1<<22 - 1, time.UnixMilli(interaction.Epoch).UTC()},
	}
	for _, tt := range tests {
		got := tt.id.Time()
		if !got.Equal(tt.want) || got.Location() != time.UTC {
			t.Errorf("Snowflake(%d).Time() = %v; want %v in UTC", tt.id, got, tt.want)
		}
	}
	if got := time.UnixMilli(interaction.Epoch).UTC(); !got.Equal(time.Date(2015, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("Epoch is %v; want the first instant of 2015", got)
	}
}

func TestSnowflakeFormsAgree(t *testing.T) {
	id := interaction.Snowflake(175928847299117063)
	if got := id.String(); got != "175928847299117063" {
		t.Errorf("String() = %q", got)
	}
	text, err := id.MarshalText()
	if err != nil || string(text) != "175928847299117063" {
		t.Errorf("MarshalText() = %q, %v", text, err)
	}
	appended, err := id.AppendText([]byte("id="))
	if err != nil || string(appended) != "id=175928847299117063" {
		t.Errorf("AppendText() = %q, %v", appended, err)
	}
	enc, err := id.MarshalJSON()
	if err != nil || string(enc) != `"175928847299117063"` {
		t.Errorf("MarshalJSON() = %s, %v", enc, err)
	}
	if id.IsZero() || !interaction.Snowflake(0).IsZero() {
		t.Error("IsZero is true only for the zero snowflake")
	}
	var back interaction.Snowflake
	if err := back.UnmarshalText(text); err != nil || back != id {
		t.Errorf("UnmarshalText(%q) = %d, %v", text, back, err)
	}
	if err := back.UnmarshalText([]byte("x")); !errors.Is(err, interaction.ErrSnowflake) {
		t.Errorf("UnmarshalText(x) = %v; want ErrSnowflake", err)
	}
}

func TestSnowflakeRoundTripsThroughEncodingJSON(t *testing.T) {
	type doc struct {
		ID    interaction.Snowflake            `json:"id"`
		IDs   []interaction.Snowflake          `json:"ids"`
		Names map[interaction.Snowflake]string `json:"names"`
	}
	in := doc{
		ID:    1<<64 - 1,
		IDs:   []interaction.Snowflake{0, 1, 175928847299117063},
		Names: map[interaction.Snowflake]string{175928847299117063: "ada", 1: "one"},
	}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"id":"18446744073709551615","ids":["0","1","175928847299117063"],"names":{"1":"one","175928847299117063":"ada"}}`
	if string(b) != want {
		t.Errorf("Marshal = %s\nwant %s", b, want)
	}
	var out doc
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if out.ID != in.ID || len(out.IDs) != 3 || out.IDs[2] != in.IDs[2] || out.Names[175928847299117063] != "ada" || out.Names[1] != "one" {
		t.Errorf("round trip = %+v; want %+v", out, in)
	}
	if err := json.Unmarshal([]byte(`{"names":{"x":"y"}}`), &out); err == nil {
		t.Error("a map key that is not a snowflake decoded without error")
	}
}

func TestPermissionsUnmarshalJSONAcceptsStringsNumbersAndNull(t *testing.T) {
	tests := []struct {
		in   string
		want interaction.Permissions
		ok   bool
	}{
		{`"2248473465835073"`, 2248473465835073, true},
		{`2248473465835073`, 2248473465835073, true},
		{`"0"`, 0, true},
		{`null`, 0, true},
		{`"18446744073709551615"`, 1<<64 - 1, true},
		{`"18446744073709551616"`, 0, false},
		{`""`, 0, false},
		{`"-8"`, 0, false},
		{`-8`, 0, false},
		{`8.0`, 0, false},
		{`true`, 0, false},
		{`[]`, 0, false},
	}
	for _, tt := range tests {
		got := interaction.Permissions(7)
		err := got.UnmarshalJSON([]byte(tt.in))
		if tt.ok != (err == nil) || tt.ok && got != tt.want {
			t.Errorf("UnmarshalJSON(%s) = %d, %v; want %d, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestPermissionsMarshalAsDecimalStrings(t *testing.T) {
	for _, p := range []interaction.Permissions{0, 8, 2248473465835073, 1<<64 - 1} {
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var back interaction.Permissions
		if err := json.Unmarshal(b, &back); err != nil || back != p {
			t.Errorf("%d: marshal %s, unmarshal %d, %v", p, b, back, err)
		}
		if b[0] != '"' {
			t.Errorf("%d marshals as %s; want a string", p, b)
		}
	}
	got, err := interaction.ParsePermissions("2048")
	if err != nil || got != interaction.PermissionSendMessages {
		t.Errorf(`ParsePermissions("2048") = %d, %v`, got, err)
	}
	for _, bad := range []string{"", "-1", "+1", "1 ", "18446744073709551616", "SEND_MESSAGES"} {
		_, err := interaction.ParsePermissions(bad)
		if err == nil {
			t.Errorf("ParsePermissions(%q) succeeded", bad)
		} else if want := strconv.Quote(bad); !strings.Contains(err.Error(), want) {
			t.Errorf("ParsePermissions(%q) error %q does not quote the text", bad, err)
		}
	}
}

func TestPermissionBitsHaveTheServiceValues(t *testing.T) {
	tests := []struct {
		p    interaction.Permissions
		bit  uint
		name string
	}{
		{interaction.PermissionCreateInstantInvite, 0, "CREATE_INSTANT_INVITE"},
		{interaction.PermissionBanMembers, 2, "BAN_MEMBERS"},
		{interaction.PermissionAdministrator, 3, "ADMINISTRATOR"},
		{interaction.PermissionManageGuild, 5, "MANAGE_GUILD"},
		{interaction.PermissionViewChannel, 10, "VIEW_CHANNEL"},
		{interaction.PermissionSendMessages, 11, "SEND_MESSAGES"},
		{interaction.PermissionManageRoles, 28, "MANAGE_ROLES"},
		{interaction.PermissionUseApplicationCommands, 31, "USE_APPLICATION_COMMANDS"},
		{interaction.PermissionModerateMembers, 40, "MODERATE_MEMBERS"},
		{interaction.PermissionSendVoiceMessages, 46, "SEND_VOICE_MESSAGES"},
		{interaction.PermissionSendPolls, 49, "SEND_POLLS"},
		{interaction.PermissionUseExternalApps, 50, "USE_EXTERNAL_APPS"},
		{interaction.PermissionPinMessages, 51, "PIN_MESSAGES"},
		{interaction.PermissionBypassSlowmode, 52, "BYPASS_SLOWMODE"},
	}
	for _, tt := range tests {
		if tt.p != 1<<tt.bit {
			t.Errorf("%s = %d; want 1<<%d", tt.name, tt.p, tt.bit)
		}
		if got := tt.p.String(); got != tt.name {
			t.Errorf("Permissions(1<<%d).String() = %q; want %q", tt.bit, got, tt.name)
		}
	}
}

func TestPermissionsStringNamesBitsInOrderAndNumbersTheRest(t *testing.T) {
	tests := []struct {
		p    interaction.Permissions
		want string
	}{
		{0, "0"},
		{interaction.PermissionSendMessages | interaction.PermissionViewChannel, "VIEW_CHANNEL|SEND_MESSAGES"},
		{interaction.PermissionAdministrator | 1<<47, "ADMINISTRATOR|140737488355328"},
		{1<<47 | 1<<48, "422212465065984"},
		{1 << 63, "9223372036854775808"},
		{interaction.PermissionKickMembers | interaction.PermissionBypassSlowmode | 1<<60, "KICK_MEMBERS|BYPASS_SLOWMODE|1152921504606846976"},
	}
	for _, tt := range tests {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("Permissions(%d).String() = %q; want %q", uint64(tt.p), got, tt.want)
		}
	}
}

func TestPermissionsHasRequiresEveryBit(t *testing.T) {
	p := interaction.PermissionSendMessages | interaction.PermissionViewChannel
	tests := []struct {
		want interaction.Permissions
		has  bool
	}{
		{0, true},
		{interaction.PermissionSendMessages, true},
		{interaction.PermissionSendMessages | interaction.PermissionViewChannel, true},
		{interaction.PermissionSendMessages | interaction.PermissionBanMembers, false},
		{interaction.PermissionAdministrator, false},
	}
	for _, tt := range tests {
		if got := p.Has(tt.want); got != tt.has {
			t.Errorf("%v.Has(%v) = %v; want %v", p, tt.want, got, tt.has)
		}
	}
}
