package emulator

import (
	"context"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

// Click is what a user does to press a button of a message the bot sent.
type Click struct {
	// User is who clicks; zero means the server's Member.
	User interaction.Snowflake
	// Locale is the user's client language; empty means en-US.
	Locale interaction.Locale
	// Message is the message the button is on. Zero means the newest
	// message that has the button and that the user can see, in Channel
	// when it is not zero.
	Message interaction.Snowflake
	Channel interaction.Snowflake
	// Button is the button's custom_id, or its label.
	Button string
}

// Choose is what a user does to choose in a select menu of a message the
// bot sent.
type Choose struct {
	// User, Locale, Message and Channel are as in Click.
	User    interaction.Snowflake
	Locale  interaction.Locale
	Message interaction.Snowflake
	Channel interaction.Snowflake
	// Select is the select menu's custom_id, or its placeholder.
	Select string
	// Values are what the user chooses, in order: options of a string
	// select by their value or their label; users, roles or channels of
	// the other selects by their ids (FindUser, FindRole and FindChannel
	// find them by name). No values clears the menu, which a menu whose
	// min_values is 0 allows.
	Values []string
}

// Click presses a button as the user would: it checks what the client
// checks (the message is one the user sees, the button is on it, and is
// neither disabled nor a link or premium button, which send nothing),
// sends the bot the signed MESSAGE_COMPONENT interaction, and checks its
// answer. A refused click sends nothing and returns an *InvocationError:
// ErrUnknownMessage for a message the user does not see,
// ErrUnknownComponent for a button no message the user sees has (both
// match ErrUnknownTarget), ErrInvalidInput for one the client would not
// press.
func (s *Server) Click(ctx context.Context, c Click) (*Result, error) {
	return s.useComponent(ctx, use{user: c.User, locale: c.Locale, message: c.Message, channel: c.Channel, name: c.Button, button: true})
}

// Choose chooses in a select menu as the user would: it checks what the
// client checks (the message is one the user sees, the menu is on it and
// enabled, the values are among those it offers, as many as it takes),
// sends the bot the signed MESSAGE_COMPONENT interaction, with the users,
// roles and channels chosen resolved, and checks its answer. A refused
// choice sends nothing and returns an *InvocationError, as Click's.
func (s *Server) Choose(ctx context.Context, c Choose) (*Result, error) {
	values := c.Values
	if values == nil {
		values = []string{}
	}
	return s.useComponent(ctx, use{user: c.User, locale: c.Locale, message: c.Message, channel: c.Channel, name: c.Select, values: values})
}

// use is a Click or a Choose.
type use struct {
	user    interaction.Snowflake
	locale  interaction.Locale
	message interaction.Snowflake
	channel interaction.Snowflake
	name    string
	button  bool     // a button, else a select menu
	values  []string // the values of a select menu
}

// what names the kind of component a use looks for.
func (u *use) what() string {
	if u.button {
		return "button"
	}
	return "select menu"
}

// fits reports whether c is the kind of component u looks for.
func (u *use) fits(c interaction.Component) bool {
	if u.button {
		return c.ComponentType() == interaction.ComponentButton
	}
	return c.ComponentType().IsSelect()
}

func (s *Server) useComponent(ctx context.Context, u use) (*Result, error) {
	return s.send(ctx, func() (*prepared, *InvocationError) { return s.prepareUse(u) })
}

// prepareUse does what the client and the service do before the bot hears
// of a use of a component: find the message and the component, check the
// use, and build the interaction. The caller holds s.st.mu.
func (s *Server) prepareUse(u use) (*prepared, *InvocationError) {
	st := s.st
	if u.user == 0 {
		u.user = s.Member
	}
	if u.locale == "" {
		u.locale = interaction.LocaleEnglishUS
	}
	user := st.users[u.user]
	if user == nil {
		return nil, refuse(ErrUnknownTarget, "no user "+u.user.String())
	}
	if u.name == "" {
		return nil, invalid("name the %s: its custom_id, or what it shows", u.what())
	}
	m, owner, c, err := s.findComponent(&u)
	if err != nil {
		return nil, err
	}
	// The use goes to the application whose message it is.
	st.app = st.appOf(owner)
	g, ch := s.placeOf(m, owner, u.user)
	in := &input{s: s, g: g, ch: ch, invoker: u.user, locale: u.locale, resolved: &wireResolved{}}
	data := wireComponentData{ComponentType: c.ComponentType()}
	data.CustomID, _ = component.CustomID(c)
	if u.button {
		if err := clickable(c.(component.Button)); err != nil {
			return nil, err
		}
	} else {
		values, err := in.chosen(c, u.values, false)
		if err != nil {
			return nil, err
		}
		data.Values = values
	}
	if !in.resolved.empty() {
		data.Resolved = in.resolved
	}
	w := s.newWireInteraction(interaction.TypeMessageComponent, g, ch, user)
	w.Locale, w.Data = u.locale, data
	// The installations that authorized the interaction that made the
	// message authorize the uses of its components.
	w.AuthorizingIntegrationOwners = owner.ix.AuthorizingIntegrationOwners
	w.Message = s.messageJSON(m)
	body, ix, err := encodeInteraction(&w)
	if err != nil {
		return nil, err
	}
	p := &prepared{si: newSentInteraction(ix, body), body: body, by: s.st.app.signer}
	p.si.message = m
	return p, nil
}

// clickable refuses what the client does not send: a disabled button, and
// the link and premium buttons, which open a page or a purchase instead.
func clickable(b component.Button) *InvocationError {
	switch {
	case b.Disabled:
		return invalid("button %q is disabled", buttonName(b))
	case b.Style == component.ButtonLink:
		return invalid("button %q is a link: the client opens %s and sends nothing", buttonName(b), b.URL)
	case b.Style == component.ButtonPremium:
		return invalid("button %q is a premium button: the client offers SKU %s and sends nothing", buttonName(b), b.SKUID)
	case b.CustomID == "":
		return invalid("button %q has no custom_id to send", buttonName(b))
	}
	return nil
}

// buttonName is how a message about a button names it.
func buttonName(b component.Button) string {
	if b.CustomID != "" {
		return b.CustomID
	}
	return b.Label
}

// wireComponentData is the data of a MESSAGE_COMPONENT interaction.
type wireComponentData struct {
	CustomID      string                    `json:"custom_id"`
	ComponentType interaction.ComponentType `json:"component_type"`
	// Values are a select menu's, [] when nothing is chosen; a button has
	// none.
	Values   []string      `json:"values,omitzero"`
	Resolved *wireResolved `json:"resolved,omitempty"`
}
