package main

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The manifests in deploy/ run this program on Kubernetes. No schema
// validator can be had where the tests run, so these tests read the
// manifests and hold them to what the program does: its health path, its
// port, its drain, its subcommands and the variables it reads come from
// the code, not from a copy.

const (
	// moduleRoot is the module's root, from this package's directory.
	moduleRoot        = "../.."
	manifestDir       = "deploy"
	kustomizationFile = "kustomization.yaml"
	exampleSecretFile = "secret.example.yaml"
	// syncJobPrefix is the sync Job's name before the release's tag.
	syncJobPrefix = "switchboard-sync-"
)

// apiVersionOf returns the API version the manifests use for kind, and
// whether kind is one they may hold.
func apiVersionOf(kind string) (string, bool) {
	switch kind {
	case "Deployment":
		return "apps/v1", true
	case "Job":
		return "batch/v1", true
	case "Service", "ServiceAccount", "Secret":
		return "v1", true
	case "PodDisruptionBudget":
		return "policy/v1", true
	case "HorizontalPodAutoscaler":
		return "autoscaling/v2", true
	}
	return "", false
}

// secretLooking matches the names of variables whose values are secrets.
var secretLooking = regexp.MustCompile(`(?i)token|key|secret|password`)

// placeholder matches the values an example Secret may hold.
var placeholder = regexp.MustCompile(`^<[^<>]+>$`)

// manifestFiles returns the names of the YAML files in deploy/, but the
// kustomization, which is not a Kubernetes object.
func manifestFiles(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(moduleRoot, manifestDir))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if name := e.Name(); !e.IsDir() && strings.HasSuffix(name, ".yaml") && name != kustomizationFile {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		t.Fatalf("no manifests in %s", manifestDir)
	}
	return names
}

// workloads are the objects of the manifests the checks look into, each
// decoded by its kind.
type workloads struct {
	docs []document

	deployment     *document
	deploymentSpec deploymentSpec
	job            *document
	jobSpec        jobSpec
	service        *document
	serviceSpec    serviceSpec
	pdb            *document
	pdbSpec        pdbSpec
	hpa            *document
	hpaSpec        hpaSpec
	secrets        []*document
}

// pods returns the pod templates of the Deployment and the Job, with the
// documents that hold them.
func (w *workloads) pods() []struct {
	doc *document
	pod *podSpec
} {
	return []struct {
		doc *document
		pod *podSpec
	}{
		{w.deployment, &w.deploymentSpec.Template.Spec},
		{w.job, &w.jobSpec.Template.Spec},
	}
}

// decodeWorkloads finds the one object of each kind the deployment needs
// among docs and decodes its spec, failing the test if one is missing,
// repeated or malformed.
func decodeWorkloads(t *testing.T, docs []document) *workloads {
	t.Helper()
	w := &workloads{docs: docs}
	one := func(kind string, dst **document, spec any) {
		t.Helper()
		for i := range docs {
			d := &docs[i]
			if d.Kind != kind {
				continue
			}
			if *dst != nil {
				t.Fatalf("%s: a second %s; the deployment has one, %s", d.where(), kind, (*dst).where())
			}
			*dst = d
		}
		if *dst == nil {
			t.Fatalf("%s: no %s", manifestDir, kind)
		}
		if !(*dst).decodeSpec(t, spec) {
			t.FailNow()
		}
	}
	one("Deployment", &w.deployment, &w.deploymentSpec)
	one("Job", &w.job, &w.jobSpec)
	one("Service", &w.service, &w.serviceSpec)
	one("PodDisruptionBudget", &w.pdb, &w.pdbSpec)
	one("HorizontalPodAutoscaler", &w.hpa, &w.hpaSpec)
	for i := range docs {
		if docs[i].Kind == "Secret" {
			w.secrets = append(w.secrets, &docs[i])
		}
	}
	for _, p := range w.pods() {
		if len(p.pod.Containers) != 1 {
			t.Fatalf("%s: spec.template.spec.containers: %d containers, want the program's one", p.doc.where(), len(p.pod.Containers))
		}
	}
	return w
}

// portOf returns the port serve listens on given its address flag.
func portOf(addr string) (int, error) {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(port)
}

// resolvePort returns the container port a probe or a Service names, by
// number or by the container's port name.
func resolvePort(c *container, p intOrString) (int, bool) {
	for _, cp := range c.Ports {
		if (p.isInt && cp.ContainerPort == p.i) || (!p.isInt && cp.Name == p.s) {
			return cp.ContainerPort, true
		}
	}
	return 0, false
}

// containerEnv returns the environment a container would see, its secret
// values looked up by variable name in secrets.
func containerEnv(c *container, secrets func(string) string) func(string) string {
	vars := map[string]string{}
	for _, e := range c.Env {
		switch {
		case e.Value != nil:
			vars[e.Name] = *e.Value
		case e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil:
			vars[e.Name] = secrets(e.Name)
		}
	}
	return func(name string) string { return vars[name] }
}

func TestManifests(t *testing.T) {
	names := manifestFiles(t)
	docs, err := readManifests(moduleRoot, manifestDir, names)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("every document is a known kind with a name", func(t *testing.T) {
		for i := range docs {
			d := &docs[i]
			want, known := apiVersionOf(d.Kind)
			switch {
			case d.Kind == "":
				d.errorf(t, "kind", "missing")
			case !known:
				d.errorf(t, "kind", "%q is none of the kinds the deployment is made of", d.Kind)
			case d.APIVersion != want:
				d.errorf(t, "apiVersion", "%q, want %q", d.APIVersion, want)
			}
			if d.Metadata.Name == "" {
				d.errorf(t, "metadata.name", "missing")
			}
		}
	})

	w := decodeWorkloads(t, docs)
	serveContainer := &w.deploymentSpec.Template.Spec.Containers[0]
	syncContainer := &w.jobSpec.Template.Spec.Containers[0]

	t.Run("the kustomization applies every manifest but the example secret", func(t *testing.T) {
		path := filepath.Join(manifestDir, kustomizationFile)
		raw, err := os.ReadFile(filepath.Join(moduleRoot, path))
		if err != nil {
			t.Fatal(err)
		}
		var k struct {
			Resources []string `yaml:"resources"`
		}
		if err := yaml.Unmarshal(raw, &k); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		want := slices.DeleteFunc(slices.Clone(names), func(n string) bool { return n == exampleSecretFile })
		got := slices.Sorted(slices.Values(k.Resources))
		if !slices.Equal(got, want) {
			t.Errorf("%s: resources: %q, want %q: every manifest, and never %s, whose placeholders would overwrite the real Secret", path, got, want, exampleSecretFile)
		}
	})

	t.Run("the service, budget and autoscaler select the serving pods", func(t *testing.T) {
		labels := w.deploymentSpec.Template.Metadata.Labels
		syncLabels := w.jobSpec.Template.Metadata.Labels
		if sel := w.deploymentSpec.Selector; !matches(sel.MatchLabels, labels) || len(sel.MatchExpressions) > 0 {
			w.deployment.errorf(t, "spec.selector.matchLabels", "%v does not select the pod template's labels %v", sel.MatchLabels, labels)
		}
		if sel := w.serviceSpec.Selector; !matches(sel, labels) {
			w.service.errorf(t, "spec.selector", "%v does not select the Deployment's pods, labelled %v", sel, labels)
		} else if matches(sel, syncLabels) {
			w.service.errorf(t, "spec.selector", "%v selects the sync Job's pods too, labelled %v", sel, syncLabels)
		}
		if sel := w.pdbSpec.Selector; !matches(sel.MatchLabels, labels) || len(sel.MatchExpressions) > 0 {
			w.pdb.errorf(t, "spec.selector.matchLabels", "%v does not select the Deployment's pods, labelled %v", sel.MatchLabels, labels)
		} else if matches(sel.MatchLabels, syncLabels) {
			w.pdb.errorf(t, "spec.selector.matchLabels", "%v selects the sync Job's pods too, labelled %v", sel.MatchLabels, syncLabels)
		}
		ref := w.hpaSpec.ScaleTargetRef
		if ref.APIVersion != w.deployment.APIVersion || ref.Kind != w.deployment.Kind || ref.Name != w.deployment.Metadata.Name {
			w.hpa.errorf(t, "spec.scaleTargetRef", "%s %s %q, want the Deployment, %s %s %q",
				ref.APIVersion, ref.Kind, ref.Name, w.deployment.APIVersion, w.deployment.Kind, w.deployment.Metadata.Name)
		}
	})

	t.Run("two replicas at least serve and a drain may take one", func(t *testing.T) {
		least := w.hpaSpec.MinReplicas
		if least == nil || *least < 2 {
			w.hpa.errorf(t, "spec.minReplicas", "%v, want 2 or more, so that one replica serves while another is drained or lost", deref(least))
			return
		}
		if w.hpaSpec.MaxReplicas < *least {
			w.hpa.errorf(t, "spec.maxReplicas", "%d, below minReplicas %d", w.hpaSpec.MaxReplicas, *least)
		}
		if r := w.deploymentSpec.Replicas; r != nil && *r < *least {
			w.deployment.errorf(t, "spec.replicas", "%d, below the autoscaler's minReplicas %d (leave it out: the autoscaler owns the count)", *r, *least)
		}
		switch allowed, field := disruptionsAllowed(w.pdbSpec, *least); {
		case field == "":
			w.pdb.errorf(t, "spec", "neither minAvailable nor maxUnavailable is set")
		case allowed < 1:
			w.pdb.errorf(t, field, "lets %d of %d replicas be evicted: a node drain would never finish", allowed, *least)
		case allowed >= *least:
			w.pdb.errorf(t, field, "lets all %d replicas be evicted at once", *least)
		}
	})

	t.Run("the probes ask for serve's health path on its port", func(t *testing.T) {
		c := serveContainer
		conf, err := parseServeFlags(c.Args[min(1, len(c.Args)):], containerEnv(c, func(string) string { return "" }), io.Discard)
		if err != nil {
			w.deployment.errorf(t, "spec.template.spec.containers[0].args", "serve refuses them: %v", err)
			return
		}
		port, err := portOf(conf.addr)
		if err != nil {
			w.deployment.errorf(t, "spec.template.spec.containers[0].args", "serve would listen on %q: %v", conf.addr, err)
			return
		}
		if _, ok := resolvePort(c, intOrString{isInt: true, i: port}); !ok {
			w.deployment.errorf(t, "spec.template.spec.containers[0].ports", "no containerPort %d, where serve listens (-addr %q)", port, conf.addr)
		}
		for _, p := range []struct {
			field string
			probe *probe
		}{
			{"readinessProbe", c.ReadinessProbe},
			{"livenessProbe", c.LivenessProbe},
		} {
			field := "spec.template.spec.containers[0]." + p.field
			switch {
			case p.probe == nil:
				w.deployment.errorf(t, field, "missing")
			case p.probe.HTTPGet == nil:
				w.deployment.errorf(t, field+".httpGet", "missing: serve answers health checks over HTTP at %s", healthPath)
			default:
				get := p.probe.HTTPGet
				if get.Path != healthPath {
					w.deployment.errorf(t, field+".httpGet.path", "%q, but serve answers health checks at %q", get.Path, healthPath)
				}
				if got, ok := resolvePort(c, get.Port); !ok || got != port {
					w.deployment.errorf(t, field+".httpGet.port", "%v is not port %d, where serve listens", get.Port, port)
				}
			}
		}
		for _, sp := range w.serviceSpec.Ports {
			if got, ok := resolvePort(c, sp.TargetPort); !ok || got != port {
				w.service.errorf(t, "spec.ports["+sp.Name+"].targetPort", "%v is not port %d, where serve listens", sp.TargetPort, port)
			}
		}
	})

	t.Run("prometheus scrapes the port serve serves metrics on", func(t *testing.T) {
		c := serveContainer
		conf, err := parseServeFlags(c.Args[min(1, len(c.Args)):], containerEnv(c, func(string) string { return "" }), io.Discard)
		if err != nil || conf.metricsAddr == "" {
			w.deployment.errorf(t, "spec.template.spec.containers[0].args", "no -metrics address (%v)", err)
			return
		}
		port, err := portOf(conf.metricsAddr)
		if err != nil {
			w.deployment.errorf(t, "spec.template.spec.containers[0].args", "serve would serve metrics on %q: %v", conf.metricsAddr, err)
			return
		}
		if _, ok := resolvePort(c, intOrString{isInt: true, i: port}); !ok {
			w.deployment.errorf(t, "spec.template.spec.containers[0].ports", "no containerPort %d, where serve serves metrics", port)
		}
		a := w.deploymentSpec.Template.Metadata.Annotations
		if a["prometheus.io/scrape"] != "true" || a["prometheus.io/port"] != strconv.Itoa(port) || a["prometheus.io/path"] != "/metrics" {
			w.deployment.errorf(t, "spec.template.metadata.annotations", "%v: want prometheus.io/scrape true, port %d, path /metrics", a, port)
		}
		for _, sp := range w.serviceSpec.Ports {
			if got, ok := resolvePort(c, sp.TargetPort); ok && got == port {
				w.service.errorf(t, "spec.ports["+sp.Name+"]", "exposes the metrics port %d to whoever reaches the Service", port)
			}
		}
	})

	t.Run("the deployment serves and the job syncs", func(t *testing.T) {
		if c := serveContainer; len(c.Command) > 0 || len(c.Args) == 0 || c.Args[0] != "serve" {
			w.deployment.errorf(t, "spec.template.spec.containers[0]", "command %q, args %q: want the image's entrypoint with the args serve [flags]", c.Command, c.Args)
		}
		c := syncContainer
		if len(c.Command) > 0 || len(c.Args) == 0 || c.Args[0] != "sync" {
			w.job.errorf(t, "spec.template.spec.containers[0]", "command %q, args %q: want the image's entrypoint with the args sync [flags]", c.Command, c.Args)
			return
		}
		// The Job's own args and environment, against a service: it must
		// register the commands, not only plan or check them.
		emu, secrets := service(t)
		var out, errOut strings.Builder
		if err := run(context.Background(), c.Args, containerEnv(c, secrets), &out, &errOut); err != nil {
			w.job.errorf(t, "spec.template.spec.containers[0]", "sync with these args and env: %v\n%s%s", err, out.String(), errOut.String())
			return
		}
		if cmds := registered(t, emu); len(cmds) != 2 {
			w.job.errorf(t, "spec.template.spec.containers[0].args", "%q registered %d commands, want ping and greet:\n%s", c.Args, len(cmds), out.String())
		}
	})

	t.Run("the sync job runs once per release", func(t *testing.T) {
		s := &w.jobSpec
		if s.Completions == nil || *s.Completions != 1 {
			w.job.errorf(t, "spec.completions", "%v, want 1", deref(s.Completions))
		}
		if s.Parallelism == nil || *s.Parallelism != 1 {
			w.job.errorf(t, "spec.parallelism", "%v, want 1: two syncs at once race to write the same commands", deref(s.Parallelism))
		}
		if p := s.Template.Spec.RestartPolicy; p != "Never" && p != "OnFailure" {
			w.job.errorf(t, "spec.template.spec.restartPolicy", "%q, want Never or OnFailure", p)
		}
		if b := s.BackoffLimit; b == nil || *b < 0 || *b > 5 {
			w.job.errorf(t, "spec.backoffLimit", "%v, want a bound of 5 retries or fewer: each retry spends the service's rate limits", deref(b))
		}
		if ttl := s.TTLSecondsAfterFinished; ttl == nil || *ttl <= 0 {
			w.job.errorf(t, "spec.ttlSecondsAfterFinished", "%v, want the finished Job removed after a while", deref(ttl))
		}
		image := syncContainer.Image
		if want := syncJobPrefix + imageTag(image); w.job.Metadata.Name != want {
			w.job.errorf(t, "metadata.name", "%q, want %q: named after the release its image is, so that each release syncs once", w.job.Metadata.Name, want)
		}
		// kustomization.yaml's replacement takes the text after the image's
		// first colon as the tag.
		if strings.Count(image, ":") != 1 {
			w.job.errorf(t, "spec.template.spec.containers[0].image", "%q: want one colon, before the tag, which kustomization.yaml copies into the Job's name", image)
		}
		if serveContainer.Image != image {
			w.job.errorf(t, "spec.template.spec.containers[0].image", "%q, but the Deployment runs %q: a release syncs the commands its replicas serve", image, serveContainer.Image)
		}
	})

	t.Run("secrets come from the secret and none is written down", func(t *testing.T) {
		var example *document
		for _, d := range w.secrets {
			if d.file != manifestDir+"/"+exampleSecretFile {
				d.errorf(t, "kind", "a Secret in the repository; create it in the cluster instead (README.md)")
				continue
			}
			example = d
			if len(d.Data) > 0 {
				d.errorf(t, "data", "holds values; the example gives placeholders in stringData")
			}
			for key, v := range d.StringData {
				if !placeholder.MatchString(v) {
					d.errorf(t, "stringData."+key, "%q is no <placeholder>: a real value must never be committed", v)
				}
			}
		}
		if example == nil {
			t.Fatalf("%s/%s: no example Secret", manifestDir, exampleSecretFile)
		}
		for _, p := range w.pods() {
			for ci, c := range p.pod.allContainers() {
				field := "spec.template.spec.containers[" + strconv.Itoa(ci) + "]"
				for _, e := range c.Env {
					ref := (*keyRef)(nil)
					if e.ValueFrom != nil {
						ref = e.ValueFrom.SecretKeyRef
					}
					switch {
					case secretLooking.MatchString(e.Name) && e.Value != nil:
						p.doc.errorf(t, field+".env["+e.Name+"].value", "a literal value for a secret; take it from the Secret with valueFrom.secretKeyRef")
					case secretLooking.MatchString(e.Name) && ref == nil:
						p.doc.errorf(t, field+".env["+e.Name+"]", "not from a Secret; take it with valueFrom.secretKeyRef")
					case ref != nil && ref.Name != example.Metadata.Name:
						p.doc.errorf(t, field+".env["+e.Name+"].valueFrom.secretKeyRef.name", "%q, but the Secret is %q", ref.Name, example.Metadata.Name)
					case ref != nil:
						if _, ok := example.StringData[ref.Key]; !ok {
							p.doc.errorf(t, field+".env["+e.Name+"].valueFrom.secretKeyRef.key", "%q, which %s does not show", ref.Key, example.where())
						}
					}
				}
				for _, from := range c.EnvFrom {
					if from.SecretRef != nil && from.SecretRef.Name != example.Metadata.Name {
						p.doc.errorf(t, field+".envFrom.secretRef.name", "%q, but the Secret is %q", from.SecretRef.Name, example.Metadata.Name)
					}
				}
			}
		}
		// The replicas verify signatures; only the sync writes commands.
		for _, e := range serveContainer.Env {
			if e.Name == "SWITCHBOARD_BOT_TOKEN" {
				w.deployment.errorf(t, "spec.template.spec.containers[0].env["+e.Name+"]", "the replicas never need the bot's token")
			}
		}
	})

	t.Run("every container requests resources and bounds its memory", func(t *testing.T) {
		for _, p := range w.pods() {
			for ci, c := range p.pod.allContainers() {
				field := "spec.template.spec.containers[" + strconv.Itoa(ci) + "].resources"
				for _, r := range []string{"cpu", "memory"} {
					if c.Resources.Requests[r] == "" {
						p.doc.errorf(t, field+".requests."+r, "missing: the scheduler and the autoscaler count on it")
					}
				}
				limit, err := memoryBytes(c.Resources.Limits["memory"])
				if err != nil {
					p.doc.errorf(t, field+".limits.memory", "%v", err)
					continue
				}
				if req, err := memoryBytes(c.Resources.Requests["memory"]); err == nil && limit < req {
					p.doc.errorf(t, field+".limits.memory", "%s, below the request %s", c.Resources.Limits["memory"], c.Resources.Requests["memory"])
				}
			}
		}
	})

	t.Run("every container runs unprivileged", func(t *testing.T) {
		for _, p := range w.pods() {
			pod := p.pod
			if a := pod.AutomountServiceAccountToken; a == nil || *a {
				p.doc.errorf(t, "spec.template.spec.automountServiceAccountToken", "%v, want false: the program never calls the Kubernetes API", deref(a))
			}
			for ci, c := range pod.allContainers() {
				field := "spec.template.spec.containers[" + strconv.Itoa(ci) + "].securityContext"
				nonRoot, user := false, (*int)(nil)
				if sc := pod.SecurityContext; sc != nil {
					nonRoot = sc.RunAsNonRoot != nil && *sc.RunAsNonRoot
					user = sc.RunAsUser
				}
				sc := c.SecurityContext
				if sc == nil {
					p.doc.errorf(t, field, "missing")
					continue
				}
				if sc.RunAsNonRoot != nil {
					nonRoot = *sc.RunAsNonRoot
				}
				if sc.RunAsUser != nil {
					user = sc.RunAsUser
				}
				if !nonRoot {
					p.doc.errorf(t, field+".runAsNonRoot", "not true, here or in the pod's securityContext")
				}
				if user != nil && *user == 0 {
					p.doc.errorf(t, field+".runAsUser", "0 is root")
				}
				if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
					p.doc.errorf(t, field+".readOnlyRootFilesystem", "%v, want true: the program writes no file", deref(sc.ReadOnlyRootFilesystem))
				}
				if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
					p.doc.errorf(t, field+".allowPrivilegeEscalation", "%v, want false", deref(sc.AllowPrivilegeEscalation))
				}
				if sc.Capabilities == nil || !slices.Contains(sc.Capabilities.Drop, "ALL") {
					p.doc.errorf(t, field+".capabilities.drop", "does not drop ALL")
				}
			}
		}
	})

	t.Run("the grace period outlasts the drain", func(t *testing.T) {
		pod := &w.deploymentSpec.Template.Spec
		grace := 30 // Kubernetes' default
		if pod.TerminationGracePeriodSeconds != nil {
			grace = *pod.TerminationGracePeriodSeconds
		}
		sleep := 0
		if l := serveContainer.Lifecycle; l != nil && l.PreStop != nil && l.PreStop.Sleep != nil {
			sleep = l.PreStop.Sleep.Seconds
		}
		if need := sleep + int(shutdownTimeout.Seconds()); grace <= need {
			w.deployment.errorf(t, "spec.template.spec.terminationGracePeriodSeconds",
				"%d s, but the preStop sleep (%d s) and serve's drain (%v) take %d s: the replica would be killed with answers under way", grace, sleep, shutdownTimeout, need)
		}
	})

	t.Run("images are pinned to a release", func(t *testing.T) {
		for _, p := range w.pods() {
			for ci, c := range p.pod.allContainers() {
				if tag := imageTag(c.Image); (tag == "" || tag == "latest") && !strings.Contains(c.Image, "@") {
					p.doc.errorf(t, "spec.template.spec.containers["+strconv.Itoa(ci)+"].image", "%q is not pinned: give the release's tag, never latest", c.Image)
				}
			}
		}
	})
}

// disruptionsAllowed returns how many of replicas a budget lets be evicted
// at once, and the field that says so, "" when neither is set. Percentages
// round up, as Kubernetes rounds them.
func disruptionsAllowed(s pdbSpec, replicas int) (allowed int, field string) {
	count := func(v *intOrString) int {
		if v.isInt {
			return v.i
		}
		pct, err := strconv.Atoi(strings.TrimSuffix(v.s, "%"))
		if err != nil || !strings.HasSuffix(v.s, "%") {
			return -1
		}
		return (pct*replicas + 99) / 100
	}
	switch {
	case s.MaxUnavailable != nil:
		return count(s.MaxUnavailable), "spec.maxUnavailable"
	case s.MinAvailable != nil:
		return replicas - count(s.MinAvailable), "spec.minAvailable"
	}
	return 0, ""
}

// memoryBytes parses a memory quantity such as 64Mi.
func memoryBytes(q string) (int64, error) {
	if q == "" {
		return 0, errors.New("missing")
	}
	for _, u := range []struct {
		suffix string
		scale  int64
	}{
		{"Ki", 1 << 10}, {"Mi", 1 << 20}, {"Gi", 1 << 30}, {"Ti", 1 << 40},
		{"k", 1e3}, {"M", 1e6}, {"G", 1e9}, {"T", 1e12},
	} {
		if n, ok := strings.CutSuffix(q, u.suffix); ok {
			v, err := strconv.ParseInt(n, 10, 64)
			return v * u.scale, err
		}
	}
	return strconv.ParseInt(q, 10, 64)
}

// deref returns what p points to, or nil, for a message.
func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
