package filetype

import (
	"slices"
	"testing"
)

func TestValidTellsGroupsAndExtensionsFromTheRest(t *testing.T) {
	tests := []struct {
		entry string
		want  bool
	}{
		{"image", true},
		{"video", true},
		{"audio", true},
		{".pdf", true},
		{".PDF", true},
		{".tar.gz", true},
		{".c++", true},
		{".7z", true},
		{".my-ext_2", true},
		{".été", true},
		{"Image", false},
		{"text", false},
		{"pdf", false},
		{"", false},
		{".", false},
		{"..pdf", false},
		{".pdf.", false},
		{".tar..gz", false},
		{".p df", false},
		{".a/b", false},
		{".a\\b", false},
		{".\xff", false},
		{"*.pdf", false},
	}
	for _, tt := range tests {
		if got := Valid(tt.entry); got != tt.want {
			t.Errorf("Valid(%q) = %v, want %v", tt.entry, got, tt.want)
		}
	}
}

func TestAllowsMatchesTheEndOfTheNameInAnyCase(t *testing.T) {
	tests := []struct {
		name  string
		types []string
		file  string
		want  bool
	}{
		{"no filter accepts any file", nil, "notes.txt", true},
		{"an empty filter accepts any file", []string{}, "notes", true},
		{"an image of the group", []string{"image"}, "cat.jpeg", true},
		{"an image of the group in upper case", []string{"image"}, "CAT.JFIF", true},
		{"a text is no image", []string{"image"}, "cat.txt", false},
		{"a video of the group", []string{"video"}, "clip.qt", true},
		{"an audio file of the group", []string{"audio"}, "song.opus", true},
		{"an audio file is no video", []string{"video"}, "song.mp3", false},
		{"an extension listed", []string{".pdf"}, "paper.pdf", true},
		{"an extension listed in upper case", []string{".PDF"}, "paper.pdf", true},
		{"a name in upper case", []string{".pdf"}, "PAPER.PDF", true},
		{"an extension of two parts", []string{".tar.gz"}, "src.tar.gz", true},
		{"the last part alone is not the extension of two", []string{".tar.gz"}, "src.gz", false},
		{"one of several entries", []string{"audio", ".pdf", "image"}, "a.png", true},
		{"none of several entries", []string{"audio", ".pdf"}, "a.png", false},
		{"a name without an extension", []string{".pdf"}, "pdf", false},
		{"an extension in the middle of the name", []string{".pdf"}, "a.pdf.exe", false},
		{"an entry that is not valid matches nothing", []string{"pdf"}, "a.pdf", false},
		{"a group name in upper case is no group", []string{"IMAGE"}, "a.png", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Allows(tt.types, tt.file); got != tt.want {
				t.Errorf("Allows(%q, %q) = %v, want %v", tt.types, tt.file, got, tt.want)
			}
		})
	}
}

func TestTheGroupsAreThoseOfTheService(t *testing.T) {
	want := map[string][]string{
		Image: {".png", ".gif", ".jpg", ".jpeg", ".jfif", ".webp", ".avif"},
		Video: {".mp4", ".mov", ".qt", ".webm"},
		Audio: {".mp3", ".m4a", ".wav", ".ogg", ".opus", ".flac"},
	}
	for g, exts := range want {
		if got := Extensions(g); !slices.Equal(got, exts) {
			t.Errorf("Extensions(%s) = %v, want %v", g, got, exts)
		}
		if !IsGroup(g) || !Valid(g) {
			t.Errorf("%s is not a group", g)
		}
		for _, ext := range exts {
			if !Valid(ext) {
				t.Errorf("the extension %s of %s is not valid", ext, g)
			}
		}
	}
	if Extensions("text") != nil || IsGroup(".png") {
		t.Error("a group is found that the service does not have")
	}
	a := Extensions(Image)
	a[0] = ".exe"
	if Extensions(Image)[0] != ".png" {
		t.Error("a change to a returned list changes the group")
	}
}

func TestNormalLowersExtensionsOnly(t *testing.T) {
	in := []string{"image", ".PDF", ".Tar.GZ", ".txt"}
	got := Normal(in)
	if want := []string{"image", ".pdf", ".tar.gz", ".txt"}; !slices.Equal(got, want) {
		t.Fatalf("Normal = %v, want %v", got, want)
	}
	if in[1] != ".PDF" {
		t.Error("Normal changed the list it was given")
	}
	same := []string{"audio", ".mp3"}
	if got := Normal(same); &got[0] != &same[0] {
		t.Error("Normal copies a list that is already normal")
	}
	if got := Normal([]string{"IMAGE"}); got[0] != "IMAGE" {
		t.Errorf("Normal changed a group name: %v", got)
	}
	if Normal(nil) != nil {
		t.Error("Normal(nil) is not nil")
	}
}

func FuzzValidAndAllows(f *testing.F) {
	for _, s := range []string{"image", ".pdf", ".PDF", ".tar.gz", "..", ".a.", "\xff", ""} {
		f.Add(s, "file"+s)
	}
	f.Fuzz(func(t *testing.T, entry, name string) {
		valid := Valid(entry)
		if valid && !IsGroup(entry) {
			// A valid extension matches a name that ends in it, in any
			// case, and a name made of it alone.
			if !Allows([]string{entry}, "f"+entry) {
				t.Fatalf("%q does not allow a name that ends in it", entry)
			}
			norm := Normal([]string{entry})
			if !Valid(norm[0]) || !Allows(norm, "f"+entry) {
				t.Fatalf("the normal form %q of %q is not valid, or matches less", norm[0], entry)
			}
		}
		if !valid && Allows([]string{entry}, name) {
			t.Fatalf("the entry %q, which is not valid, allows %q", entry, name)
		}
		if Allows([]string{entry}, name) != Allows([]string{entry, "not valid"}, name) {
			t.Fatal("an entry that is not valid changes what a list allows")
		}
	})
}
