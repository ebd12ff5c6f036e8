package switchboardtest

import "github.com/switchboard-go/switchboard/emulator"

// Fault arms a fault on what the emulator sends the bot (an interaction
// sent twice, late, badly signed, with a stale timestamp or a token that
// expires early; a webhook event sent again or out of order; a gateway
// connection dropped), failing the test if the emulator refuses it. It
// fires with its Probability, drawn from its Seed, until it has fired
// Count times or the test ends: the same seed fires on the same uses of
// the same test. Each Exchange's Result says which faults fired on it
// (Faults), and how the bot answered the copies they sent (Copies).
func (b *Bot) Fault(f emulator.DeliveryFault) {
	b.t.Helper()
	if err := b.Emulator.ArmDeliveryFault(f); err != nil {
		b.t.Fatalf("switchboardtest: arming a %v fault: %v", f.Kind, err)
	}
}
