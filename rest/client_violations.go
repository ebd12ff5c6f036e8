package rest

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/rules"
)

// problem is one entry of a 50035 errors tree: where, and what.
type problem struct {
	tokens  []string // the path in the tree, unescaped
	pointer string   // the same path as a JSON pointer
	code    string
	message string
}

// flattenErrors lists the entries of an errors tree. The tree mirrors the
// request body, with array indices as object keys, and ends in "_errors"
// lists. Entries come out in the order of the body: a node's own before its
// children's, and array elements by index, which a JSON object does not
// keep.
func flattenErrors(tree json.RawMessage) []problem {
	var out []problem
	flattenNode(tree, nil, &out)
	return out
}

func flattenNode(raw json.RawMessage, path []string, out *[]problem) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return
	}
	type child struct {
		key string
		raw json.RawMessage
	}
	var kids []child
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return
		}
		if key != "_errors" {
			kids = append(kids, child{key, v})
			continue
		}
		var errs []struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		}
		_ = json.Unmarshal(v, &errs)
		for _, e := range errs {
			*out = append(*out, problem{tokens: slices.Clone(path), pointer: pointerOf(path), code: e.Code, message: e.Message})
		}
	}
	slices.SortStableFunc(kids, func(a, b child) int {
		i, errA := strconv.Atoi(a.key)
		j, errB := strconv.Atoi(b.key)
		if errA != nil || errB != nil {
			return 0
		}
		return i - j
	})
	for _, k := range kids {
		flattenNode(k.raw, append(path, k.key), out)
	}
}

// pointerEscaper escapes a reference token of a JSON pointer as RFC 6901
// says: "~" as "~0" and "/" as "~1".
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// pointerOf writes tokens as a JSON pointer (RFC 6901).
func pointerOf(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(pointerEscaper.Replace(t))
	}
	return b.String()
}

// origin is what the caller declared as a request body: the commands of a
// bulk overwrite, or the one command of a create or an edit.
type origin struct {
	scope command.Scope
	cmds  []command.Command
	// bulk says the body is the array of cmds, so that pointers start
	// with a command's index.
	bulk bool
}

// violation names the place of p in the caller's commands, as Validate
// would have: the command, then the options and choices down to the
// deepest one the pointer passes through. A problem of the whole bulk body
// is the scope's. Without an origin the place is the pointer.
func (o *origin) violation(p problem) rules.Violation {
	v := rules.Violation{Pointer: p.pointer, Code: p.code, Message: p.message, Place: p.pointer}
	if o == nil || len(o.cmds) == 0 {
		if v.Place == "" {
			v.Place = "request body"
		}
		return v
	}
	tokens := p.tokens
	cmd := &o.cmds[0]
	if o.bulk {
		i := -1
		if len(tokens) > 0 {
			if n, err := strconv.Atoi(tokens[0]); err == nil && n >= 0 && n < len(o.cmds) {
				i = n
			}
		}
		if i < 0 {
			v.Place = o.scope.String()
			return v
		}
		cmd, tokens = &o.cmds[i], tokens[1:]
	}
	v.Place = command.PlaceOf(o.scope, cmd, tokens)
	v.Command = cmd.Name
	return v
}
