package playground

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
)

// pollLines renders a message's poll as the terminal shows it: the
// question, how many answers a user may choose and for how long, then
// each answer numbered as the service numbers them, with its emoji (a
// custom emoji by its name, as the terminal cannot show it).
func (p *printer) pollLines(poll *interaction.PollRequest) []string {
	if poll == nil {
		return nil
	}
	choose := "one answer"
	if poll.AllowMultiselect {
		choose = "one or more answers"
	}
	hours := poll.Hours()
	open := strconv.Itoa(hours) + " hours"
	if hours == 1 {
		open = "1 hour"
	}
	lines := []string{p.style(cyan, "[poll] ") + poll.Question.Text + p.style(dim, " ("+choose+", open "+open+")")}
	for i, a := range poll.Answers {
		text := a.Media.Text
		if e := a.Media.Emoji; e != nil {
			switch {
			case e.ID != 0 && e.Name != "":
				text = ":" + e.Name + ": " + text
			case e.ID != 0:
				text = ":emoji: " + text
			default:
				text = e.Name + " " + text
			}
		}
		lines = append(lines, "  "+strconv.Itoa(i+1)+". "+text)
	}
	return lines
}
