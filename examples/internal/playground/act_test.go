package playground

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/router"
)

// formBot opens a form with a select, and shows a button that is
// disabled beside one that is not.
func formBot(env Env) (*router.Router, error) {
	r := router.New()
	r.Command("buttons", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Reply("Press one").WithComponents(component.Row(
			component.PrimaryButton("go", "Go"), component.SecondaryButton("stop", "Stop").Disable())), nil
	}, router.Description("Show buttons"))
	r.Component("go", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.Update("Gone"), nil
	})
	r.Command("form", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.ShowModal(component.Modal("form", "Form",
			component.Labeled("Name", component.ShortInput("name").WithLength(1, 10)),
			component.Labeled("Kind", component.Select("kind", component.Option("Bug", "bug"), component.Option("Idea", "idea")).WithMaxValues(2)),
		)), nil
	}, router.Description("Open a form"))
	r.Modal("form", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		name, _ := req.Fields.Text("name")
		kinds, _ := req.Fields.Values("kind")
		return interaction.Reply(name + " chose " + strings.Join(kinds, "+")), nil
	})
	return r, nil
}

func TestTheUserActsOnComponentsAsTheClientLetsThem(t *testing.T) {
	t.Parallel()
	ex := Example{Name: "form", Bot: formBot}
	script := ScriptFile(t,
		"submit name:x",
		"/buttons",
		"click Stop",
		"click Nowhere",
		"click Go",
		"/form",
		"submit name:Ada kind:bug,idea",
		"/form",
		"submit name:\"far too long a name\" kind:bug",
		"submit name",
		"click",
	)
	out := OutputRefusing(t, ex, 6, "", "-script", script, "-quiet")
	Shows(t, out,
		"submit name:x\n  ✗ no form is open",
		"bot › Press one\n        [Go] [Stop] (disabled)\n",
		"click Stop\n  ✗ the client refuses",
		"click Nowhere\n  ✗ @owner sees no button \"Nowhere\"\n",
		"click Go\n  bot (updates its message) › Gone\n        ",
		"submit name:Ada kind:bug,idea\n  bot › Ada chose bug+idea\n",
		"submit name:\"far too long a name\" kind:bug\n  ✗ the client refuses",
		"submit name\n  ✗ submit takes fields as name:value",
		"click\n  ✗ click takes a button's label or custom_id",
	)
}

func TestSubmitSplitsAtTheNameOfAnInput(t *testing.T) {
	inputs := map[string]interaction.ComponentType{"report:title": interaction.ComponentTextInput,
		"report": interaction.ComponentTextInput, "Kind": interaction.ComponentStringSelect}
	tests := []struct {
		arg, name, value string
		found            bool
	}{
		{"report:title:Broken: twice", "report:title", "Broken: twice", true},
		{"report:x", "report", "x", true},
		{"Kind:bug,idea", "Kind", "bug,idea", true},
		{"other:12:30", "other", "12:30", true},
		{"novalue", "novalue", "", false},
	}
	for _, tt := range tests {
		name, value, found := splitField(tt.arg, inputs)
		if name != tt.name || value != tt.value || found != tt.found {
			t.Errorf("splitField(%q) = %q, %q, %v; want %q, %q, %v", tt.arg, name, value, found, tt.name, tt.value, tt.found)
		}
	}
}

// signupBot opens a form of every kind of input, and answers with what it
// reads of each.
func signupBot(env Env) (*router.Router, error) {
	r := router.New()
	r.Command("signup", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		return interaction.ShowModal(component.Modal("signup", "Sign up",
			component.Labeled("Size", component.Radio("size", component.Choice("Small", "s"), component.Choice("Large, please", "l")).Optional()),
			component.Labeled("Days", component.Checkboxes("days", component.Choice("Monday", "mon"), component.Choice("Friday", "fri"))),
			component.Labeled("News", component.CheckboxInput("news").Checked()),
			component.Labeled("Who", component.SelectUsers("who")),
			component.Labeled("Proof", component.Upload("proof").WithFileTypes(".txt").Optional()),
		)), nil
	}, router.Description("Open a form"))
	r.Modal("signup", func(ctx context.Context, req *router.Request) (interaction.Response, error) {
		size, chosen := req.Fields.Choice("size")
		if !chosen {
			size = "none"
		}
		days, _ := req.Fields.Values("days")
		news, _ := req.Fields.Checked("news")
		who, err := req.Fields.Get("who").Users()
		if err != nil {
			return interaction.Response{}, err
		}
		files, err := req.Fields.Get("proof").Attachments()
		if err != nil {
			return interaction.Response{}, err
		}
		text := fmt.Sprintf("size %s, days %s, news %v, who %s", size, strings.Join(days, "+"), news, who[0].Username)
		for _, f := range files {
			text += fmt.Sprintf(", %s of %d bytes", f.Filename, f.Size)
		}
		return interaction.Reply(text), nil
	})
	return r, nil
}

func TestSubmitFillsEveryKindOfInput(t *testing.T) {
	t.Parallel()
	proof := filepath.Join(t.TempDir(), "proof.txt")
	if err := os.WriteFile(proof, []byte("seen"), 0o600); err != nil {
		t.Fatal(err)
	}
	ex := Example{Name: "signup", Bot: signupBot}
	script := ScriptFile(t,
		"/signup",
		`submit size:"Large, please" days:Friday,mon news:no who:@ada proof:"`+proof+`"`,
		"/signup",
		"submit size: Days:fri Who:@bob",
		"/signup",
		"submit days:fri who:@bob news:maybe",
		"submit days:fri who:@bob proof:"+filepath.Join(filepath.Dir(proof), "missing.txt"),
		"submit days:mon,fri,sun who:@bob",
	)
	out := OutputRefusing(t, ex, 3, "", "-script", script, "-quiet")
	Shows(t, out,
		"    Size (size: pick one of Small · Large, please, or none)\n"+
			"    Days (days: tick 1 to 2 of Monday · Friday)\n"+
			"    News (news: a checkbox, ticked)\n"+
			"    Who ‹who: a user›\n"+
			"    Proof (proof: a file, .txt only, optional)\n"+
			"    fill it in with: submit size:… days:…,… news:yes who:@… proof:path\n",
		"  bot › size l, days fri+mon, news false, who ada, proof.txt of 4 bytes\n",
		"  bot › size none, days fri, news true, who bob\n",
		"  ✗ checkbox news takes yes or no, not \"maybe\"",
		"  ✗ file upload proof takes the paths of files to upload: ",
		`  ✗ the client refuses: checkbox group "Days" takes at most 2 values, not 3`,
	)
}
