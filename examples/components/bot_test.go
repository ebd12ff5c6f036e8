package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

func TestAPollCountsVotesUntilItsAuthorClosesIt(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	poll := bot.Command(`/poll question:"Lunch?" choices:"pizza, sushi, tacos"`, switchboardtest.As(bot.Admin))
	poll.Shows("📊 Lunch?", "[pizza]", "[sushi]", "[tacos]", "[Close]")

	if got := poll.Click("pizza").Content(); got != "📊 Lunch?\npizza: 1\nsushi: 0\ntacos: 0" {
		t.Errorf("after the owner's vote: %q", got)
	}
	// A vote replaces the voter's last one.
	poll.As(bot.Moderator).Click("tacos")
	if got := poll.As(bot.Moderator).Click("sushi").Content(); got != "📊 Lunch?\npizza: 1\nsushi: 1\ntacos: 0" {
		t.Errorf("after ada changed her vote: %q", got)
	}

	refused := poll.As(bot.Moderator).Click("Close")
	if got := refused.Content(); got != "Only the poll's author can close it." || !refused.Ephemeral() {
		t.Errorf("ada closing the owner's poll: %q\n%s", got, refused)
	}
	closed := poll.Click("Close")
	if got := closed.Content(); got != "📊 Lunch? (closed)\npizza: 1\nsushi: 1\ntacos: 0" {
		t.Errorf("the closed poll: %q", got)
	}
	// The poll's own message, updated: closed, without its buttons.
	if m := poll.Message(); m.Data.Content != closed.Content() || len(m.Data.Components) != 0 {
		t.Errorf("the poll's message ends as %q with %d components", m.Data.Content, len(m.Data.Components))
	}
	if _, err := poll.TryClick("pizza"); err == nil {
		t.Error("a closed poll's button was pressed")
	}
}

// Each vote carries the poll's message and the custom_id its button was
// given, whose parts the handler reads typed.
func TestAVoteCarriesThePollsMessageAndCustomID(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	poll := bot.Command(`/poll question:"Lunch?" choices:"pizza, sushi"`)
	vote := poll.Click("pizza")
	ix := vote.Interaction()
	if ix.Message == nil || ix.Message.ID != poll.Message().ID {
		t.Errorf("the vote carried message %+v; want the poll's, %v", ix.Message, poll.Message().ID)
	}
	if want := "poll:" + poll.Interaction().ID.String() + ":0"; ix.Data.CustomID != want {
		t.Errorf("custom_id %q; want %q", ix.Data.CustomID, want)
	}
	if vote.Message().ID != poll.Message().ID {
		t.Errorf("the vote answered with message %v, not an update of the poll's", vote.Message().ID)
	}
}

func TestAPollNeedsTwoToFiveChoices(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	for _, choices := range []string{"pizza", "pizza, pizza", "a, b, c, d, e, f", strings.Repeat("x", 81) + ", b"} {
		x := bot.Command(`/poll question:"Lunch?" choices:"` + choices + `"`)
		if !x.Ephemeral() || len(x.Message().Data.Components) != 0 {
			t.Errorf("choices %q made a poll\n%s", choices, x)
		}
	}
}

func TestAMenuTakesOneToThreeColours(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	menu := bot.Command("/colours")
	menu.Shows("Which colours do you like?", "[Pick up to three]")
	if got := menu.Choose("Pick up to three", "red", "Blue").Content(); got != "bob likes red, blue." {
		t.Errorf("after choosing: %q", got)
	}
	// The message keeps its menu.
	for _, values := range [][]string{{}, {"red", "blue", "green", "purple"}, {"black"}} {
		if _, err := menu.TryChoose("colour", values...); !errors.Is(err, emulator.ErrInvalidInput) {
			t.Errorf("choosing %q: %v", values, err)
		}
	}
}

func TestATaskGoesToTheMemberChosen(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	task := bot.Command(`/assign task:"Write the docs"`)
	done := task.Choose("assignee", bot.Moderator.String())
	if got := done.Content(); got != `"Write the docs" goes to ada.` {
		t.Errorf("after choosing ada: %q\n%s", got, done)
	}
	if n := len(done.Message().Data.Components); n != 0 {
		t.Errorf("the menu stayed: %d components", n)
	}
}

func TestAReportIsReviewedBySomeoneElse(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	form := bot.Command("/report")
	if got := form.Modal().Title; got != "Report a problem" {
		t.Fatalf("the form is %q", got)
	}
	// The client refuses a form whose required title is empty.
	if _, err := form.TrySubmit(emulator.Submit{Fields: map[string]string{"details": "no title"}}); !errors.Is(err, emulator.ErrInvalidInput) {
		t.Errorf("a report without a title was sent: %v", err)
	}
	report := form.Submit(emulator.Submit{Fields: map[string]string{"Title": "Broken link", "Details": "The docs link is a 404."}})
	if got := report.Content(); got != "📝 bob reports: Broken link\n> The docs link is a 404." {
		t.Errorf("the report: %q", got)
	}
	report.Shows("[Approve]", "[Reject]")

	own := report.Click("Approve")
	if got := own.Content(); got != "You cannot review your own report." || !own.Ephemeral() {
		t.Errorf("bob approving his own report: %q\n%s", got, own)
	}
	reviewed := report.As(bot.Moderator).Click("Reject")
	if got := reviewed.Content(); got != "📝 bob reports: Broken link\n> The docs link is a 404.\nrejected by ada" {
		t.Errorf("after ada's review: %q", got)
	}
	if n := len(reviewed.Message().Data.Components); n != 0 {
		t.Errorf("the reviewed report kept %d components", n)
	}
}

// The poll's message, built in full, keeps the service's rules for any
// poll a user can ask for.
func TestTheLargestPollIsAMessageTheServiceTakes(t *testing.T) {
	bot := switchboardtest.New(t, newBot())
	choices := strings.Repeat("a", 80) + ", b, c, d, e"
	x := bot.Command(`/poll question:"` + strings.Repeat("q", 200) + `" choices:"` + choices + `"`)
	cs, err := component.ParseAll(x.Message().Data.Components)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for range component.Walk(cs) {
		n++
	}
	if n != 8 {
		t.Errorf("%d components; want 2 rows, 5 choices and Close\n%s", n, x)
	}
}
