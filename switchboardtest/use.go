package switchboardtest

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// Command has a user use a chat-input command as they would type it in
// the client, such as `/mod ban user:@bob reason:"spam"` (see
// emulator.Server.ParseCommand), and returns what came of it. A command
// the client would not send, and an answer the service would refuse,
// fail the test.
func (b *Bot) Command(line string, ws ...Who) *Exchange {
	b.t.Helper()
	x, err := b.TryCommand(line, ws...)
	if err != nil {
		b.fail(x, err)
	}
	return x
}

// TryCommand is Command for a test of what a user may not do: it returns
// the client's refusal (the emulator's error: a command not offered, a
// permission missing, a value the client refuses) or the answer's
// violations, with what came of the command when it was sent. A global
// command changed through the API since the user last used it is
// refused once, as the user's client reloads it (emulator.ErrStale); the
// next use goes through.
func (b *Bot) TryCommand(line string, ws ...Who) (*Exchange, error) {
	b.t.Helper()
	w := b.who(ws)
	inv, err := b.Emulator.ParseCommand(b.invocation(w), line)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", line, err)
	}
	return b.send(line, w, inv, b.Emulator.Invoke)
}

// Invoke has a user use a command as inv says, every field of it; the
// user, guild, channel and locale inv leaves zero come from ws and the
// defaults. It fails the test as Command does.
func (b *Bot) Invoke(inv emulator.Invocation, ws ...Who) *Exchange {
	b.t.Helper()
	x, err := b.TryInvoke(inv, ws...)
	if err != nil {
		b.fail(x, err)
	}
	return x
}

// TryInvoke is Invoke, returning the refusal or the violations as
// TryCommand does.
func (b *Bot) TryInvoke(inv emulator.Invocation, ws ...Who) (*Exchange, error) {
	b.t.Helper()
	w := b.who(ws)
	full := b.invocation(w)
	full.Command, full.Type, full.Options, full.Target, full.Focused = inv.Command, inv.Type, inv.Options, inv.Target, inv.Focused
	if inv.User != 0 {
		full.User = inv.User
	}
	if inv.Guild != 0 {
		full.Guild = inv.Guild
	}
	if inv.Channel != 0 {
		full.Channel = inv.Channel
	}
	if inv.Locale != "" {
		full.Locale = inv.Locale
	}
	if inv.Application != 0 {
		full.Application = inv.Application
	}
	w.user, w.guild, w.channel, w.locale = full.User, full.Guild, full.Channel, full.Locale
	return b.send("", w, full, b.Emulator.Invoke)
}

// UserCommand has a user use the USER command name on target, from the
// user's context menu.
func (b *Bot) UserCommand(name string, target interaction.Snowflake, ws ...Who) *Exchange {
	b.t.Helper()
	return b.Invoke(emulator.Invocation{Command: name, Type: interaction.CommandUser, Target: target}, ws...)
}

// MessageCommand has a user use the MESSAGE command name on a message:
// one of the bot's (an Exchange's Message().ID), or any other id, for a
// message of the user's own.
func (b *Bot) MessageCommand(name string, message interaction.Snowflake, ws ...Who) *Exchange {
	b.t.Helper()
	return b.Invoke(emulator.Invocation{Command: name, Type: interaction.CommandMessage, Target: message}, ws...)
}

// Launch has a user open the entry point command name from the App
// Launcher, where it is not typed. When the command's handler is the
// service's (SERVICE_LAUNCH_ACTIVITY), the service launches the Activity
// and the bot hears nothing: the exchange's Result says Launched and has
// no interaction.
func (b *Bot) Launch(name string, ws ...Who) *Exchange {
	b.t.Helper()
	return b.Invoke(emulator.Invocation{Command: name, Type: interaction.CommandPrimaryEntryPoint}, ws...)
}

// Autocomplete has a user type a command up to the option they are
// typing, the last one of line, such as "/weather city:par", and returns
// what came of the bot's suggestions (Choices).
func (b *Bot) Autocomplete(line string, ws ...Who) *Exchange {
	b.t.Helper()
	w := b.who(ws)
	inv, err := b.Emulator.ParsePartial(b.invocation(w), line)
	if err != nil {
		b.fail(nil, fmt.Errorf("%s: %w", line, err))
	}
	x, err := b.send(line, w, inv, b.Emulator.Autocomplete)
	if err != nil {
		b.fail(x, err)
	}
	return x
}

// invocation returns the Invocation of what w says, with no command.
func (w who) invocation() emulator.Invocation {
	return emulator.Invocation{User: w.user, Guild: w.guild, Channel: w.channel, Locale: w.locale}
}

// invocation returns what w says of an invocation of the bot's commands.
func (b *Bot) invocation(w who) emulator.Invocation {
	inv := w.invocation()
	inv.Application = b.app
	return inv
}

// send sends inv with do, and returns what came of it: the emulator's
// refusal, or the answer's violations, as errors.
func (b *Bot) send(line string, w who, inv emulator.Invocation, do func(context.Context, emulator.Invocation) (*emulator.Result, error)) (*Exchange, error) {
	res, err := do(b.t.Context(), inv)
	if err != nil {
		if res == nil {
			return nil, b.describe(line, inv, err)
		}
		return b.exchange(line, w, res), err
	}
	if line == "" && res.Interaction == nil {
		line = b.named(inv)
	}
	x := b.exchange(line, w, res)
	return x, x.violations()
}

// named says what inv uses, for an exchange with no interaction to say it.
func (b *Bot) named(inv emulator.Invocation) string {
	switch inv.Type {
	case interaction.CommandPrimaryEntryPoint:
		return fmt.Sprintf("launch %q", inv.Command)
	case interaction.CommandUser:
		return fmt.Sprintf("user command %q on %s", inv.Command, b.userName(inv.Target))
	case interaction.CommandMessage:
		return fmt.Sprintf("message command %q on message %v", inv.Command, inv.Target)
	}
	return "/" + inv.Command
}

// describe names what was refused.
func (b *Bot) describe(line string, inv emulator.Invocation, err error) error {
	if line == "" {
		line = b.named(inv)
	}
	return fmt.Errorf("%s: %w", line, err)
}

// ErrViolations is wrapped by the error of an answer that breaks the
// service's rules, which the user would see fail.
var ErrViolations = errors.New("switchboardtest: the answer breaks the service's rules")

func (x *Exchange) violations() error {
	if x.Result.OK() {
		return nil
	}
	if len(x.Result.Violations) == 0 {
		return fmt.Errorf("%w: the bot answered %d", ErrViolations, x.Result.Status)
	}
	return fmt.Errorf("%w:\n  %s", ErrViolations, strings.Join(x.Result.Violations, "\n  "))
}
