package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
)

// startEcho runs the bot on a free port and returns its URL.
func startEcho(t *testing.T, key *interactiontest.Key) string {
	t.Helper()
	return startEchoLogging(t, key, io.Discard)
}

// startEchoLogging is startEcho with the bot's log written to stderr, and
// with -debug.
func startEchoLogging(t *testing.T, key *interactiontest.Key, stderr io.Writer) string {
	t.Helper()
	return startEchoWith(t, key, stderr, stderr != io.Discard)
}

// startEchoWith runs the bot on a free port, its log written to stderr,
// with -debug if debug is set and the flags of extra, and returns its
// URL.
func startEchoWith(t *testing.T, key *interactiontest.Key, stderr io.Writer, debug bool, extra ...string) string {
	t.Helper()
	args := []string{"-addr", "127.0.0.1:0", "-public-key", key.PublicKeyHex()}
	if debug {
		args = append(args, "-debug")
	}
	args = append(args, extra...)
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, args, pw, stderr)
		pw.Close()
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	})
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the address: %v", err)
	}
	go io.Copy(io.Discard, pr) //nolint:errcheck // drain
	return strings.TrimSpace(line)
}

func post(t *testing.T, url string, key *interactiontest.Key, body []byte) (int, interaction.Response) {
	t.Helper()
	sig, ts := key.Sign(body)
	req, _ := http.NewRequest("POST", url, bytes.NewReader(body))
	req.Header.Set(endpoint.HeaderSignature, sig)
	req.Header.Set(endpoint.HeaderTimestamp, ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out interaction.Response
	if resp.StatusCode == 200 {
		if err := json.Unmarshal(raw, &out); err != nil {
			t.Fatalf("answer %s: %v", raw, err)
		}
	}
	return resp.StatusCode, out
}

func TestEchoAnswersEveryCommandWithWhatItReceived(t *testing.T) {
	key := interactiontest.NewKey("echo")
	url := startEcho(t, key)

	member := &interaction.Member{Nick: "T"}
	b := interactiontest.Command("anything sub cmd").Locale(interaction.LocaleGerman).
		String("text", "héllo \"quoted\"").
		Int("count", 9007199254740991).
		Float("ratio", 0.25).
		Bool("flag", true).
		User("who", interaction.User{ID: 501, Username: "u"}, member).
		Channel("where", interaction.Channel{ID: 502, Type: interaction.ChannelGuildText, Name: "general"}).
		Role("role", interaction.Role{ID: 503, Name: "mods"}).
		MentionableRole("mention", interaction.Role{ID: 504, Name: "all"}).
		Attachment("file", interaction.Attachment{ID: 505, Filename: "a.png", URL: "https://cdn.example/a.png", Size: 10})

	status, resp := post(t, url, key, b.JSON())
	if status != 200 || resp.Type != interaction.CallbackChannelMessageWithSource {
		t.Fatalf("status %d, answer %+v", status, resp)
	}
	var got map[string]any
	dec := json.NewDecoder(strings.NewReader(resp.Message.Content))
	dec.UseNumber()
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("content %q: %v", resp.Message.Content, err)
	}
	want := map[string]any{
		"path": "anything sub cmd",
		"options": map[string]any{
			"text": "héllo \"quoted\"", "count": json.Number("9007199254740991"), "ratio": json.Number("0.25"),
			"flag": true, "who": "501", "where": "502", "role": "503", "mention": "504", "file": "505",
		},
		"user":   interactiontest.UserID.String(),
		"locale": "de",
	}
	if gotJSON, wantJSON := mustJSON(t, got), mustJSON(t, want); gotJSON != wantJSON {
		t.Fatalf("echo\n got %s\nwant %s", gotJSON, wantJSON)
	}
}

func TestEchoEchoesTheFocusedOption(t *testing.T) {
	key := interactiontest.NewKey("echo")
	url := startEcho(t, key)
	tests := []struct {
		name      string
		t         interaction.OptionType
		partial   interaction.Value
		wantName  string
		wantValue string
		wantNone  bool
	}{
		{"a string", interaction.OptionString, interaction.StringValue("que"), "query: que", "que", false},
		{"a number typed so far", interaction.OptionNumber, interaction.StringValue("12.5"), "query: 12.5", "12.5", false},
		{"an integer", interaction.OptionInteger, interaction.IntValue(42), "query: 42", "42", false},
		{"a number that is not one yet", interaction.OptionNumber, interaction.StringValue("-"), "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := interactiontest.Autocomplete("search").String("scope", "all").Focus("query", tt.t, tt.partial)
			status, resp := post(t, url, key, b.JSON())
			if status != 200 || resp.Type != interaction.CallbackAutocompleteResult {
				t.Fatalf("status %d, %+v", status, resp)
			}
			if tt.wantNone {
				if len(resp.Choices) != 0 {
					t.Fatalf("choices = %+v", resp.Choices)
				}
				return
			}
			if len(resp.Choices) != 1 || resp.Choices[0].Name != tt.wantName || resp.Choices[0].Value.Text() != tt.wantValue {
				t.Fatalf("choices = %+v", resp.Choices)
			}
		})
	}
}

func TestEchoAnswersPingAndRefusesForgedRequests(t *testing.T) {
	key := interactiontest.NewKey("echo")
	url := startEcho(t, key)
	if status, resp := post(t, url, key, interactiontest.Ping().JSON()); status != 200 || resp.Type != interaction.CallbackPong {
		t.Fatalf("ping: %d %+v", status, resp)
	}
	if status, _ := post(t, url, interactiontest.NewKey("forger"), interactiontest.Ping().JSON()); status != 401 {
		t.Fatalf("forged ping: %d", status)
	}
}

func TestEchoNeedsAPublicKey(t *testing.T) {
	t.Setenv("SWITCHBOARD_PUBLIC_KEY", "")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := run(ctx, []string{"-addr", "127.0.0.1:0"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "-public-key is required") {
		t.Fatalf("err = %v", err)
	}
	err = run(ctx, []string{"-addr", "127.0.0.1:0", "-public-key", "abc"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "hex") {
		t.Fatalf("err = %v", err)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDemoShowsEachExchange(t *testing.T) {
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := run(ctx, []string{"-demo"}, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`answered 200 OK {"type":1}`,
		`\"path\":\"mod user ban\"`,
		`\"days\":7`,
		`"type":8,"data":{"choices":[{"name":"query: swi","value":"swi"}]}`,
		`{"type":7,"data":{"content":"{\"custom_id\":\"poll:7:yes\",\"component_type\":2,\"values\":[]`,
		`{"type":4,"data":{"content":"{\"custom_id\":\"report\",\"fields\":{\"title\":\"Broken link\"}`,
		`answered 401 Unauthorized`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("demo output lacks %s:\n%s", want, out.String())
		}
	}
}

func TestEchoHelpSaysWhatItIs(t *testing.T) {
	var out, errOut strings.Builder
	err := run(context.Background(), []string{"-h"}, &out, &errOut)
	if !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: %v, want flag.ErrHelp (main exits 0 on it)", err)
	}
	for _, want := range []string{"answers every command with what it received", "Usage: echo", "-public-key", "-demo", "webhook events at /events"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("-h lacks %q:\n%s", want, errOut.String())
		}
	}
}

func TestEchoLogsPlainTextWhenStderrIsNotATerminal(t *testing.T) {
	key := interactiontest.NewKey("echo")
	var log playground.Buffer
	url := startEchoLogging(t, key, &log)
	if status, _ := post(t, url, key, interactiontest.Command("anything").JSON()); status != 200 {
		t.Fatalf("status %d", status)
	}
	got := log.String()
	for _, want := range []string{"serving interactions", "answered"} {
		if !strings.Contains(got, want) {
			t.Errorf("log lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "\x1b[") {
		t.Errorf("log written to a buffer has terminal escape codes:\n%q", got)
	}
}

func TestEchoUpdatesTheMessageOfAComponentWithWhatItSent(t *testing.T) {
	key := interactiontest.NewKey("echo")
	url := startEcho(t, key)
	alice := interaction.User{ID: 601, Username: "alice"}
	tests := []struct {
		name string
		b    *interactiontest.Builder
		want string
	}{
		{"a button has no values", interactiontest.Button("poll:7:yes"),
			`{"custom_id":"poll:7:yes","component_type":2,"values":[],"user":"` + interactiontest.UserID.String() + `"}`},
		{"a string select sends the values in the order chosen", interactiontest.Select("colour", "red", "blue"),
			`{"custom_id":"colour","component_type":3,"values":["red","blue"],"user":"` + interactiontest.UserID.String() + `"}`},
		{"a user select sends ids", interactiontest.Component("who", interaction.ComponentUserSelect).SelectedUser(alice, nil),
			`{"custom_id":"who","component_type":5,"values":["601"],"user":"` + interactiontest.UserID.String() + `"}`},
		{"a click in a DM names the user", interactiontest.Button("x").InDM(alice),
			`{"custom_id":"x","component_type":2,"values":[],"user":"601"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, resp := post(t, url, key, tt.b.JSON())
			if status != 200 || resp.Type != interaction.CallbackUpdateMessage {
				t.Fatalf("status %d, answer %+v; want 200 and UPDATE_MESSAGE", status, resp)
			}
			if resp.Message.Content != tt.want {
				t.Errorf("content\n got %s\nwant %s", resp.Message.Content, tt.want)
			}
		})
	}
}

func TestEchoAnswersAModalWithEveryInputAsTheServiceTypedIt(t *testing.T) {
	key := interactiontest.NewKey("echo")
	url := startEcho(t, key)
	user := interactiontest.UserID.String()
	tests := []struct {
		name string
		b    *interactiontest.Builder
		want string
	}{
		{"text inputs in labels", interactiontest.ModalSubmit("report:42").TextInput("title", "Broken link").TextInput("details", "It 404s"),
			`{"custom_id":"report:42","fields":{"details":"It 404s","title":"Broken link"},"user":"` + user + `"}`},
		{"a text input in a row, left empty", interactiontest.ModalSubmit("m").RowTextInput("note", ""),
			`{"custom_id":"m","fields":{"note":""},"user":"` + user + `"}`},
		{"a select beside a text input", interactiontest.ModalSubmit("m").TextInput("t", "x").ModalSelect("kind", "bug"),
			`{"custom_id":"m","fields":{"kind":["bug"],"t":"x"},"user":"` + user + `"}`},
		{"a radio group chosen and one left empty", interactiontest.ModalSubmit("m").RadioGroup("size", "m").RadioGroup("colour", ""),
			`{"custom_id":"m","fields":{"colour":null,"size":"m"},"user":"` + user + `"}`},
		{"checkboxes ticked and not", interactiontest.ModalSubmit("m").Checkbox("terms", true).Checkbox("news", false),
			`{"custom_id":"m","fields":{"news":false,"terms":true},"user":"` + user + `"}`},
		{"checkbox groups, one left empty", interactiontest.ModalSubmit("m").CheckboxGroup("toppings", "olive", "basil").CheckboxGroup("extras"),
			`{"custom_id":"m","fields":{"extras":[],"toppings":["olive","basil"]},"user":"` + user + `"}`},
		{"entity selects and a file upload, by id", interactiontest.ModalSubmit("m").
			ModalUsers("who", []interaction.User{{ID: 11, Username: "u"}}, nil).ModalRoles("role", interaction.Role{ID: 12}).
			ModalMentionables("ping", nil, []interaction.Role{{ID: 12}}).ModalChannels("where", interaction.Channel{ID: 13}).
			FileUpload("files", interaction.Attachment{ID: 14, Filename: "a.txt"}).FileUpload("none"),
			`{"custom_id":"m","fields":{"files":["14"],"none":[],"ping":["12"],"role":["12"],"where":["13"],"who":["11"]},"user":"` + user + `"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, resp := post(t, url, key, tt.b.JSON())
			if status != 200 || resp.Type != interaction.CallbackChannelMessageWithSource {
				t.Fatalf("status %d, answer %+v; want 200 and CHANNEL_MESSAGE_WITH_SOURCE", status, resp)
			}
			if resp.Message.Content != tt.want {
				t.Errorf("content\n got %s\nwant %s", resp.Message.Content, tt.want)
			}
		})
	}
}
