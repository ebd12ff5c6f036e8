package main

import (
	"errors"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

func TestGreetGreetsByName(t *testing.T) {
	bot := switchboardtest.New(t, newRouter())
	bot.Command("/greet name:Ada").Shows("Hello, Ada!")
	// What the user typed pings nobody, even @everyone.
	x := bot.Command("/greet name:@everyone")
	if m := x.Message().Data.AllowedMentions; x.Content() != "Hello, @everyone!" || m == nil || len(m.Parse) != 0 {
		t.Errorf("answered %q, allowing mentions %+v\n%s", x.Content(), m, x)
	}
	if _, err := bot.TryCommand("/greet"); !errors.Is(err, emulator.ErrInvalidInput) {
		t.Errorf("/greet without a name: %v", err)
	}
}
