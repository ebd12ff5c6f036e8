// Package envflag declares string flags whose default is an environment
// variable, read after the flags are parsed, so that a usage text never
// shows the variable's value: a Redis URL or a key in the environment
// stays out of what -h or a mistyped flag prints.
package envflag

import "flag"

// Set holds the flags of one FlagSet that default to the environment.
type Set struct {
	fs   *flag.FlagSet
	vars []variable
}

type variable struct {
	flag, env string
	p         *string
}

// New returns the Set of fs's flags that default to the environment.
func New(fs *flag.FlagSet) *Set { return &Set{fs: fs} }

// String defines a string flag whose default is the value of the
// environment variable env. The usage text should name env, as
// "(default $ENV)"; it shows no value.
func (s *Set) String(p *string, name, env, usage string) {
	s.fs.StringVar(p, name, "", usage)
	s.vars = append(s.vars, variable{flag: name, env: env, p: p})
}

// Resolve gives each flag that was not set on the command line the value
// of its environment variable, read with getenv. Call it after Parse. A
// flag set to "" on the command line stays "".
func (s *Set) Resolve(getenv func(string) string) {
	set := map[string]bool{}
	s.fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, v := range s.vars {
		if !set[v.flag] {
			*v.p = getenv(v.env)
		}
	}
}
