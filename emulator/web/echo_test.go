package web_test

import (
	"net/http"
	"strings"
	"testing"
)

// The channel shows a command with the choices the user picked by their
// names, as the client shows it, where the bot receives their values: one
// of an option's choices, in the page's language, and a suggestion of the
// bot's, by the name the page says it showed.
func TestTheChannelShowsAChoiceByItsName(t *testing.T) {
	p := startPlayground(t)
	admin, guild := p.emu.Admin, p.emu.GuildID
	tests := []struct {
		name        string
		body        map[string]any
		sent        string // what the bot receives, as option=value
		english     string // the summary on a page in en-US
		french      string // and on a page in French
		refusal     string
		refusalPart string
	}{
		{
			name:    "a choice typed by its value",
			body:    map[string]any{"user": admin, "guild": guild, "line": "/greet name:Ada style:pirate"},
			sent:    "name=Ada style=pirate",
			english: "used /greet name:Ada style:Pirate",
			french:  `used /greet name:Ada style:"Pirate des mers"`,
		},
		{
			name: "a choice picked in the page",
			body: map[string]any{"user": admin, "guild": guild, "command": "greet",
				"options": []map[string]any{{"name": "name", "value": "Ada"}, {"name": "style", "value": "plain"}}},
			sent:    "name=Ada style=plain",
			english: "used /greet name:Ada style:Plain",
			french:  "used /greet name:Ada style:Plain",
		},
		{
			name: "a suggestion picked",
			body: map[string]any{"user": admin, "guild": guild, "command": "weather",
				"options": []map[string]any{{"name": "city", "value": "parma", "shown": "Parma"}}},
			sent:    "city=parma",
			english: "used /weather city:Parma",
			french:  "used /weather city:Parma",
		},
		{
			name: "a suggestion's value typed without picking it",
			body: map[string]any{"user": admin, "guild": guild, "command": "weather",
				"options": []map[string]any{{"name": "city", "value": "lisbon"}}},
			sent:    "city=lisbon",
			english: "used /weather city:lisbon",
			french:  "used /weather city:lisbon",
		},
		{
			name: "a suggestion picked by another user",
			body: map[string]any{"user": p.emu.Member, "guild": guild, "command": "weather",
				"options": []map[string]any{{"name": "city", "value": "paris", "shown": "Paris, France"}}},
			sent:    "city=paris",
			english: `used /weather city:"Paris, France"`,
			french:  `used /weather city:"Paris, France"`,
		},
		{
			name: "a name longer than a choice's",
			body: map[string]any{"user": admin, "guild": guild, "command": "weather",
				"options": []map[string]any{{"name": "city", "value": "parma", "shown": strings.Repeat("P", 101)}}},
			refusal:     "invalid_input",
			refusalPart: "/options/0/shown: a choice's name is at most 100 characters, not 101",
		},
	}
	english := p.follow(t, "?user="+admin.String())
	french := p.follow(t, "?user="+admin.String()+"&locale=fr")
	for _, s := range []*stream{english, french} {
		if ev := s.next(t); ev.name != "reset" {
			t.Fatalf("the stream begins with %s", ev.name)
		}
	}
	for _, tt := range tests {
		status, raw := p.do(t, "POST", "/api/invoke", tt.body)
		var res resultAnswer
		decode(t, raw, &res)
		if tt.refusal != "" {
			if status != http.StatusBadRequest || res.Error != tt.refusal || !strings.Contains(string(raw), tt.refusalPart) {
				t.Errorf("%s: %d %s, want 400 %s saying %q", tt.name, status, raw, tt.refusal, tt.refusalPart)
			}
			continue
		}
		rec, ok := p.emu.Interaction(res.ID)
		if status != http.StatusOK || !ok {
			t.Fatalf("%s: %d %s", tt.name, status, raw)
		}
		var sent []string
		for _, o := range rec.Interaction.Data.Options {
			sent = append(sent, o.Name+"="+o.Value.Text())
		}
		if got := strings.Join(sent, " "); got != tt.sent {
			t.Errorf("%s: the bot received %q, want %q", tt.name, got, tt.sent)
		}
		if m := english.nextMessage(t); m.Interaction.Summary != tt.english {
			t.Errorf("%s: in en-US, %q, want %q", tt.name, m.Interaction.Summary, tt.english)
		}
		if m := french.nextMessage(t); m.Interaction.Summary != tt.french {
			t.Errorf("%s: in French, %q, want %q", tt.name, m.Interaction.Summary, tt.french)
		}
	}
}
