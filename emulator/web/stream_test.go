package web_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
)

// sse is an event of the stream.
type sse struct {
	name string
	data string
}

// message is the data of a "message" event.
type message struct {
	ID          interaction.Snowflake `json:"id"`
	Interaction struct {
		User struct {
			Username string `json:"username"`
		} `json:"user"`
		Summary string `json:"summary"`
	} `json:"interaction"`
	Original    bool                  `json:"original"`
	ReplyTo     interaction.Snowflake `json:"reply_to"`
	Author      struct{ Name string } `json:"author"`
	Content     string                `json:"content"`
	Embeds      []interaction.Embed   `json:"embeds"`
	Attachments []struct {
		Filename string `json:"filename"`
		URL      string `json:"url"`
		Preview  string `json:"preview"`
	} `json:"attachments"`
	Components []json.RawMessage `json:"components"`
	Ephemeral  bool              `json:"ephemeral"`
	Loading    bool              `json:"loading"`
	Edited     bool              `json:"edited"`
}

// stream follows the event stream of a place.
type stream struct {
	events chan sse
	// stop closes the stream, which the test's end does too.
	stop func()
}

// follow opens the event stream of query, read until the test ends.
func (p *playground) follow(t testing.TB, query string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, "GET", p.url+"/api/events"+query, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || ct != "text/event-stream; charset=utf-8" {
		t.Fatalf("the stream: %d %q", resp.StatusCode, ct)
	}
	done := make(chan struct{})
	s := &stream{events: make(chan sse, 64), stop: sync.OnceFunc(func() {
		cancel()
		<-done
	})}
	t.Cleanup(s.stop)
	go func() {
		defer close(done)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		var ev sse
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ev.data = strings.TrimPrefix(line, "data: ")
			case line == "" && ev.name != "":
				select {
				case s.events <- ev:
				case <-ctx.Done():
					return
				}
				ev = sse{}
			}
		}
	}()
	return s
}

// next returns the next event, or fails the test after a while.
func (s *stream) next(t testing.TB) sse {
	t.Helper()
	select {
	case ev := <-s.events:
		return ev
	case <-time.After(10 * time.Second):
		t.Fatal("no event within 10s")
		return sse{}
	}
}

// nextMessage returns the next event, which must be a message.
func (s *stream) nextMessage(t testing.TB) message {
	t.Helper()
	ev := s.next(t)
	if ev.name != "message" {
		t.Fatalf("got %s %s, want a message", ev.name, ev.data)
	}
	var m message
	decode(t, []byte(ev.data), &m)
	return m
}

func TestTheStreamFollowsADeferredAnswerToItsCompletionAndFollowUp(t *testing.T) {
	p := startPlayground(t)
	s := p.follow(t, "")
	if ev := s.next(t); ev.name != "reset" {
		t.Fatalf("the stream begins with %s", ev.name)
	}
	status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": p.emu.Admin, "guild": p.emu.GuildID, "line": "/build"})
	if status != http.StatusOK {
		t.Fatalf("%d %s", status, raw)
	}
	thinking := s.nextMessage(t)
	if !thinking.Loading || !thinking.Original || thinking.Content != "" || thinking.Interaction.Summary != "used /build" ||
		thinking.Interaction.User.Username != "owner" || thinking.Author.Name != "Emulator-bot" {
		t.Fatalf("the deferred answer: %+v", thinking)
	}
	close(p.release)
	done := s.nextMessage(t)
	if done.ID != thinking.ID || done.Loading || done.Content != "Build passed." {
		t.Fatalf("the completed answer: %+v", done)
	}
	followup := s.nextMessage(t)
	if followup.ID == thinking.ID || followup.Original || followup.ReplyTo != thinking.ID || followup.Content != "Tests: 12 passed." {
		t.Fatalf("the follow-up: %+v", followup)
	}

	// The bot deletes the follow-up, as it may with the interaction's
	// token.
	rec, _ := p.emu.Interaction(p.emu.Interactions()[0].Interaction.ID)
	req, _ := http.NewRequest("DELETE", p.emu.URL+"/webhooks/"+p.emu.ApplicationID.String()+"/"+rec.Interaction.Token+"/messages/"+followup.ID.String(), nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("deleting the follow-up: %v %v", resp, err)
	}
	resp.Body.Close()
	if ev := s.next(t); ev.name != "delete" || ev.data != `{"id":"`+followup.ID.String()+`"}` {
		t.Fatalf("after the deletion: %s %s", ev.name, ev.data)
	}
}

func TestTheStreamShowsAnEphemeralMessageOnlyToTheUserItAnswers(t *testing.T) {
	p := startPlayground(t)
	admin := p.follow(t, "")
	member := p.follow(t, "?user="+p.emu.Member.String())
	admin.next(t)
	member.next(t)
	for _, line := range []string{"/mod user ban user:@bob", "/greet name:Ada"} {
		if status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": p.emu.Admin, "guild": p.emu.GuildID, "line": line}); status != http.StatusOK {
			t.Fatalf("%s: %d %s", line, status, raw)
		}
	}
	ban, greeting := admin.nextMessage(t), admin.nextMessage(t)
	if !ban.Ephemeral || ban.Content != "Banned bob." || ban.Interaction.Summary != "used /mod user ban user:@bob" || greeting.Ephemeral {
		t.Errorf("the owner sees %+v and %+v", ban, greeting)
	}
	// The member's stream would have sent the ban before the greeting.
	if seen := member.nextMessage(t); seen.ID != greeting.ID || len(seen.Components) != 1 {
		t.Errorf("the member sees %+v first, want the greeting", seen)
	}
}

func TestTheStreamCarriesEmbedsFilesAndModals(t *testing.T) {
	p := startPlayground(t)
	s := p.follow(t, "?guild=dm")
	s.next(t)
	for _, line := range []string{"/export", "/feedback"} {
		if status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": p.emu.Admin, "line": line}); status != http.StatusOK {
			t.Fatalf("%s: %d %s", line, status, raw)
		}
	}
	export := s.nextMessage(t)
	if len(export.Embeds) != 1 || export.Embeds[0].Title != "Scores" || len(export.Attachments) != 1 || export.Attachments[0].Filename != "scores.csv" {
		t.Fatalf("the export: %+v", export)
	}
	ev := s.next(t)
	var open struct {
		Modal *struct {
			Title string `json:"title"`
		} `json:"modal"`
	}
	decode(t, []byte(ev.data), &open)
	if ev.name != "modal" || open.Modal == nil || open.Modal.Title != "Feedback" {
		t.Fatalf("after /feedback: %s %s", ev.name, ev.data)
	}
	if status, raw := p.do(t, "POST", "/api/submit", map[string]any{"user": p.emu.Admin, "fields": map[string]string{"text": "Good"}}); status != http.StatusOK {
		t.Fatalf("submitting: %d %s", status, raw)
	}
	// The modal closes, and the thanks come: both are one change.
	got := map[string]string{}
	for range 2 {
		ev := s.next(t)
		got[ev.name] = ev.data
	}
	if got["modal"] != `{"modal":null}` || !strings.Contains(got["message"], "Thanks: Good") {
		t.Errorf("after submitting: %v", got)
	}

	resp, err := http.Get(p.url + export.Attachments[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(body) != "ada,3\nbob,1\n" || resp.Header.Get("Content-Type") != "application/octet-stream" ||
		resp.Header.Get("Content-Disposition") != "attachment; filename=scores.csv" {
		t.Errorf("the file: %q %v", body, resp.Header)
	}
}

// A file of an ephemeral message is served to the user it answers only,
// and a picture is shown in the page only when its bytes are a picture
// of a kind that holds no script.
func TestFilesAreServedToWhoSeesThem(t *testing.T) {
	p := startPlayground(t)
	owner, bob := p.emu.Admin, p.emu.Member
	s := p.follow(t, "?user="+owner.String())
	s.next(t)
	if status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": owner, "guild": p.emu.GuildID, "line": "/picture"}); status != http.StatusOK {
		t.Fatalf("/picture: %d %s", status, raw)
	}
	m := s.nextMessage(t)
	if len(m.Attachments) != 2 || m.Attachments[0].Preview == "" || m.Attachments[1].Preview != "" {
		t.Fatalf("the attachments: %+v", m.Attachments)
	}
	png, svg := m.Attachments[0], m.Attachments[1]
	get := func(url string) (int, string, []byte) {
		t.Helper()
		resp, err := http.Get(p.url + url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), body
	}
	other := func(url string) string { return strings.Replace(url, "user="+owner.String(), "user="+bob.String(), 1) }
	tests := []struct {
		name, url string
		status    int
		typ       string
	}{
		{"the picture to save", png.URL, 200, "application/octet-stream"},
		{"the picture to show", png.Preview, 200, "image/png"},
		{"the picture to another user", other(png.URL), 404, ""},
		{"the picture to show to another user", other(png.Preview), 404, ""},
		{"the SVG to save", svg.URL, 200, "application/octet-stream"},
		{"the SVG to show", svg.URL + "&preview=1", 404, ""},
	}
	for _, tt := range tests {
		status, typ, _ := get(tt.url)
		if status != tt.status || (tt.typ != "" && typ != tt.typ) {
			t.Errorf("%s: %d %q, want %d %q", tt.name, status, typ, tt.status, tt.typ)
		}
	}
}

// The stream says when the commands offered change, so that the page
// offers what the bot registered after it was opened.
func TestTheStreamSaysWhenTheCommandsChange(t *testing.T) {
	p := startPlayground(t)
	s := p.follow(t, "?user="+p.emu.Member.String())
	if ev := s.next(t); ev.name != "reset" {
		t.Fatalf("first event %s", ev.name)
	}
	api, err := rest.NewClient(p.emu.URL, rest.BotToken(p.emu.BotToken))
	if err != nil {
		t.Fatal(err)
	}
	c := command.Command{Name: "later", Description: "Registered after the page was opened"}
	if _, _, err := api.CreateCommand(context.Background(), p.emu.ApplicationID, command.InGuild(p.emu.GuildID), c); err != nil {
		t.Fatal(err)
	}
	if ev := s.next(t); ev.name != "commands" || ev.data != "{}" {
		t.Fatalf("after a command was registered: %s %s", ev.name, ev.data)
	}
	_, raw := p.do(t, "GET", "/api/commands?user="+p.emu.Member.String(), nil)
	if !strings.Contains(string(raw), `"later"`) {
		t.Errorf("the commands offered: %s", raw)
	}
}
