package component_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	jsonv2 "github.com/goccy/go-json/v2"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// FuzzParse feeds Parse arbitrary JSON. It must not panic; an error must
// be a *ParseError with a pointer; and what parses must encode to JSON that
// parses to the same JSON again.
func FuzzParse(f *testing.F) {
	for _, c := range everyKind() {
		b, err := jsonv2.Marshal(c)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"type":1,"components":[{"type":2,"style":1},{"type":99}]}`))
	f.Add([]byte(`{"type":9,"components":null,"accessory":null}`))
	f.Add([]byte(`{"type":18,"component":{"type":18,"component":{"type":4}}}`))
	f.Add([]byte(`{"type":18,"label":"L","component":{"type":23,"custom_id":"c","required":true,"default":true}}`))
	f.Add([]byte(`{"type":21,"custom_id":"r","options":[{"value":"a","label":"A","default":true},{"value":"a","label":"B"}]}`))
	f.Add([]byte(`{"type":22,"custom_id":"g","options":[],"min_values":0,"max_values":11,"required":null}`))
	f.Add([]byte(`{"type":19,"custom_id":"f","file_types":["image",".PDF","",null]}`))
	f.Add([]byte(`[1,2]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := component.Parse(interaction.RawComponent(data))
		if err != nil {
			var pe *component.ParseError
			if !asParseError(err, &pe) || (pe.Pointer != "" && pe.Pointer[0] != '/') || pe.Reason == "" {
				t.Fatalf("Parse error %#v", err)
			}
			return
		}
		once, err := jsonv2.Marshal(c)
		if err != nil {
			t.Fatalf("a parsed component does not encode: %v", err)
		}
		again, err := component.Parse(interaction.RawComponent(once))
		if err != nil {
			t.Fatalf("a parsed component's JSON does not parse: %v\n%s", err, once)
		}
		twice, err := jsonv2.Marshal(again)
		if err != nil || !bytes.Equal(once, twice) {
			t.Fatalf("JSON changes on a second trip (%v):\n%s\n%s", err, once, twice)
		}
	})
}

func asParseError(err error, pe **component.ParseError) bool {
	p, ok := err.(*component.ParseError)
	*pe = p
	return ok
}

// FuzzValidate feeds the validators two kinds of bodies made from the fuzz
// bytes: the bytes decoded as a message and as a modal (their components
// raw, as received), and bodies of typed components built by a generator
// that reads its choices from the bytes and stays near the limits. The
// validators must not panic, must answer the same twice, must point into
// the body they were given, and what they accept must be accepted again
// after a trip through JSON.
func FuzzValidate(f *testing.F) {
	f.Add([]byte(`{"content":"hi","components":[{"type":1,"components":[{"type":2,"style":1,"label":"A","custom_id":"a"}]}]}`))
	f.Add([]byte(`{"flags":32768,"components":[{"type":17,"components":[{"type":10,"content":"t"}]}]}`))
	f.Add([]byte(`{"custom_id":"m","title":"T","components":[{"type":18,"label":"L","component":{"type":4,"custom_id":"a","style":1}}]}`))
	f.Add([]byte(`{"custom_id":"m","title":"T","components":[` +
		`{"type":18,"id":1,"label":"R","component":{"type":21,"custom_id":"r","options":[{"value":"a","label":"A"},{"value":"b","label":"B","default":true}]}},` +
		`{"type":18,"label":"G","component":{"type":22,"custom_id":"g","options":[{"value":"a","label":"A"}],"min_values":0,"required":false}},` +
		`{"type":18,"label":"C","component":{"type":23,"id":1,"custom_id":"c","required":true}},` +
		`{"type":18,"label":"F","component":{"type":19,"custom_id":"f","file_types":["image",".pdf","txt"],"min_values":0}},` +
		`{"type":18,"label":"U","component":{"type":5,"custom_id":"u","min_values":0,"disabled":true}}]}`))
	f.Add([]byte(`{"components":[{"type":1,"components":[{"type":22,"custom_id":"g","options":[{"value":"a","label":"A"}]}]}]}`))
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add(bytes.Repeat([]byte{7, 200, 3, 1, 0, 255, 18, 9}, 40))
	f.Fuzz(func(t *testing.T, data []byte) {
		var m interaction.MessageData
		if jsonv2.Unmarshal(data, &m) == nil {
			checkMessage(t, m)
		}
		var modal interaction.Modal
		if jsonv2.Unmarshal(data, &modal) == nil {
			checkModal(t, modal)
		}
		g := generator{b: data}
		checkMessage(t, g.message())
		g = generator{b: data}
		checkModal(t, g.modal())
	})
}

func checkMessage(t *testing.T, m interaction.MessageData) {
	vs := component.ValidateMessage(m)
	if again := component.ValidateMessage(m); !reflect.DeepEqual(vs, again) {
		t.Fatalf("two runs differ:\n%v\nthen:\n%v", vs, again)
	}
	body, err := jsonv2.Marshal(m)
	checkViolations(t, vs, body, err)
	if len(vs) > 0 || err != nil {
		return
	}
	var back interaction.MessageData
	if err := jsonv2.Unmarshal(body, &back); err != nil {
		t.Fatalf("an accepted message does not decode: %v\n%s", err, body)
	}
	if vs := component.ValidateMessage(back); vs != nil {
		t.Fatalf("an accepted message is refused after a trip through JSON:\n%v\n%s", vs, body)
	}
}

func checkModal(t *testing.T, m interaction.Modal) {
	vs := component.ValidateModal(m)
	if again := component.ValidateModal(m); !reflect.DeepEqual(vs, again) {
		t.Fatalf("two runs differ:\n%v\nthen:\n%v", vs, again)
	}
	body, err := jsonv2.Marshal(m)
	checkViolations(t, vs, body, err)
	if len(vs) > 0 || err != nil {
		return
	}
	var back interaction.Modal
	if err := jsonv2.Unmarshal(body, &back); err != nil {
		t.Fatalf("an accepted modal does not decode: %v\n%s", err, body)
	}
	if vs := component.ValidateModal(back); vs != nil {
		t.Fatalf("an accepted modal is refused after a trip through JSON:\n%v\n%s", vs, body)
	}
}

// checkViolations checks that each violation is complete and that its
// pointer leads into body: through existing objects and array elements to
// the value at fault, or to a field its object leaves out.
func checkViolations(t *testing.T, vs rules.Violations, body []byte, encodeErr error) {
	t.Helper()
	_ = vs.Error()
	if len(vs) > component.MaxViolations {
		t.Fatalf("%d violations, more than MaxViolations", len(vs))
	}
	for _, v := range vs {
		if v.Code == "" || v.Message == "" || v.Place == "" {
			t.Fatalf("incomplete violation %+v", v)
		}
	}
	if encodeErr != nil {
		return
	}
	var doc any
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if err := d.Decode(&doc); err != nil {
		t.Fatalf("the body does not decode: %v\n%s", err, body)
	}
	for _, v := range vs {
		if v.Pointer == "" {
			continue
		}
		if v.Pointer[0] != '/' {
			t.Fatalf("pointer %q of %q does not start with /", v.Pointer, v.Message)
		}
		tokens := strings.Split(v.Pointer[1:], "/")
		node := doc
		for i, tok := range tokens {
			last := i == len(tokens)-1
			switch n := node.(type) {
			case map[string]any:
				next, ok := n[tok]
				if !ok && !last {
					t.Fatalf("pointer %s of %q: no field %q in\n%s", v.Pointer, v.Message, tok, body)
				}
				node = next
			case []any:
				k, err := strconv.Atoi(tok)
				if err != nil || k < 0 || k >= len(n) {
					t.Fatalf("pointer %s of %q: no element %q in\n%s", v.Pointer, v.Message, tok, body)
				}
				node = n[k]
			default:
				t.Fatalf("pointer %s of %q: %q is inside no object or array in\n%s", v.Pointer, v.Message, tok, body)
			}
		}
	}
}

// generator builds messages and modals from fuzz bytes, with sizes and
// values at and just past the limits.
type generator struct{ b []byte }

func (g *generator) next() int {
	if len(g.b) == 0 {
		return 0
	}
	c := g.b[0]
	g.b = g.b[1:]
	return int(c)
}

func (g *generator) upTo(n int) int { return g.next() % (n + 1) }

// size returns a length near limit, or a small one.
func (g *generator) size(limit int) int {
	switch g.upTo(5) {
	case 0:
		return 0
	case 1:
		return limit
	case 2:
		return limit + 1
	default:
		return 1 + g.upTo(3)
	}
}

func (g *generator) text(limit int) string { return strings.Repeat("ü", g.size(limit)) }

// id returns one of a few custom_ids, so that duplicates come up.
func (g *generator) id() string {
	switch k := g.upTo(9); k {
	case 0:
		return ""
	case 1:
		return strings.Repeat("x", 101)
	default:
		return "id" + strconv.Itoa(k+len(g.b))
	}
}

func (g *generator) count(limit int) *int {
	switch g.upTo(4) {
	case 0:
		return nil
	case 1:
		n := limit + 1
		return &n
	case 2:
		n := -1
		return &n
	default:
		n := g.upTo(limit)
		return &n
	}
}

func (g *generator) component(depth int) interaction.Component {
	kinds := 23
	if depth > 3 {
		kinds = 17 // leaves only
	}
	switch g.upTo(kinds) {
	case 0:
		return component.Button{Style: component.ButtonStyle(g.upTo(7)), Label: g.text(80), CustomID: g.id(),
			URL: strings.Repeat("u", g.size(512)), SKUID: interaction.Snowflake(g.upTo(1)),
			Emoji: component.PartialEmoji{Name: g.text(2)}, ID: g.upTo(3)}
	case 1:
		opts := make([]component.SelectOption, g.size(25))
		for i := range opts {
			opts[i] = component.SelectOption{Label: g.text(100), Value: g.text(100), Description: g.text(100), Default: g.upTo(1) == 1}
		}
		return component.StringSelect{CustomID: g.id(), Options: opts, Placeholder: g.text(150), MinValues: g.count(25),
			MaxValues: g.count(25), Disabled: g.upTo(1) == 1, Required: g.required()}
	case 2:
		return component.UserSelect{CustomID: g.id(), MinValues: g.count(25), MaxValues: g.count(25), DefaultValues: g.defaults(),
			Required: g.required()}
	case 3:
		return component.RoleSelect{CustomID: g.id(), DefaultValues: g.defaults()}
	case 4:
		return component.MentionableSelect{CustomID: g.id(), DefaultValues: g.defaults()}
	case 5:
		return component.ChannelSelect{CustomID: g.id(), ChannelTypes: []interaction.ChannelType{interaction.ChannelType(g.upTo(17))}}
	case 6:
		return component.TextInput{CustomID: g.id(), Style: component.TextInputStyle(g.upTo(3)), Label: g.text(45),
			MinLength: g.size(4000), MaxLength: g.count(4000), Value: g.text(4000), Placeholder: g.text(100)}
	case 7:
		return component.FileUpload{CustomID: g.id(), MinValues: g.count(10), MaxValues: g.count(10), Required: g.required(),
			FileTypes: g.fileTypes()}
	case 8:
		return component.TextDisplay{Content: g.text(4000)}
	case 9:
		return component.Thumbnail{Media: component.UnfurledMedia{URL: g.text(4)}, Description: g.text(1024)}
	case 10:
		items := make([]component.MediaGalleryItem, g.size(10))
		for i := range items {
			items[i] = component.MediaGalleryItem{Media: component.UnfurledMedia{URL: g.text(4)}}
		}
		return component.MediaGallery{Items: items}
	case 11:
		return component.File{File: component.UnfurledMedia{URL: "attachment://" + g.text(3)}}
	case 12:
		return component.Separator{Spacing: component.SeparatorSpacing(g.upTo(3))}
	case 13:
		return component.RadioGroup{CustomID: g.id(), Options: g.groupOptions(10), Required: g.required(), ID: g.upTo(3)}
	case 14:
		return component.CheckboxGroup{CustomID: g.id(), Options: g.groupOptions(10), MinValues: g.count(10),
			MaxValues: g.count(10), Required: g.required(), ID: g.upTo(3)}
	case 15:
		if g.upTo(3) == 0 {
			return interaction.RawComponent(`{"type":23,"custom_id":"` + g.id() + `","required":true}`)
		}
		return component.Checkbox{CustomID: g.id(), Default: g.upTo(1) == 1, ID: g.upTo(3)}
	case 16:
		return interaction.RawComponent(`{"type":` + strconv.Itoa(g.upTo(24)) + `,"style":1}`)
	case 17:
		return nil
	case 18, 19:
		return component.ActionRow{Components: g.list(depth, 6)}
	case 20:
		return component.Section{Components: g.list(depth, 4), Accessory: g.component(depth + 1)}
	case 21:
		color := g.upTo(1) << 24
		return component.Container{Components: g.list(depth, 5), AccentColor: &color}
	default:
		return component.Label{Label: g.text(45), Description: g.text(100), Component: g.component(depth + 1)}
	}
}

func (g *generator) list(depth, limit int) []interaction.Component {
	if depth >= 2 {
		// Deep lists stay short, so that a body stays small enough to
		// fuzz quickly.
		limit = min(limit, 2)
	}
	cs := make([]interaction.Component, g.size(limit))
	for i := range cs {
		cs[i] = g.component(depth + 1)
	}
	return cs
}

// required returns nil, true or false.
func (g *generator) required() *bool {
	switch g.upTo(2) {
	case 0:
		return nil
	case 1:
		return new(true)
	}
	return new(false)
}

func (g *generator) groupOptions(limit int) []component.GroupOption {
	opts := make([]component.GroupOption, g.size(limit))
	for i := range opts {
		opts[i] = component.GroupOption{Value: g.text(100), Label: g.text(100), Description: g.text(100), Default: g.upTo(1) == 1}
	}
	return opts
}

func (g *generator) fileTypes() []string {
	entries := []string{"image", "video", ".pdf", ".PDF", "pdf", "", ".tar.gz", "Audio"}
	ts := make([]string, g.size(10))
	for i := range ts {
		ts[i] = entries[g.upTo(len(entries)-1)]
	}
	return ts
}

func (g *generator) defaults() []component.DefaultValue {
	ds := make([]component.DefaultValue, g.upTo(3))
	kinds := []component.DefaultValueType{component.DefaultUser, component.DefaultRole, component.DefaultChannel, "x"}
	for i := range ds {
		ds[i] = component.DefaultValue{ID: interaction.Snowflake(g.upTo(2)), Type: kinds[g.upTo(3)]}
	}
	return ds
}

func (g *generator) message() interaction.MessageData {
	m := interaction.MessageData{Components: g.list(0, 6)}
	if g.upTo(1) == 1 {
		m.Flags = interaction.FlagIsComponentsV2
	}
	if g.upTo(3) == 0 {
		m.Content = "hi"
	}
	return m
}

func (g *generator) modal() interaction.Modal {
	return interaction.Modal{CustomID: g.id(), Title: g.text(45), Components: g.list(0, 5)}
}
