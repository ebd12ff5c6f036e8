package playground

import (
	"context"
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
		"click Nowhere\n  ✗ ",
		"click Go\n  bot (updates its message) › Gone\n        ",
		"submit name:Ada kind:bug,idea\n  bot › Ada chose bug+idea\n",
		"submit name:\"far too long a name\" kind:bug\n  ✗ the client refuses",
		"submit name\n  ✗ submit takes fields as name:value",
		"click\n  ✗ click takes a button's label or custom_id",
	)
}

func TestSubmitSplitsAtTheNameOfAnInput(t *testing.T) {
	inputs := map[string]bool{"report:title": false, "report": false, "Kind": true}
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
