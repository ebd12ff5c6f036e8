package answer_test

import (
	"strconv"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/review"
	"github.com/switchboard-go/switchboard/rules"
)

// hostiles are answers with one list of n elements, each breaking a rule,
// so that no check stops early.
var hostiles = []struct {
	name string
	ix   *interaction.Interaction
	r    func(n int) interaction.Response
}{
	{"many embeds", command, func(n int) interaction.Response {
		es := make([]interaction.Embed, n)
		for i := range es {
			es[i] = interaction.Embed{Title: chars(257)}
		}
		return withEmbeds(es...)
	}},
	{"an embed of many fields", command, func(n int) interaction.Response {
		return withEmbeds(interaction.Embed{Fields: make([]interaction.EmbedField, n)})
	}},
	{"many suggestions", completeText, func(n int) interaction.Response {
		cs := make([]interaction.Choice, n)
		for i := range cs {
			cs[i] = interaction.IntChoice("", int64(i))
		}
		return interaction.AutocompleteResult(cs...)
	}},
	{"many files", command, func(n int) interaction.Response {
		return interaction.ReplyMessage(interaction.MessageData{Files: files(n, 0)})
	}},
	{"many kinds of mention", command, func(n int) interaction.Response {
		parse := make([]string, n)
		for i := range parse {
			parse[i] = "kind" + strconv.Itoa(i)
		}
		return interaction.Reply("x").WithAllowedMentions(&interaction.AllowedMentions{Parse: parse})
	}},
	{"many rows", command, func(n int) interaction.Response {
		return interaction.ReplyMessage(interaction.MessageData{Components: rows(n)})
	}},
	{"a modal of many rows", command, func(n int) interaction.Response {
		return modal("m", "T", n)
	}},
}

// TestAHostileAnswerIsCheckedOnlyUpToItsLimits: the violations of a long
// list are those of its first elements, whatever its length, and cost as
// many allocations, so that checking it costs no more than checking a
// list at its limit.
func TestAHostileAnswerIsCheckedOnlyUpToItsLimits(t *testing.T) {
	for _, h := range hostiles {
		t.Run(h.name, func(t *testing.T) {
			short, long := h.r(200), h.r(100000)
			vs, vl := reviewAnswer(h.ix, short, review.ForBot), reviewAnswer(h.ix, long, review.ForBot)
			if len(vs) == 0 || len(vs) != len(vl) || len(vl) > component.MaxViolations {
				t.Fatalf("%d violations of 200 elements, %d of 100000", len(vs), len(vl))
			}
			for i := range vs {
				if vl[i].Pointer != vs[i].Pointer || vl[i].Code != vs[i].Code {
					t.Errorf("violation %d of 100000 elements is %s %s, of 200 elements %s %s",
						i, vl[i].Pointer, vl[i].Code, vs[i].Pointer, vs[i].Code)
				}
			}
			as := testing.AllocsPerRun(3, func() { reviewAnswer(h.ix, short, review.ForBot) })
			al := testing.AllocsPerRun(3, func() { reviewAnswer(h.ix, long, review.ForBot) })
			if al > as {
				t.Errorf("checking 100000 elements allocates %v times, 200 elements %v", al, as)
			}
		})
	}
}

func TestACheckReportsAtMostMaxViolations(t *testing.T) {
	es := make([]interaction.Embed, 10)
	for i := range es {
		es[i] = interaction.Embed{Fields: make([]interaction.EmbedField, 25)}
	}
	vs := reviewAnswer(command, withEmbeds(es...), review.ForBot)
	if len(vs) != component.MaxViolations {
		t.Fatalf("%d violations, want %d", len(vs), component.MaxViolations)
	}
	last := vs[len(vs)-1]
	if last.Code != rules.ViolationsTruncated || last.Place != "answer" || last.Pointer != "" ||
		last.Message != "401 more violations are not reported" {
		t.Errorf("the last violation is %+v, want a count of the 500-99 left out", last)
	}
}

// faultyOptions returns a message of 5 rows, each a select of 25 options
// without a label: 125 violations package component finds.
func faultyOptions() interaction.Components {
	rs := make(interaction.Components, 5)
	for i := range rs {
		opts := make([]component.SelectOption, 25)
		for j := range opts {
			opts[j] = component.Option("", "v"+strconv.Itoa(j))
		}
		rs[i] = component.Row(component.Select("s"+strconv.Itoa(i), opts...))
	}
	return rs
}

func TestTheViolationsComponentLeavesOutAreCounted(t *testing.T) {
	for _, tt := range []struct {
		name string
		m    interaction.MessageData
		want string
	}{
		{"components alone", interaction.MessageData{Components: faultyOptions()}, "26 more violations are not reported"},
		{"components and content", interaction.MessageData{Content: chars(2001), Components: faultyOptions()}, "27 more violations are not reported"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			vs := reviewMessage(nil, tt.m, review.Followup, review.ForBot)
			if len(vs) != component.MaxViolations || vs[len(vs)-1].Code != rules.ViolationsTruncated || vs[len(vs)-1].Message != tt.want {
				t.Fatalf("%d violations, the last %+v; want %d, the last reading %q", len(vs), vs[len(vs)-1], component.MaxViolations, tt.want)
			}
		})
	}
}
