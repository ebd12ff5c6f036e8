package registry

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rest"
)

// SyncAtStartup registers the declared commands as a bot that runs as one
// replica starts, before it serves: the one call such a bot needs. It syncs
// every declared scope with the fewest writes, so a start with nothing
// changed costs one read per scope and no write, and it deletes nothing,
// leaving a command the bot no longer declares to a sync with -prune. It
// writes the plan of each scope that changes to log, and one line per scope
// that does not; a nil log writes nothing.
//
// Bots served by many replicas register once per deploy instead, with
// RunSync as a step of the deploy: replicas that all sync as they start
// spend the service's rate limits and daily creates once each, and during a
// rolling deploy an old replica puts back the commands a new one changed.
func SyncAtStartup(ctx context.Context, c *rest.Client, app interaction.Snowflake, desired Desired, log io.Writer) error {
	if log == nil {
		log = io.Discard
	}
	plans, err := PlanSync(ctx, c, app, desired, SyncOptions{})
	var credErr *CredentialsError
	if errors.As(err, &credErr) {
		return err
	}
	var changing []Plan
	for _, p := range plans {
		if p.Drift() || len(p.Warnings) > 0 {
			io.WriteString(log, p.Table())
		} else {
			noun := "commands"
			if len(p.Unchanged) == 1 {
				noun = "command"
			}
			fmt.Fprintf(log, "%v: %d %s up to date\n", p.Scope, len(p.Unchanged), noun)
		}
		if p.Err == nil && p.changes() > 0 {
			changing = append(changing, p)
		}
	}
	applied, applyErr := Apply(ctx, c, app, changing, log)
	if len(changing) > 0 {
		fmt.Fprintf(log, "%d of %d changes made\n", countDone(applied), len(applied))
	}
	return errors.Join(err, applyErr)
}
