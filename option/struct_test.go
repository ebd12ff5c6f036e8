package option_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/option"
)

// Every option type, every tag.
type kitchenSink struct {
	Query  string                     `option:"query,autocomplete" description:"What to look for" min_length:"2" max_length:"100" name.fr:"requête" description.fr:"Ce qu'il faut chercher"`
	Days   int64                      `option:"days" description:"Days" min:"0" max:"7" choices:"None=0;A day=1;A week=7"`
	Ratio  float64                    `option:"ratio" description:"Ratio" min:"0.5" max:"2.5"`
	Public bool                       `option:"public" description:"Show everyone"`
	Target option.ResolvedUser        `option:"target" description:"Who"`
	Where  interaction.Channel        `option:"where" description:"Where" channel_types:"0,5"`
	Role   interaction.Role           `option:"role" description:"Which role"`
	Ping   option.ResolvedMentionable `option:"ping" description:"Ping whom"`
	File   interaction.Attachment     `option:"file" description:"A file" file_types:"image, .pdf"`
	Lang   *string                    `option:"lang" description:"Language" choices:"Go=go;Rust=rust"`
	Count  int                        `option:"count,optional" description:"How many"`
	Member *interaction.Member        `option:"member" description:"A member"`
	User   *interaction.User          `option:"user" description:"A user"`
	Weight *float32                   `option:"weight" description:"Weight"`
	Plain  string                     // no tag: not an option
}

// The same options, declared with builders.
func kitchenSinkBuilders() []option.Definer {
	return []option.Definer{
		option.String("query", "What to look for").Required().Autocomplete().MinLength(2).MaxLength(100).
			Localize(interaction.LocaleFrench, "requête", "Ce qu'il faut chercher"),
		option.Integer("days", "Days").Required().Min(0).Max(7).Choices(
			interaction.IntChoice("None", 0), interaction.IntChoice("A day", 1), interaction.IntChoice("A week", 7)),
		option.Number("ratio", "Ratio").Required().Min(0.5).Max(2.5),
		option.Boolean("public", "Show everyone").Required(),
		option.User("target", "Who").Required(),
		option.Channel("where", "Where").Required().ChannelTypes(interaction.ChannelGuildText, interaction.ChannelGuildAnnouncement),
		option.Role("role", "Which role").Required(),
		option.Mentionable("ping", "Ping whom").Required(),
		option.Attachment("file", "A file").Required().FileTypes("image", ".pdf"),
		option.String("lang", "Language").Choices(interaction.StringChoice("Go", "go"), interaction.StringChoice("Rust", "rust")),
		option.Integer("count", "How many"),
		option.User("member", "A member"),
		option.User("user", "A user"),
		option.Number("weight", "Weight"),
	}
}

func definitions(t *testing.T, ds []option.Definer) string {
	t.Helper()
	out := make([]command.Option, len(ds))
	for i, d := range ds {
		out[i] = d.Definition()
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestPlanAndBuildersDeclareIdenticalOptions(t *testing.T) {
	st, err := option.NewStruct[kitchenSink]()
	if err != nil {
		t.Fatal(err)
	}
	got, want := definitions(t, st.Options()), definitions(t, kitchenSinkBuilders())
	if got != want {
		t.Fatalf("struct form:\n%s\nbuilder form:\n%s", got, want)
	}
	if violations := command.ValidateCommand(command.Global, command.Command{
		Name: "sink", Description: "Everything", Options: mustOptions(st.Options()),
	}); violations != nil {
		t.Fatalf("the declared options break the rules:\n%v", violations)
	}
}

func mustOptions(ds []option.Definer) []command.Option {
	out := make([]command.Option, len(ds))
	for i, d := range ds {
		out[i] = d.Definition()
	}
	return out
}

func TestBindFillsEveryFieldType(t *testing.T) {
	st, err := option.NewStruct[kitchenSink]()
	if err != nil {
		t.Fatal(err)
	}
	member := &interaction.Member{Nick: "nick", Roles: []interaction.Snowflake{9}}
	ix := interactiontest.Command("sink").
		String("query", "go").Int("days", 7).Float("ratio", 1.5).Bool("public", true).
		User("target", interaction.User{ID: 11, Username: "t"}, member).
		Channel("where", interaction.Channel{ID: 12, Name: "general"}).
		Role("role", interaction.Role{ID: 13, Name: "mods"}).
		MentionableRole("ping", interaction.Role{ID: 14, Name: "all"}).
		Attachment("file", interaction.Attachment{ID: 15, Filename: "a.txt"}).
		String("lang", "rust").Int("count", 3).
		User("member", interaction.User{ID: 16, Username: "m"}, &interaction.Member{Nick: "mm"}).
		User("user", interaction.User{ID: 17, Username: "u"}, nil).
		Float("weight", 0.25).
		Interaction()
	var got kitchenSink
	if err := st.Bind(option.Of(ix), &got); err != nil {
		t.Fatal(err)
	}
	switch {
	case got.Query != "go", got.Days != 7, got.Ratio != 1.5, !got.Public, got.Count != 3:
		t.Fatalf("scalars: %+v", got)
	case got.Target.ID != 11 || !got.Target.HasMember || got.Target.Member.Nick != "nick":
		t.Fatalf("target: %+v", got.Target)
	case got.Where.Name != "general", got.Role.Name != "mods", !got.Ping.IsRole || got.Ping.Role.ID != 14, got.File.Filename != "a.txt":
		t.Fatalf("objects: %+v", got)
	case got.Lang == nil || *got.Lang != "rust":
		t.Fatalf("lang: %v", got.Lang)
	case got.Member == nil || got.Member.Nick != "mm" || got.Member.User.ID != 16:
		t.Fatalf("member: %+v", got.Member)
	case got.User == nil || got.User.ID != 17, got.Weight == nil || *got.Weight != 0.25:
		t.Fatalf("pointers: %+v %+v", got.User, got.Weight)
	}
}

func TestBindLeavesAbsentOptionalFieldsZero(t *testing.T) {
	type opts struct {
		Name   string  `option:"name" description:"d"`
		Reason *string `option:"reason" description:"d"`
		Days   int64   `option:"days,optional" description:"d"`
	}
	st, err := option.NewStruct[opts]()
	if err != nil {
		t.Fatal(err)
	}
	got := opts{Days: 99}
	if err := st.Bind(option.Of(interactiontest.Command("x").String("name", "n").Interaction()), &got); err != nil {
		t.Fatal(err)
	}
	if got.Name != "n" || got.Reason != nil || got.Days != 99 {
		t.Fatalf("%+v", got)
	}
}

func TestBindErrorsNameTheField(t *testing.T) {
	type opts struct {
		Name string `option:"name" description:"d"`
		Days int64  `option:"days,optional" description:"d"`
	}
	st, err := option.NewStruct[opts]()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		ix        *interaction.Interaction
		wantField string
		wantKind  error
	}{
		{"a required option is missing", interactiontest.Command("x").Int("days", 1).Interaction(), "Name", option.ErrMissing},
		{"an option of another type", interactiontest.Command("x").String("name", "n").String("days", "7").Interaction(), "Days", option.ErrType},
		{"an integer out of range", interactiontest.Command("x").String("name", "n").Int("days", 1<<53).Interaction(), "Days", option.ErrRange},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got opts
			err := st.Bind(option.Of(tt.ix), &got)
			var be *option.BindError
			if !errors.As(err, &be) || be.Field != tt.wantField || !errors.Is(err, tt.wantKind) {
				t.Fatalf("err = %v", err)
			}
			if !strings.Contains(err.Error(), "field "+tt.wantField) {
				t.Fatalf("message %q does not name the field", err)
			}
		})
	}
}

func TestNewPlanRefusesStructsItCannotRead(t *testing.T) {
	type unexported struct {
		name string `option:"name"`
	}
	_ = unexported{name: ""} // the field exists only to be refused
	type unsupported struct {
		When []string `option:"when" description:"d"`
	}
	type small struct {
		N int32 `option:"n" description:"d"`
	}
	type badFlag struct {
		S string `option:"s,sometimes" description:"d"`
	}
	type badMin struct {
		N int64 `option:"n" description:"d" min:"low"`
	}
	type badChoice struct {
		N int64 `option:"n" description:"d" choices:"One=1;Two=two"`
	}
	type badChannels struct {
		C interaction.Channel `option:"c" description:"d" channel_types:"text"`
	}
	type none struct{ A string }
	tests := []struct {
		name string
		new  func() error
		want string
	}{
		{"a non-struct", func() error { _, err := option.NewStruct[string](); return err }, "options must be a struct"},
		{"no tagged field", func() error { _, err := option.NewStruct[none](); return err }, "no field has an option tag"},
		{"an unexported field", func() error { _, err := option.NewStruct[unexported](); return err }, "must be exported"},
		{"a type with no option type", func() error { _, err := option.NewStruct[unsupported](); return err }, "has no option type"},
		{"a small integer", func() error { _, err := option.NewStruct[small](); return err }, "use int or int64"},
		{"an unknown flag", func() error { _, err := option.NewStruct[badFlag](); return err }, `unknown option flag "sometimes"`},
		{"a bound that is not a number", func() error { _, err := option.NewStruct[badMin](); return err }, `min "low" is not a number`},
		{"a choice of the wrong type", func() error { _, err := option.NewStruct[badChoice](); return err }, `"two" is not an integer`},
		{"a channel type by name", func() error { _, err := option.NewStruct[badChannels](); return err }, `channel type "text" is not a number`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.new()
			var pe *option.StructError
			if !errors.As(err, &pe) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestBuildersDoNotShareState(t *testing.T) {
	base := option.String("q", "d").Localize(interaction.LocaleFrench, "q", "")
	a := base.Localize(interaction.LocaleGerman, "a", "")
	b := base.Localize(interaction.LocaleGerman, "b", "")
	if a.Definition().NameLocalizations[interaction.LocaleGerman] != "a" ||
		b.Definition().NameLocalizations[interaction.LocaleGerman] != "b" ||
		len(base.Definition().NameLocalizations) != 1 {
		t.Fatal("builders made from one share their localizations")
	}
	c := base.Choices(interaction.StringChoice("x", "x"))
	d := base.Choices(interaction.StringChoice("y", "y"))
	if !reflect.DeepEqual(c.Definition().Choices, []interaction.Choice{interaction.StringChoice("x", "x")}) ||
		!reflect.DeepEqual(d.Definition().Choices, []interaction.Choice{interaction.StringChoice("y", "y")}) {
		t.Fatal("builders made from one share their choices")
	}
	files := option.Attachment("f", "d").FileTypes("image")
	e, f := files.FileTypes(".pdf"), files.FileTypes(".txt")
	if !reflect.DeepEqual(e.Definition().FileTypes, []string{"image", ".pdf"}) ||
		!reflect.DeepEqual(f.Definition().FileTypes, []string{"image", ".txt"}) || len(files.Definition().FileTypes) != 1 {
		t.Fatal("builders made from one share their file types")
	}
}

func TestIntegerBoundsAreSentAsIntegers(t *testing.T) {
	got := definitions(t, []option.Definer{option.Integer("n", "d").Min(-3).Max(9007199254740991), option.Number("f", "d").Min(1).Max(2.5)})
	if !strings.Contains(got, `"min_value":-3,"max_value":9007199254740991`) || !strings.Contains(got, `"min_value":1,"max_value":2.5`) {
		t.Fatalf("%s", got)
	}
}
