package main

import (
	"flag"
	"fmt"
	"strings"
)

// envPrefix begins the name of every flag's environment variable. It is
// apart from the SWITCHBOARD_ variables -run gives the bot, which name
// credentials, not settings of the emulator.
const envPrefix = "SWITCHBOARD_EMULATOR_"

// envName returns the environment variable of the flag name: the name in
// upper case, its hyphens underscores, after envPrefix.
func envName(name string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
}

// nameVariables adds to the usage text of each of fs's flags the
// environment variable that sets it, for -h to show.
func nameVariables(fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		f.Usage += " ($" + envName(f.Name) + ")"
	})
}

// parseFlags parses args into fs, then gives each flag not on the command
// line the value of its environment variable, read with lookup, if the
// variable is set: a flag given wins over its variable. A variable set to
// the empty string gives the flag that value, as -name "" would. The
// value is set as the command line sets it, so a boolean takes what
// flag.Bool takes (1, t, true, 0, f, false, in either case); a value the
// flag refuses is an error that names the variable.
func parseFlags(fs *flag.FlagSet, args []string, lookup func(string) (string, bool)) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		if given[f.Name] || err != nil {
			return
		}
		name := envName(f.Name)
		v, ok := lookup(name)
		if !ok {
			return
		}
		if e := fs.Set(f.Name, v); e != nil {
			err = fmt.Errorf("%s (-%s): %w", name, f.Name, e)
		}
	})
	return err
}

// withoutSettings returns env, a list of KEY=value, without the emulator's
// own variables. A bot -run starts gets the credentials, and none of
// them: they are the emulator's settings, the signing key's seed among
// them, and an emulator the bot starts in its tests must not read them
// as its own, and run the bot again with -run.
func withoutSettings(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if !strings.HasPrefix(kv, envPrefix) {
			out = append(out, kv)
		}
	}
	return out
}
