package emulator

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/review"
	"github.com/switchboard-go/switchboard/rules"
)

// problem is one entry of an errors tree: where, which rule, and its
// words.
type problem struct{ pointer, code, message string }

// treeProblems returns the problems of an errors tree, sorted.
func treeProblems(tree map[string]any) []problem {
	var out []problem
	var walk func(prefix string, node map[string]any)
	walk = func(prefix string, node map[string]any) {
		for key, child := range node {
			if key == "_errors" {
				for _, e := range child.([]any) {
					entry := e.(map[string]any)
					out = append(out, problem{prefix, entry["code"].(string), entry["message"].(string)})
				}
				continue
			}
			walk(prefix+"/"+strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1"), child.(map[string]any))
		}
	}
	walk("", tree)
	slices.SortFunc(out, comparePoblems)
	return out
}

// problemsOf returns violations as the problems of an errors tree,
// sorted.
func problemsOf(vs rules.Violations) []problem {
	out := make([]problem, 0, len(vs))
	for _, v := range vs {
		out = append(out, problem{v.Pointer, v.Code, v.Message})
	}
	slices.SortFunc(out, comparePoblems)
	return out
}

func comparePoblems(a, b problem) int {
	return strings.Compare(a.pointer+"\x00"+a.code+"\x00"+a.message, b.pointer+"\x00"+b.code+"\x00"+b.message)
}

// refusal is what the service answered a request with: its code, and the
// problems of its errors tree.
type refusal struct {
	Code   int            `json:"code"`
	Errors map[string]any `json:"errors"`
}

func fields(n int) []interaction.EmbedField {
	fs := make([]interaction.EmbedField, n)
	for i := range fs {
		fs[i] = interaction.EmbedField{Name: "n", Value: "v"}
	}
	return fs
}

func suggestions(n int) []interaction.Choice {
	cs := make([]interaction.Choice, n)
	for i := range cs {
		cs[i] = interaction.StringChoice("c"+strconv.Itoa(i), "v")
	}
	return cs
}

// parityCommands has options of the three types suggestions are for.
const parityCommands = `[{"name":"pick","description":"Picks","options":[
	{"type":3,"name":"text","description":"Text","autocomplete":true},
	{"type":4,"name":"count","description":"Count","autocomplete":true},
	{"type":10,"name":"size","description":"Size","autocomplete":true}]}]`

// TestTheEmulatorRefusesExactlyWhatTheBotsCheckRefuses: a bot's answer,
// which the bot checks with package answer, is refused by the emulator
// exactly when the check refuses it, with an errors tree of the
// violations the check finds, as the service words them.
func TestTheEmulatorRefusesExactlyWhatTheBotsCheckRefuses(t *testing.T) {
	long := strings.Repeat("é", 2001)
	v2 := interaction.MessageData{Content: "x", Embeds: []interaction.Embed{{Title: "t"}}, Flags: interaction.FlagIsComponentsV2,
		Components: interaction.Components{component.Text("t")}}
	modal := func(title string, cs ...interaction.Component) interaction.Response {
		return interaction.ShowModal(component.Modal("form", title, cs...))
	}
	input := component.Labeled("Name", component.ShortInput("name"))
	tests := []struct {
		name    string
		focused string // the option being typed, for suggestions
		r       interaction.Response
	}{
		{"a reply", "", interaction.Reply("hi").Ephemeral()},
		{"a reply of 2001 characters", "", interaction.Reply(long)},
		{"a reply that may not be ephemeral so", "", interaction.Reply("x").WithFlags(interaction.FlagLoading | interaction.FlagUrgent)},
		{"content and embeds beside IS_COMPONENTS_V2", "", interaction.ReplyMessage(v2)},
		{"long content beside IS_COMPONENTS_V2", "", interaction.ReplyMessage(interaction.MessageData{Content: long, Flags: interaction.FlagIsComponentsV2})},
		{"11 embeds with a long title", "", interaction.ReplyMessage(interaction.MessageData{Embeds: append(make([]interaction.Embed, 10),
			interaction.Embed{Title: strings.Repeat("t", 257)})})},
		{"an embed of 26 fields and one of long texts", "", interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{
			{Fields: fields(26)},
			{Title: strings.Repeat("t", 257), Description: strings.Repeat("d", 4097), Footer: &interaction.EmbedFooter{Text: strings.Repeat("f", 2049)},
				Author: &interaction.EmbedAuthor{Name: strings.Repeat("a", 257)}, Fields: []interaction.EmbedField{{Name: strings.Repeat("n", 257), Value: strings.Repeat("v", 1025)}}},
		}})},
		{"a field without a name or value", "", interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{{Fields: []interaction.EmbedField{{}}}}})},
		{"six rows, one with a button without a custom_id", "", interaction.Reply("x").WithComponents(
			component.Row(component.PrimaryButton("", "Approve")), component.Row(component.PrimaryButton("b", "B")),
			component.Row(component.PrimaryButton("c", "C")), component.Row(component.PrimaryButton("d", "D")),
			component.Row(component.PrimaryButton("e", "E")), component.Row(component.PrimaryButton("f", "F")))},
		{"mentions of an unknown kind", "", interaction.Reply("x").WithAllowedMentions(&interaction.AllowedMentions{Parse: []string{"users", "channels"}})},
		{"mentions of users both parsed and listed", "", interaction.Reply("x").WithAllowedMentions(&interaction.AllowedMentions{Parse: []string{"users"}, Users: []interaction.Snowflake{1}})},
		{"mentions of roles both parsed and listed", "", interaction.Reply("x").WithAllowedMentions(&interaction.AllowedMentions{Parse: []string{"roles"}, Roles: []interaction.Snowflake{1}})},
		{"mentions of 101 users", "", interaction.Reply("x").WithAllowedMentions(&interaction.AllowedMentions{Parse: []string{}, Users: make([]interaction.Snowflake, 101)})},
		{"an empty reply", "", interaction.Reply("")},
		{"a reply that is only a poll", "", interaction.ReplyMessage(interaction.MessageData{}.WithPoll(interaction.NewPoll("Lunch?", "Pizza", "Sushi").Lasting(768)))},
		{"a poll past every limit", "", interaction.Reply("x").WithPoll(interaction.PollRequest{
			Question: interaction.PollMedia{Text: strings.Repeat("q", 301)},
			Answers: append(make([]interaction.PollAnswer, 10), interaction.PollAnswer{
				Media: interaction.PollMedia{Text: strings.Repeat("a", 56), Emoji: &interaction.PollEmoji{}}}),
			Duration: 769, LayoutType: 2})},
		{"a poll with answers too long and emoji without names", "", interaction.Reply("x").WithPoll(interaction.NewPoll("q", strings.Repeat("a", 56)).
			WithEmojiAnswer(interaction.PollEmoji{Animated: true}, "b").WithEmojiAnswer(interaction.PollEmoji{Name: strings.Repeat("e", 33)}, "c").Lasting(-2))},
		{"a poll beside IS_COMPONENTS_V2", "", interaction.ReplyMessage(interaction.MessageData{Flags: interaction.FlagIsComponentsV2,
			Components: interaction.Components{component.Text("t")}}.WithPoll(interaction.NewPoll("q", "a")))},
		{"an ephemeral deferral", "", interaction.Defer().Ephemeral()},
		{"a deferral that suppresses embeds", "", interaction.Defer().WithFlags(interaction.FlagSuppressEmbeds)},
		{"a modal", "", modal("Form", input)},
		{"a modal with a long title and no components", "", modal(strings.Repeat("t", 46))},
		{"a modal with an input without a custom_id", "", modal("Form", component.Labeled("Name", component.ShortInput("")))},
		{"a MODAL answer without its modal", "", interaction.Response{Type: interaction.CallbackModal}},
		{"25 suggestions", "text", interaction.AutocompleteResult(suggestions(25)...)},
		{"26 suggestions, the last without a name", "text", interaction.AutocompleteResult(append(suggestions(25), interaction.StringChoice("", "v"))...)},
		{"suggestions with bad names and values for text", "text", interaction.AutocompleteResult(
			interaction.StringChoice("", strings.Repeat("v", 101)), interaction.IntChoice("c", 1),
			interaction.StringChoice("c", "v").Localize("fr", "").Localize("zz", "z"))},
		{"suggestions for a count", "count", interaction.AutocompleteResult(
			interaction.IntChoice("c", 1), interaction.StringChoice("c", "1"), interaction.FloatChoice("c", 1.5), interaction.IntChoice("c", 1<<53))},
		{"suggestions for a size", "size", interaction.AutocompleteResult(
			interaction.FloatChoice("c", 1.5), interaction.FloatChoice("c", -math.MaxFloat64), interaction.StringChoice("c", "1"))},
	}
	s := newTestServer(t)
	putCommands(t, s, command.InGuild(s.GuildID), []byte(parityCommands))
	var current interaction.Response
	var checked error
	var reviewed rules.Violations
	serveHandBot(t, s, func(ix *interaction.Interaction) string {
		checked, reviewed = answer.Check(ix, current), reviewAnswer(ix, &current)
		body, err := current.MarshalJSON()
		if err != nil {
			t.Errorf("encoding %+v: %v", current, err)
		}
		return string(body)
	})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			current = tt.r
			inv := Invocation{Guild: s.GuildID, Command: "pick"}
			var res *Result
			var err error
			if tt.focused != "" {
				inv.Options, inv.Focused = []Arg{{tt.focused, "1"}}, tt.focused
				res, err = s.Autocomplete(context.Background(), inv)
			} else {
				res, err = s.Invoke(context.Background(), inv)
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.OK() != (checked == nil) {
				t.Fatalf("the emulator takes the answer: %v (%v); the check: %v", res.OK(), res.Violations, checked)
			}
			if checked == nil {
				return
			}
			var body refusal
			if err := json.Unmarshal([]byte(res.Violations[0]), &body); err != nil {
				t.Fatalf("the refusal %q: %v", res.Violations[0], err)
			}
			if i := slices.IndexFunc(reviewed, func(v rules.Violation) bool { return v.Code == rules.MessageEmpty }); i >= 0 {
				// The service answers an empty message with its error
				// 50006, and no errors tree.
				if body.Code != codeEmptyMessage || len(reviewed) != 1 {
					t.Fatalf("the refusal %+v; the check: %v", body, reviewed)
				}
				return
			}
			got, want := treeProblems(body.Errors), problemsOf(reviewed)
			if body.Code != codeInvalidFormBody || !slices.Equal(got, want) {
				t.Fatalf("the emulator's errors tree:\n%v\nthe check's violations as the service words them:\n%v", got, want)
			}
		})
	}
}

// TestFollowupsAndEditsAreRefusedExactlyWhenTheBotsCheckRefusesThem: the
// messages sent through an interaction's token follow the same rules.
func TestFollowupsAndEditsAreRefusedExactlyWhenTheBotsCheckRefusesThem(t *testing.T) {
	s := newTestServer(t)
	putCommands(t, s, command.InGuild(s.GuildID), []byte(parityCommands))
	serveHandBot(t, s, always(`{"type":4,"data":{"content":"first"}}`))
	res, err := s.Invoke(context.Background(), Invocation{Guild: s.GuildID, Command: "pick"})
	if err != nil || !res.OK() {
		t.Fatalf("%v %+v", err, res)
	}
	ix := res.Interaction
	hook := "/webhooks/" + s.ApplicationID.String() + "/" + ix.Token
	for _, tt := range []struct {
		name string
		m    interaction.MessageData
	}{
		{"some content", interaction.MessageData{Content: "more"}},
		{"2001 characters", interaction.MessageData{Content: strings.Repeat("a", 2001)}},
		{"a flag a message may not set", interaction.MessageData{Content: "x", Flags: interaction.FlagHasThread}},
		{"an embed of 26 fields", interaction.MessageData{Embeds: []interaction.Embed{{Fields: fields(26)}}}},
		{"content beside IS_COMPONENTS_V2", interaction.MessageData{Content: "x", Flags: interaction.FlagIsComponentsV2,
			Components: interaction.Components{component.Text("t")}}},
		{"a button without a custom_id", interaction.MessageData{Content: "x", Components: interaction.Components{
			component.Row(component.PrimaryButton("", "Approve"))}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body, err := tt.m.AppendJSON(nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, step := range []struct {
				method, path string
				check        func(*interaction.Interaction, interaction.MessageData) error
				kind         review.Kind
			}{
				{"POST", hook, answer.CheckMessage, review.Followup},
				{"PATCH", hook + "/messages/@original", answer.CheckEdit, review.Edit},
			} {
				status, raw := apiRequest(t, s, step.method, step.path, "", string(body))
				checked := step.check(ix, tt.m)
				if (status == 200) != (checked == nil) {
					t.Fatalf("%s: the emulator answered %d %s; the check: %v", step.method, status, raw, checked)
				}
				if checked == nil {
					continue
				}
				var refused refusal
				if err := json.Unmarshal([]byte(raw), &refused); err != nil {
					t.Fatal(err)
				}
				got, want := treeProblems(refused.Errors), problemsOf(review.Message(ix, &tt.m, step.kind, review.AsService))
				if !slices.Equal(got, want) {
					t.Fatalf("%s: the emulator's errors tree:\n%v\nthe check's violations as the service words them:\n%v", step.method, got, want)
				}
			}
		})
	}
}

// reviewAnswer returns the violations of r as the answer to ix, in the
// service's words, by the rules a bot's check follows.
func reviewAnswer(ix *interaction.Interaction, r *interaction.Response) rules.Violations {
	vs, _ := review.Answer(ix, r, review.AsService)
	return vs
}
