package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The Kubernetes objects of deploy/, as far as the tests read them: the
// fields that decide whether the program runs as it should. A field the
// types leave out is not checked; a field they name with the wrong type
// fails the decoding, naming the file.

// object is one document of a manifest.
type object struct {
	APIVersion string   `yaml:"apiVersion"`
	Kind       string   `yaml:"kind"`
	Metadata   metadata `yaml:"metadata"`
	// Spec is decoded by kind, once the kind is known.
	Spec yaml.Node `yaml:"spec"`
	// Data and StringData are a Secret's.
	Data       map[string]string `yaml:"data"`
	StringData map[string]string `yaml:"stringData"`
}

type metadata struct {
	Name        string            `yaml:"name"`
	Labels      map[string]string `yaml:"labels"`
	Annotations map[string]string `yaml:"annotations"`
}

type labelSelector struct {
	MatchLabels      map[string]string `yaml:"matchLabels"`
	MatchExpressions []yaml.Node       `yaml:"matchExpressions"`
}

type deploymentSpec struct {
	Replicas *int          `yaml:"replicas"`
	Selector labelSelector `yaml:"selector"`
	Template podTemplate   `yaml:"template"`
}

type jobSpec struct {
	Completions             *int        `yaml:"completions"`
	Parallelism             *int        `yaml:"parallelism"`
	BackoffLimit            *int        `yaml:"backoffLimit"`
	TTLSecondsAfterFinished *int        `yaml:"ttlSecondsAfterFinished"`
	Template                podTemplate `yaml:"template"`
}

type serviceSpec struct {
	Selector map[string]string `yaml:"selector"`
	Ports    []struct {
		Name       string      `yaml:"name"`
		Port       int         `yaml:"port"`
		TargetPort intOrString `yaml:"targetPort"`
	} `yaml:"ports"`
}

type pdbSpec struct {
	MinAvailable   *intOrString  `yaml:"minAvailable"`
	MaxUnavailable *intOrString  `yaml:"maxUnavailable"`
	Selector       labelSelector `yaml:"selector"`
}

type hpaSpec struct {
	ScaleTargetRef struct {
		APIVersion string `yaml:"apiVersion"`
		Kind       string `yaml:"kind"`
		Name       string `yaml:"name"`
	} `yaml:"scaleTargetRef"`
	MinReplicas *int `yaml:"minReplicas"`
	MaxReplicas int  `yaml:"maxReplicas"`
}

type podTemplate struct {
	Metadata metadata `yaml:"metadata"`
	Spec     podSpec  `yaml:"spec"`
}

type podSpec struct {
	RestartPolicy                 string              `yaml:"restartPolicy"`
	TerminationGracePeriodSeconds *int                `yaml:"terminationGracePeriodSeconds"`
	AutomountServiceAccountToken  *bool               `yaml:"automountServiceAccountToken"`
	SecurityContext               *podSecurityContext `yaml:"securityContext"`
	InitContainers                []container         `yaml:"initContainers"`
	Containers                    []container         `yaml:"containers"`
}

// allContainers returns the pod's init containers and containers.
func (p *podSpec) allContainers() []container {
	return append(slices.Clone(p.InitContainers), p.Containers...)
}

type podSecurityContext struct {
	RunAsNonRoot *bool `yaml:"runAsNonRoot"`
	RunAsUser    *int  `yaml:"runAsUser"`
}

type container struct {
	Name    string   `yaml:"name"`
	Image   string   `yaml:"image"`
	Command []string `yaml:"command"`
	Args    []string `yaml:"args"`
	Ports   []struct {
		Name          string `yaml:"name"`
		ContainerPort int    `yaml:"containerPort"`
	} `yaml:"ports"`
	Env     []envVar `yaml:"env"`
	EnvFrom []struct {
		SecretRef    *struct{ Name string } `yaml:"secretRef"`
		ConfigMapRef *struct{ Name string } `yaml:"configMapRef"`
	} `yaml:"envFrom"`
	ReadinessProbe *probe `yaml:"readinessProbe"`
	LivenessProbe  *probe `yaml:"livenessProbe"`
	Lifecycle      *struct {
		PreStop *struct {
			Sleep *struct {
				Seconds int `yaml:"seconds"`
			} `yaml:"sleep"`
		} `yaml:"preStop"`
	} `yaml:"lifecycle"`
	Resources struct {
		Requests map[string]string `yaml:"requests"`
		Limits   map[string]string `yaml:"limits"`
	} `yaml:"resources"`
	SecurityContext *struct {
		RunAsNonRoot             *bool `yaml:"runAsNonRoot"`
		RunAsUser                *int  `yaml:"runAsUser"`
		AllowPrivilegeEscalation *bool `yaml:"allowPrivilegeEscalation"`
		ReadOnlyRootFilesystem   *bool `yaml:"readOnlyRootFilesystem"`
		Capabilities             *struct {
			Drop []string `yaml:"drop"`
		} `yaml:"capabilities"`
	} `yaml:"securityContext"`
}

type envVar struct {
	Name      string  `yaml:"name"`
	Value     *string `yaml:"value"`
	ValueFrom *struct {
		SecretKeyRef     *keyRef   `yaml:"secretKeyRef"`
		ConfigMapKeyRef  *keyRef   `yaml:"configMapKeyRef"`
		FieldRef         yaml.Node `yaml:"fieldRef"`
		ResourceFieldRef yaml.Node `yaml:"resourceFieldRef"`
	} `yaml:"valueFrom"`
}

type keyRef struct {
	Name string `yaml:"name"`
	Key  string `yaml:"key"`
}

type probe struct {
	HTTPGet *struct {
		Path string      `yaml:"path"`
		Port intOrString `yaml:"port"`
	} `yaml:"httpGet"`
	Exec      yaml.Node `yaml:"exec"`
	TCPSocket yaml.Node `yaml:"tcpSocket"`
	GRPC      yaml.Node `yaml:"grpc"`
}

// intOrString is a port or a count given as a number, or as a name or a
// percentage.
type intOrString struct {
	isInt bool
	i     int
	s     string
}

// UnmarshalYAML reads a number as a number and anything else as a string.
func (v *intOrString) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return fmt.Errorf("line %d: want a number or a string", n.Line)
	}
	if n.Tag == "!!int" {
		i, err := strconv.Atoi(n.Value)
		if err != nil {
			return fmt.Errorf("line %d: %w", n.Line, err)
		}
		*v = intOrString{isInt: true, i: i}
		return nil
	}
	*v = intOrString{s: n.Value}
	return nil
}

func (v intOrString) String() string {
	if v.isInt {
		return strconv.Itoa(v.i)
	}
	return strconv.Quote(v.s)
}

// A document is an object with where it was read.
type document struct {
	file  string // relative to the module's root
	index int    // from 1, within the file
	line  int
	object
}

// where names the document for a message: its file, position and object.
func (d *document) where() string {
	return fmt.Sprintf("%s (document %d, line %d): %s %q", d.file, d.index, d.line, d.Kind, d.Metadata.Name)
}

// errorf reports what is wrong with field of d.
func (d *document) errorf(t *testing.T, field, format string, args ...any) {
	t.Helper()
	t.Errorf("%s: %s: %s", d.where(), field, fmt.Sprintf(format, args...))
}

// decodeSpec decodes d's spec into spec, failing the test on an error.
func (d *document) decodeSpec(t *testing.T, spec any) bool {
	t.Helper()
	if d.Spec.Kind == 0 {
		d.errorf(t, "spec", "missing")
		return false
	}
	if err := d.Spec.Decode(spec); err != nil {
		d.errorf(t, "spec", "%v", err)
		return false
	}
	return true
}

// decodeDocuments reads the YAML stream in r, the contents of file, skipping
// empty documents.
func decodeDocuments(file string, r io.Reader) ([]document, error) {
	dec := yaml.NewDecoder(r)
	var docs []document
	for index := 1; ; index++ {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s (document %d): %w", file, index, err)
		}
		if len(n.Content) == 0 || n.Content[0].Tag == "!!null" {
			continue
		}
		d := document{file: file, index: index, line: n.Content[0].Line}
		if err := n.Decode(&d.object); err != nil {
			return nil, fmt.Errorf("%s (document %d, line %d): %w", file, index, d.line, err)
		}
		docs = append(docs, d)
	}
}

// readManifests reads the documents of the named files in dir, which
// files name relative to root.
func readManifests(root, dir string, names []string) ([]document, error) {
	var docs []document
	for _, name := range names {
		path := filepath.Join(root, dir, name)
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		ds, err := decodeDocuments(filepath.ToSlash(filepath.Join(dir, name)), f)
		f.Close()
		if err != nil {
			return nil, err
		}
		docs = append(docs, ds...)
	}
	return docs, nil
}

// imageTag returns the tag of an image reference, "" when it has none.
func imageTag(ref string) string {
	ref, _, _ = strings.Cut(ref, "@")
	name := ref[strings.LastIndex(ref, "/")+1:]
	_, tag, _ := strings.Cut(name, ":")
	return tag
}

// matches reports whether a selector's labels are all among labels.
func matches(selector, labels map[string]string) bool {
	if len(selector) == 0 {
		return false
	}
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return true
}
