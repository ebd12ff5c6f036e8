package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"go.yaml.in/yaml/v3"

	"github.com/switchboard-go/switchboard/endpoint"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/queue"
)

// cfnValue returns the value of a node of a CloudFormation template: a
// short-form function (!Ref, !GetAtt) as the long form's map, {"Ref":
// name} or {"Fn::GetAtt": [resource, attribute]}.
func cfnValue(t *testing.T, n *yaml.Node) any {
	t.Helper()
	switch n.Kind {
	case yaml.DocumentNode:
		return cfnValue(t, n.Content[0])
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = cfnValue(t, n.Content[i+1])
		}
		return m
	case yaml.SequenceNode:
		var s []any
		for _, c := range n.Content {
			s = append(s, cfnValue(t, c))
		}
		return s
	case yaml.AliasNode:
		return cfnValue(t, n.Alias)
	}
	switch n.Tag {
	case "!Ref":
		return map[string]any{"Ref": n.Value}
	case "!GetAtt":
		resource, attribute, _ := strings.Cut(n.Value, ".")
		return map[string]any{"Fn::GetAtt": []any{resource, attribute}}
	case "!!int":
		var v int
		if err := n.Decode(&v); err != nil {
			t.Fatalf("line %d: %v", n.Line, err)
		}
		return v
	case "!!bool":
		return n.Value == "true"
	case "!!str", "!!null", "":
		return n.Value
	}
	t.Fatalf("line %d: the template uses %s, which this test does not read", n.Line, n.Tag)
	return nil
}

// template is the SAM template, read.
type template map[string]any

func readTemplate(t *testing.T) template {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("template.yaml: %v", err)
	}
	return cfnValue(t, &doc).(map[string]any)
}

// at returns the value at the path of keys, failing the test when there
// is none.
func (tp template) at(t *testing.T, path ...string) any {
	t.Helper()
	var v any = map[string]any(tp)
	for i, k := range path {
		m, ok := v.(map[string]any)
		if !ok || m[k] == nil {
			t.Fatalf("template.yaml has no %s", strings.Join(path[:i+1], "."))
		}
		v = m[k]
	}
	return v
}

// environment returns a function's variables, the Globals' and its own,
// with the parameters given the values params has and references to the
// queue the URL it would have.
func (tp template) environment(t *testing.T, function string, params map[string]string) map[string]string {
	t.Helper()
	env := map[string]string{}
	for _, vars := range []any{
		tp.at(t, "Globals", "Function", "Environment", "Variables"),
		tp.at(t, "Resources", function, "Properties", "Environment", "Variables"),
	} {
		for name, v := range vars.(map[string]any) {
			switch v := v.(type) {
			case string:
				env[name] = v
			case map[string]any:
				ref, _ := v["Ref"].(string)
				switch {
				case params[ref] != "":
					env[name] = params[ref]
				case tp.at(t, "Resources", ref, "Type") == "AWS::SQS::Queue":
					env[name] = "https://sqs.eu-west-1.amazonaws.com/123456789012/" + ref
				default:
					t.Fatalf("%s's %s refers to %v, which the test cannot resolve", function, name, v)
				}
			}
		}
	}
	return env
}

func TestTheTemplateDeploysBothRolesAndTheQueue(t *testing.T) {
	tp := readTemplate(t)
	if got := tp.at(t, "Transform"); got != "AWS::Serverless-2016-10-31" {
		t.Errorf("Transform is %v, not SAM's", got)
	}
	for _, name := range []string{"PublicKey", "BaseURL", "QueueKey"} {
		tp.at(t, "Parameters", name, "Type")
	}
	// The queue's key is a secret, which the stack does not show, and
	// both functions have it.
	if got := tp.at(t, "Parameters", "QueueKey", "NoEcho"); got != true {
		t.Errorf("the QueueKey parameter's NoEcho is %v", got)
	}
	if got := tp.at(t, "Globals", "Function", "Environment", "Variables", "SWITCHBOARD_QUEUE_KEY"); fmt.Sprint(got) != fmt.Sprint(map[string]any{"Ref": "QueueKey"}) {
		t.Errorf("the functions' SWITCHBOARD_QUEUE_KEY is %v, not the QueueKey parameter", got)
	}
	// What the parameter allows, the functions take, and a key too
	// short it refuses.
	pattern := regexp.MustCompile("^(?:" + tp.at(t, "Parameters", "QueueKey", "AllowedPattern").(string) + ")$")
	for key, ok := range map[string]bool{
		strings.Repeat("ab", 32):                                  true,
		strings.Repeat("ab", 32) + "," + strings.Repeat("cd", 40): true,
		strings.Repeat("ab", 31):                                  false,
		"":                                                        false,
	} {
		if pattern.MatchString(key) != ok {
			t.Errorf("the QueueKey parameter takes %q: %v, want %v", key, !ok, ok)
		}
		if _, err := queue.ParseKeys(key); (err == nil) != ok {
			t.Errorf("queue.ParseKeys(%q) = %v", key, err)
		}
	}
	if got := tp.at(t, "Globals", "Function", "Runtime"); got != "provided.al2023" {
		t.Errorf("the runtime is %v: a Go binary runs on an OS-only runtime", got)
	}
	for _, fn := range []string{"Endpoint", "Worker"} {
		if got := tp.at(t, "Resources", fn, "Type"); got != "AWS::Serverless::Function" {
			t.Errorf("%s is a %v", fn, got)
		}
		if got := tp.at(t, "Resources", fn, "Metadata", "BuildMethod"); got != "go1.x" {
			t.Errorf("%s is built with %v, not go1.x", fn, got)
		}
	}
	queueRef := map[string]any{"Ref": "Deferred"}
	queueArn := map[string]any{"Fn::GetAtt": []any{"Deferred", "Arn"}}

	// The service reaches the endpoint without AWS credentials.
	if got := tp.at(t, "Resources", "Endpoint", "Properties", "FunctionUrlConfig", "AuthType"); got != "NONE" {
		t.Errorf("the function URL's AuthType is %v: the service signs its requests, and sends no AWS credentials", got)
	}
	if got := tp.at(t, "Outputs", "InteractionsEndpointURL", "Value"); fmt.Sprint(got) != fmt.Sprint(map[string]any{"Fn::GetAtt": []any{"EndpointUrl", "FunctionUrl"}}) {
		t.Errorf("the output URL is %v, not the endpoint's function URL", got)
	}
	// The endpoint may send to the queue it is told of.
	policies := tp.at(t, "Resources", "Endpoint", "Properties", "Policies").([]any)
	sends := false
	for _, p := range policies {
		if m, ok := p.(map[string]any)["SQSSendMessagePolicy"].(map[string]any); ok &&
			fmt.Sprint(m["QueueName"]) == fmt.Sprint(map[string]any{"Fn::GetAtt": []any{"Deferred", "QueueName"}}) {
			sends = true
		}
	}
	if !sends {
		t.Errorf("the endpoint may not send to the queue: policies %v", policies)
	}
	if got := tp.at(t, "Resources", "Endpoint", "Properties", "Environment", "Variables", "SWITCHBOARD_QUEUE_URL"); fmt.Sprint(got) != fmt.Sprint(queueRef) {
		t.Errorf("the endpoint's queue is %v", got)
	}
	// The worker takes the same queue's messages, and reports those it
	// refuses.
	sqsEvent := tp.at(t, "Resources", "Worker", "Properties", "Events", "Deferred", "Properties").(map[string]any)
	if tp.at(t, "Resources", "Worker", "Properties", "Events", "Deferred", "Type") != "SQS" || fmt.Sprint(sqsEvent["Queue"]) != fmt.Sprint(queueArn) {
		t.Errorf("the worker's event source is %v", sqsEvent)
	}
	if types, _ := sqsEvent["FunctionResponseTypes"].([]any); !slices.Contains(types, any("ReportBatchItemFailures")) {
		t.Errorf("the worker's failures are not reported per message: %v", sqsEvent["FunctionResponseTypes"])
	}
	// Lambda runs a function for 900 seconds at most, and requires a
	// queue's visibility timeout to be at least its worker's timeout.
	timeout := tp.at(t, "Resources", "Worker", "Properties", "Timeout").(int)
	visibility := tp.at(t, "Resources", "Deferred", "Properties", "VisibilityTimeout").(int)
	if timeout > 900 || timeout < int(interaction.TokenLifetime.Seconds()) || visibility < timeout {
		t.Errorf("the worker's timeout is %d s and the queue's visibility timeout %d s", timeout, visibility)
	}
	if timeout := tp.at(t, "Resources", "Endpoint", "Properties", "Timeout").(int); timeout < int(endpoint.DefaultResponseDeadline.Seconds()) {
		t.Errorf("the endpoint's timeout, %d s, is shorter than the service waits", timeout)
	}
}

// Each function, given the environment the template gives it, starts
// the bot in its role: the endpoint behind the function URL, the worker
// on the queue's events.
func TestEachFunctionOfTheTemplateStartsInItsRole(t *testing.T) {
	tp := readTemplate(t)
	params := map[string]string{
		"PublicKey": interactiontest.NewKey("lambda").PublicKeyHex(),
		"BaseURL":   "http://127.0.0.1:1/api/v10",
		"QueueKey":  queueKey,
	}
	for fn, want := range map[string]any{
		"Endpoint": func(context.Context, events.LambdaFunctionURLRequest) (events.LambdaFunctionURLResponse, error) {
			return events.LambdaFunctionURLResponse{}, nil
		},
		"Worker": func(context.Context, events.SQSEvent) (events.SQSEventResponse, error) {
			return events.SQSEventResponse{}, nil
		},
	} {
		t.Run(fn, func(t *testing.T) {
			env := tp.environment(t, fn, params)
			// The Lambda runtime tells its address to the bootstrap it
			// starts.
			env["AWS_LAMBDA_RUNTIME_API"] = "127.0.0.1:9001"
			var started any
			var out, errOut strings.Builder
			if err := run(context.Background(), nil, func(k string) string { return env[k] }, func(h any) { started = h }, &out, &errOut); err != nil {
				t.Fatalf("run with %v: %v", env, err)
			}
			if out.Len()+errOut.Len() > 0 {
				t.Errorf("the function printed %q and %q: on Lambda it only logs", out.String(), errOut.String())
			}
			if fmt.Sprintf("%T", started) != fmt.Sprintf("%T", want) {
				t.Errorf("started a %T, want a %T", started, want)
			}
			// Without the queue's key, or with one too short, the
			// function does not start, and says why.
			for _, key := range []string{"", "abcd"} {
				env["SWITCHBOARD_QUEUE_KEY"] = key
				started = nil
				err := run(context.Background(), nil, func(k string) string { return env[k] }, func(h any) { started = h }, &out, &errOut)
				if err == nil || !strings.Contains(err.Error(), "SWITCHBOARD_QUEUE_KEY") || started != nil {
					t.Errorf("with SWITCHBOARD_QUEUE_KEY=%q: run = %v, and started %T", key, err, started)
				}
			}
		})
	}
}

// SAM builds each function from the directory CodeUri names, relative
// to the template, into the executable Handler names: this program, as
// the bootstrap the OS-only runtime runs.
func TestTheTemplateBuildsThisProgramAsTheBootstrap(t *testing.T) {
	tp := readTemplate(t)
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	code, err := filepath.Abs(filepath.Join("..", tp.at(t, "Globals", "Function", "CodeUri").(string)))
	if err != nil {
		t.Fatal(err)
	}
	if code != here {
		t.Errorf("CodeUri is %s, not this program's directory %s", code, here)
	}
	if got := tp.at(t, "Globals", "Function", "Handler"); got != "bootstrap" {
		t.Errorf("the handler is %v: an OS-only runtime runs the executable named bootstrap", got)
	}
	for _, fn := range []string{"Endpoint", "Worker"} {
		if props := tp.at(t, "Resources", fn, "Properties").(map[string]any); props["CodeUri"] != nil || props["Handler"] != nil {
			t.Errorf("%s sets its own CodeUri or Handler: both functions run the one program", fn)
		}
	}
}
