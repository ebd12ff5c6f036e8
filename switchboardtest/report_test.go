package switchboardtest_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/switchboardtest"
)

// failures is a testing.TB that records the message of a test failing
// and ends the goroutine, as FailNow does.
type failures struct {
	testing.TB
	message string
}

func (f *failures) Helper() {}

func (f *failures) Fatalf(format string, args ...any) {
	f.message = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// failed runs do with a recorder, and returns the message it failed
// with, or "" when it did not.
func failed(t *testing.T, do func(tb testing.TB)) string {
	t.Helper()
	f := &failures{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		do(f)
	}()
	<-done
	return f.message
}

// A check that does not hold fails the test with the whole exchange: what
// the user did, what the bot answered, each message and its history.
func TestAFailureShowsTheWholeExchange(t *testing.T) {
	tests := []struct {
		name string
		do   func(tb testing.TB)
		want []string
	}{
		{"text the messages do not show", func(tb testing.TB) {
			bot := switchboardtest.New(tb, newBot(nil))
			bot.Command("/greet name:Ada").Shows("Hello, Bob!")
		}, []string{
			`switchboardtest: the messages do not show "Hello, Bob!"`,
			"/greet name:Ada\n",
			"the bot answered 200 after",
			"CHANNEL_MESSAGE_WITH_SOURCE",
			"  | Hello, Ada!\n  | [Wave back]\n",
			"history:\n  +",
			"replied the answer's message",
		}},
		{"a deferred answer never completed", func(tb testing.TB) {
			bot := switchboardtest.New(tb, newBot(make(chan struct{})), switchboardtest.WithWait(50*time.Millisecond))
			bot.Command("/build").Wait()
		}, []string{
			"switchboardtest: waited 50ms for the deferred answer to be completed",
			"DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE",
			"(loading)",
			"deferred the answer's message",
		}},
		{"changes that never come", func(tb testing.TB) {
			release := make(chan struct{})
			bot := switchboardtest.New(tb, newBot(release), switchboardtest.WithWait(50*time.Millisecond))
			x := bot.Command("/build")
			close(release)
			x.WaitFollowups(1).WaitChanges(4)
		}, []string{
			"switchboardtest: waited 50ms for 4 changes to the messages",
			"follow-up 1, message ",
			"  | Deployed too.\n",
			"followed_up message ",
		}},
		{"a button no message has", func(tb testing.TB) {
			bot := switchboardtest.New(tb, newBot(nil))
			bot.Command("/greet name:Ada").Click("Wave goodbye")
		}, []string{
			`switchboardtest: click "Wave goodbye": emulator: unknown component: @bob sees no button "Wave goodbye" in #general`,
			"  | [Wave back]\n",
		}},
		{"a command the client does not offer", func(tb testing.TB) {
			bot := switchboardtest.New(tb, newBot(nil))
			bot.Command("/greet")
		}, []string{"switchboardtest: /greet: emulator: invalid input"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := failed(t, tt.do)
			if msg == "" {
				t.Fatal("the test did not fail")
			}
			for _, want := range tt.want {
				if !strings.Contains(msg, want) {
					t.Errorf("the failure lacks %q:\n%s", want, msg)
				}
			}
		})
	}
}

// A failure names users as the client shows them, and the guild by its
// name, never by id.
func TestAFailureNamesUsersAsTheClientShowsThem(t *testing.T) {
	var bot *switchboardtest.Bot
	msg := failed(t, func(tb testing.TB) {
		bot = switchboardtest.New(tb, newBot(nil))
		bot.UserCommand("Wave", bot.Admin, switchboardtest.As(bot.Member)).Shows("You wave back.")
	})
	for _, want := range []string{
		`user command "Wave" on Owner (@owner)`,
		`  by Bob (@bob) in #general of the guild "Emulator Guild", locale en-US; interaction `,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the failure lacks %q:\n%s", want, msg)
		}
	}
	for _, id := range []string{bot.Admin.String(), bot.Member.String(), bot.Guild.String()} {
		if strings.Contains(msg, id) {
			t.Errorf("the failure names someone by id %s:\n%s", id, msg)
		}
	}
}
