package switchboardtest

import (
	"fmt"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

// Click has the exchange's user press a button, named by its label or its
// custom_id: on the newest of the exchange's messages that has it, or,
// when none has, on the newest message in the channel that has it and
// that the user can see. It returns what came of the press; a press the
// client would not make, and an answer the service would refuse, fail
// the test.
func (x *Exchange) Click(button string) *Exchange {
	x.bot.t.Helper()
	y, err := x.TryClick(button)
	if err != nil {
		x.bot.fail(pick(y, x), err)
	}
	return y
}

// TryClick is Click for a test of what a user may not do: it returns the
// client's refusal (no such button, a disabled one, a message the user
// cannot see) or the answer's violations.
func (x *Exchange) TryClick(button string) (*Exchange, error) {
	x.bot.t.Helper()
	c := emulator.Click{User: x.who.user, Locale: x.who.locale, Channel: x.channel(), Button: button}
	if m, ok := x.find(button); ok {
		c.Message, c.Channel = m.ID, 0
	}
	res, err := x.bot.Emulator.Click(x.bot.t.Context(), c)
	return x.then(fmt.Sprintf("click %q", button), res, err)
}

// Choose has the exchange's user choose values in a select menu, named by
// its placeholder or its custom_id, found as Click finds a button: options
// of a string select by their value or label, users, roles or channels by
// id. No values clears the menu. It fails the test as Click does.
func (x *Exchange) Choose(menu string, values ...string) *Exchange {
	x.bot.t.Helper()
	y, err := x.TryChoose(menu, values...)
	if err != nil {
		x.bot.fail(pick(y, x), err)
	}
	return y
}

// TryChoose is Choose, returning the refusal or the violations as
// TryClick does.
func (x *Exchange) TryChoose(menu string, values ...string) (*Exchange, error) {
	x.bot.t.Helper()
	c := emulator.Choose{User: x.who.user, Locale: x.who.locale, Channel: x.channel(), Select: menu, Values: values}
	if m, ok := x.find(menu); ok {
		c.Message, c.Channel = m.ID, 0
	}
	res, err := x.bot.Emulator.Choose(x.bot.t.Context(), c)
	return x.then(fmt.Sprintf("choose %q %q", menu, values), res, err)
}

// Submit has the exchange's user fill in and submit the modal its answer
// opened, as form says (its User and Modal may be left zero: they are
// the exchange's). It fails the test as Click does; the client refuses a
// form that leaves a required input empty or a value out of bounds.
func (x *Exchange) Submit(form emulator.Submit) *Exchange {
	x.bot.t.Helper()
	y, err := x.TrySubmit(form)
	if err != nil {
		x.bot.fail(pick(y, x), err)
	}
	return y
}

// TrySubmit is Submit, returning the refusal or the violations as
// TryClick does.
func (x *Exchange) TrySubmit(form emulator.Submit) (*Exchange, error) {
	x.bot.t.Helper()
	if form.User == 0 {
		form.User = x.who.user
	}
	if form.Modal == "" && x.Result.Answer.Modal != nil {
		form.Modal = x.Result.Answer.Modal.CustomID
	}
	res, err := x.bot.Emulator.Submit(x.bot.t.Context(), form)
	return x.then("submit "+form.Modal, res, err)
}

// then returns the exchange of what the user did next, named by what.
func (x *Exchange) then(what string, res *emulator.Result, err error) (*Exchange, error) {
	if err != nil {
		if res == nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		return x.bot.exchange(what, x.who, res), fmt.Errorf("%s: %w", what, err)
	}
	y := x.bot.exchange(what, x.who, res)
	return y, y.violations()
}

// channel returns the channel the exchange's interaction came from.
func (x *Exchange) channel() interaction.Snowflake {
	if x.Result.Interaction == nil {
		return 0
	}
	return x.Result.Interaction.ChannelID
}

// pick returns y, or x when there is no y.
func pick(y, x *Exchange) *Exchange {
	if y != nil {
		return y
	}
	return x
}
