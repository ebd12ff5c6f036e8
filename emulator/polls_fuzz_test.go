package emulator

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/interaction"
)

// FuzzPollsAndSpoilersSurviveTheWire encodes an answer with a poll and a
// file, either of which may be a spoiler, with package interaction's
// encoder, decodes it as the emulator decodes an answer, and makes the
// message's poll and attachment of it: the poll must be the one encoded,
// numbered from 1 and open for its hours, and the attachment a spoiler
// exactly when the file was marked one or its name says so.
func FuzzPollsAndSpoilersSurviveTheWire(f *testing.F) {
	f.Add("Lunch?", "Pizza", "🍕", uint64(0), 24, false, "ending.png", true)
	f.Add("", "", "", uint64(41771983429993937), 768, true, "SPOILER_a.png", false)
	f.Add("q\"\\", "a\n", "x", uint64(1), -1, false, "spoiler_b", false)
	s, err := New(Config{})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { s.Close() })
	made := time.Date(2026, 7, 20, 10, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, question, answerText, emoji string, emojiID uint64, hours int, multiselect bool, filename string, spoiler bool) {
		for _, text := range []string{question, answerText, emoji, filename} {
			if !utf8.ValidString(text) {
				t.Skip() // JSON carries text: invalid bytes become U+FFFD there
			}
		}
		poll := interaction.NewPoll(question, answerText).Lasting(hours)
		if emoji != "" || emojiID != 0 {
			poll = poll.WithEmojiAnswer(interaction.PollEmoji{ID: interaction.Snowflake(emojiID), Name: emoji}, answerText)
		}
		if multiselect {
			poll = poll.Multiselect()
		}
		r := interaction.Reply("c").WithPoll(poll)
		r.Message.Files = []interaction.File{{Name: filename, Spoiler: spoiler, Content: strings.NewReader("x")}}
		body, ct, err := r.AppendMultipart(nil, 1<<16)
		if err != nil {
			return // refused before anything is sent: the encoder's tests check why
		}
		var answer answerBody
		files, e := decodeUploads(ct, body, 1<<16, &answer)
		if e != nil {
			t.Fatalf("the emulator refused what the encoder wrote: %v %v", e, e.errors)
		}
		if !reflect.DeepEqual(answer.Message.Poll, r.Message.Poll) {
			t.Fatalf("the poll read back as %+v, want %+v", answer.Message.Poll, r.Message.Poll)
		}
		p := makePoll(answer.Message.Poll, made)
		if len(p.Answers) != len(poll.Answers) || p.Expiry.Sub(made) != time.Duration(poll.Hours())*time.Hour ||
			p.LayoutType != interaction.PollLayoutDefault || p.AllowMultiselect != multiselect {
			t.Fatalf("the poll made: %+v", p)
		}
		for i, a := range p.Answers {
			if a.AnswerID != i+1 || a.Media.Text != poll.Answers[i].Media.Text {
				t.Fatalf("answer %d: %+v", i, a)
			}
		}
		if j := pollJSON(p, made); j["expiry"] == nil || j["results"] == nil {
			t.Fatalf("the poll's JSON: %v", j)
		}
		s.st.mu.Lock()
		refs := refsOf(answer.Message.Attachments)
		atts := s.attachments(newInvalidBody(), "/data/attachments", &refs, files, nil, 1, false)
		s.st.mu.Unlock()
		if len(atts) != 1 || !bytes.Equal(atts[0].Content, []byte("x")) {
			t.Fatalf("%d attachments from %d files", len(atts), len(files))
		}
		want := spoiler || strings.HasPrefix(atts[0].Filename, interaction.SpoilerPrefix)
		if atts[0].IsSpoiler() != want || (atts[0].Flags&interaction.AttachmentIsSpoiler != 0) != want {
			t.Errorf("attachment %q with flags %d; marked a spoiler %v", atts[0].Filename, atts[0].Flags, spoiler)
		}
	})
}
