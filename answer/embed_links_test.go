package answer_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/answer"
	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/internal/review"
	"github.com/switchboard-go/switchboard/rules"
)

// at is a violation a test of links expects: where in the body, and which
// rule. Places are not compared: they are a person's reading of the
// pointer.
type at struct{ pointer, code string }

func expectAt(t *testing.T, got rules.Violations, wants ...at) {
	t.Helper()
	ok := len(got) == len(wants)
	for i := 0; ok && i < len(got); i++ {
		ok = got[i].Pointer == wants[i].pointer && got[i].Code == wants[i].code && got[i].Message != ""
	}
	if !ok {
		var b strings.Builder
		for _, v := range got {
			b.WriteString("\n  " + v.Pointer + " " + v.Code + " (" + v.Message + ")")
		}
		t.Errorf("got %d violations:%s\nwant %v", len(got), b.String(), wants)
	}
}

// linkField is a link of an embed: where it is, and an embed with url in
// it.
type linkField struct {
	name    string
	pointer string
	// pictures: the field shows a picture, which may be a file of the
	// message.
	pictures bool
	embed    func(url string) interaction.Embed
}

var linkFields = []linkField{
	{"url", "/data/embeds/0/url", false, func(u string) interaction.Embed { return interaction.Embed{Title: "t", URL: u} }},
	{"author's url", "/data/embeds/0/author/url", false, func(u string) interaction.Embed {
		return interaction.Embed{Author: &interaction.EmbedAuthor{Name: "a", URL: u}}
	}},
	{"author's icon", "/data/embeds/0/author/icon_url", true, func(u string) interaction.Embed {
		return interaction.Embed{Author: &interaction.EmbedAuthor{Name: "a", IconURL: u}}
	}},
	{"footer's icon", "/data/embeds/0/footer/icon_url", true, func(u string) interaction.Embed {
		return interaction.Embed{Footer: &interaction.EmbedFooter{Text: "f", IconURL: u}}
	}},
	{"image", "/data/embeds/0/image/url", true, func(u string) interaction.Embed {
		return interaction.Embed{Image: &interaction.EmbedMedia{URL: u}}
	}},
	{"thumbnail", "/data/embeds/0/thumbnail/url", true, func(u string) interaction.Embed {
		return interaction.Embed{Thumbnail: &interaction.EmbedMedia{URL: u}}
	}},
}

// TestEveryLinkOfAnEmbedIsAURLTheServiceTakes: each link of an embed,
// with each kind of URL, is taken or refused as the service takes or
// refuses it, at its place, with the service's code.
func TestEveryLinkOfAnEmbedIsAURLTheServiceTakes(t *testing.T) {
	const (
		scheme = rules.URLTypeInvalidScheme
		form   = rules.URLTypeInvalidURL
	)
	long := "https://example.com/" + strings.Repeat("a", 2048-len("https://example.com/"))
	for _, tt := range []struct {
		name string
		url  string
		// page and picture are the codes of the violations of a link to
		// a page and of a picture.
		page, picture []string
	}{
		{"a web page", "https://example.com/a.png?size=64#top", nil, nil},
		{"a page over http", "http://example.com", nil, nil},
		{"a scheme in capitals", "HTTPS://EXAMPLE.COM", nil, nil},
		{"2048 characters", long, nil, nil},
		{"2049 characters", long + "a", []string{rules.BaseTypeMaxLength}, []string{rules.BaseTypeMaxLength}},
		{"a file of the message", "attachment://a.png", []string{scheme}, nil},
		{"javascript:", "javascript:alert(1)", []string{scheme, form}, []string{scheme, form}},
		{"data:", "data:image/png;base64,iVBORw0KGgo=", []string{scheme, form}, []string{scheme, form}},
		{"ftp:", "ftp://files.example.com/a.png", []string{scheme}, []string{scheme}},
		{"the client's discord:", "discord://-/channels/1/2", []string{scheme, form}, []string{scheme, form}},
		{"no URL at all", "null", []string{scheme, form}, []string{scheme, form}},
		{"a host without a dot", "https://intranet/a.png", []string{form}, []string{form}},
		{"a space in the path", "https://example.com/a b.png", []string{form}, []string{form}},
		{"an underscore in the host", "https://my_host.example.com/a.png", []string{form}, []string{form}},
	} {
		for _, f := range linkFields {
			t.Run(f.name+" is "+tt.name, func(t *testing.T) {
				codes := tt.page
				if f.pictures {
					codes = tt.picture
				}
				var wants []at
				for _, code := range codes {
					wants = append(wants, at{f.pointer, code})
				}
				r := interaction.ReplyMessage(interaction.MessageData{Embeds: []interaction.Embed{f.embed(tt.url)}})
				if f.pictures {
					r = r.WithFile("a.png", "image/png", strings.NewReader("png"))
				}
				expectAt(t, reviewAnswer(command, r, review.ForBot), wants...)
				if err := answer.Check(command, r); (err == nil) != (len(wants) == 0) {
					t.Errorf("Check returned %v", err)
				}
			})
		}
	}
}

func TestAnEmbedsVideoAndProviderAreNotChecked(t *testing.T) {
	r := withEmbeds(interaction.Embed{Title: "t", Type: "video",
		Video: &interaction.EmbedMedia{URL: "javascript:alert(1)"}, Provider: &interaction.EmbedProvider{Name: "p", URL: "ftp://x"}})
	expectAt(t, reviewAnswer(command, r, review.ForBot))
}

func TestAnEmbedsColorIsTwentyFourBits(t *testing.T) {
	for _, tt := range []struct {
		name    string
		color   int
		code    string
		service string
	}{
		{"black (0, left out)", 0, "", ""},
		{"blurple", 0x5865F2, "", ""},
		{"white", 0xFFFFFF, "", ""},
		{"one past white", 0x1000000, rules.NumberTypeMax, "int value should be less than or equal to 16777215."},
		{"2^31", 1 << 31, rules.NumberTypeMax, "int value should be less than or equal to 16777215."},
		{"-1", -1, rules.NumberTypeMin, "int value should be greater than or equal to 0."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := withEmbeds(interaction.Embed{Title: "t", Color: tt.color})
			vs := reviewAnswer(command, r, review.AsService)
			if tt.code == "" {
				expectAt(t, vs)
				return
			}
			expectAt(t, vs, at{"/data/embeds/0/color", tt.code})
			if vs[0].Message != tt.service {
				t.Errorf("the service's words: %q, want %q", vs[0].Message, tt.service)
			}
			if bot := reviewAnswer(command, r, review.ForBot); bot[0].Message == tt.service {
				t.Errorf("the bot's words are the service's: %q", bot[0].Message)
			}
		})
	}
}

// TestLinksAreRefusedInTheServicesWords: the words a server that answers
// as the service does puts in its errors tree.
func TestLinksAreRefusedInTheServicesWords(t *testing.T) {
	for _, tt := range []struct {
		name string
		e    interaction.Embed
		want []string
	}{
		{"an image of data", interaction.Embed{Image: &interaction.EmbedMedia{URL: "data:image/png;base64,AAAA"}}, []string{
			`Scheme "data:image/png;base64,aaaa" is not supported. Scheme must be one of ('http', 'https').`,
			"Not a well formed URL."}},
		{"a url of ftp", interaction.Embed{Title: "t", URL: "FTP://files.example.com"}, []string{
			`Scheme "ftp" is not supported. Scheme must be one of ('http', 'https').`}},
		{"an empty image", interaction.Embed{Image: &interaction.EmbedMedia{}}, []string{
			`Scheme "" is not supported. Scheme must be one of ('http', 'https').`}},
		{"a footer's icon too long", interaction.Embed{Footer: &interaction.EmbedFooter{Text: "f",
			IconURL: "https://example.com/" + strings.Repeat("é", 2048)}}, []string{"Must be 2048 or fewer in length."}},
		{"a thumbnail of a file not sent", interaction.Embed{Thumbnail: &interaction.EmbedMedia{URL: "attachment://chart.png"}}, []string{
			`The referenced attachment ("attachment://chart.png") was not found`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			vs := reviewAnswer(command, withEmbeds(tt.e), review.AsService)
			var got []string
			for _, v := range vs {
				got = append(got, v.Message)
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestAnAttachmentURLNamesAFileOfTheMessage: an image, thumbnail or icon
// of an embed, and the media of a component, that show attachment://name
// must name a file the message has once sent: its files when it is new;
// those an update keeps and adds; and for an edit, whose message the
// check does not know, only what its attachments list tells.
func TestAnAttachmentURLNamesAFileOfTheMessage(t *testing.T) {
	pictures := func(name string) []interaction.Embed {
		u := "attachment://" + name
		return []interaction.Embed{{
			Author: &interaction.EmbedAuthor{Name: "a", IconURL: u}, Footer: &interaction.EmbedFooter{Text: "f", IconURL: u},
			Image: &interaction.EmbedMedia{URL: u}, Thumbnail: &interaction.EmbedMedia{URL: u},
		}}
	}
	everyPicture := func(prefix string) []at {
		return []at{
			{prefix + "/embeds/0/author/icon_url", rules.UnfurledMediaItemReferencedAttachmentNotFound}, {prefix + "/embeds/0/footer/icon_url", rules.UnfurledMediaItemReferencedAttachmentNotFound},
			{prefix + "/embeds/0/image/url", rules.UnfurledMediaItemReferencedAttachmentNotFound}, {prefix + "/embeds/0/thumbnail/url", rules.UnfurledMediaItemReferencedAttachmentNotFound},
		}
	}
	layout := interaction.MessageData{Flags: interaction.FlagIsComponentsV2, Components: interaction.Components{
		component.Gallery("attachment://a.png", "https://example.com/b.png", "attachment://c.png"),
		component.Box(component.Beside(component.Image("attachment://d.png"), "text"), component.Attached("e.txt")),
	}}
	png := strings.NewReader("png")
	withAttachment := interaction.Message{ID: 5, Attachments: []interaction.Attachment{{ID: 70, Filename: "kept.png"}}}
	onMessage := interactiontest.Button("b").OnMessage(&withAttachment).Interaction()
	for _, tt := range []struct {
		name string
		ix   *interaction.Interaction
		r    interaction.Response
		want []at
	}{
		{"a reply's pictures name its file", command,
			interaction.ReplyMessage(interaction.MessageData{Embeds: pictures("a.png")}).WithFile("a.png", "image/png", png), nil},
		{"a reply's pictures name no file of it", command,
			interaction.ReplyMessage(interaction.MessageData{Embeds: pictures("b.png")}).WithFile("a.png", "image/png", png),
			everyPicture("/data")},
		{"a reply without files names none", command, interaction.ReplyMessage(interaction.MessageData{Embeds: pictures("a.png")}),
			everyPicture("/data")},
		{"a file named in the attachments list", command, interaction.ReplyMessage(interaction.MessageData{Embeds: pictures("b.png"),
			Attachments: []interaction.AttachmentRef{{ID: 0, Filename: "b.png"}}}), nil},
		{"the media of components name files of the message", command,
			interaction.ReplyMessage(layout).WithFile("a.png", "", png).WithFile("c.png", "", png).WithFile("d.png", "", png).WithFile("e.txt", "", png), nil},
		{"the media of components name no file of the message", command, interaction.ReplyMessage(layout).WithFile("c.png", "", png), []at{
			{"/data/components/0/items/0/media/url", rules.UnfurledMediaItemReferencedAttachmentNotFound},
			{"/data/components/1/components/0/accessory/media/url", rules.UnfurledMediaItemReferencedAttachmentNotFound},
			{"/data/components/1/components/1/file/url", rules.UnfurledMediaItemReferencedAttachmentNotFound},
		}},
		{"an update that keeps the message's attachments", onMessage, interaction.UpdateMessage(interaction.MessageData{Embeds: pictures("kept.png")}), nil},
		{"an update's picture names none of the message's attachments", onMessage,
			interaction.UpdateMessage(interaction.MessageData{Embeds: pictures("gone.png")}), everyPicture("/data")},
		{"an update that keeps an attachment by its id", onMessage, interaction.UpdateMessage(interaction.MessageData{Embeds: pictures("kept.png"),
			Attachments: []interaction.AttachmentRef{{ID: 70}}}).WithFile("new.png", "", png), nil},
		{"an update whose files take the place of the attachments", onMessage,
			interaction.UpdateMessage(interaction.MessageData{Embeds: pictures("kept.png")}).WithFile("new.png", "", png), everyPicture("/data")},
		{"an update of an unknown message is not checked", nil, interaction.UpdateMessage(interaction.MessageData{Embeds: pictures("a.png")}), nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			expectAt(t, reviewAnswer(tt.ix, tt.r, review.ForBot), tt.want...)
		})
	}

	t.Run("a follow-up's pictures name its files", func(t *testing.T) {
		m := interaction.MessageData{Embeds: pictures("a.png")}
		expectAt(t, reviewMessage(command, m, review.Followup, review.ForBot), everyPicture("")...)
		expectAt(t, reviewMessage(command, m.WithFile("a.png", "", png), review.Followup, review.ForBot))
	})
	t.Run("an edit that keeps what it does not name is not checked", func(t *testing.T) {
		m := interaction.MessageData{Embeds: pictures("a.png")}
		expectAt(t, reviewMessage(command, m, review.Edit, review.ForBot))
		kept := m
		kept.Attachments = []interaction.AttachmentRef{{ID: 70}}
		expectAt(t, reviewMessage(command, kept, review.Edit, review.ForBot))
	})
	t.Run("an edit whose list names every attachment it keeps is checked", func(t *testing.T) {
		m := interaction.MessageData{Embeds: pictures("a.png"), Attachments: []interaction.AttachmentRef{{ID: 70, Filename: "b.png"}}}
		expectAt(t, reviewMessage(command, m, review.Edit, review.ForBot), everyPicture("")...)
		if err := answer.CheckEdit(command, m.WithFile("a.png", "", png)); err != nil {
			t.Errorf("an edit that adds the file: %v", err)
		}
	})
	t.Run("a server that knows the attachments names them", func(t *testing.T) {
		m := interaction.MessageData{Embeds: pictures("a.png"), Flags: layout.Flags, Components: layout.Components}
		expectAt(t, reviewReferences(m, []string{"a.png", "c.png", "d.png", "e.txt"}, review.AsService))
		vs := reviewReferences(m, []string{"c.png", "d.png", "e.txt"}, review.AsService)
		expectAt(t, vs, append(everyPicture(""), at{"/components/0/items/0/media/url", rules.UnfurledMediaItemReferencedAttachmentNotFound})...)
		if vs[0].Message != `The referenced attachment ("attachment://a.png") was not found` {
			t.Errorf("the service's words: %q", vs[0].Message)
		}
	})
}

// TestRawComponentsAreReadForTheirMedia: components as the service sends
// them, which a server reads, are read for their media too.
func TestRawComponentsAreReadForTheirMedia(t *testing.T) {
	var m interaction.MessageData
	body := `{"flags":32768,"components":[{"type":1,"components":[{"type":2,"style":5,"label":"L","url":"https://example.com"}]},
		{"type":17,"components":[{"type":9,"components":[{"type":10,"content":"t"}],"accessory":{"type":11,"media":{"url":"attachment://x.png"}}}]}]}`
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatal(err)
	}
	expectAt(t, reviewReferences(m, nil, review.ForBot), at{"/components/1/components/0/accessory/media/url", rules.UnfurledMediaItemReferencedAttachmentNotFound})
}
