package switchboardtest_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/switchboardtest"
)

// The kit drives a bot on the gateway as it drives one on HTTP: the same
// uses, the same checks, through the emulator's gateway and the callback
// endpoint.
func TestABotOnTheGatewayIsDrivenAsOneOnHTTP(t *testing.T) {
	release := make(chan struct{})
	bot := switchboardtest.New(t, newBot(release), switchboardtest.OverGateway(nil))
	if ss := bot.Emulator.GatewaySessions(); len(ss) != 1 || !ss[0].Connected {
		t.Fatalf("the bot's gateway sessions: %+v", ss)
	}

	x := bot.Command("/greet name:Ada")
	if !x.Result.Gateway || x.Content() != "Hello, Ada!" {
		t.Fatalf("over the gateway: %v %q\n%s", x.Result.Gateway, x.Content(), x)
	}
	if got := x.As(bot.Admin).Click("Wave back").Content(); got != "Ada waves back." {
		t.Errorf("after the click, %q", got)
	}
	form := bot.Command("/report")
	form.Submit(emulator.Submit{Fields: map[string]string{"What happened?": "The build is red."}}).Shows("Reported: The build is red.")

	build := bot.Command("/build")
	if !build.Message().Loading() {
		t.Fatalf("the answer is not deferred\n%s", build)
	}
	close(release)
	build.Wait().WaitFollowups(1)
	build.Shows("Built.", "Deployed too.")

	var names []string
	for _, c := range bot.Autocomplete("/weather city:par").Choices() {
		names = append(names, c.Name)
	}
	if strings.Join(names, ",") != "Paris,Parma" {
		t.Errorf("suggestions %q", names)
	}
	if got := bot.Command("/flavour").Choose("A flavour", "Chocolate").Content(); got != "You picked chocolate." {
		t.Errorf("the menu: %q", got)
	}
	if _, err := bot.TryCommand("/purge", switchboardtest.As(bot.Member)); !errors.Is(err, emulator.ErrPermissionDenied) {
		t.Errorf("a member without Manage Messages: %v", err)
	}
	bot.Command("/greet name:Ada", switchboardtest.InDM()).Shows("Hello, Ada!")
}

// The endpoint defers a slow handler at the margin of the window, as it
// does on HTTP, and its answer completes the deferral.
func TestOverTheGatewayASlowHandlerIsDeferredAndCompleted(t *testing.T) {
	release := make(chan struct{})
	bot := switchboardtest.New(t, slowBot(release), switchboardtest.WithResponseWindow(window), switchboardtest.OverGateway(nil))
	x := bot.Command("/report")
	if x.Answer().Type != interaction.CallbackDeferredChannelMessageWithSource || !x.Message().Loading() {
		t.Fatalf("the answer is %v, want the endpoint's deferral\n%s", x.Answer().Type, x)
	}
	if x.Result.Took < window-margin {
		t.Errorf("deferred after %v, before the margin (%v into the window)\n%s", x.Result.Took, window-margin, x)
	}
	close(release)
	x.Wait().Shows("Weekly report: 42 deploys.")
}

func TestTheOverGatewayExampleTestPasses(t *testing.T) { testTea(t) }
