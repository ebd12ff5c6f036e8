package autocomplete_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/switchboard-go/switchboard/autocomplete"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
)

// decodeAutocomplete decodes an APPLICATION_COMMAND_AUTOCOMPLETE interaction
// for the command name with the options JSON. locale is left out when "".
func decodeAutocomplete(t testing.TB, name, locale, options string) *interaction.Interaction {
	t.Helper()
	body := `{"id":"1311209000000000009","application_id":"1191201000000000001","type":4,"token":"t","version":1,` +
		`"guild_id":"1191202000000000002","channel_id":"1191203000000000003",`
	if locale != "" {
		body += `"locale":"` + locale + `",`
	}
	body += `"data":{"id":"1191206000000000006","name":"` + name + `","type":1,"version":"1191215000000000015","options":` + options + `}}`
	ix := new(interaction.Interaction)
	if err := interaction.Decode([]byte(body), ix); err != nil {
		t.Fatalf("Decode: %v", err)
	}
	return ix
}

func TestNewRequestFindsTheFocusedOption(t *testing.T) {
	tests := []struct {
		name                       string
		options                    string
		locale                     interaction.Locale
		command, group, subcommand string
		focused                    autocomplete.Focused
		text                       string
		others                     []string // the names of the options, focused included
	}{
		{
			name:    "at the top level",
			options: `[{"name":"query","type":3,"value":"ba","focused":true},{"name":"limit","type":4,"value":5}]`,
			locale:  interaction.LocaleFrench,
			command: "search",
			focused: autocomplete.Focused{Name: "query", Type: interaction.OptionString, Value: interaction.StringValue("ba")},
			text:    "ba",
			others:  []string{"query", "limit"},
		},
		{
			name: "in a subcommand",
			options: `[{"name":"ban","type":1,"options":[` +
				`{"name":"user","type":6,"value":"1191207000000000007"},` +
				`{"name":"reason","type":3,"value":"sp","focused":true}]}]`,
			locale:     interaction.LocaleEnglishGB,
			command:    "mod",
			subcommand: "ban",
			focused:    autocomplete.Focused{Name: "reason", Type: interaction.OptionString, Value: interaction.StringValue("sp")},
			text:       "sp",
			others:     []string{"user", "reason"},
		},
		{
			name: "in a subcommand of a group",
			options: `[{"name":"user","type":2,"options":[{"name":"ban","type":1,"options":[` +
				`{"name":"days","type":4,"value":7,"focused":true},` +
				`{"name":"reason","type":3,"value":"spam"}]}]}]`,
			locale:     interaction.LocaleJapanese,
			command:    "mod",
			group:      "user",
			subcommand: "ban",
			focused:    autocomplete.Focused{Name: "days", Type: interaction.OptionInteger, Value: interaction.IntValue(7)},
			text:       "7",
			others:     []string{"days", "reason"},
		},
		{
			// The client checks numbers only loosely while the user types.
			name:    "a NUMBER option holding a partial number",
			options: `[{"name":"amount","type":10,"value":"12.","focused":true}]`,
			locale:  interaction.LocaleGerman,
			command: "pay",
			focused: autocomplete.Focused{Name: "amount", Type: interaction.OptionNumber, Value: interaction.StringValue("12.")},
			text:    "12.",
			others:  []string{"amount"},
		},
		{
			name:    "an INTEGER option holding only a sign",
			options: `[{"name":"delta","type":4,"value":"-","focused":true}]`,
			command: "adjust",
			focused: autocomplete.Focused{Name: "delta", Type: interaction.OptionInteger, Value: interaction.StringValue("-")},
			text:    "-",
			others:  []string{"delta"},
		},
		{
			name:    "a NUMBER option holding a number",
			options: `[{"name":"amount","type":10,"value":2.5,"focused":true}]`,
			command: "pay",
			focused: autocomplete.Focused{Name: "amount", Type: interaction.OptionNumber, Value: interaction.FloatValue(2.5)},
			text:    "2.5",
			others:  []string{"amount"},
		},
		{
			// Options the command requires may be missing, and the focused
			// option need not be the first.
			name:    "an empty value after the options filled in",
			options: `[{"name":"from","type":3,"value":"Paris"},{"name":"to","type":3,"value":"","focused":true}]`,
			command: "route",
			focused: autocomplete.Focused{Name: "to", Type: interaction.OptionString, Value: interaction.StringValue("")},
			text:    "",
			others:  []string{"from", "to"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ix := decodeAutocomplete(t, tt.command, string(tt.locale), tt.options)
			req, ok := autocomplete.NewRequest(ix)
			if !ok {
				t.Fatal("NewRequest ok = false, want the focused option")
			}
			if req.Interaction != ix {
				t.Errorf("Interaction is not the interaction given")
			}
			if req.Command != tt.command || req.SubcommandGroup != tt.group || req.Subcommand != tt.subcommand {
				t.Errorf("path = %q %q %q, want %q %q %q", req.Command, req.SubcommandGroup, req.Subcommand, tt.command, tt.group, tt.subcommand)
			}
			if req.Locale != tt.locale {
				t.Errorf("Locale = %q, want %q", req.Locale, tt.locale)
			}
			if req.Focused != tt.focused {
				t.Errorf("Focused = %+v, want %+v", req.Focused, tt.focused)
			}
			if req.Focused.Value.Kind() != tt.focused.Value.Kind() {
				t.Errorf("Focused.Value.Kind() = %v, want %v", req.Focused.Value.Kind(), tt.focused.Value.Kind())
			}
			if got := req.Focused.Text(); got != tt.text {
				t.Errorf("Focused.Text() = %q, want %q", got, tt.text)
			}
			var names []string
			for _, o := range req.Options.All() {
				names = append(names, o.Name)
			}
			if !reflect.DeepEqual(names, tt.others) {
				t.Errorf("Options = %q, want %q", names, tt.others)
			}
			if !req.Options.Has(tt.focused.Name) || req.Options.Get(tt.focused.Name).Raw() != tt.focused.Value {
				t.Errorf("Options do not hold the focused option as sent")
			}
		})
	}
}

func TestNewRequestReadsTheOtherOptions(t *testing.T) {
	ix := decodeAutocomplete(t, "mod", "en-US", `[{"name":"user","type":2,"options":[{"name":"ban","type":1,"options":[`+
		`{"name":"user","type":6,"value":"1191207000000000007"},`+
		`{"name":"days","type":4,"value":3},`+
		`{"name":"amount","type":10,"value":"12.","focused":true}]}]}]`)
	req, ok := autocomplete.NewRequest(ix)
	if !ok {
		t.Fatal("NewRequest ok = false")
	}
	if d, ok := req.Options.Int("days"); !ok || d != 3 {
		t.Errorf("Options.Int(days) = %d, %v; want 3", d, ok)
	}
	if id, ok := req.Options.ID("user"); !ok || id != 1191207000000000007 {
		t.Errorf("Options.ID(user) = %v, %v", id, ok)
	}
	if req.Options.Has("reason") {
		t.Errorf("Options.Has(reason) = true for an option not sent")
	}
	// The partial value is not yet a NUMBER: reading it as one says so
	// rather than guessing.
	if _, err := req.Options.Get("amount").Float(); !errors.Is(err, option.ErrType) {
		t.Errorf("Options.Get(amount).Float() error = %v, want ErrType", err)
	}
}

func TestNewRequestWithNothingFocused(t *testing.T) {
	tests := []struct{ name, options string }{
		{"no options", `[]`},
		{"options without focus", `[{"name":"query","type":3,"value":"x"}]`},
		{"a subcommand without focus", `[{"name":"find","type":1,"options":[{"name":"query","type":3,"value":"x"}]}]`},
		{"an empty subcommand", `[{"name":"find","type":1}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, ok := autocomplete.NewRequest(decodeAutocomplete(t, "search", "fr", tt.options))
			if ok {
				t.Fatalf("NewRequest ok = true with focused %+v", req.Focused)
			}
			if req.Focused != (autocomplete.Focused{}) {
				t.Errorf("Focused = %+v, want the zero value", req.Focused)
			}
			if req.Command != "search" || req.Locale != interaction.LocaleFrench {
				t.Errorf("Command, Locale = %q, %q; want them filled in even so", req.Command, req.Locale)
			}
		})
	}
	if _, ok := autocomplete.NewRequest(&interaction.Interaction{}); ok {
		t.Errorf("NewRequest of an empty interaction ok = true")
	}
}

func TestTextOfEveryKindOfValue(t *testing.T) {
	tests := []struct {
		value interaction.Value
		want  string
	}{
		{interaction.Value{}, ""},
		{interaction.StringValue("12."), "12."},
		{interaction.IntValue(-40), "-40"},
		{interaction.FloatValue(0.5), "0.5"},
		{interaction.BoolValue(true), "true"},
	}
	for _, tt := range tests {
		if got := (autocomplete.Focused{Value: tt.value}).Text(); got != tt.want {
			t.Errorf("Text() = %q, want %q", got, tt.want)
		}
	}
}

func TestHandlerFuncCallsTheFunction(t *testing.T) {
	type key struct{}
	ctx := context.WithValue(context.Background(), key{}, "v")
	want := []interaction.Choice{interaction.StringChoice("a", "a")}
	wantErr := errors.New("boom")
	req := &autocomplete.Request{Command: "c"}
	var h autocomplete.Handler = autocomplete.HandlerFunc(func(gotCtx context.Context, gotReq *autocomplete.Request) ([]interaction.Choice, error) {
		if gotCtx.Value(key{}) != "v" || gotReq != req {
			t.Errorf("HandlerFunc got another context or request")
		}
		return want, wantErr
	})
	got, err := h.Complete(ctx, req)
	if !reflect.DeepEqual(got, want) || err != wantErr {
		t.Errorf("Complete = %v, %v; want %v, %v", got, err, want, wantErr)
	}
}
