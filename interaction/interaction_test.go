package interaction_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestInteractionContextJSONRoundTrips(t *testing.T) {
	tests := []struct {
		c    interaction.InteractionContext
		json string
	}{
		{interaction.InteractionContext{}, "null"},
		{interaction.InteractionContext{Type: interaction.ContextGuild, Valid: true}, "0"},
		{interaction.InteractionContext{Type: interaction.ContextBotDM, Valid: true}, "1"},
		{interaction.InteractionContext{Type: interaction.ContextPrivateChannel, Valid: true}, "2"},
		// Contexts the service may add later keep their number.
		{interaction.InteractionContext{Type: 12, Valid: true}, "12"},
		{interaction.InteractionContext{Type: 255, Valid: true}, "255"},
	}
	for _, tt := range tests {
		b, err := tt.c.MarshalJSON()
		if err != nil || string(b) != tt.json {
			t.Errorf("%+v.MarshalJSON() = %s, %v; want %s", tt.c, b, err, tt.json)
		}
		back := interaction.InteractionContext{Type: 9, Valid: true}
		if err := back.UnmarshalJSON([]byte(tt.json)); err != nil || back != tt.c {
			t.Errorf("UnmarshalJSON(%s) = %+v, %v; want %+v", tt.json, back, err, tt.c)
		}
		if tt.c.IsZero() != !tt.c.Valid {
			t.Errorf("%+v.IsZero() = %v", tt.c, tt.c.IsZero())
		}
	}
	for _, bad := range []string{`256`, `-1`, `"0"`, `1.0`, `true`, ``} {
		var c interaction.InteractionContext
		if err := c.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("UnmarshalJSON(%q) = %+v, nil; want an error", bad, c)
		}
	}
}

func TestIntegrationOwnersHoldOneOwnerPerInstallationContext(t *testing.T) {
	var o interaction.IntegrationOwners
	if !o.IsZero() {
		t.Error("the zero IntegrationOwners is not zero")
	}
	if _, ok := o.Get(interaction.GuildInstall); ok {
		t.Error("Get of an unset context reports an owner")
	}
	o.Set(interaction.IntegrationType(7), 5)
	if !o.IsZero() {
		t.Error("Set of an unknown context recorded an owner")
	}
	// The guild owner is 0 when the command is used in the bot's DM: a
	// zero id is an owner, not an absent one.
	o.Set(interaction.GuildInstall, 0)
	if id, ok := o.Get(interaction.GuildInstall); !ok || id != 0 || o.IsZero() {
		t.Errorf("Get(GUILD_INSTALL) = %d, %v after Set(0)", id, ok)
	}
	o.Set(interaction.UserInstall, invokerID)
	if id, ok := o.Get(interaction.UserInstall); !ok || id != invokerID {
		t.Errorf("Get(USER_INSTALL) = %d, %v", id, ok)
	}
	if _, ok := o.Get(interaction.IntegrationType(2)); ok {
		t.Error("Get of an unknown context reports an owner")
	}
}

func TestIntegrationOwnersJSON(t *testing.T) {
	tests := []struct {
		in          string
		guild, user *interaction.Snowflake
		out         string
	}{
		{`{"0":"1191202000000000002"}`, id(guildID), nil, `{"0":"1191202000000000002"}`},
		{`{"1":"1191213000000000013"}`, nil, id(invokerID), `{"1":"1191213000000000013"}`},
		{`{"0":"0","1":"1191213000000000013"}`, id(0), id(invokerID), `{"0":"0","1":"1191213000000000013"}`},
		{`{ "1" : 1191213000000000013 , "0" : null }`, id(0), id(invokerID), `{"0":"0","1":"1191213000000000013"}`},
		{`{"2":"5","0":"7","future":{"a":[1]}}`, id(7), nil, `{"0":"7"}`},
		{`{}`, nil, nil, `{}`},
		{`null`, nil, nil, `{}`},
	}
	for _, tt := range tests {
		var o interaction.IntegrationOwners
		o.Set(interaction.UserInstall, 99) // UnmarshalJSON starts afresh
		if err := o.UnmarshalJSON([]byte(tt.in)); err != nil {
			t.Errorf("UnmarshalJSON(%s): %v", tt.in, err)
			continue
		}
		if o != owners(tt.guild, tt.user) {
			t.Errorf("UnmarshalJSON(%s) = %+v", tt.in, o)
		}
		b, err := o.MarshalJSON()
		if err != nil || string(b) != tt.out {
			t.Errorf("MarshalJSON after %s = %s, %v; want %s", tt.in, b, err, tt.out)
		}
	}
	for _, bad := range []string{`[]`, `"0"`, `{"0":"x"}`, `{"1":-1}`, `{"0":"1"`, `{"0" "1"}`} {
		var o interaction.IntegrationOwners
		if err := o.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("UnmarshalJSON(%s) = %+v, nil; want an error", bad, o)
		}
	}
}

func TestDecodeReadsEscapedKeysByTheirText(t *testing.T) {
	body := `{"\u0069d":"7","typ\u0065":2,"token":"t","d\u0061ta":{"n\u0061me":"ping","options":[{"n\u0061me":"a","\u0074ype":3,"value":"x"}]},` +
		`"member":{"joined\u005fat":"2024-01-02T03:04:05Z"}}`
	ix, err := decodeBody([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	m, ok := ix.Member.Get()
	if ix.ID != 7 || ix.Type != interaction.TypeApplicationCommand || ix.Data.Name != "ping" ||
		len(ix.Data.Options) != 1 || ix.Data.Options[0].Name != "a" || ix.Data.Options[0].Type != interaction.OptionString ||
		!ok || m.JoinedAt.IsZero() {
		t.Errorf("Decode with escaped keys = %+v", ix)
	}
	// A key that only looks like a field name once its escape is
	// misread is not that field.
	ix, err = decodeBody([]byte(`{"id":"7","type":1,"\u0074oken2":"x","tok\\en":"y"}`))
	if err != nil || ix.Token != "" {
		t.Errorf("Decode = %+v, %v; want no token", ix, err)
	}
}

func TestDecodeReadsEscapedTimestampsByTheirText(t *testing.T) {
	ix, err := decodeBody([]byte(`{"id":"1","type":1,"member":{"joined_at":"2024-01-02T03:04:05\u002e5\u005a"}}`))
	if err != nil {
		t.Fatal(err)
	}
	m, err := ix.Member.Decode()
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2024, 1, 2, 3, 4, 5, 500_000_000, time.UTC); !m.JoinedAt.Equal(want) {
		t.Errorf("joined_at = %v; want %v", m.JoinedAt, want)
	}
}

// TestDecodeRefusesDuplicateNames pins the choice for duplicate names: JSON
// leaves them undefined, and decoders read them differently (encoding/json
// takes the last scalar but merges objects), so an interaction that has
// them is refused, wherever they are.
func TestDecodeRefusesDuplicateNames(t *testing.T) {
	for _, body := range []string{
		`{"id":"1","id":"2","type":1}`,
		`{"id":"1","type":1,"user":{"username":"first","bot":true},"user":{"username":"second"}}`,
		`{"id":"1","type":2,"data":{"name":"first","options":[{"name":"a"}]},"data":{"name":"second"}}`,
		`{"id":"1","type":1,"member":{"nick":"x"},"member":null}`,
		`{"id":"1","type":1,"channel":{"id":"3","id":"4"}}`,
		`{"id":"1","type":1,"unknown":{"a":1,"a":2}}`,
	} {
		_, err := decodeBody([]byte(body))
		if !errors.Is(err, interaction.ErrMalformed) || !strings.Contains(err.Error(), "duplicate member name") {
			t.Errorf("Decode(%s) = %v; want a duplicate name refused", body, err)
		}
	}
	// The same name in different objects is no duplicate.
	if _, err := decodeBody([]byte(`{"id":"1","type":1,"user":{"id":"2"},"member":{"user":{"id":"2"}}}`)); err != nil {
		t.Errorf("Decode: %v", err)
	}
}

func TestDecodeErrorsNameEachFieldOnce(t *testing.T) {
	for _, body := range []string{
		`{"id":"1","type":2,"data":{"name":"x",]}`,
		`{"id":"1","type":1,"member":{"nick":"x" "roles":[]}}`,
		`{"id":"1","type":1,"channel":{"x":nul}}`,
	} {
		_, err := decodeBody([]byte(body))
		if err == nil {
			t.Errorf("Decode(%s) succeeded", body)
			continue
		}
		for _, twice := range []string{"data.data", "member.member", "channel.channel"} {
			if strings.Contains(err.Error(), twice) {
				t.Errorf("Decode(%s) = %v: a field named twice", body, err)
			}
		}
	}
}

func TestInteractionEncodesWithEncodingJSON(t *testing.T) {
	// The struct tags let emulators and logs encode an interaction; the
	// result must be JSON that Decode reads back to the same interaction.
	for _, tt := range decodeCases(t) {
		ix, err := decodeBody([]byte(tt.body))
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(ix)
		if err != nil {
			t.Errorf("%s: Marshal: %v", tt.name, err)
			continue
		}
		back, err := decodeBody(b)
		if err != nil {
			t.Errorf("%s: Decode of %s: %v", tt.name, b, err)
			continue
		}
		got, _ := view(back)
		want, _ := view(ix)
		if compact(normalize(&got)) != compact(normalize(&want)) {
			t.Errorf("%s: resolved data changed in the round trip", tt.name)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: round trip\n%s\nwant\n%s", tt.name, dump(&got), dump(&want))
		}
	}
}
