package web_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/internal/browsertest"
)

// The stream carries a message's poll as the service made it, and marks a
// file sent as a spoiler.
func TestTheStreamCarriesPollsAndSpoilers(t *testing.T) {
	p := startPlayground(t)
	s := p.follow(t, "")
	s.next(t)
	for _, line := range []string{"/vote", "/reveal"} {
		if status, raw := p.do(t, "POST", "/api/invoke", map[string]any{"user": p.emu.Admin, "guild": p.emu.GuildID, "line": line}); status != http.StatusOK {
			t.Fatalf("%s: %d %s", line, status, raw)
		}
	}
	var vote struct {
		Content string    `json:"content"`
		Created time.Time `json:"created"`
		Poll    *struct {
			Question string `json:"question"`
			Answers  []struct {
				ID     int    `json:"id"`
				Text   string `json:"text"`
				Emoji  string `json:"emoji"`
				Custom bool   `json:"custom"`
			} `json:"answers"`
			Expiry           time.Time `json:"expiry"`
			AllowMultiselect bool      `json:"allow_multiselect"`
		} `json:"poll"`
	}
	ev := s.next(t)
	decode(t, []byte(ev.data), &vote)
	if vote.Content != "Lunch vote" || vote.Poll == nil || vote.Poll.Question != "Where shall we eat?" || len(vote.Poll.Answers) != 3 {
		t.Fatalf("the vote: %s", ev.data)
	}
	for i, want := range []struct {
		text, emoji string
		custom      bool
	}{{"Pizza", "", false}, {"Sushi", "🍣", false}, {"Salad", "salad", true}} {
		a := vote.Poll.Answers[i]
		if a.ID != i+1 || a.Text != want.text || a.Emoji != want.emoji || a.Custom != want.custom {
			t.Errorf("answer %d: %+v, want %+v", i, a, want)
		}
	}
	if d := vote.Poll.Expiry.Sub(vote.Created); d != 2*time.Hour || vote.Poll.AllowMultiselect {
		t.Errorf("the poll closes %v after the message, multiselect %v", d, vote.Poll.AllowMultiselect)
	}

	var reveal struct {
		Attachments []struct {
			Filename string `json:"filename"`
			Preview  string `json:"preview"`
			Spoiler  bool   `json:"spoiler"`
		} `json:"attachments"`
		Poll any `json:"poll"`
	}
	ev = s.next(t)
	decode(t, []byte(ev.data), &reveal)
	if len(reveal.Attachments) != 1 || !reveal.Attachments[0].Spoiler || reveal.Attachments[0].Preview == "" || reveal.Poll != nil {
		t.Errorf("the spoiler: %s", ev.data)
	}
}

// The page shows a poll's question, answers and closing time, and hides a
// picture sent as a spoiler behind a button until it is pressed.
func testThePageShowsAPollAndHidesASpoilerPicture(t *testing.T, b *browsertest.Browser) {
	p := startPlayground(t)
	page := b.Open(t, p.url)
	box := page.Role("textbox", "Message")
	channel := page.Role("log", "Channel")

	box.Type("/vote\n\n") // the first Enter picks the suggestion
	poll := channel.Role("region", "Poll: Where shall we eat?")
	poll.WaitText("Where shall we eat?")
	answers := poll.Role("list", "Answers")
	for i, want := range []string{"Pizza", "🍣 Sushi", ":salad: Salad"} {
		if got := answers.Role("listitem", "").Nth(i).Text(); !strings.Contains(got, want) {
			t.Errorf("answer %d shows %q, want %q", i+1, got, want)
		}
	}
	if got := poll.Text(); !strings.Contains(got, "Select one answer. Closes") {
		t.Errorf("the poll says %q, without when it closes", got)
	}
	if n := poll.Role("time", "").Count(); n != 1 {
		t.Errorf("the poll shows %d times, want its expiry", n)
	}

	box.Type("/reveal\n\n")
	cover := channel.Role("button", "Spoiler: ending.png")
	cover.WaitText("Spoiler")
	if n := channel.Role("image", "ending.png").Count(); n != 0 {
		t.Errorf("the spoiler's picture is shown before it is pressed")
	}
	cover.Click()
	cover.WaitGone()
	channel.Role("image", "ending.png").WaitText("")
	channel.Role("link", "ending.png").WaitText("ending.png")
}
