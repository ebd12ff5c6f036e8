package emulator

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"
)

// Faults on deliveries change what the service sends the bot, where
// faults (faults.go) change how it answers the bot's requests: an
// interaction sent twice, late, with a timestamp out of date, after a
// badly signed copy, or with a token that expires early; a webhook event
// sent again or out of order; a gateway connection that drops. Each
// fires on a delivery it applies to with a probability, drawn from a
// generator of its own seeded by its Seed, so that the same faults armed
// with the same seeds fire on the same deliveries of the same sequence:
// a run that failed can be run again, fault for fault.

// DeliveryFaultKind is how a delivery fault changes what the bot
// receives.
type DeliveryFaultKind int

const (
	// DeliveryDuplicate sends an interaction over HTTP a second time,
	// once the first delivery is settled: the same body, signed again.
	// The first delivery's answer is the answer; the service takes none
	// to the copy, and refuses one with 40060, "Interaction has already
	// been acknowledged". The copy and how the bot answered it are among
	// the Result's Copies.
	DeliveryDuplicate DeliveryFaultKind = iota + 1
	// DeliveryLate holds an interaction for Duration before it is sent
	// over HTTP. The response window still counts from when the
	// interaction was created: an answer, in the HTTP response or
	// through the callback endpoint, that comes after the window from
	// then is refused, as the service has failed the interaction by then.
	DeliveryLate
	// DeliveryStaleTimestamp signs an interaction over HTTP at a time
	// Duration in the past: X-Signature-Timestamp is that time, and the
	// signature is good over it, so that only a bot that checks how fresh
	// a request is refuses it.
	DeliveryStaleTimestamp
	// DeliveryFutureTimestamp signs an interaction over HTTP at a time
	// Duration in the future, as DeliveryStaleTimestamp does in the past.
	DeliveryFutureTimestamp
	// DeliveryBadSignature sends, before an interaction over HTTP, a copy
	// of it signed badly, as a stranger might, then the interaction
	// itself. The bot should refuse the copy with 401, as the check of
	// its interactions URL asks; the copy and how the bot answered it
	// are among the Result's Copies.
	DeliveryBadSignature
	// DeliveryTokenExpiresEarly makes an interaction's token stop working
	// Duration after the interaction was created instead of 15 minutes:
	// the webhook endpoints then answer 401 with 50027, as for a token
	// that expired, and the callback endpoint 404 with 10062.
	DeliveryTokenExpiresEarly
	// DeliveryEventRetry sends a webhook event again, the same body
	// signed again, right after the endpoint acknowledged it, as the
	// service does when it takes a delivery for failed.
	DeliveryEventRetry
	// DeliveryEventReorder holds a webhook event back until the event
	// after it has been delivered, or until Duration has passed (the
	// response window when zero), so that the two arrive out of order.
	DeliveryEventReorder
	// DeliveryGatewayDrop closes a gateway session's connection abruptly,
	// without a close frame, before a dispatch the session would have
	// received. The session stays resumable: a client that resumes gets
	// the dispatch and those after it.
	DeliveryGatewayDrop
)

// deliveryFaultKinds are the kinds, in the order the control API lists
// them.
var deliveryFaultKinds = [...]DeliveryFaultKind{DeliveryDuplicate, DeliveryLate, DeliveryStaleTimestamp, DeliveryFutureTimestamp,
	DeliveryBadSignature, DeliveryTokenExpiresEarly, DeliveryEventRetry, DeliveryEventReorder, DeliveryGatewayDrop}

// String returns the kind's name, as the control API spells it.
func (k DeliveryFaultKind) String() string {
	switch k {
	case DeliveryDuplicate:
		return "duplicate"
	case DeliveryLate:
		return "late"
	case DeliveryStaleTimestamp:
		return "stale_timestamp"
	case DeliveryFutureTimestamp:
		return "future_timestamp"
	case DeliveryBadSignature:
		return "bad_signature"
	case DeliveryTokenExpiresEarly:
		return "token_expires_early"
	case DeliveryEventRetry:
		return "event_retry"
	case DeliveryEventReorder:
		return "event_reorder"
	case DeliveryGatewayDrop:
		return "gateway_drop"
	}
	return "DeliveryFaultKind(" + strconv.Itoa(int(k)) + ")"
}

// MarshalText writes the kind's name.
func (k DeliveryFaultKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// parseDeliveryFaultKind returns the kind named name, or 0.
func parseDeliveryFaultKind(name string) DeliveryFaultKind {
	for _, k := range deliveryFaultKinds {
		if k.String() == name {
			return k
		}
	}
	return 0
}

// needsDuration reports whether a kind takes Duration, and must have one.
func (k DeliveryFaultKind) needsDuration() bool {
	switch k {
	case DeliveryLate, DeliveryStaleTimestamp, DeliveryFutureTimestamp, DeliveryTokenExpiresEarly:
		return true
	}
	return false
}

// DeliveryFault is a fault on what the service sends the bot.
type DeliveryFault struct {
	Kind DeliveryFaultKind
	// Probability is the chance that a delivery the fault applies to
	// meets it, in (0, 1]; zero means 1.
	Probability float64
	// Count is how many deliveries it fires on at most; zero means no
	// bound, as long as it is armed.
	Count int
	// After is how many of the deliveries it applies to pass untouched,
	// without a draw, before it may fire: with Count 1, a gateway drop
	// after After dispatches.
	After int
	// Seed seeds the generator the fault's draws come from (math/rand/v2's
	// PCG). Zero is a seed like any other.
	Seed uint64
	// Duration is the kind's time: how long a late delivery waits, how
	// far a timestamp is moved, how long a token works, how long at most
	// an event is held back.
	Duration time.Duration
}

// ArmedDeliveryFault is a fault armed, and how often it fired.
type ArmedDeliveryFault struct {
	DeliveryFault
	// Draws counts the deliveries it drew for, and Fired those it fired
	// on.
	Draws, Fired int
}

// deliveryFaults holds the delivery faults armed. Its lock is its own,
// taken under the state's lock and the gateway's, and under which
// nothing else is taken.
type deliveryFaults struct {
	mu sync.Mutex
	// limit is how many faults it holds at most (Limits.Faults).
	limit int
	armed []*armedFault
}

// armedFault is a fault with the generator of its draws.
type armedFault struct {
	ArmedDeliveryFault
	rng *rand.Rand
	// passed counts the deliveries that passed before After.
	passed int
}

// ArmDeliveryFault arms f: from now on each delivery it applies to meets
// it with f.Probability, until it fired f.Count times or the faults are
// cleared. Faults of one kind each draw for every delivery; the first
// armed that fires is the one the delivery meets. While the emulator
// holds Limits.Faults delivery faults, spent ones included, it refuses
// another with ErrTooManyFaults.
func (s *Server) ArmDeliveryFault(f DeliveryFault) error {
	if err := checkDeliveryFault(f); err != nil {
		return err
	}
	if f.Probability == 0 {
		f.Probability = 1
	}
	d := &s.deliveryFaults
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.armed) >= d.limit {
		return fmt.Errorf("%w: the emulator holds at most %d delivery faults (Limits.Faults); clear them first", ErrTooManyFaults, d.limit)
	}
	d.armed = append(d.armed, &armedFault{ArmedDeliveryFault: ArmedDeliveryFault{DeliveryFault: f}, rng: rand.New(rand.NewPCG(f.Seed, 0))})
	return nil
}

// checkDeliveryFault says what is wrong with f, if anything.
func checkDeliveryFault(f DeliveryFault) error {
	switch {
	case parseDeliveryFaultKind(f.Kind.String()) == 0:
		return fmt.Errorf("emulator: unknown delivery fault kind %d", f.Kind)
	case !(f.Probability >= 0 && f.Probability <= 1):
		return fmt.Errorf("emulator: the probability of a %s fault is %v, not in (0, 1]", f.Kind, f.Probability)
	case f.Count < 0 || f.After < 0 || f.Duration < 0:
		return fmt.Errorf("emulator: the count, after and duration of a %s fault must not be negative", f.Kind)
	case f.Kind.needsDuration() && f.Duration == 0:
		return fmt.Errorf("emulator: a %s fault needs a duration", f.Kind)
	}
	return nil
}

// DeliveryFaults returns the delivery faults armed, in the order armed,
// with how often each fired.
func (s *Server) DeliveryFaults() []ArmedDeliveryFault {
	d := &s.deliveryFaults
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]ArmedDeliveryFault, len(d.armed))
	for i, a := range d.armed {
		out[i] = a.ArmedDeliveryFault
	}
	return out
}

// ClearDeliveryFaults disarms every delivery fault.
func (s *Server) ClearDeliveryFaults() {
	s.deliveryFaults.mu.Lock()
	s.deliveryFaults.armed = nil
	s.deliveryFaults.mu.Unlock()
}

// fire draws, for one delivery that faults of kind apply to, from each
// such fault not spent, and returns the first that fired.
func (d *deliveryFaults) fire(kind DeliveryFaultKind) (DeliveryFault, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	var (
		met   DeliveryFault
		fired bool
	)
	for _, a := range d.armed {
		if a.Kind != kind || a.Count > 0 && a.Fired >= a.Count {
			continue
		}
		if a.passed < a.After {
			a.passed++
			continue
		}
		a.Draws++
		// Drawn whether or not another fired: each fault's draws
		// depend on the deliveries alone.
		if a.rng.Float64() >= a.Probability || fired {
			continue
		}
		a.Fired++
		met, fired = a.DeliveryFault, true
	}
	return met, fired
}

// interactionFaults is what the delivery faults do to one interaction.
type interactionFaults struct {
	// fired are the kinds that fired, in the order of deliveryFaultKinds.
	fired []DeliveryFaultKind
	// duplicate sends the interaction again; badFirst sends a badly
	// signed copy first.
	duplicate, badFirst bool
	// late is how long the delivery waits; shift moves its timestamp.
	late, shift time.Duration
	// tokenLife is how long its token works; zero means tokenLife.
	tokenLife time.Duration
}

// forInteraction draws the faults for an interaction: over HTTP, or
// (overHTTP false) over the gateway, where only token_expires_early
// applies.
func (d *deliveryFaults) forInteraction(overHTTP bool) interactionFaults {
	var out interactionFaults
	for _, k := range deliveryFaultKinds {
		switch k {
		case DeliveryEventRetry, DeliveryEventReorder, DeliveryGatewayDrop:
			continue
		case DeliveryTokenExpiresEarly:
		default:
			if !overHTTP {
				continue
			}
		}
		f, ok := d.fire(k)
		if !ok {
			continue
		}
		out.fired = append(out.fired, k)
		switch k {
		case DeliveryDuplicate:
			out.duplicate = true
		case DeliveryLate:
			out.late = f.Duration
		case DeliveryStaleTimestamp:
			out.shift -= f.Duration
		case DeliveryFutureTimestamp:
			out.shift += f.Duration
		case DeliveryBadSignature:
			out.badFirst = true
		case DeliveryTokenExpiresEarly:
			out.tokenLife = f.Duration
		}
	}
	return out
}

// Copy is a copy of an interaction that a delivery fault sent the bot
// beside the interaction itself, and how the bot answered it.
type Copy struct {
	// Fault is DeliveryBadSignature for a badly signed copy sent before
	// the interaction, DeliveryDuplicate for one sent again after it.
	Fault DeliveryFaultKind
	// Status is the HTTP status of the bot's answer, 0 when none came;
	// RawAnswer is its body, the first 4 KiB.
	Status    int
	RawAnswer []byte
	Took      time.Duration
	// Violations say how the answer fared: a badly signed copy must be
	// refused with 401; an answer to a duplicate the service refuses, as
	// the interaction was acknowledged already. Empty for a copy the bot
	// refused.
	Violations []string
}

// OK reports whether the bot answered the copy as the service expects.
func (c Copy) OK() bool { return len(c.Violations) == 0 }

// faultNames returns the names of kinds, for JSON; never nil.
func faultNames(kinds []DeliveryFaultKind) []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = k.String()
	}
	return out
}
