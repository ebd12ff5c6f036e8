package command_test

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/commandwords"
	"github.com/switchboard-go/switchboard/rules"
)

// FuzzValidate feeds Validate two kinds of command sets made from the fuzz
// bytes: the bytes decoded as the JSON body of a bulk overwrite, and a set
// built by a generator that reads its choices from the bytes and stays near
// the boundaries of the rules. Validate must not panic, must answer the same
// twice, must point into the body it was given, and whatever it accepts must
// survive a trip through encoding/json and be accepted again.
func FuzzValidate(f *testing.F) {
	for _, cs := range [][]command.Command{base(), kitchenSink(), guildKitchenSink()} {
		b, err := json.Marshal(cs)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`[{"name":"ping","description":"d","options":[{"type":3,"name":"a","description":"d","choices":[{"name":"x","value":1}]}]}]`))
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add(bytes.Repeat([]byte{7, 200, 3, 1, 0, 255}, 40))

	f.Fuzz(func(t *testing.T, data []byte) {
		scope := command.Global
		if len(data) > 0 && data[len(data)-1]&1 == 1 {
			scope = command.InGuild(guildID)
		}
		var decoded []command.Command
		if json.Unmarshal(data, &decoded) == nil {
			checkValidate(t, scope, decoded)
		}
		g := generator{b: data}
		checkValidate(t, scope, g.commands())
	})
}

func checkValidate(t *testing.T, scope command.Scope, cmds []command.Command) {
	vs := command.Validate(scope, cmds)
	if again := command.Validate(scope, cmds); !slices.Equal(vs, again) {
		t.Fatalf("two runs differ:\n%s\nthen:\n%s", dump(vs), dump(again))
	}
	_ = vs.Error()
	for _, v := range vs {
		if v.Code == "" || v.Message == "" || v.Place == "" {
			t.Fatalf("incomplete violation %+v", v)
		}
	}
	checkServiceWords(t, vs, commandwords.AsService(vs))
	body, err := json.Marshal(cmds)
	if err == nil && len(vs) > 0 {
		checkPointers(t, body, vs)
	}
	if len(vs) > 0 {
		return
	}
	if err != nil {
		t.Fatalf("an accepted set does not marshal: %v", err)
	}
	for _, c := range cmds {
		if vs := command.ValidateCommand(scope, c); vs != nil {
			t.Fatalf("a command of an accepted set is refused alone:\n%s", dump(vs))
		}
	}
	var back []command.Command
	if err := json.Unmarshal(body, &back); err != nil {
		t.Fatalf("an accepted set does not decode from its JSON: %v\n%s", err, body)
	}
	if vs := command.Validate(scope, back); vs != nil {
		t.Fatalf("an accepted set is refused after a JSON round trip:\n%s\n%s", dump(vs), body)
	}
}

// checkPointers checks that each violation points into body: its pointer's
// parent exists, since the value itself may be a field the JSON form omits
// because it is empty.
func checkPointers(t *testing.T, body []byte, vs rules.Violations) {
	var doc any
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if err := d.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.Pointer == "" {
			continue
		}
		tokens := strings.Split(v.Pointer[1:], "/")
		node := doc
		for _, tok := range tokens[:len(tokens)-1] {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			switch n := node.(type) {
			case map[string]any:
				node = n[tok]
			case []any:
				i, err := strconv.Atoi(tok)
				if err != nil || i < 0 || i >= len(n) {
					t.Fatalf("pointer %s of %q: no element %q", v.Pointer, v.Message, tok)
				}
				node = n[i]
			default:
				t.Fatalf("pointer %s of %q: %q is inside no object or array", v.Pointer, v.Message, tok)
			}
		}
		switch node.(type) {
		case map[string]any, []any:
		default:
			t.Fatalf("pointer %s of %q has no parent in\n%s", v.Pointer, v.Message, body)
		}
	}
}

// generator builds command sets from fuzz bytes. Most of its picks are
// valid, so that valid sets come up often enough to exercise the round
// trip; the others sit just past a boundary.
type generator struct{ b []byte }

// next returns the next byte, and once the bytes run out a byte that makes
// no rare pick, so that generation comes to an end.
func (g *generator) next() byte {
	if len(g.b) == 0 {
		return 1
	}
	c := g.b[0]
	g.b = g.b[1:]
	return c
}

func (g *generator) n(k int) int { return int(g.next()) % k }

// rare reports true one time in eight.
func (g *generator) rare() bool { return g.n(8) == 0 }

var (
	genSlashNames = []string{"ping", "mod", "a", "ban", "生日", "नमस्ते", "สวัสดี", "don't", repeat("é", 32)}
	genBadNames   = []string{"", "Ping", "a b", repeat("é", 33), "\xff", "ǅ", "x!"}
	genMenuNames  = []string{"High Five", "Bookmark", "Launch", "ping", repeat("Ü", 32)}
	genTexts      = []string{"d", "Some words", repeat("é", 100), "ünïcödé"}
	genBadTexts   = []string{"", repeat("é", 101), "\xc3"}
	genLocales    = []interaction.Locale{"de", "fr", "en-US", "ja", "hi"}
)

func (g *generator) pick(good, bad []string) string {
	if g.rare() {
		return bad[g.n(len(bad))]
	}
	return good[g.n(len(good))]
}

func (g *generator) localizations(good, bad []string) command.Localizations {
	if g.n(4) != 0 {
		return nil
	}
	m := command.Localizations{}
	for range g.n(3) + 1 {
		l := genLocales[g.n(len(genLocales))]
		if g.rare() {
			l = "xx"
		}
		m[l] = g.pick(good, bad)
	}
	return m
}

func (g *generator) commands() []command.Command {
	cmds := make([]command.Command, g.n(5))
	for i := range cmds {
		cmds[i] = g.command()
	}
	return cmds
}

func (g *generator) command() command.Command {
	var c command.Command
	switch g.n(10) {
	case 0, 1, 2, 3, 4:
		c.Name = g.pick(genSlashNames, genBadNames)
		c.NameLocalizations = g.localizations(genSlashNames, genBadNames)
		c.Description = g.pick(genTexts, genBadTexts)
		c.DescriptionLocalizations = g.localizations(genTexts, genBadTexts)
		c.Options = g.options(0)
	case 5, 6:
		c.Type = interaction.CommandType(g.n(2) + 2)
		c.Name = g.pick(genMenuNames, genBadNames)
		c.NameLocalizations = g.localizations(genMenuNames, genBadNames)
		if g.rare() {
			c.Description = "no"
		}
	case 7:
		c.Type = entryPoint
		c.Name = g.pick(genMenuNames, genBadNames)
		c.Description = g.pick(genTexts, genBadTexts)
		c.Handler = interaction.EntryPointHandlerType(g.n(3))
	case 8:
		c.Type = interaction.CommandType(g.n(3) + 1)
		c.Name = g.pick(genSlashNames, genBadNames)
		c.Description = g.pick(genTexts, genBadTexts)
		if g.rare() {
			c.Handler = interaction.HandlerApp
		}
	default:
		c.Type = interaction.CommandType(int(g.next()) - 128)
		c.Name = "odd"
	}
	if g.rare() {
		c.DefaultMemberPermissions = ptr(interaction.Permissions(uint64(g.next()) << 40))
	}
	c.NSFW = g.n(2) == 0
	if g.rare() {
		c.DMPermission = ptr(g.n(2) == 0)
	}
	if g.n(3) == 0 {
		for range g.n(3) {
			c.IntegrationTypes = append(c.IntegrationTypes, interaction.IntegrationType(g.n(3)))
		}
	}
	if g.n(3) == 0 {
		for range g.n(4) {
			c.Contexts = append(c.Contexts, interaction.ContextType(g.n(4)))
		}
	}
	return c
}

func (g *generator) options(depth int) []command.Option {
	if len(g.b) == 0 || depth > 3 {
		return nil
	}
	n := g.n(4)
	if g.rare() {
		n = 24 + g.n(3)
	}
	if n == 0 {
		return nil
	}
	opts := make([]command.Option, n)
	for i := range opts {
		opts[i] = g.option(depth)
	}
	return opts
}

func (g *generator) option(depth int) command.Option {
	o := command.Option{
		Type:                     interaction.OptionType(g.n(12) + g.n(2)),
		Name:                     g.pick(genSlashNames, genBadNames),
		NameLocalizations:        g.localizations(genSlashNames, genBadNames),
		Description:              g.pick(genTexts, genBadTexts),
		DescriptionLocalizations: g.localizations(genTexts, genBadTexts),
		Required:                 g.n(3) == 0,
	}
	switch o.Type {
	case subcommand, group:
		o.Required = g.rare()
		o.Options = g.options(depth + 1)
	case stringOpt, integerOpt, numberOpt:
		if g.n(3) == 0 {
			for range g.n(4) + g.n(2)*22 {
				o.Choices = append(o.Choices, interaction.Choice{
					Name:              g.pick(genTexts, genBadTexts),
					NameLocalizations: map[interaction.Locale]string(g.localizations(genTexts, genBadTexts)),
					Value:             g.value(o.Type),
				})
			}
		}
		o.Autocomplete = g.rare()
	case channelOpt:
		for range g.n(3) {
			o.ChannelTypes = append(o.ChannelTypes, interaction.ChannelType(g.n(18)))
		}
	case attachment:
		entries := []string{"image", "video", "audio", ".pdf", ".PDF", "pdf", "", "Image", ".tar.gz"}
		for range g.n(4) + g.n(2)*9 {
			o.FileTypes = append(o.FileTypes, entries[g.n(len(entries))])
		}
	}
	if g.rare() {
		o.FileTypes = append(o.FileTypes, "image")
	}
	if g.n(4) == 0 {
		o.MinValue, o.MaxValue = g.value(o.Type), g.value(o.Type)
	}
	if g.n(4) == 0 {
		lengths := []int{-1, 0, 1, 100, 6000, 6001}
		o.MinLength, o.MaxLength = ptr(lengths[g.n(6)]), ptr(lengths[g.n(6)])
	}
	if g.rare() {
		o.Options = g.options(depth + 1)
	}
	return o
}

// value returns a value that suits an option of type t most of the time.
func (g *generator) value(t interaction.OptionType) interaction.Value {
	if g.rare() {
		odd := []interaction.Value{
			{}, interaction.BoolValue(true), interaction.StringValue(repeat("é", 101)),
			interaction.IntValue(twoTo53), interaction.IntValue(-twoTo53 - 1), interaction.FloatValue(0.5),
			interaction.FloatValue(1e300),
		}
		return odd[g.n(len(odd))]
	}
	switch t {
	case stringOpt:
		return interaction.StringValue(genTexts[g.n(len(genTexts))])
	case numberOpt:
		return interaction.FloatValue(float64(int(g.next())-128) / 4)
	}
	return interaction.IntValue(int64(g.next()) - 128)
}

// checkServiceWords checks that the violations worded as the service are
// those worded for the bot, rule for rule and place for place, but the
// second violation of a name that breaks the rule of names twice, and that
// each rule whose words the service has made public is in its words.
func checkServiceWords(t *testing.T, bot, service rules.Violations) {
	var want rules.Violations
	for i, v := range bot {
		if i > 0 && v.Code == rules.ApplicationCommandInvalidName && bot[i-1].Code == rules.ApplicationCommandInvalidName && bot[i-1].Pointer == v.Pointer {
			continue
		}
		want = append(want, v)
	}
	if len(service) != len(want) {
		t.Fatalf("worded as the service:\n%s\nfor the bot:\n%s", dump(service), dump(bot))
	}
	for i, v := range service {
		w := want[i]
		if v.Command != w.Command || v.Place != w.Place || v.Pointer != w.Pointer || v.Code != w.Code || v.Message == "" {
			t.Fatalf("violation %d worded as the service %+v, for the bot %+v", i, v, w)
		}
		if !servicesWords(v) {
			t.Fatalf("violation %d is not in the service's words: %+v", i, v)
		}
	}
}

// The service's words for a text or a list out of its bounds.
var (
	serviceBadLength = regexp.MustCompile(`^Must be between \d+ and \d+ in length\.$`)
	serviceMaxLength = regexp.MustCompile(`^Must be \d+ or fewer in length\.$`)
)

// servicesWords reports whether v, of a rule whose words the service has
// made public, is in those words; a violation of another rule passes.
func servicesWords(v rules.Violation) bool {
	switch v.Code {
	case rules.BaseTypeBadLength:
		return serviceBadLength.MatchString(v.Message)
	case rules.BaseTypeMaxLength:
		return serviceMaxLength.MatchString(v.Message)
	case rules.ApplicationCommandInvalidName:
		return v.Message == "Command name is invalid"
	case rules.ApplicationCommandsDuplicateName:
		return v.Message == "Application command names must be unique"
	}
	return true
}
