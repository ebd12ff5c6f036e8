package dockerfile

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/internal/testmain"
)

func TestMain(m *testing.M) { testmain.Exit(m.Run()) }

const sample = `# syntax=docker/dockerfile:1
ARG GO=1.26
FROM --platform=$BUILDPLATFORM golang:${GO} AS build
RUN CGO_ENABLED=0 \
    go build -o /out/x ./cmd/x

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/x /x
ENV A=1 \
    B=two
ENV OLD form value
HEALTHCHECK --interval=5s --timeout=3s CMD ["/x", "health"]
ENTRYPOINT ["/x"]
CMD serve
`

func TestParse(t *testing.T) {
	stages, err := Parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(stages) != 3 || len(stages[0].Instrs) != 1 || stages[1].Image != "golang:${GO}" || stages[1].Name != "build" || stages[2].Name != "" {
		t.Fatalf("stages %+v", stages)
	}
	run := stages[1].Of("RUN")
	if len(run) != 1 || run[0].Line != 4 || strings.Join(strings.Fields(run[0].Args), " ") != "CGO_ENABLED=0 go build -o /out/x ./cmd/x" {
		t.Errorf("RUN %+v", run)
	}
	final := &stages[2]
	env := map[string]string{}
	for _, in := range final.Of("ENV") {
		for k, v := range Values(in) {
			env[k] = v
		}
	}
	if want := map[string]string{"A": "1", "B": "two", "OLD": "form value"}; !maps.Equal(env, want) {
		t.Errorf("ENV %v, want %v", env, want)
	}
	for _, tt := range []struct {
		cmd  string
		want []string
	}{{"HEALTHCHECK", []string{"/x", "health"}}, {"ENTRYPOINT", []string{"/x"}}, {"CMD", nil}} {
		argv, err := Exec(final.Of(tt.cmd)[0])
		if !slices.Equal(argv, tt.want) || (err != nil) != (tt.want == nil) {
			t.Errorf("%s: %q, %v; want %q", tt.cmd, argv, err, tt.want)
		}
	}
	for _, bad := range []string{"RUN x\n", "FROM a\nRUN b \\\n", "FROM --platform=x\n"} {
		if _, err := Parse(strings.NewReader(bad)); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
}
