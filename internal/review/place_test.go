package review

import "testing"

func TestAPlaceReadsFromTheBodyDown(t *testing.T) {
	tests := []struct {
		name      string
		base      string
		data      string
		dataPlace string
		ptr       string
		index     int
		want      string
	}{
		{name: "the whole answer is the answer", base: "answer", data: "/data", ptr: "/data", index: -1, want: "answer"},
		{name: "a field of the answer's data is a level below it", base: "answer", data: "/data", ptr: "/data/content", index: -1,
			want: "answer › content"},
		{name: "a field of the answer itself is a level below it", base: "answer", data: "/data", ptr: "/type", index: -1,
			want: "answer › type"},
		{name: "an element of a list is named by what it holds, counting from 1", base: "answer", data: "/data", ptr: "/data/embeds/0/title", index: -1,
			want: "answer › embed 1 › title"},
		{name: "a list too long is named by its first element too many", base: "answer", data: "/data", ptr: "/data/embeds/2/fields", index: 25,
			want: "answer › embed 3 › field 26"},
		{name: "a file is a part beside the data", base: "answer", data: "/data", ptr: "/files/0", index: -1,
			want: "answer › file 1"},
		{name: "the form of a modal is named as such", base: "answer", data: "/data", dataPlace: "answer › modal", ptr: "/data/title", index: -1,
			want: "answer › modal › title"},
		{name: "a message's fields are at its top", base: "message", ptr: "/poll/answers/1/poll_media/text", index: -1,
			want: "message › poll › answer 2 › poll_media › text"},
		{name: "a locale that reads as a number is a locale", base: "answer", data: "/data", ptr: "/data/choices/0/name_localizations/12", index: -1,
			want: "answer › choice 1 › name_localizations › 12"},
		{name: "an escaped name is unescaped", base: "message", ptr: "/choices/0/name_localizations/a~1b~0c", index: -1,
			want: "message › choice 1 › name_localizations › a/b~c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c checker
			c.init(ForBot, tt.base, tt.data)
			if tt.dataPlace != "" {
				c.dataPlace = tt.dataPlace
			}
			if got := c.place(tt.ptr, tt.index); got != tt.want {
				t.Errorf("place(%q, %d) = %q, want %q", tt.ptr, tt.index, got, tt.want)
			}
		})
	}
}
