package emulator

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// signupModal is a MODAL answer with the inputs of 2026 in labels: a
// radio group with a preselected option, a checkbox group taking two of
// three with two preselected, a checkbox that starts ticked, a
// mentionable select and a file upload of pictures and PDFs; the last two
// may be left empty.
const signupModal = `{"type":9,"data":{"custom_id":"signup","title":"Sign up","components":[
 {"type":18,"label":"Class","component":{"type":21,"custom_id":"class","options":[{"value":"w","label":"Warrior"},{"value":"b","label":"Bard","default":true}]}},
 {"type":18,"label":"Days","component":{"type":22,"custom_id":"days","min_values":2,"max_values":2,"options":[
  {"value":"mon","label":"Monday","default":true},{"value":"tue","label":"Tuesday","default":true},{"value":"wed","label":"Wednesday"}]}},
 {"type":18,"label":"News","component":{"type":23,"custom_id":"news","default":true}},
 {"type":18,"label":"Who","component":{"type":7,"custom_id":"who","max_values":2,"required":false}},
 {"type":18,"id":30,"label":"Proof","component":{"type":19,"custom_id":"proof","file_types":["image",".PDF"],"max_values":2,"required":false}}]}}`

// placeModal is a MODAL answer with a role select, a channel select of
// text channels, an optional radio group and a text input.
const placeModal = `{"type":9,"data":{"custom_id":"place","title":"Place","components":[
 {"type":18,"label":"Role","component":{"type":6,"custom_id":"role"}},
 {"type":18,"label":"Channel","component":{"type":8,"custom_id":"channel","channel_types":[0]}},
 {"type":18,"label":"Size","component":{"type":21,"custom_id":"size","required":false,"options":[{"value":"s","label":"Small"},{"value":"l","label":"Large"}]}},
 {"type":18,"label":"Note","component":{"type":4,"custom_id":"note","style":1,"required":false}}]}}`

// openForm has the member press the poll's Yes button, which the bot
// answers with modal; the bot answers the submission with a deferred
// update.
func openForm(t *testing.T, modal string) (*Server, *handBot) {
	t.Helper()
	s, bot, _ := startPoll(t, modal)
	res, err := s.Click(context.Background(), Click{Button: "Yes"})
	mustOK(t, res, err)
	bot.answering(always(`{"type":6}`))
	return s, bot
}

// A submission of the inputs of 2026 sends what the service sends: a
// radio group's value, a checkbox's boolean, a checkbox group's values in
// the order ticked, an entity select's ids and a file upload's, with one
// resolved object for the whole submission; every entry has its id.
func TestASubmissionOfEveryInputSendsWhatTheServiceSends(t *testing.T) {
	s, bot := openForm(t, signupModal)
	moderator := roleNamed(s, "Moderator")
	res, err := s.Submit(context.Background(), Submit{
		Values: map[string][]string{
			"Class": {"Warrior"},
			"days":  {"wed", "Monday"},
			"who":   {s.Member.String(), moderator.String()},
		},
		Checked: map[string]bool{"News": false},
		Files: map[string][]interaction.Attachment{"Proof": {
			{Filename: "cat.png", Size: 3}, {Filename: "Plan.PDF", Size: 5},
		}},
	})
	mustOK(t, res, err)
	ix, raw := bot.last(t)

	var sent struct {
		Data struct {
			Components []json.RawMessage `json:"components"`
			Resolved   struct {
				Users       map[string]json.RawMessage        `json:"users"`
				Members     map[string]json.RawMessage        `json:"members"`
				Roles       map[string]json.RawMessage        `json:"roles"`
				Channels    map[string]json.RawMessage        `json:"channels"`
				Attachments map[string]interaction.Attachment `json:"attachments"`
			} `json:"resolved"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &sent); err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, name := range []string{"cat.png", "Plan.PDF"} {
		for id, a := range sent.Data.Resolved.Attachments {
			if a.Filename == name {
				files = append(files, id)
			}
		}
	}
	if len(files) != 2 || len(sent.Data.Resolved.Attachments) != 2 {
		t.Fatalf("resolved attachments: %s", raw)
	}
	want := []string{
		`{"type":18,"id":1,"component":{"type":21,"id":2,"custom_id":"class","value":"w"}}`,
		`{"type":18,"id":3,"component":{"type":22,"id":4,"custom_id":"days","values":["wed","mon"]}}`,
		`{"type":18,"id":5,"component":{"type":23,"id":6,"custom_id":"news","value":false}}`,
		`{"type":18,"id":7,"component":{"type":7,"id":8,"custom_id":"who","values":["` + s.Member.String() + `","` + moderator.String() + `"]}}`,
		`{"type":18,"id":30,"component":{"type":19,"id":9,"custom_id":"proof","values":["` + files[0] + `","` + files[1] + `"]}}`,
	}
	if len(sent.Data.Components) != len(want) {
		t.Fatalf("components: %s", raw)
	}
	for i, w := range want {
		if !sameJSONText(t, sent.Data.Components[i], w) {
			t.Errorf("component %d: %s, want %s", i, sent.Data.Components[i], w)
		}
	}
	r := sent.Data.Resolved
	if len(r.Users) != 1 || len(r.Members) != 1 || r.Users[s.Member.String()] == nil || r.Members[s.Member.String()] == nil ||
		len(r.Roles) != 1 || r.Roles[moderator.String()] == nil || r.Channels != nil {
		t.Errorf("resolved: %s", raw)
	}

	// Decoded, field by field.
	d := &ix.Data
	if class, _ := d.Submitted("class"); class.Type != interaction.ComponentRadioGroup || class.ID != 2 {
		t.Errorf("class: %+v", class)
	} else if v, chosen := class.Choice(); !chosen || v != "w" {
		t.Errorf("class chose %q, %v", v, chosen)
	}
	if days, _ := d.Submitted("days"); days.Type != interaction.ComponentCheckboxGroup || !slices.Equal(days.Values, []string{"wed", "mon"}) {
		t.Errorf("days: %+v", days)
	}
	if news, ok := d.Submitted("news"); !ok || news.Type != interaction.ComponentCheckbox || news.Checked || news.ID != 6 {
		t.Errorf("news: %+v", news)
	}
	who, _ := d.Submitted("who")
	if !slices.Equal(who.Values, []string{s.Member.String(), moderator.String()}) {
		t.Errorf("who: %+v", who)
	}
	if u, ok := d.Resolved.User(s.Member); !ok || u.Username != "bob" {
		t.Errorf("the user chosen: %+v", u)
	}
	if m, ok := d.Resolved.Member(s.Member); !ok || m.JoinedAt.IsZero() {
		t.Errorf("the member chosen: %+v", m)
	}
	if role, ok := d.Resolved.Role(moderator); !ok || role.Name != "Moderator" {
		t.Errorf("the role chosen: %+v", role)
	}
	proof, _ := d.Submitted("proof")
	if len(proof.Values) != 2 {
		t.Fatalf("proof: %+v", proof)
	}
	for i, want := range []struct{ name, contentType string }{{"cat.png", "image/png"}, {"Plan.PDF", "application/pdf"}} {
		id, _ := interaction.ParseSnowflake(proof.Values[i])
		a, _ := d.Resolved.Attachment(id)
		if a.Filename != want.name || a.ContentType != want.contentType || !a.Ephemeral || a.URL == "" || a.ProxyURL == "" {
			t.Errorf("file %d: %+v, want %s of type %s", i, a, want.name, want.contentType)
		}
	}
}

// Inputs left out keep what they start with: a radio group its
// preselected option, a checkbox group its preselected options, a
// checkbox its default; an optional select and file upload nothing.
// A checkbox may be ticked through Values too, as "true" or "false".
func TestACheckboxTakesTrueOrFalseAsAValue(t *testing.T) {
	for _, v := range []string{"true", "false"} {
		s, bot := openForm(t, signupModal)
		res, err := s.Submit(context.Background(), Submit{Values: map[string][]string{
			"class": {"w"}, "days": {"mon", "tue"}, "news": {v},
		}})
		mustOK(t, res, err)
		if _, raw := bot.last(t); !strings.Contains(string(raw), `"custom_id":"news","value":`+v) {
			t.Errorf("news %s: %s", v, raw)
		}
	}
}

func TestInputsLeftOutKeepTheirDefaults(t *testing.T) {
	s, bot := openForm(t, signupModal)
	res, err := s.Submit(context.Background(), Submit{})
	mustOK(t, res, err)
	_, raw := bot.last(t)
	for _, want := range []string{
		`"custom_id":"class","value":"b"`,
		`"custom_id":"days","values":["mon","tue"]`,
		`"custom_id":"news","value":true`,
		`"custom_id":"who","values":[]`,
		`"custom_id":"proof","values":[]`,
	} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("the submission lacks %s: %s", want, raw)
		}
	}
	if strings.Contains(string(raw), `"resolved"`) {
		t.Errorf("a submission with nothing to resolve has resolved data: %s", raw)
	}
}

// A radio group that is not required may be left without a choice: its
// value is null. Roles and channels chosen are resolved, channels with
// the user's and the bot's permissions in them.
func TestAnOptionalRadioGroupSendsNull(t *testing.T) {
	s, bot := openForm(t, placeModal)
	moderator, general := roleNamed(s, "Moderator"), channelID(s, "general")
	res, err := s.Submit(context.Background(), Submit{Values: map[string][]string{
		"Role": {moderator.String()}, "Channel": {general.String()}, "Size": {},
	}})
	mustOK(t, res, err)
	ix, raw := bot.last(t)
	if !strings.Contains(string(raw), `{"type":21,"id":6,"custom_id":"size","value":null}`) {
		t.Errorf("the radio group left empty: %s", raw)
	}
	size, ok := ix.Data.Submitted("size")
	if _, chosen := size.Choice(); !ok || chosen || size.Value != "" {
		t.Errorf("size: %+v", size)
	}
	ch, ok := ix.Data.Resolved.Channel(general)
	if !ok || ch.Name != "general" || ch.Permissions == 0 {
		t.Errorf("the channel chosen: %+v", ch)
	}
	if role, ok := ix.Data.Resolved.Role(moderator); !ok || role.Name != "Moderator" {
		t.Errorf("the role chosen: %+v", role)
	}
}

// The client does not send what a user cannot fill in: each of these is
// refused as an *InvocationError of ErrInvalidInput, the bot hears
// nothing, and the modal stays open.
func TestSubmissionsOfTheNewInputsTheClientRefuses(t *testing.T) {
	file := func(name string) map[string][]interaction.Attachment {
		return map[string][]interaction.Attachment{"proof": {{Filename: name, Size: 1}}}
	}
	values := func(name string, vs ...string) map[string][]string { return map[string][]string{name: vs} }
	for _, tc := range []struct {
		name  string
		modal string
		sub   func(s *Server) Submit
		says  string
	}{
		{"a radio option not offered", signupModal, func(*Server) Submit { return Submit{Values: values("class", "Rogue")} },
			`radio group "Class" offers no option "Rogue"; it offers Warrior, Bard`},
		{"two options of a radio group", signupModal, func(*Server) Submit { return Submit{Values: values("Class", "w", "b")} },
			`radio group "Class" takes one choice, not 2`},
		{"a required radio group without a choice", signupModal, func(*Server) Submit { return Submit{Values: values("class")} },
			`radio group "Class" is required`},
		{"a required checkbox group unticked", signupModal, func(*Server) Submit { return Submit{Values: values("days")} },
			`checkbox group "Days" is required`},
		{"fewer ticked than min_values", signupModal, func(*Server) Submit { return Submit{Values: values("days", "mon")} },
			`checkbox group "Days" takes at least 2 values, not 1`},
		{"more ticked than max_values", signupModal, func(*Server) Submit { return Submit{Values: values("days", "mon", "tue", "wed")} },
			`checkbox group "Days" takes at most 2 values, not 3`},
		{"an option ticked twice", signupModal, func(*Server) Submit { return Submit{Values: values("days", "mon", "Monday")} },
			`checkbox group "Days": "Monday" is ticked twice`},
		{"a checkbox option not offered", signupModal, func(*Server) Submit { return Submit{Values: values("days", "mon", "sun")} },
			`checkbox group "Days" offers no option "sun"`},
		{"a checkbox given for a radio group", signupModal, func(*Server) Submit { return Submit{Checked: map[string]bool{"class": true}} },
			`the modal's field "class" is a RADIO_GROUP, not a checkbox`},
		{"a value for a checkbox that is no true or false", signupModal, func(*Server) Submit { return Submit{Values: values("News", "yes")} },
			`checkbox "News" is ticked or not: give one value, true or false, or use checked`},
		{"a file upload named in values", signupModal, func(*Server) Submit { return Submit{Values: values("proof", "x")} },
			`the modal's field "proof" is a FILE_UPLOAD, not a select menu, radio group, checkbox group or checkbox`},
		{"a checkbox the modal does not have", signupModal, func(*Server) Submit { return Submit{Checked: map[string]bool{"terms": true}} },
			`the modal has no field "terms"`},
		{"a file its file_types rule out", signupModal, func(*Server) Submit { return Submit{Files: file("notes.txt")} },
			`file upload "Proof": notes.txt is not a file it takes (image, .pdf)`},
		{"a file whose type is only in its name's middle", signupModal, func(*Server) Submit { return Submit{Files: file("cat.png.exe")} },
			`cat.png.exe is not a file it takes`},
		{"a user who is not a member", signupModal, func(*Server) Submit { return Submit{Values: values("who", "12345")} },
			`select menu "who": 12345 is no choice the client offers here`},
		{"more users than the menu takes", signupModal, func(s *Server) Submit {
			return Submit{Values: values("who", s.Admin.String(), s.Member.String(), s.Moderator.String())}
		}, `select menu "who" takes at most 2 values, not 3`},
		{"a channel of a type the menu does not take", placeModal, func(s *Server) Submit {
			return Submit{Values: map[string][]string{"role": {roleNamed(s, "Moderator").String()}, "channel": {channelID(s, "Lounge").String()}}}
		}, `select menu "channel": #Lounge is a GUILD_VOICE channel`},
		{"a role where a channel is asked", placeModal, func(s *Server) Submit {
			return Submit{Values: map[string][]string{"role": {roleNamed(s, "Moderator").String()}, "channel": {roleNamed(s, "Moderator").String()}}}
		}, `is no choice the client offers here`},
		{"a required role select left empty", placeModal, func(s *Server) Submit {
			return Submit{Values: map[string][]string{"channel": {channelID(s, "general").String()}}}
		}, `select menu "role" is required`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, bot := openForm(t, tc.modal)
			before := bot.received()
			_, err := s.Submit(context.Background(), tc.sub(s))
			var ie *InvocationError
			if !errors.As(err, &ie) || !errors.Is(err, ErrInvalidInput) {
				t.Fatalf("err = %v, want an *InvocationError of ErrInvalidInput", err)
			}
			if !strings.Contains(ie.Reason, tc.says) {
				t.Errorf("refused with %q, want %q", ie.Reason, tc.says)
			}
			if bot.received() != before {
				t.Error("the bot received an interaction")
			}
			if _, ok := s.OpenModal(0); !ok {
				t.Error("a refused submission closed the modal")
			}
		})
	}
}

// Whatever a submission names, the emulator refuses it or sends what the
// service sends: the entries decode, a radio group holds one of its
// options, a checkbox group as many of its options as it takes and none
// twice, a checkbox what was ticked, and a file only of a type its upload
// takes. Submissions are prepared as Submit prepares them, not sent.
func FuzzSubmissionsOfEveryInput(f *testing.F) {
	f.Add("Warrior", "wed,Monday", false, "", "cat.png")
	f.Add("", "mon,mon", true, "x", "a.txt")
	f.Add("b,w", "tue,wed,mon", true, "y", "Plan.PDF")
	f.Add("Bard", "", false, "", "")
	f.Fuzz(func(t *testing.T, class, days string, news bool, who, file string) {
		s, _ := openForm(t, signupModal)
		sub := Submit{Values: map[string][]string{}, Checked: map[string]bool{"news": news}}
		if class != "" {
			sub.Values["class"] = strings.Split(class, ",")
		}
		if days != "" {
			sub.Values["days"] = strings.Split(days, ",")
		}
		if who != "" {
			sub.Values["who"] = strings.Split(who, ",")
		}
		if file != "" {
			sub.Files = map[string][]interaction.Attachment{"proof": {{Filename: file, Size: 1}}}
		}
		s.st.mu.Lock()
		p, err := s.prepareSubmit(sub)
		s.st.mu.Unlock()
		if err != nil {
			if !errors.Is(err, ErrInvalidInput) {
				t.Fatalf("refused with %v, want ErrInvalidInput", err)
			}
			return
		}
		var ix interaction.Interaction
		if err := interaction.Decode(p.body, &ix); err != nil {
			t.Fatalf("the submission does not decode: %v\n%s", err, p.body)
		}
		c, _ := ix.Data.Submitted("class")
		if v, chosen := c.Choice(); !chosen || (v != "w" && v != "b") {
			t.Errorf("class: %q, %v", v, chosen)
		}
		d, _ := ix.Data.Submitted("days")
		if len(d.Values) != 2 || d.Values[0] == d.Values[1] {
			t.Errorf("days: %q", d.Values)
		}
		for _, v := range d.Values {
			if v != "mon" && v != "tue" && v != "wed" {
				t.Errorf("days: %q is no option", v)
			}
		}
		if n, _ := ix.Data.Submitted("news"); n.Checked != news {
			t.Errorf("news: %v, want %v", n.Checked, news)
		}
		proof, _ := ix.Data.Submitted("proof")
		for _, id := range proof.Values {
			sf, _ := interaction.ParseSnowflake(id)
			a, ok := ix.Data.Resolved.Attachment(sf)
			lower := strings.ToLower(a.Filename)
			if !ok || !(strings.HasSuffix(lower, ".pdf") || strings.HasSuffix(lower, ".png") || strings.HasSuffix(lower, ".jpg") ||
				strings.HasSuffix(lower, ".jpeg") || strings.HasSuffix(lower, ".gif") || strings.HasSuffix(lower, ".webp") ||
				strings.HasSuffix(lower, ".avif") || strings.HasSuffix(lower, ".jfif")) {
				t.Errorf("a file the upload does not take was sent: %+v", a)
			}
		}
	})
}
