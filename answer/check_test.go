package answer_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/review"
	"github.com/switchboard-go/switchboard/rules"
)

// want is a violation a test expects: where, for a person and in the
// body, and which rule.
type want struct{ place, pointer, code string }

func expect(t *testing.T, got rules.Violations, wants []want) {
	t.Helper()
	for _, v := range got {
		if v.Place == "" || v.Message == "" || v.Code == "" {
			t.Errorf("incomplete violation %+v", v)
		}
	}
	ok := len(got) == len(wants)
	for i := 0; ok && i < len(got); i++ {
		ok = got[i].Place == wants[i].place && got[i].Pointer == wants[i].pointer && got[i].Code == wants[i].code
	}
	if !ok {
		var b strings.Builder
		for _, v := range got {
			b.WriteString("\n  " + v.Place + " " + v.Pointer + " " + v.Code + " (" + v.Message + ")")
		}
		t.Errorf("got %d violations:%s\nwant %v", len(got), b.String(), wants)
	}
}

// chars returns n characters of two bytes each, so that a check that
// counted bytes would fail.
func chars(n int) string { return strings.Repeat("é", n) }

func fields(n int) []interaction.EmbedField {
	fs := make([]interaction.EmbedField, n)
	for i := range fs {
		fs[i] = interaction.EmbedField{Name: "n", Value: "v"}
	}
	return fs
}

func embeds(n int) []interaction.Embed {
	es := make([]interaction.Embed, n)
	for i := range es {
		es[i] = interaction.Embed{Title: "t"}
	}
	return es
}

func withEmbeds(es ...interaction.Embed) interaction.Response {
	return interaction.ReplyMessage(interaction.MessageData{Embeds: es})
}

func choices(n int) []interaction.Choice {
	cs := make([]interaction.Choice, n)
	for i := range cs {
		cs[i] = interaction.StringChoice("c", "v")
	}
	return cs
}

func rows(n int) interaction.Components {
	rs := make(interaction.Components, n)
	for i := range rs {
		rs[i] = component.Row(component.PrimaryButton("b"+strconv.Itoa(i), "B"))
	}
	return rs
}

func files(n int, size int) []interaction.File {
	fs := make([]interaction.File, n)
	for i := range fs {
		fs[i] = interaction.File{Name: "f.txt", Content: bytes.NewReader(make([]byte, size))}
	}
	return fs
}

func modal(customID, title string, n int) interaction.Response {
	cs := make([]interaction.Component, n)
	for i := range cs {
		cs[i] = component.Labeled("L", component.ShortInput("i"+strconv.Itoa(i)))
	}
	return interaction.ShowModal(component.Modal(customID, title, cs...))
}

var (
	command      = interactiontest.Command("cmd").Interaction()
	button       = interactiontest.Button("b").Interaction()
	submitted    = interactiontest.ModalSubmit("m").Interaction()
	ping         = interactiontest.Ping().Interaction()
	completeText = interactiontest.Autocomplete("cmd").Focus("q", interaction.OptionString, interaction.StringValue("x")).Interaction()
	completeInt  = interactiontest.Autocomplete("cmd").Focus("q", interaction.OptionInteger, interaction.StringValue("1")).Interaction()
	completeNum  = interactiontest.Autocomplete("cmd").Focus("q", interaction.OptionNumber, interaction.StringValue("1")).Interaction()
	// completeAny is an autocomplete whose focused option is not known.
	completeAny = interactiontest.Autocomplete("cmd").Interaction()
)

func TestCheckFindsEveryRuleAnAnswerBreaks(t *testing.T) {
	small := interactiontest.Command("cmd").Modify(func(ix *interaction.Interaction) { ix.AttachmentSizeLimit = 100 }).Interaction()
	legacy := func(m interaction.MessageData) interaction.Response {
		m.Flags |= interaction.FlagIsComponentsV2
		return interaction.ReplyMessage(m)
	}
	tests := []struct {
		name string
		ix   *interaction.Interaction
		r    interaction.Response
		want []want
	}{
		// The answer's type.
		{"a command may be answered with a message", command, interaction.Reply("hi"), nil},
		{"a PING is answered with PONG", ping, interaction.Pong(), nil},
		{"a command may not be answered with an update", command, interaction.Update("x"),
			[]want{{"answer › type", "/type", rules.BaseTypeChoices}}},
		{"the zero Response answers nothing", command, interaction.Response{},
			[]want{{"answer › type", "/type", rules.BaseTypeChoices}}},
		{"a modal may not answer a modal", submitted, modal("m", "T", 1),
			[]want{{"answer › type", "/type", rules.BaseTypeChoices}}},
		{"an answer to nothing known is checked for its body alone", nil, interaction.Update(chars(2001)),
			[]want{{"answer › content", "/data/content", rules.BaseTypeMaxLength}}},

		// Content.
		{"content may have 2000 characters", command, interaction.Reply(chars(2000)), nil},
		{"content may not have 2001 characters", command, interaction.Reply(chars(2001)),
			[]want{{"answer › content", "/data/content", rules.BaseTypeMaxLength}}},
		{"an update's content has the same limit", button, interaction.Update(chars(2001)),
			[]want{{"answer › content", "/data/content", rules.BaseTypeMaxLength}}},

		// An empty message.
		{"a message must show something", command, interaction.Reply(""),
			[]want{{"answer", "/data", rules.MessageEmpty}}},
		{"a message of one embed shows something", command, withEmbeds(interaction.Embed{Title: "t"}), nil},
		{"a message of one component shows something", command,
			interaction.ReplyMessage(interaction.MessageData{Components: rows(1)}), nil},
		{"a message of one file shows something", command,
			interaction.ReplyMessage(interaction.MessageData{Files: files(1, 1)}), nil},
		{"an update may set nothing, leaving the message as it is", button, interaction.Update(""), nil},

		// Flags.
		{"a message may be ephemeral and without notifications", command,
			interaction.Reply("x").WithFlags(interaction.FlagEphemeral | interaction.FlagSuppressNotifications | interaction.FlagSuppressEmbeds), nil},
		{"a message may not set LOADING", command, interaction.Reply("x").WithFlags(interaction.FlagLoading),
			[]want{{"answer › flags", "/data/flags", rules.MessageFlagsInvalid}}},
		{"a message may not set a flag the service does not name", command, interaction.Reply("x").WithFlags(1 << 40),
			[]want{{"answer › flags", "/data/flags", rules.MessageFlagsInvalid}}},
		{"an update may not set LOADING", button, interaction.Update("x").WithFlags(interaction.FlagLoading),
			[]want{{"answer › flags", "/data/flags", rules.MessageFlagsInvalid}}},
		{"a deferral may be ephemeral", command, interaction.Defer().Ephemeral(), nil},
		// The service keeps only EPHEMERAL of a deferral's flags and
		// ignores the others an answer may set.
		{"a deferral may suppress embeds, which the service ignores", command, interaction.Defer().WithFlags(interaction.FlagSuppressEmbeds), nil},
		{"a deferred update may set IS_COMPONENTS_V2, which the service ignores", button, interaction.DeferUpdate().WithFlags(interaction.FlagIsComponentsV2), nil},
		{"a deferral may not set a flag no answer sets", command, interaction.Defer().WithFlags(interaction.FlagUrgent),
			[]want{{"answer › flags", "/data/flags", rules.MessageFlagsInvalid}}},
		{"a deferral's content is not sent, so not checked", command,
			interaction.Response{Type: interaction.CallbackDeferredChannelMessageWithSource, Message: interaction.MessageData{Content: chars(2001)}}, nil},

		// IS_COMPONENTS_V2.
		{"a layout message may not have content", command, legacy(interaction.MessageData{Content: "x", Components: interaction.Components{component.Text("t")}}),
			[]want{{"answer › content", "/data/content", rules.MessageCannotUseLegacyFieldsWithComponentsV2}}},
		{"a layout message may not have embeds", command, legacy(interaction.MessageData{Embeds: embeds(1), Components: interaction.Components{component.Text("t")}}),
			[]want{{"answer › embeds", "/data/embeds", rules.MessageCannotUseLegacyFieldsWithComponentsV2}}},
		{"too long content with IS_COMPONENTS_V2 breaks both rules", command, legacy(interaction.MessageData{Content: chars(2001)}),
			[]want{{"answer › content", "/data/content", rules.BaseTypeMaxLength}, {"answer › content", "/data/content", rules.MessageCannotUseLegacyFieldsWithComponentsV2}}},

		// Components.
		{"a message may have 5 rows", command, interaction.ReplyMessage(interaction.MessageData{Components: rows(5)}), nil},
		{"a message may not have 6 rows", command, interaction.ReplyMessage(interaction.MessageData{Components: rows(6)}),
			[]want{{"answer › component 6", "/data/components", rules.BaseTypeMaxLength}}},
		{"a component is named by its place", command, interaction.Reply("x").WithComponents(
			component.Row(component.PrimaryButton("ok", "OK")), component.Row(component.PrimaryButton("", "Approve"))),
			[]want{{`answer › row 2 › button "Approve"`, "/data/components/1/components/0/custom_id", rules.ButtonComponentCustomIDRequired}}},
		{"an update's components are checked too", button, interaction.Update("x").WithComponents(component.Row(component.PrimaryButton("ok", chars(81)))),
			[]want{{`answer › row 1 › button "` + chars(32) + `…"`, "/data/components/0/components/0/label", rules.BaseTypeBadLength}}},

		// Mentions.
		{"mentions may be parsed of every kind", command,
			interaction.Reply("x").WithAllowedMentions(&interaction.AllowedMentions{Parse: []string{"roles", "users", "everyone"}}), nil},
		{"mentions may not be parsed of an unknown kind", command,
			interaction.Reply("x").WithAllowedMentions(&interaction.AllowedMentions{Parse: []string{"users", "channels"}}),
			[]want{{"answer › allowed_mentions › parse 2", "/data/allowed_mentions/parse/1", rules.BaseTypeChoices}}},
		{"mentions may list users and roles not parsed", command,
			interaction.Reply("x").WithAllowedMentions(&interaction.AllowedMentions{Parse: []string{"everyone"},
				Users: ids(100), Roles: ids(100)}), nil},
		{"mentions may not parse users and list them", command,
			interaction.Reply("x").WithAllowedMentions(&interaction.AllowedMentions{Parse: []string{"users"}, Users: ids(1)}),
			[]want{{"answer › allowed_mentions", "/data/allowed_mentions", rules.MessageAllowedMentionsParseExclusive}}},
		{"mentions may not parse roles and list them", command,
			interaction.Reply("x").WithAllowedMentions(&interaction.AllowedMentions{Parse: []string{"roles"}, Roles: ids(2)}),
			[]want{{"answer › allowed_mentions", "/data/allowed_mentions", rules.MessageAllowedMentionsParseExclusive}}},
		{"mentions list at most 100 users", command,
			interaction.Reply("x").WithAllowedMentions(&interaction.AllowedMentions{Parse: []string{}, Users: ids(101)}),
			[]want{{"answer › allowed_mentions › user 101", "/data/allowed_mentions/users", rules.BaseTypeMaxLength}}},

		// Embeds.
		{"a message may have 10 embeds", command, withEmbeds(embeds(10)...), nil},
		{"a message may not have 11 embeds", command, withEmbeds(embeds(11)...),
			[]want{{"answer › embed 11", "/data/embeds", rules.BaseTypeMaxLength}}},
		{"an embed may have 25 fields", command, withEmbeds(interaction.Embed{Fields: fields(25)}), nil},
		{"an embed may not have 26 fields", command, withEmbeds(interaction.Embed{Fields: fields(26)}),
			[]want{{"answer › embed 1 › field 26", "/data/embeds/0/fields", rules.BaseTypeMaxLength}}},
		{"a title may have 256 characters", command, withEmbeds(interaction.Embed{Title: chars(256)}), nil},
		{"a title may not have 257 characters", command, withEmbeds(interaction.Embed{Title: chars(257)}),
			[]want{{"answer › embed 1 › title", "/data/embeds/0/title", rules.BaseTypeMaxLength}}},
		{"a description may have 4096 characters", command, withEmbeds(interaction.Embed{Description: chars(4096)}), nil},
		{"a description may not have 4097 characters", command, withEmbeds(interaction.Embed{Description: chars(4097)}),
			[]want{{"answer › embed 1 › description", "/data/embeds/0/description", rules.BaseTypeMaxLength}}},
		{"a footer may have 2048 characters", command, withEmbeds(interaction.Embed{Footer: &interaction.EmbedFooter{Text: chars(2048)}}), nil},
		{"a footer may not have 2049 characters", command, withEmbeds(interaction.Embed{Footer: &interaction.EmbedFooter{Text: chars(2049)}}),
			[]want{{"answer › embed 1 › footer › text", "/data/embeds/0/footer/text", rules.BaseTypeMaxLength}}},
		{"an author's name may have 256 characters", command, withEmbeds(interaction.Embed{Author: &interaction.EmbedAuthor{Name: chars(256)}}), nil},
		{"an author's name may not have 257 characters", command, withEmbeds(interaction.Embed{Author: &interaction.EmbedAuthor{Name: chars(257)}}),
			[]want{{"answer › embed 1 › author › name", "/data/embeds/0/author/name", rules.BaseTypeMaxLength}}},
		{"a field's name may have 256 characters and its value 1024", command,
			withEmbeds(interaction.Embed{Fields: []interaction.EmbedField{{Name: chars(256), Value: chars(1024)}}}), nil},
		{"a field's name may not have 257 characters", command,
			withEmbeds(interaction.Embed{Fields: []interaction.EmbedField{{Name: chars(257), Value: "v"}}}),
			[]want{{"answer › embed 1 › field 1 › name", "/data/embeds/0/fields/0/name", rules.BaseTypeMaxLength}}},
		{"a field's value may not have 1025 characters", command,
			withEmbeds(interaction.Embed{Fields: []interaction.EmbedField{{Name: "n", Value: chars(1025)}}}),
			[]want{{"answer › embed 1 › field 1 › value", "/data/embeds/0/fields/0/value", rules.BaseTypeMaxLength}}},
		{"a field needs a name and a value", command,
			withEmbeds(interaction.Embed{Fields: []interaction.EmbedField{{Name: "n", Value: "v"}, {}}}),
			[]want{{"answer › embed 1 › field 2 › name", "/data/embeds/0/fields/1/name", rules.BaseTypeRequired},
				{"answer › embed 1 › field 2 › value", "/data/embeds/0/fields/1/value", rules.BaseTypeRequired}}},
		{"the embeds may have 6000 characters of text in all", command,
			withEmbeds(interaction.Embed{Description: chars(4096)}, interaction.Embed{Description: chars(1900),
				Fields: []interaction.EmbedField{{Name: "nn", Value: "vv"}}}), nil},
		{"the embeds may not have 6001 characters of text in all", command,
			withEmbeds(interaction.Embed{Description: chars(4096)}, interaction.Embed{Description: chars(1900),
				Fields: []interaction.EmbedField{{Name: "nn", Value: "vv"}}}, interaction.Embed{Footer: &interaction.EmbedFooter{Text: "f"}}),
			[]want{{"answer › embeds", "/data/embeds", rules.MaxEmbedSizeExceeded}}},
		{"every text of an embed counts toward its size", command,
			withEmbeds(interaction.Embed{Title: chars(250), Description: chars(4000), Footer: &interaction.EmbedFooter{Text: chars(500)},
				Author: &interaction.EmbedAuthor{Name: chars(250)}, Fields: []interaction.EmbedField{{Name: chars(250), Value: chars(751)}}}),
			[]want{{"answer › embeds", "/data/embeds", rules.MaxEmbedSizeExceeded}}},

		// Files.
		{"a message may carry 10 files", command, interaction.ReplyMessage(interaction.MessageData{Files: files(10, 1)}), nil},
		{"a message may not carry 11 files", command, interaction.ReplyMessage(interaction.MessageData{Files: files(11, 1)}),
			[]want{{"answer › file 11", "/files", rules.BaseTypeMaxLength}}},
		{"a file may be as large as the interaction allows", small, interaction.ReplyMessage(interaction.MessageData{Files: files(1, 100)}), nil},
		{"a file may not be larger than the interaction allows", small,
			interaction.ReplyMessage(interaction.MessageData{Files: append(files(1, 1), files(1, 101)...)}),
			[]want{{"answer › file 2", "/files/1", rules.FileTooLarge}}},
		{"a file whose size is unknown is not held to the limit", small,
			interaction.Reply("x").WithFile("f", "", io.MultiReader(bytes.NewReader(make([]byte, 101)))), nil},
		{"an update's files are checked too", button, interaction.UpdateMessage(interaction.MessageData{Files: files(11, 1)}),
			[]want{{"answer › file 11", "/files", rules.BaseTypeMaxLength}}},

		// Suggestions.
		{"an autocomplete may get 25 suggestions", completeText, interaction.AutocompleteResult(choices(25)...), nil},
		{"an autocomplete may get no suggestion", completeText, interaction.AutocompleteResult(), nil},
		{"an autocomplete may not get 26 suggestions", completeText, interaction.AutocompleteResult(choices(26)...),
			[]want{{"answer › choice 26", "/data/choices", rules.BaseTypeMaxLength}}},
		{"a suggestion's name may have 100 characters", completeText, interaction.AutocompleteResult(interaction.StringChoice(chars(100), "v")), nil},
		{"a suggestion's name may not have 101 characters", completeText, interaction.AutocompleteResult(interaction.StringChoice(chars(101), "v")),
			[]want{{"answer › choice 1 › name", "/data/choices/0/name", rules.BaseTypeBadLength}}},
		{"a suggestion needs a name", completeText, interaction.AutocompleteResult(interaction.StringChoice("", "v")),
			[]want{{"answer › choice 1 › name", "/data/choices/0/name", rules.BaseTypeBadLength}}},
		{"a suggestion's value may have 100 characters", completeText, interaction.AutocompleteResult(interaction.StringChoice("c", chars(100))), nil},
		{"a suggestion's value may not have 101 characters", completeText, interaction.AutocompleteResult(interaction.StringChoice("c", chars(101))),
			[]want{{"answer › choice 1 › value", "/data/choices/0/value", rules.BaseTypeMaxLength}}},
		{"a suggestion's value has the limit whatever the option", completeAny, interaction.AutocompleteResult(interaction.StringChoice("c", chars(101))),
			[]want{{"answer › choice 1 › value", "/data/choices/0/value", rules.BaseTypeMaxLength}}},
		{"a STRING option's suggestion is a string", completeText, interaction.AutocompleteResult(interaction.IntChoice("c", 1)),
			[]want{{"answer › choice 1 › value", "/data/choices/0/value", rules.BaseTypeString}}},
		{"an INTEGER option's suggestion is an integer", completeInt,
			interaction.AutocompleteResult(interaction.IntChoice("c", 1), interaction.FloatChoice("c", 2), interaction.FloatChoice("c", 1.5), interaction.StringChoice("c", "1")),
			[]want{{"answer › choice 3 › value", "/data/choices/2/value", rules.NumberTypeCoerce},
				{"answer › choice 4 › value", "/data/choices/3/value", rules.NumberTypeCoerce}}},
		{"an INTEGER option's suggestion is within 2^53-1", completeInt,
			interaction.AutocompleteResult(interaction.IntChoice("c", 1<<53-1), interaction.IntChoice("c", 1-1<<53),
				interaction.IntChoice("c", 1<<53), interaction.IntChoice("c", -1<<53)),
			[]want{{"answer › choice 3 › value", "/data/choices/2/value", rules.NumberTypeMax},
				{"answer › choice 4 › value", "/data/choices/3/value", rules.NumberTypeMin}}},
		{"a NUMBER option's suggestion is a number within 2^53", completeNum,
			interaction.AutocompleteResult(interaction.FloatChoice("c", 1.5), interaction.IntChoice("c", 1<<53), interaction.FloatChoice("c", 1<<54),
				interaction.FloatChoice("c", math.Inf(-1)), interaction.StringChoice("c", "1")),
			[]want{{"answer › choice 3 › value", "/data/choices/2/value", rules.NumberTypeMax},
				{"answer › choice 4 › value", "/data/choices/3/value", rules.NumberTypeMin},
				{"answer › choice 5 › value", "/data/choices/4/value", rules.NumberTypeCoerce}}},
		{"a suggestion for an option not known is a string or a number", completeAny,
			interaction.AutocompleteResult(interaction.StringChoice("c", "v"), interaction.IntChoice("c", 1),
				interaction.Choice{Name: "c", Value: interaction.BoolValue(true)}, interaction.Choice{Name: "c"}),
			[]want{{"answer › choice 3 › value", "/data/choices/2/value", rules.NumberTypeCoerce},
				{"answer › choice 4 › value", "/data/choices/3/value", rules.BaseTypeRequired}}},
		{"a suggestion's localized names are checked as its name, in the order of their locales", completeText,
			interaction.AutocompleteResult(interaction.StringChoice("c", "v").Localize("fr", "C").Localize("zz", "Z").Localize("de", "").Localize("ja", chars(101))),
			[]want{{"answer › choice 1 › name_localizations › de", "/data/choices/0/name_localizations/de", rules.BaseTypeBadLength},
				{"answer › choice 1 › name_localizations › ja", "/data/choices/0/name_localizations/ja", rules.BaseTypeBadLength},
				{"answer › choice 1 › name_localizations › zz", "/data/choices/0/name_localizations/zz", rules.EnumTypeCoerce}}},

		// Modals.
		{"a modal may have a custom_id of 100 characters, a title of 45 and 5 components", command, modal(chars(100), chars(45), 5), nil},
		{"a modal's custom_id has 1 to 100 characters", command, modal(chars(101), "T", 1),
			[]want{{"answer › modal › custom_id", "/data/custom_id", rules.BaseTypeBadLength}}},
		{"a modal needs a custom_id", button, modal("", "T", 1),
			[]want{{"answer › modal › custom_id", "/data/custom_id", rules.BaseTypeBadLength}}},
		{"a modal's title has 1 to 45 characters", command, modal("m", chars(46), 1),
			[]want{{"answer › modal › title", "/data/title", rules.BaseTypeBadLength}}},
		{"a modal needs a title", command, modal("m", "", 1),
			[]want{{"answer › modal › title", "/data/title", rules.BaseTypeBadLength}}},
		{"a modal has at most 5 components", command, modal("m", "T", 6),
			[]want{{"answer › modal › component 6", "/data/components", rules.BaseTypeBadLength}}},
		{"a modal has at least one component", command, modal("m", "T", 0),
			[]want{{"answer › modal › components", "/data/components", rules.BaseTypeBadLength}}},
		{"a modal's components are named by their place", command,
			interaction.ShowModal(component.Modal("m", "T", component.Labeled("Reason", component.ShortInput("")))),
			[]want{{`answer › modal › label "Reason" › text input`, "/data/components/0/component/custom_id", rules.BaseTypeRequired}}},
		{"a MODAL answer carries its modal", command, interaction.Response{Type: interaction.CallbackModal},
			[]want{{"answer › modal", "/data", rules.BaseTypeRequired}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vs := reviewAnswer(tt.ix, tt.r, review.ForBot)
			expect(t, vs, tt.want)
			service := reviewAnswer(tt.ix, tt.r, review.AsService)
			if len(service) != len(vs) {
				t.Fatalf("%d violations as the service words them, %d for the bot", len(service), len(vs))
			}
			for i := range vs {
				if service[i].Place != vs[i].Place || service[i].Pointer != vs[i].Pointer || service[i].Code != vs[i].Code {
					t.Errorf("violation %d as the service words it is %+v, for the bot %+v: they differ in more than words", i, service[i], vs[i])
				}
			}
			err := answer.Check(tt.ix, tt.r)
			if (err == nil) != (tt.want == nil) {
				t.Fatalf("Check returned %v", err)
			}
			var got rules.Violations
			if err != nil && (!errors.As(err, &got) || len(got) != len(vs)) {
				t.Errorf("Check's error %v holds %v, want the %d violations of review.Answer", err, got, len(vs))
			}
		})
	}
}

func TestATypeTheInteractionDoesNotAllowIsItsCallbackError(t *testing.T) {
	err := answer.Check(command, interaction.Update("x"))
	var cb *interaction.CallbackError
	if !errors.Is(err, interaction.ErrCallbackNotAllowed) || !errors.As(err, &cb) ||
		cb.Interaction != interaction.TypeApplicationCommand || cb.Callback != interaction.CallbackUpdateMessage {
		t.Fatalf("Check returned %v (callback error %+v), want the CallbackError of UPDATE_MESSAGE", err, cb)
	}
	if want := "answer › type: UPDATE_MESSAGE does not answer APPLICATION_COMMAND"; err.Error() != want {
		t.Errorf("the error reads %q, want %q", err.Error(), want)
	}
	var v rules.Violation
	if !errors.As(err, &v) || v.Pointer != "/type" {
		t.Errorf("the error's violation is %+v, want the one at /type", v)
	}
	if err := answer.Check(command, interaction.Reply(chars(2001))); errors.Is(err, interaction.ErrCallbackNotAllowed) {
		t.Errorf("a body that breaks a rule is not a type not allowed: %v", err)
	}
}

func TestAnUpdateNeedsAModalAComponentOpened(t *testing.T) {
	err := answer.Check(submitted, interaction.Update("x"))
	var cb *interaction.CallbackError
	if !errors.As(err, &cb) || !cb.NoMessage {
		t.Fatalf("Check returned %v, want the CallbackError of a modal no component opened", err)
	}
	opened := interactiontest.ModalSubmit("m").FromMessage(interaction.Message{ID: 1, Content: "x"}).Interaction()
	if err := answer.Check(opened, interaction.Update("x")); err != nil {
		t.Errorf("an update of the message that opened the modal: %v", err)
	}
}

func TestMessagesThroughTheTokenFollowTheRulesOfAMessage(t *testing.T) {
	tests := []struct {
		name string
		m    interaction.MessageData
		kind review.Kind
		want []want
	}{
		{"a follow-up may say something", interaction.MessageData{Content: "x"}, review.Followup, nil},
		{"a follow-up must show something", interaction.MessageData{}, review.Followup,
			[]want{{"message", "", rules.MessageEmpty}}},
		{"an edit may change nothing", interaction.MessageData{}, review.Edit, nil},
		{"a follow-up has at most 2000 characters", interaction.MessageData{Content: chars(2001)}, review.Followup,
			[]want{{"message › content", "/content", rules.BaseTypeMaxLength}}},
		{"an edit has at most 2000 characters", interaction.MessageData{Content: chars(2001)}, review.Edit,
			[]want{{"message › content", "/content", rules.BaseTypeMaxLength}}},
		{"an edit may not set LOADING", interaction.MessageData{Flags: interaction.FlagLoading}, review.Edit,
			[]want{{"message › flags", "/flags", rules.MessageFlagsInvalid}}},
		{"a follow-up's embed has at most 25 fields", interaction.MessageData{Embeds: []interaction.Embed{{Fields: fields(26)}}}, review.Followup,
			[]want{{"message › embed 1 › field 26", "/embeds/0/fields", rules.BaseTypeMaxLength}}},
		{"an edit's components are named by their place", interaction.MessageData{Components: interaction.Components{
			component.Row(component.PrimaryButton("", "Approve"))}}, review.Edit,
			[]want{{`message › row 1 › button "Approve"`, "/components/0/components/0/custom_id", rules.ButtonComponentCustomIDRequired}}},
		{"a follow-up carries at most 10 files", interaction.MessageData{Files: files(11, 1)}, review.Followup,
			[]want{{"message › file 11", "/files", rules.BaseTypeMaxLength}}},
		{"a follow-up's file is held to the default limit", interaction.MessageData{Files: files(1, interaction.DefaultAttachmentSizeLimit+1)}, review.Followup,
			[]want{{"message › file 1", "/files/0", rules.FileTooLarge}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, reviewMessage(nil, tt.m, tt.kind, review.ForBot), tt.want)
			check := answer.CheckMessage
			if tt.kind == review.Edit {
				check = answer.CheckEdit
			}
			if err := check(command, tt.m); (err == nil) != (tt.want == nil) {
				t.Errorf("the check returned %v", err)
			}
		})
	}
}

// TestTheServicesWordsAreItsErrorBodys pins the words of the service's
// error bodies, which a server that answers as the service does sends.
func TestTheServicesWordsAreItsErrorBodys(t *testing.T) {
	tests := []struct {
		ix   *interaction.Interaction
		r    interaction.Response
		want string
	}{
		{command, interaction.Reply(chars(2001)), "Must be 2000 or fewer in length."},
		{command, interaction.Reply("x").WithFlags(interaction.FlagLoading),
			"Flags may only be SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2."},
		{command, interaction.Defer().WithFlags(interaction.FlagUrgent), "Flags may only be SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2."},
		{command, withEmbeds(interaction.Embed{Fields: fields(26)}), "Must be 25 or fewer in length."},
		{command, withEmbeds(interaction.Embed{Description: chars(4096)}, interaction.Embed{Description: chars(4096)}),
			"Embed size exceeds maximum size of 6000"},
		{command, interaction.ReplyMessage(interaction.MessageData{Content: "x", Flags: interaction.FlagIsComponentsV2}),
			"The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"},
		{command, interaction.Reply("x").WithAllowedMentions(&interaction.AllowedMentions{Parse: []string{"all"}}),
			"Value must be one of ('roles', 'users', 'everyone')."},
		{command, modal("m", chars(46), 1), "Must be between 1 and 45 in length."},
		{command, interaction.Response{Type: interaction.CallbackModal}, "This field is required"},
		{command, interaction.Update("x"), "Value must be one of (4, 5, 9, 10, 12)."},
		{completeText, interaction.AutocompleteResult(interaction.StringChoice("", "v")), "Must be between 1 and 100 in length."},
		{command, interaction.Reply(""), "Cannot send an empty message"},
	}
	for _, tt := range tests {
		vs := reviewAnswer(tt.ix, tt.r, review.AsService)
		if len(vs) != 1 || vs[0].Message != tt.want {
			t.Errorf("%v: %v, want one violation reading %q", tt.r.Type, vs, tt.want)
		}
	}
}

func TestTheBotsWordsSayWhatTheRuleIsAndWhatTheAnswerHas(t *testing.T) {
	tests := []struct {
		r    interaction.Response
		want string
	}{
		{withEmbeds(interaction.Embed{Fields: fields(26)}), "answer › embed 1 › field 26: at most 25 fields, has 26"},
		{interaction.Reply(chars(2001)), "answer › content: at most 2000 characters, has 2001"},
		{interaction.Reply("x").WithFlags(interaction.FlagLoading | interaction.FlagUrgent),
			"answer › flags: sets URGENT and LOADING; a message may set only SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and IS_COMPONENTS_V2"},
		{interaction.Defer().WithFlags(1 << 20), "answer › flags: sets 1<<20; a deferral may set only SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and IS_COMPONENTS_V2"},
	}
	for _, tt := range tests {
		if err := answer.Check(command, tt.r); err == nil || err.Error() != tt.want {
			t.Errorf("Check returned %v, want %q", err, tt.want)
		}
	}
}

// ids returns n distinct snowflakes.
func ids(n int) []interaction.Snowflake {
	out := make([]interaction.Snowflake, n)
	for i := range out {
		out[i] = interaction.Snowflake(1191213000000000000 + i)
	}
	return out
}
