package testcontainer

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/testcontainers/testcontainers-go"

	"github.com/switchboard-go/switchboard/emulator"
	"github.com/switchboard-go/switchboard/interaction"
)

func TestTheOptionsSetTheEmulatorsVariables(t *testing.T) {
	req := testcontainers.GenericContainerRequest{}
	seed := emulator.Seed{Users: []interaction.User{{ID: 1001, Username: "carol"}}}
	for _, opt := range []testcontainers.CustomizeRequestOption{
		WithWellKnown(), WithControlHosts("emulator", "emulator.test"), WithSeed(seed), FromSource("/src"),
	} {
		if err := opt(&req); err != nil {
			t.Fatal(err)
		}
	}
	for name, want := range map[string]string{
		"SWITCHBOARD_EMULATOR_WELL_KNOWN": "true", "SWITCHBOARD_EMULATOR_WELL_KNOWN_EXPOSED": "true",
		"SWITCHBOARD_EMULATOR_CONTROL_HOSTS": "emulator,emulator.test", "SWITCHBOARD_EMULATOR_SEED": seedPath,
	} {
		if got := req.Env[name]; got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	if len(req.Files) != 1 || req.Files[0].ContainerFilePath != seedPath {
		t.Fatalf("files: %+v", req.Files)
	}
	raw, err := io.ReadAll(req.Files[0].Reader)
	if err != nil {
		t.Fatal(err)
	}
	var back emulator.Seed
	if err := json.Unmarshal(raw, &back); err != nil || len(back.Users) != 1 || back.Users[0].Username != "carol" {
		t.Errorf("the seed file is %s (%v)", raw, err)
	}
	if req.FromDockerfile.Context != "/src" || req.FromDockerfile.Dockerfile != "cmd/emulator/Dockerfile" {
		t.Errorf("FromSource builds %+v", req.FromDockerfile)
	}
}

// TestTheEmulatorInAContainer builds the image from this repository and
// runs it. It needs a Docker engine, which no package manager installs
// into a machine that has none running: without one it is skipped, in CI
// too.
func TestTheEmulatorInAContainer(t *testing.T) {
	testcontainers.SkipIfProviderIsNotHealthy(t)
	ctx := t.Context()
	c, err := Run(ctx, "", FromSource("../.."), WithWellKnown())
	if c != nil {
		testcontainers.CleanupContainer(t, c)
	}
	if err != nil {
		t.Fatal(err)
	}
	creds, err := c.Credentials(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if creds.ApplicationID != emulator.WellKnownApplicationID.String() || creds.PublicKey != emulator.WellKnownPublicKey {
		t.Errorf("the credentials are not the well-known ones: %+v", creds)
	}
	req, err := http.NewRequestWithContext(ctx, "GET", creds.BaseURL+"/users/@me", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bot "+creds.BotToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET /users/@me as the bot: %s", resp.Status)
	}
	if err := c.Reset(ctx); err != nil {
		t.Error(err)
	}
}
