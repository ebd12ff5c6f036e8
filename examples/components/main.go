// Components is a bot whose messages are used, not only read: a poll whose
// choices are buttons, a select menu, and a form in a modal, each routed by
// its custom_id and played on the embedded emulator.
//
//	go run ./examples/components
//
// A custom_id is the bot's own memory in the message: the poll's buttons
// carry "poll:<id>:<choice>", and the router hands the handler those parts,
// typed, from the pattern "poll:{id}:{choice}". The pattern
// "poll:{id}:close" is more specific, and takes the Close button.
package main

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/examples/internal/playground"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/option"
	"github.com/switchboard-go/switchboard/router"
)

func main() { playground.Main(example) }

var example = playground.Example{
	Name:   "components",
	About:  "a poll with buttons, a select menu and a form, routed by custom_id",
	Bot:    func(playground.Env) (*router.Router, error) { return newBot(), nil },
	Script: script,
}

const script = `
# A poll: each choice is a button whose custom_id is poll:<id>:<choice>.
/poll question:"Lunch?" choices:"pizza, sushi, tacos"
click pizza
as @ada
click sushi
# Only the poll's author may close it; ada is told so, and only she sees it.
click Close
as @owner
click Close
# A select menu: up to three colours.
/colours
choose colour red blue
# A user select: the bot reads the member chosen, resolved by the service.
/assign task:"Write the docs"
choose assignee @ada
# A form in a modal, opened by a command and submitted by the user; the
# report it files has buttons for a moderator.
/report
submit title:"Broken link" details:"The docs link is a 404."
as @ada
click Approve
# The client refuses a form whose required title is left empty.
/report
submit details:"no title"
`

// maxChoices is how many choices a poll has at most: a row holds five
// buttons, and the Close button takes one of a second row.
const maxChoices = 5

// poll is one poll's state. It lives in memory: a bot on many replicas
// would keep it in shared storage.
type poll struct {
	author   interaction.Snowflake
	question string
	choices  []string
	votes    map[interaction.Snowflake]int // user → choice
}

// polls holds the bot's polls by id; its methods are safe for concurrent
// use, as handlers run concurrently.
type polls struct {
	mu sync.Mutex
	m  map[interaction.Snowflake]*poll
}

func (ps *polls) add(id interaction.Snowflake, p *poll) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	ps.m[id] = p
}

// vote records a vote and returns the message as it now reads.
func (ps *polls) vote(id, user interaction.Snowflake, choice int) (interaction.MessageData, bool) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	p := ps.m[id]
	if p == nil || choice < 0 || choice >= len(p.choices) {
		return interaction.MessageData{}, false
	}
	p.votes[user] = choice
	return p.message(id, true), true
}

// close ends a poll its author closes, and returns the final message.
func (ps *polls) close(id, user interaction.Snowflake) (m interaction.MessageData, found, allowed bool) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	p := ps.m[id]
	if p == nil {
		return m, false, false
	}
	if p.author != user {
		return m, true, false
	}
	delete(ps.m, id)
	return p.message(id, false), true, true
}

// message is the poll as its message shows it: the tally, and while open,
// a button per choice and a Close button.
func (p *poll) message(id interaction.Snowflake, open bool) interaction.MessageData {
	counts := make([]int, len(p.choices))
	for _, c := range p.votes {
		counts[c]++
	}
	var b strings.Builder
	b.WriteString("📊 " + p.question)
	if !open {
		b.WriteString(" (closed)")
	}
	for i, c := range p.choices {
		fmt.Fprintf(&b, "\n%s: %d", c, counts[i])
	}
	m := interaction.MessageData{Content: b.String(), AllowedMentions: interaction.NoMentions()}
	if !open {
		m.Components = interaction.Components{} // an empty list removes the buttons
		return m
	}
	buttons := make([]interaction.Component, len(p.choices))
	for i, c := range p.choices {
		buttons[i] = component.SecondaryButton("poll:"+id.String()+":"+strconv.Itoa(i), c)
	}
	m.Components = interaction.Components{
		component.Row(buttons...),
		component.Row(component.DangerButton("poll:"+id.String()+":close", "Close")),
	}
	return m
}

// review returns the handler of a report's button: a reporter cannot
// review their own report; anyone else closes it with the verdict.
func review(verdict string) router.HandlerFunc {
	return func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		reporter, _ := req.Params.ID("reporter")
		if reporter == req.Invoker().ID {
			return interaction.Reply("You cannot review your own report.").Ephemeral(), nil
		}
		msg, _ := req.Message()
		content := msg.Content + "\n" + verdict + " by " + req.Invoker().Username
		return interaction.Update(content).WithAllowedMentions(interaction.NoMentions()).WithComponents(), nil
	}
}

var colours = []string{"red", "orange", "yellow", "green", "blue", "purple"}

func newBot() *router.Router {
	r := router.New()
	ps := &polls{m: map[interaction.Snowflake]*poll{}}

	r.Command("poll", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		question, _ := req.Options.String("question")
		list, _ := req.Options.String("choices")
		var choices []string
		for _, c := range strings.Split(list, ",") {
			if c = strings.TrimSpace(c); c != "" && !slices.Contains(choices, c) {
				choices = append(choices, c)
			}
		}
		if len(choices) < 2 || len(choices) > maxChoices {
			return interaction.Reply(fmt.Sprintf("A poll needs 2 to %d different choices, separated by commas.", maxChoices)).Ephemeral(), nil
		}
		for _, c := range choices {
			if len([]rune(c)) > 80 {
				return interaction.Reply("A choice is a button's label: at most 80 characters.").Ephemeral(), nil
			}
		}
		// The interaction's id is unique: it names the poll.
		id := req.Interaction.ID
		p := &poll{author: req.Invoker().ID, question: question, choices: choices, votes: map[interaction.Snowflake]int{}}
		ps.add(id, p)
		m := p.message(id, true)
		if err := component.ValidateMessage(m); err != nil {
			return interaction.Response{}, err
		}
		return interaction.ReplyMessage(m), nil
	}, router.Description("Ask a question with buttons to vote"), router.Options(
		option.String("question", "What to ask").Required().MaxLength(200),
		option.String("choices", "Two to five choices, separated by commas").Required().MaxLength(300),
	))

	// The parts of the custom_id come typed: the poll's id and the
	// choice's number.
	r.Component("poll:{id}:{choice}", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		id, okID := req.Params.ID("id")
		choice, okChoice := req.Params.Int("choice")
		if !okID || !okChoice {
			return interaction.Reply("This button belongs to no poll.").Ephemeral(), nil
		}
		m, ok := ps.vote(id, req.Invoker().ID, int(choice))
		if !ok {
			return interaction.Reply("This poll is over.").Ephemeral(), nil
		}
		return interaction.UpdateMessage(m), nil
	})
	r.Component("poll:{id}:close", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		id, _ := req.Params.ID("id")
		m, found, allowed := ps.close(id, req.Invoker().ID)
		switch {
		case !found:
			return interaction.Reply("This poll is over.").Ephemeral(), nil
		case !allowed:
			return interaction.Reply("Only the poll's author can close it.").Ephemeral(), nil
		}
		return interaction.UpdateMessage(m), nil
	})

	r.Command("colours", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		opts := make([]component.SelectOption, len(colours))
		for i, c := range colours {
			opts[i] = component.Option(strings.ToUpper(c[:1])+c[1:], c)
		}
		return interaction.Reply("Which colours do you like?").WithComponents(
			component.Row(component.Select("colour", opts...).WithPlaceholder("Pick up to three").WithMinValues(1).WithMaxValues(3)),
		), nil
	}, router.Description("Pick colours from a menu"))
	r.Component("colour", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		// The values are the options' values, in the order chosen; the
		// message keeps its menu, since the update sets no components.
		return interaction.Update(req.Invoker().Username + " likes " + strings.Join(req.Values(), ", ") + "."), nil
	})

	r.Command("assign", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		task, _ := req.Options.String("task")
		// The task travels in the custom_id, at most 100 characters.
		return interaction.Reply("Who takes \"" + task + "\"?").WithAllowedMentions(interaction.NoMentions()).WithComponents(
			component.Row(component.SelectUsers("assign:" + task).WithPlaceholder("assignee")),
		), nil
	}, router.Description("Give a task to a member"), router.Options(
		option.String("task", "What to do").Required().MaxLength(90),
	))
	r.Component("assign:{task...}", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		task, _ := req.Params.String("task")
		users, err := req.SelectedUsers()
		if err != nil {
			return interaction.Response{}, err
		}
		names := make([]string, len(users))
		for i, u := range users {
			names[i] = u.Username
			if u.HasMember && u.Member.Nick != "" {
				names[i] = u.Member.Nick
			}
		}
		return interaction.Update("\"" + task + "\" goes to " + strings.Join(names, ", ") + ".").
			WithAllowedMentions(interaction.NoMentions()).WithComponents(), nil
	})

	r.Command("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.ShowModal(component.Modal("report", "Report a problem",
			component.Labeled("Title", component.ShortInput("title").WithLength(1, 80)),
			component.Labeled("Details", component.ParagraphInput("details").Optional().WithLength(0, 1000)).
				WithDescription("What happened, and where"),
		)), nil
	}, router.Description("Report a problem in a form"),
		// A form is only ever a first answer: never deferred.
		router.NoAutoDefer())
	r.Modal("report", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		title, _ := req.Fields.Text("title")
		details, _ := req.Fields.Text("details")
		report := "📝 " + req.Invoker().Username + " reports: " + title
		if details != "" {
			report += "\n> " + details
		}
		reporter := req.Invoker().ID.String()
		return interaction.Reply(report).WithAllowedMentions(interaction.NoMentions()).WithComponents(component.Row(
			component.SuccessButton("review:approve:"+reporter, "Approve"),
			component.DangerButton("review:reject:"+reporter, "Reject"),
		)), nil
	})
	// Two exact segments choose the handler; the last part is the reporter.
	r.Component("review:approve:{reporter}", review("approved"))
	r.Component("review:reject:{reporter}", review("rejected"))
	return r
}
