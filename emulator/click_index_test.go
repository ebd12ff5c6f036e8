package emulator

import (
	"strconv"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

// withButtons records n interactions of the member, each answered with a
// message of one button, labelled label.
func withButtons(tb testing.TB, s *Server, n int, label string) {
	tb.Helper()
	for i := range n {
		id, _ := s.FakeInteraction(interaction.TypeApplicationCommand, interaction.CommandChatInput)
		var body answerBody
		raw := `{"type":4,"data":{"content":"m","components":[{"type":1,"components":[{"type":2,"style":2,"label":"` + label + `","custom_id":"b` + strconv.Itoa(i) + `"}]}]}}`
		if err := body.UnmarshalJSON([]byte(raw)); err != nil {
			tb.Fatal(err)
		}
		s.st.mu.Lock()
		s.acknowledge(s.st.interactions[id], &body, nil, s.st.now())
		s.st.touch()
		s.st.mu.Unlock()
	}
}

// findByLabel finds, as a click that names no message does, the button
// labelled label the member sees.
func findByLabel(s *Server, label string) (*Message, *InvocationError) {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	m, _, _, err := s.findComponent(&use{user: s.Member, name: label, button: true})
	return m, err
}

// A click that names a button by its label, and no message, looks at the
// messages that have such a button, not at every message: it costs the
// same however many others the emulator keeps.
func TestAClickByLabelLooksOnlyAtTheMessagesWithTheLabel(t *testing.T) {
	s, err := newServer(Config{})
	if err != nil {
		t.Fatal(err)
	}
	withButtons(t, s, 1, "Target")
	withButtons(t, s, 50, "Other")
	cost := func() float64 {
		return testing.AllocsPerRun(20, func() {
			if m, err := findByLabel(s, "Target"); m == nil || err != nil {
				t.Fatalf("the button: %v", err)
			}
		})
	}
	few := cost()
	withButtons(t, s, 1000, "Other")
	// Half again as many would be other goroutines' doing: looking at
	// every message costs twenty times as many.
	if many := cost(); many > few+few/2 {
		t.Errorf("finding the button allocates %v times among 1,051 messages, %v among 51", many, few)
	}
	if _, err := findByLabel(s, "Nowhere"); err == nil || err.Kind != ErrUnknownComponent {
		t.Errorf("a label no message has: %v", err)
	}
}

// BenchmarkClickByLabel finds the button a click names by its label,
// the oldest message of 1,000 and of 20,000 with a button.
func BenchmarkClickByLabel(b *testing.B) {
	for _, n := range []int{1_000, 20_000} {
		b.Run(strconv.Itoa(n)+"_messages", func(b *testing.B) {
			s, err := newServer(Config{Limits: Limits{Interactions: 100_000}})
			if err != nil {
				b.Fatal(err)
			}
			withButtons(b, s, 1, "Target")
			withButtons(b, s, n-1, "Other")
			b.ReportAllocs()
			for b.Loop() {
				if m, err := findByLabel(s, "Target"); m == nil || err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
