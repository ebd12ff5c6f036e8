package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// TestKustomizeNamesTheSyncJobAfterTheRelease renders deploy/ as
// `kubectl apply -k` would, as committed and after a pipeline has set a new
// image tag, and checks that the sync Job takes the release's name. It
// needs kubectl, whose kustomize works offline; without it the rendering
// is left unchecked and TestManifests still checks the files.
func TestKustomizeNamesTheSyncJobAfterTheRelease(t *testing.T) {
	kubectl, err := exec.LookPath("kubectl")
	if err != nil {
		t.Skip("kubectl is not installed; the kustomization's rendering goes unchecked")
	}
	files := manifestFiles(t)
	committed, err := readManifests(moduleRoot, manifestDir, files)
	if err != nil {
		t.Fatal(err)
	}
	w := decodeWorkloads(t, committed)
	committedJob, image := w.job.Metadata.Name, imageName(w.deploymentSpec.Template.Spec.Containers[0].Image)

	for _, tc := range []struct {
		name    string
		newTag  string // set as a pipeline would; "" leaves the kustomization as committed
		wantJob string
	}{
		{"as committed", "", committedJob},
		{"with a release's version", "2.0.0", syncJobPrefix + "2.0.0"},
		{"with a commit's hash", "3f9c2ab", syncJobPrefix + "3f9c2ab"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, name := range append(files, kustomizationFile) {
				raw, err := os.ReadFile(filepath.Join(moduleRoot, manifestDir, name))
				if err != nil {
					t.Fatal(err)
				}
				if name == kustomizationFile && tc.newTag != "" {
					raw = setImageTag(t, raw, image, tc.newTag)
				}
				if err := os.WriteFile(filepath.Join(dir, name), raw, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			out, err := exec.CommandContext(ctx, kubectl, "kustomize", dir).Output()
			if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
				t.Fatalf("kubectl kustomize %s: %v\n%s", manifestDir, err, ee.Stderr)
			} else if err != nil {
				t.Fatal(err)
			}
			docs, err := decodeDocuments("kubectl kustomize "+manifestDir, bytes.NewReader(out))
			if err != nil {
				t.Fatal(err)
			}
			w := decodeWorkloads(t, docs)
			if w.job.Metadata.Name != tc.wantJob {
				t.Errorf("%s: metadata.name: %q, want %q", w.job.where(), w.job.Metadata.Name, tc.wantJob)
			}
			for _, p := range w.pods() {
				if tag := imageTag(p.pod.Containers[0].Image); tc.newTag != "" && tag != tc.newTag {
					t.Errorf("%s: spec.template.spec.containers[0].image: tag %q, want %q", p.doc.where(), tag, tc.newTag)
				}
			}
			if len(w.secrets) > 0 {
				t.Errorf("%s: rendered; the Secret is never applied from the repository", w.secrets[0].where())
			}
			var kinds []string
			for _, d := range docs {
				kinds = append(kinds, d.Kind)
			}
			slices.Sort(kinds)
			want := []string{"Deployment", "HorizontalPodAutoscaler", "Job", "PodDisruptionBudget", "Service", "ServiceAccount"}
			if !slices.Equal(kinds, want) {
				t.Errorf("kubectl kustomize %s renders %q, want %q", manifestDir, kinds, want)
			}
		})
	}
}

// imageName returns an image reference without its tag or digest.
func imageName(ref string) string {
	if tag := imageTag(ref); tag != "" {
		return ref[:len(ref)-len(tag)-1]
	}
	return ref
}

// setImageTag returns the kustomization raw with image given tag newTag,
// as `kustomize edit set image` would leave it.
func setImageTag(t *testing.T, raw []byte, image, newTag string) []byte {
	t.Helper()
	var k map[string]any
	if err := yaml.Unmarshal(raw, &k); err != nil {
		t.Fatalf("%s/%s: %v", manifestDir, kustomizationFile, err)
	}
	if _, ok := k["images"]; ok {
		t.Fatalf("%s/%s: already sets images; setImageTag would replace them", manifestDir, kustomizationFile)
	}
	k["images"] = []map[string]string{{"name": image, "newTag": newTag}}
	out, err := yaml.Marshal(k)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
