package bot

import (
	"errors"
	"testing"
	"time"

	"github.com/switchboard-go/switchboard/cooldown"
	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

func TestTheBotGreetsAndAnswersPings(t *testing.T) {
	bot := switchboardtest.New(t, Router(Release, nil))
	tests := []struct{ line, want string }{
		{"/ping", "pong"},
		{"/greet name:Ada", "Hello, Ada!"},
		{"/greet name:Ada loud:false", "Hello, Ada!"},
		{"/greet name:Ada loud:true", "HELLO, ADA!"},
	}
	for _, tt := range tests {
		if got := bot.Command(tt.line).Content(); got != tt.want {
			t.Errorf("%s answered %q, want %q", tt.line, got, tt.want)
		}
	}
}

// Release 1 had no loud option: a client that knows release 1 offers
// none.
func TestReleaseOneGreetsOnlyPlainly(t *testing.T) {
	bot := switchboardtest.New(t, Router(1, nil))
	bot.Command("/greet name:Ada").Shows("Hello, Ada!")
	if _, err := bot.TryCommand("/greet name:Ada loud:true"); !errors.Is(err, emulator.ErrInvalidInput) {
		t.Errorf("release 1 took loud: %v", err)
	}
}

// A user greets five times a minute, as serve limits /greet; each user
// counts apart, and /ping is not limited.
func TestAUserGreetsFiveTimesAMinute(t *testing.T) {
	bot := switchboardtest.New(t, Router(Release, cooldown.New(cooldown.PerUser, 5, time.Minute)))
	for i := range 5 {
		if got := bot.Command("/greet name:Ada").Content(); got != "Hello, Ada!" {
			t.Fatalf("greeting %d answered %q", i+1, got)
		}
	}
	sixth := bot.Command("/greet name:Ada")
	if sixth.Content() == "Hello, Ada!" || !sixth.Ephemeral() {
		t.Errorf("the sixth greeting in a minute was let through\n%s", sixth)
	}
	bot.Command("/greet name:Bob", switchboardtest.As(bot.Moderator)).Shows("Hello, Bob!")
	bot.Command("/ping").Shows("pong")
}
