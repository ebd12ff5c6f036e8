package emulator

import (
	"encoding/json"
	"reflect"
	"testing"
)

// The decoders of the control API's bodies take any bytes without
// panicking, and what they accept, written back as JSON, reads the same.
func FuzzControlBodies(f *testing.F) {
	for _, seed := range []string{
		`{"user":"1","locale":"fr","message":"2","channel":"3","button":"Yes"}`,
		`{"select":"colour","values":["r","Blue"]}`,
		`{"select":"who","values":[]}`,
		`{"modal":"feedback","fields":{"Name":"Ada"},"values":{"colour":["b"]},"files":{"proof":[{"filename":"a.png","size":3}]}}`,
		`{"user":12,"button":"x"}`,
		`{"buton":"Yes"}`,
		`{"values":null,"fields":{}}`,
		`{} {}`,
		`[]`,
		``,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if c, err := decodeClick(body); err == nil {
			again, err := decodeClick(encode(t, clickJSON(c)))
			if err != nil || again != c {
				t.Fatalf("click %+v read back as %+v, %v", c, again, err)
			}
		}
		if c, err := decodeChoose(body); err == nil {
			again, err := decodeChoose(encode(t, chooseJSON(c)))
			if err != nil || !reflect.DeepEqual(again, c) {
				t.Fatalf("choice %+v read back as %+v, %v", c, again, err)
			}
		}
		if sub, err := decodeSubmit(body); err == nil {
			again, err := decodeSubmit(encode(t, submitJSON(sub)))
			if err != nil || !reflect.DeepEqual(again, sub) {
				t.Fatalf("submission %+v read back as %+v, %v", sub, again, err)
			}
		}
	})
}

func encode(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
