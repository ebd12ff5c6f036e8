package interaction_test

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/interaction"
)

func richMessage() interaction.MessageData {
	return interaction.MessageData{
		TTS:     true,
		Content: "see <this> & that",
		Embeds: []interaction.Embed{{
			Title:       "Ban",
			Description: "spammer9000 was banned",
			URL:         "https://x.example/case/1",
			Timestamp:   time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC),
			Color:       0x5865F2,
			Footer:      &interaction.EmbedFooter{Text: "case 1", IconURL: "https://x.example/i.png"},
			Image:       &interaction.EmbedMedia{URL: "https://x.example/a.png", Width: 10, Height: 20},
			Author:      &interaction.EmbedAuthor{Name: "ada"},
			Fields: []interaction.EmbedField{
				{Name: "reason", Value: "spam", Inline: true},
				{Name: "days", Value: "7"},
			},
		}},
		AllowedMentions: &interaction.AllowedMentions{
			Parse:       []string{"users"},
			Roles:       []interaction.Snowflake{roleID},
			Users:       []interaction.Snowflake{targetID, invokerID},
			RepliedUser: true,
		},
		Flags:       interaction.FlagSuppressNotifications,
		Components:  interaction.Components{interaction.RawComponent(`{"type":1,"components":[{"type":2,"style":1,"label":"Undo","custom_id":"undo"}]}`)},
		Attachments: []interaction.AttachmentRef{{ID: 0, Filename: "evidence.png", Description: new("a screenshot")}, {ID: attachmentID}},
	}
}

func TestResponsesEncodeExactly(t *testing.T) {
	tests := []struct {
		name string
		r    interaction.Response
		want string
	}{
		{"Pong", interaction.Pong(), `{"type":1}`},
		{"Reply", interaction.Reply("pong"), `{"type":4,"data":{"content":"pong"}}`},
		{"an empty Reply", interaction.Reply(""), `{"type":4,"data":{}}`},
		{"an ephemeral Reply", interaction.Reply("only you").Ephemeral(), `{"type":4,"data":{"content":"only you","flags":64}}`},
		{"a Reply with flags", interaction.Reply("x").WithFlags(interaction.FlagSuppressEmbeds).Ephemeral(), `{"type":4,"data":{"content":"x","flags":68}}`},
		{"Defer", interaction.Defer(), `{"type":5}`},
		{"an ephemeral Defer", interaction.Defer().Ephemeral(), `{"type":5,"data":{"flags":64}}`},
		{"a deferred update", interaction.Response{Type: interaction.CallbackDeferredUpdateMessage}, `{"type":6}`},
		{"an update", interaction.Response{Type: interaction.CallbackUpdateMessage, Message: interaction.MessageData{Content: "edited"}}, `{"type":7,"data":{"content":"edited"}}`},
		{"no suggestions", interaction.AutocompleteResult(), `{"type":8,"data":{"choices":[]}}`},
		{
			"suggestions of each value type",
			interaction.AutocompleteResult(
				interaction.StringChoice("Apple", "apple"),
				interaction.IntChoice("Seven", 7),
				interaction.IntChoice("Big", 9007199254740993),
				interaction.FloatChoice("Half", 0.5),
				interaction.FloatChoice("Three", 3),
				interaction.Choice{
					Name:              "Colour",
					NameLocalizations: map[interaction.Locale]string{interaction.LocaleFrench: "Couleur", interaction.LocaleEnglishUS: "Color", interaction.LocaleGerman: "Farbe"},
					Value:             interaction.StringValue("colour"),
				},
			),
			`{"type":8,"data":{"choices":[{"name":"Apple","value":"apple"},{"name":"Seven","value":7},{"name":"Big","value":9007199254740993},` +
				`{"name":"Half","value":0.5},{"name":"Three","value":3},` +
				`{"name":"Colour","name_localizations":{"de":"Farbe","en-US":"Color","fr":"Couleur"},"value":"colour"}]}}`,
		},
		{
			"a modal",
			interaction.ShowModal(interaction.Modal{
				CustomID:   "report",
				Title:      "Report",
				Components: interaction.Components{interaction.RawComponent(`{"type":1,"components":[{"type":4,"custom_id":"reason","label":"Reason","style":2}]}`)},
			}),
			`{"type":9,"data":{"custom_id":"report","title":"Report","components":[{"type":1,"components":[{"type":4,"custom_id":"reason","label":"Reason","style":2}]}]}}`,
		},
		{"a modal without rows", interaction.ShowModal(interaction.Modal{CustomID: "x", Title: "y"}), `{"type":9,"data":{"custom_id":"x","title":"y","components":[]}}`},
		{"a modal response without a modal", interaction.Response{Type: interaction.CallbackModal}, `{"type":9}`},
		{"LaunchActivity", interaction.LaunchActivity(), `{"type":12}`},
		{"PREMIUM_REQUIRED", interaction.Response{Type: interaction.CallbackPremiumRequired}, `{"type":10}`},
		{
			"a message that pings nobody",
			interaction.ReplyMessage(interaction.MessageData{Content: "@everyone hi", AllowedMentions: interaction.NoMentions()}),
			`{"type":4,"data":{"content":"@everyone hi","allowed_mentions":{"parse":[]}}}`,
		},
		{
			"a message with every part",
			interaction.ReplyMessage(richMessage()),
			`{"type":4,"data":{"tts":true,"content":"see \u003cthis\u003e \u0026 that","flags":4096,` +
				`"allowed_mentions":{"parse":["users"],"roles":["1191208000000000008"],"users":["1191207000000000007","1191213000000000013"],"replied_user":true},` +
				`"embeds":[{"title":"Ban","description":"spammer9000 was banned","url":"https://x.example/case/1","timestamp":"2024-01-02T03:04:05Z","color":5793266,` +
				`"footer":{"text":"case 1","icon_url":"https://x.example/i.png"},"image":{"url":"https://x.example/a.png","height":20,"width":10},"author":{"name":"ada"},` +
				`"fields":[{"name":"reason","value":"spam","inline":true},{"name":"days","value":"7"}]}],` +
				`"components":[{"type":1,"components":[{"type":2,"style":1,"label":"Undo","custom_id":"undo"}]}],` +
				`"attachments":[{"id":"0","filename":"evidence.png","description":"a screenshot"},{"id":"1191214000000000014"}]}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := tt.r.AppendJSON([]byte("prefix"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(b), "prefix") {
				t.Fatalf("AppendJSON dropped what b held: %s", b)
			}
			got := b[len("prefix"):]
			if string(got) != tt.want {
				t.Errorf("AppendJSON =\n%s\nwant\n%s", got, tt.want)
			}
			if !json.Valid(got) {
				t.Errorf("AppendJSON wrote invalid JSON: %s", got)
			}
			m, err := tt.r.MarshalJSON()
			if err != nil || string(m) != string(got) {
				t.Errorf("MarshalJSON = %s, %v; want what AppendJSON wrote", m, err)
			}
		})
	}
}

func TestResponsesDecodeBackToTheSameValues(t *testing.T) {
	rich := richMessage()
	rich.Content = "plain text, escaped: \" \\ \n é 😀 <b>"
	for _, r := range []interaction.Response{
		interaction.Pong(),
		interaction.Reply("pong"),
		interaction.Reply("only you").Ephemeral(),
		interaction.Defer(),
		interaction.Defer().Ephemeral(),
		interaction.AutocompleteResult(
			interaction.StringChoice("Apple", "apple"),
			interaction.IntChoice("Seven", -7),
			interaction.FloatChoice("Half", 0.5),
			interaction.Choice{Name: "Colour", NameLocalizations: map[interaction.Locale]string{interaction.LocaleEnglishUS: "Color"}, Value: interaction.StringValue("colour")},
		),
		interaction.ShowModal(interaction.Modal{CustomID: "report", Title: "Report", Components: interaction.Components{interaction.RawComponent(`{"type":1,"components":[]}`)}}),
		interaction.LaunchActivity(),
		interaction.ReplyMessage(interaction.MessageData{Content: "x", AllowedMentions: interaction.NoMentions()}),
		interaction.ReplyMessage(rich),
		{Type: interaction.CallbackUpdateMessage, Message: interaction.MessageData{Content: "edited", Flags: interaction.FlagIsComponentsV2}},
	} {
		b, err := r.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back interaction.Response
		if err := back.UnmarshalJSON(b); err != nil {
			t.Errorf("UnmarshalJSON(%s): %v", b, err)
			continue
		}
		if !reflect.DeepEqual(normalizeResponse(back), normalizeResponse(r)) {
			t.Errorf("round trip through %s\n= %+v\nwant %+v", b, back, r)
		}
		// encoding/json reaches the same methods.
		var viaStd interaction.Response
		if err := json.Unmarshal(b, &viaStd); err != nil || !reflect.DeepEqual(normalizeResponse(viaStd), normalizeResponse(r)) {
			t.Errorf("encoding/json round trip through %s = %+v, %v", b, viaStd, err)
		}
	}
}

// normalizeResponse makes empty and nil slices alike and times UTC.
func normalizeResponse(r interaction.Response) interaction.Response {
	if len(r.Choices) == 0 {
		r.Choices = nil
	}
	m := &r.Message
	if len(m.Embeds) == 0 {
		m.Embeds = nil
	}
	embeds := make([]interaction.Embed, len(m.Embeds))
	copy(embeds, m.Embeds)
	for i := range embeds {
		embeds[i].Timestamp = utc(embeds[i].Timestamp)
	}
	if m.Embeds != nil {
		m.Embeds = embeds
	}
	if len(m.Components) == 0 {
		m.Components = nil
	}
	if len(m.Attachments) == 0 {
		m.Attachments = nil
	}
	if r.Modal != nil && len(r.Modal.Components) == 0 {
		modal := *r.Modal
		modal.Components = nil
		r.Modal = &modal
	}
	return r
}

func TestResponseUnmarshalJSONRefusesWhatIsNotAResponse(t *testing.T) {
	for _, bad := range []string{
		``,
		`[]`,
		`{"type":"4"}`,
		`{"type":4,"data":{"content":5}}`,
		`{"type":8,"data":{"choices":[{"name":"a","value":{}}]}}`,
		`{"type":8,"data":{"choices":{}}}`,
		`{"type":9,"data":{"title":[]}}`,
		`{"type":4}x`,
	} {
		var r interaction.Response
		if err := r.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("UnmarshalJSON(%s) = %+v, nil; want an error", bad, r)
		}
	}
	var r interaction.Response
	if err := r.UnmarshalJSON([]byte(`{"type":4,"data":null}`)); err != nil || r.Type != interaction.CallbackChannelMessageWithSource {
		t.Errorf("UnmarshalJSON with null data = %+v, %v", r, err)
	}
}

// TestReplyContentIsEscapedAsEncodingJSONDoes holds the hand-written message
// encoder to encoding/json's output for the characters that need care.
func TestReplyContentIsEscapedAsEncodingJSONDoes(t *testing.T) {
	for _, content := range []string{
		"<script>alert(1)</script> & more",
		"line\u2028separator\u2029paragraph",
		"invalid \xff UTF-8 \xc3",
		"a truncated rune \xe2\x82",
		"\x00\x01\x1f\x7f",
		"\b\f\n\r\t",
		`"quoted" \backslash\ /slash/`,
		"é 😀 日本語",
		"\ufffd already",
	} {
		got, err := interaction.Reply(content).AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		type data struct {
			Content string `json:"content"`
		}
		want, err := json.Marshal(struct {
			Type int  `json:"type"`
			Data data `json:"data"`
		}{4, data{content}})
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("Reply(%q) =\n%s\nencoding/json writes\n%s", content, got, want)
		}
	}
}

func TestChoicesWithoutAJSONFormFailToEncode(t *testing.T) {
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		r := interaction.AutocompleteResult(interaction.StringChoice("ok", "ok"), interaction.FloatChoice("bad", f))
		if b, err := r.AppendJSON(nil); err == nil {
			t.Errorf("AutocompleteResult with %v = %s, nil; want an error", f, b)
		}
		c := interaction.FloatChoice("bad", f)
		if _, err := c.AppendJSON(nil); err == nil {
			t.Errorf("FloatChoice(%v).AppendJSON succeeded", f)
		}
	}
}

// TestResponsesAreValidJSONOrAnError covers what the hand-written encoder
// passes to the general one: whatever the message holds, the output is JSON
// or there is an error, never a broken body.
func TestResponsesAreValidJSONOrAnError(t *testing.T) {
	for _, m := range []interaction.MessageData{
		{Embeds: []interaction.Embed{{Title: "invalid \xff UTF-8"}}},
		{Embeds: []interaction.Embed{{Fields: []interaction.EmbedField{{Name: "<&>", Value: "\u2028"}}}}},
		{Components: interaction.Components{interaction.RawComponent(`{"type":`)}},
		{Components: interaction.Components{interaction.RawComponent(nil)}},
		{Attachments: []interaction.AttachmentRef{{Filename: "\x00"}}},
		{AllowedMentions: &interaction.AllowedMentions{Parse: []string{"\xff"}}},
	} {
		b, err := interaction.ReplyMessage(m).AppendJSON(nil)
		if err == nil && !json.Valid(b) {
			t.Errorf("ReplyMessage(%+v) = %s: invalid JSON without an error", m, b)
		}
	}
}

func TestCallbackTypesListsEveryTypeInOrder(t *testing.T) {
	got := fmt.Sprint(interaction.CallbackTypes())
	want := "[PONG CHANNEL_MESSAGE_WITH_SOURCE DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE DEFERRED_UPDATE_MESSAGE UPDATE_MESSAGE APPLICATION_COMMAND_AUTOCOMPLETE_RESULT MODAL PREMIUM_REQUIRED LAUNCH_ACTIVITY]"
	if got != want {
		t.Errorf("CallbackTypes() = %s\nwant %s", got, want)
	}
}
