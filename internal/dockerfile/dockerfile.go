package dockerfile

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Instruction is one instruction of a Dockerfile, its continuation lines
// joined.
type Instruction struct {
	Line int
	Cmd  string // upper case
	Args string
}

// Stage is a Dockerfile's stage: its FROM and what follows it.
type Stage struct {
	Line   int
	Image  string
	Name   string // after AS; "" when none
	Instrs []Instruction
}

// Parse splits a Dockerfile into stages, the first holding the ARG
// instructions before the first FROM, with no image.
func Parse(r io.Reader) ([]Stage, error) {
	var (
		stages  = []Stage{{}}
		pending strings.Builder
		start   int
	)
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if pending.Len() == 0 {
			start = n
		}
		body, more := strings.CutSuffix(line, `\`)
		pending.WriteString(body + " ")
		if more {
			continue
		}
		cmd, args, _ := strings.Cut(strings.TrimSpace(pending.String()), " ")
		pending.Reset()
		in := Instruction{Line: start, Cmd: strings.ToUpper(cmd), Args: strings.TrimSpace(args)}
		if in.Cmd == "FROM" {
			var words []string
			for _, w := range strings.Fields(in.Args) {
				if !strings.HasPrefix(w, "--") {
					words = append(words, w)
				}
			}
			if len(words) == 0 {
				return nil, fmt.Errorf("line %d: FROM names no image", start)
			}
			s := Stage{Line: start, Image: words[0]}
			if len(words) == 3 && strings.EqualFold(words[1], "AS") {
				s.Name = words[2]
			}
			stages = append(stages, s)
			continue
		}
		if len(stages) == 1 && in.Cmd != "ARG" {
			return nil, fmt.Errorf("line %d: %s before the first FROM", start, in.Cmd)
		}
		stages[len(stages)-1].Instrs = append(stages[len(stages)-1].Instrs, in)
	}
	if pending.Len() > 0 {
		return nil, fmt.Errorf("line %d: the file ends in a continuation", start)
	}
	return stages, sc.Err()
}

// Of returns the stage's instructions cmd.
func (s *Stage) Of(cmd string) []Instruction {
	var out []Instruction
	for _, in := range s.Instrs {
		if in.Cmd == cmd {
			out = append(out, in)
		}
	}
	return out
}

// Variables returns the names an ENV or ARG instruction sets, with whether
// each is given a value.
func Variables(in Instruction) map[string]bool {
	vars := map[string]bool{}
	for name, value := range Values(in) {
		vars[name] = value != ""
	}
	return vars
}

// Values returns the names an ENV or ARG instruction sets, with their
// values ("" for an ARG without a default). Values are words: quotes are
// not read.
func Values(in Instruction) map[string]string {
	words := strings.Fields(in.Args)
	if in.Cmd == "ENV" && len(words) > 1 && !strings.Contains(words[0], "=") {
		// The old form, ENV NAME value.
		return map[string]string{words[0]: strings.Join(words[1:], " ")}
	}
	vars := map[string]string{}
	for _, w := range words {
		name, value, _ := strings.Cut(w, "=")
		vars[name] = value
	}
	return vars
}

// Exec returns the argv of an instruction in the exec form, a JSON array
// of strings (ENTRYPOINT ["/bin", "arg"]), after the options that begin
// with -- (HEALTHCHECK --interval=5s CMD [...]) and, for HEALTHCHECK, its
// CMD. It fails for the shell form.
func Exec(in Instruction) ([]string, error) {
	args := in.Args
	for strings.HasPrefix(args, "--") {
		_, args, _ = strings.Cut(args, " ")
		args = strings.TrimSpace(args)
	}
	if in.Cmd == "HEALTHCHECK" {
		rest, ok := strings.CutPrefix(args, "CMD ")
		if !ok {
			return nil, fmt.Errorf("line %d: HEALTHCHECK %s: no CMD", in.Line, in.Args)
		}
		args = strings.TrimSpace(rest)
	}
	var argv []string
	if err := json.Unmarshal([]byte(args), &argv); err != nil || len(argv) == 0 {
		return nil, fmt.Errorf("line %d: %s %s: not the exec form, a JSON array of strings", in.Line, in.Cmd, in.Args)
	}
	return argv, nil
}
