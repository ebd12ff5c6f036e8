package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/webhook"
)

// The server and the user the embedded emulator is seeded with, beside
// its own guild and users: a server the application is not yet installed
// in, and its owner.
var (
	carol                          = interaction.User{ID: 1100000000000000101, Username: "carol", GlobalName: "Carol"}
	engines                        = emulator.SeedGuild{ID: 1100000000000000102, Name: "Analytical Engines", OwnerID: carol.ID, Installed: new(bool)}
	premium  interaction.Snowflake = 1100000000000000111 // an SKU a user buys
	serverly interaction.Snowflake = 1100000000000000112 // an SKU a server subscribes to
)

// world is the emulator's configuration: an application users may
// install to their account as well as to a server, what it sells, and
// carol and her server beside the emulator's own.
func world() emulator.Config {
	return emulator.Config{
		InstallationContexts: []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall},
		// What the app sells: an item a user buys once, and a
		// subscription for a server, both published.
		SKUs: []emulator.SKU{
			{ID: premium, Type: 2, Name: "Premium", Flags: 1 << 2},
			{ID: serverly, Type: 5, Name: "Serverly", Flags: 1<<2 | 1<<7},
		},
		Seed: &emulator.Seed{
			Users:  []interaction.User{carol},
			Guilds: []emulator.SeedGuild{engines},
		},
	}
}

// step is something a user does on the emulator, which sends the bot
// events.
type step struct {
	title string
	do    func(emu *emulator.Server) error
	// events is how many webhook events it sends.
	events int
}

// steps are what the users of the emulator do, in order.
func steps() []step {
	return []step{
		{"carol adds the app, with its bot, to her server Analytical Engines", func(emu *emulator.Server) error {
			return emu.InstallGuild(carol.ID, engines.ID, "bot", "applications.commands")
		}, 1},
		{"bob tries to add it to Emulator Guild, where he may not manage the server", func(emu *emulator.Server) error {
			err := emu.InstallGuild(emu.Member, emu.GuildID, "applications.commands")
			if !errors.Is(err, emulator.ErrPermissionDenied) {
				return fmt.Errorf("bob's installation: %v, want a refusal", err)
			}
			return nil
		}, 0},
		{"ada installs the app to her account", func(emu *emulator.Server) error {
			_, err := emu.AuthorizeUser(emu.Moderator, "applications.commands")
			return err
		}, 1},
		{"ada buys the premium SKU", func(emu *emulator.Server) error {
			_, err := emu.CreateEntitlement(interaction.Entitlement{SKUID: premium, UserID: emu.Moderator, Type: 1})
			return err
		}, 1},
		{"carol subscribes Analytical Engines for a month", func(emu *emulator.Server) error {
			start := time.Now().UTC().Truncate(time.Second)
			_, err := emu.CreateEntitlement(interaction.Entitlement{SKUID: serverly, UserID: carol.ID, GuildID: engines.ID,
				Type: 8, StartsAt: start, EndsAt: start.AddDate(0, 1, 0)})
			return err
		}, 1},
		{"ada removes the app from her account", func(emu *emulator.Server) error {
			emu.Deauthorize(emu.Moderator)
			return nil
		}, 1},
	}
}

// onEmulator runs the bot against the embedded emulator: it serves the
// bot on a loopback port, sets it as the application's webhook events URL
// (which the emulator checks as the service does), and plays users who
// install the app, buy and remove it, printing each step, the journal
// lines its events led to, and in the end the directory and what the
// emulator recorded of its deliveries. It fails if a delivery was not
// acknowledged as the service asks.
func onEmulator(ctx context.Context, stdout io.Writer, log zerolog.Logger) error {
	emu, err := emulator.New(world())
	if err != nil {
		return fmt.Errorf("starting the emulator: %w", err)
	}
	defer emu.Close()
	verifier, err := interaction.NewVerifier(emu.PublicKey)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	// The journal is held until each step is printed: handlers run after
	// the answer, and their lines would land in its midst.
	var journal lockedBuffer
	b, err := newBot(verifier, &journal, log)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- b.serve(ctx, ln, stdout) }()

	url := "http://" + ln.Addr().String() + webhook.DefaultPath
	if err := emu.SetEventsURL(ctx, url); err != nil {
		cancel()
		<-served
		return err
	}
	fmt.Fprintf(stdout, "the emulator sends webhook events to %s, which answered its checks\n", url)

	sent := 0
	for _, s := range steps() {
		fmt.Fprintf(stdout, "\n» %s\n", s.title)
		if err := s.do(emu); err != nil {
			cancel()
			<-served
			return err
		}
		sent += s.events
		// The emulator delivers in order, apart from the step; the
		// handler runs after the bot's answer.
		if _, err := emu.WaitEvents(ctx, sent); err != nil {
			cancel()
			<-served
			return err
		}
		if err := b.events.Wait(ctx); err != nil {
			cancel()
			<-served
			return err
		}
		fmt.Fprint(stdout, indent(journal.take()))
	}
	cancel()
	if err := <-served; err != nil {
		return err
	}
	return reportDeliveries(stdout, emu.Events())
}

// reportDeliveries prints what the emulator recorded of each delivery,
// and returns an error if one was not acknowledged as the service asks.
func reportDeliveries(out io.Writer, deliveries []emulator.EventDelivery) error {
	fmt.Fprintf(out, "\nthe emulator delivered %d events:\n", len(deliveries))
	var failed []string
	for _, d := range deliveries {
		fmt.Fprintf(out, "  %-24s answered %d\n", d.Type, d.Status)
		if !d.OK() {
			failed = append(failed, string(d.Type)+": "+strings.Join(d.Violations, "; "))
		}
	}
	if failed != nil {
		return errors.New("deliveries not acknowledged as the service asks: " + strings.Join(failed, ", "))
	}
	return nil
}

// indent indents the journal's lines under the step that led to them.
func indent(lines string) string {
	if lines == "" {
		return "  (nothing sent)\n"
	}
	return "  " + strings.ReplaceAll(strings.TrimSuffix(lines, "\n"), "\n", "\n  ") + "\n"
}

// lockedBuffer is a buffer that handlers write to and the run empties.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// take returns what was written since the last take.
func (l *lockedBuffer) take() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.b.String()
	l.b.Reset()
	return s
}
