// Command emulator runs the application command service emulator as a
// process, for bots written in any language and for CI jobs.
//
//	go run ./cmd/emulator -addr 127.0.0.1:0
//
// The first line of its standard output is one JSON object with what a bot
// needs: base_url (ending in /v10), application_id, bot_token, client_id,
// client_secret, public_key (the hex key interactions are signed with),
// guild_id (a guild where the application is installed), and
// authorization_code with redirect_uri (a one-time code of a user who has
// Manage Guild and Manage Roles there, granting identify and
// applications.commands.permissions.update). It then serves until it is
// interrupted.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/switchboard-go/switchboard/emulator"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "emulator:", err)
		os.Exit(2)
	}
}

// Credentials is the first line the emulator prints.
type Credentials struct {
	BaseURL           string `json:"base_url"`
	ApplicationID     string `json:"application_id"`
	BotToken          string `json:"bot_token"`
	ClientID          string `json:"client_id"`
	ClientSecret      string `json:"client_secret"`
	PublicKey         string `json:"public_key"`
	GuildID           string `json:"guild_id"`
	AuthorizationCode string `json:"authorization_code"`
	RedirectURI       string `json:"redirect_uri"`
	AdminID           string `json:"admin_id"`
	ModeratorID       string `json:"moderator_id"`
	MemberID          string `json:"member_id"`
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("emulator", flag.ContinueOnError)
	flags.SetOutput(stderr)
	addr := flags.String("addr", "127.0.0.1:8484", "address to listen on (port 0 picks a free one)")
	interactionsURL := flags.String("interactions-url", "", "the bot's interactions endpoint")
	activities := flags.Bool("activities", false, "give the application an Activity: it starts with the entry point command \"Launch\"")
	rateRequests := flags.Int("rate-limit", 50, "requests each route bucket answers per -rate-window before 429")
	rateWindow := flags.Duration("rate-window", time.Second, "the rate limit's window")
	if err := flags.Parse(args); err != nil {
		return err
	}
	s, err := emulator.Listen(*addr, emulator.Config{
		Activities:      *activities,
		InteractionsURL: *interactionsURL,
		RateLimit:       emulator.RateLimit{Requests: *rateRequests, Window: *rateWindow},
	})
	if err != nil {
		return err
	}
	line, err := json.Marshal(Credentials{
		BaseURL: s.URL, ApplicationID: s.ApplicationID.String(), BotToken: s.BotToken,
		ClientID: s.ClientID, ClientSecret: s.ClientSecret, PublicKey: s.PublicKey,
		GuildID: s.GuildID.String(), AuthorizationCode: s.AuthorizationCode, RedirectURI: s.RedirectURI,
		AdminID: s.Admin.String(), ModeratorID: s.Moderator.String(), MemberID: s.Member.String(),
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s\n", line)
	<-ctx.Done()
	return s.Close()
}
