package component_test

import (
	"strings"
	"testing"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/rules"
)

// want is a violation a test expects: where and which rule.
type want struct{ pointer, code string }

func expect(t *testing.T, got rules.Violations, wants []want) {
	t.Helper()
	for _, v := range got {
		if v.Place == "" || v.Message == "" || v.Code == "" {
			t.Errorf("incomplete violation %+v", v)
		}
	}
	ok := len(got) == len(wants)
	for i := 0; ok && i < len(got); i++ {
		ok = got[i].Pointer == wants[i].pointer && got[i].Code == wants[i].code
	}
	if !ok {
		var b strings.Builder
		for _, v := range got {
			b.WriteString("\n  " + v.Pointer + " " + v.Code + " (" + v.Place + ": " + v.Message + ")")
		}
		t.Errorf("got %d violations:%s\nwant %v", len(got), b.String(), wants)
	}
}

func rows(cs ...interaction.Component) interaction.MessageData {
	return interaction.MessageData{Components: cs}
}

func layout(cs ...interaction.Component) interaction.MessageData { return component.Layout(cs...) }

func buttons(n int) []interaction.Component {
	bs := make([]interaction.Component, n)
	for i := range bs {
		bs[i] = component.PrimaryButton("b"+strings.Repeat("x", i), "B")
	}
	return bs
}

func options(n int) []component.SelectOption {
	os := make([]component.SelectOption, n)
	for i := range os {
		os[i] = component.Option("O", strings.Repeat("v", i+1))
	}
	return os
}

func texts(n int) []interaction.Component {
	ts := make([]interaction.Component, n)
	for i := range ts {
		ts[i] = component.Text("t")
	}
	return ts
}

func chars(n int) string { return strings.Repeat("é", n) }

func pick(cs ...interaction.Component) interaction.MessageData { return rows(component.Row(cs...)) }

const b0 = "/components/0/components/0"

func TestValidateMessage(t *testing.T) {
	ok := component.PrimaryButton("ok", "OK")
	tests := []struct {
		name string
		m    interaction.MessageData
		want []want
	}{
		{"a message without components is valid", interaction.MessageData{Content: "hi"}, nil},
		{"an edit that removes the components is valid", rows(), nil},

		// custom_id
		{"a custom_id has up to 100 characters", pick(component.PrimaryButton(chars(100), "A")), nil},
		{"a custom_id of 101 characters is too long", pick(component.PrimaryButton(chars(101), "A")),
			[]want{{b0 + "/custom_id", rules.BaseTypeBadLength}}},
		{"a custom_id is unique in the message",
			rows(component.Row(component.PrimaryButton("x", "A")), component.Row(component.Select("x", options(1)...))),
			[]want{{"/components/1/components/0/custom_id", rules.ComponentCustomIDDuplicated}}},
		{"a custom_id in invalid UTF-8 is refused", pick(component.PrimaryButton("a\xff", "A")),
			[]want{{b0 + "/custom_id", rules.StringInvalidUTF8}}},

		// rows
		{"a message holds five rows", rows(component.Row(ok), component.Row(buttons(5)[1]), component.Row(buttons(5)[2]),
			component.Row(buttons(5)[3]), component.Row(buttons(5)[4])), nil},
		{"a message cannot hold six rows", rows(component.Row(buttons(6)[0]), component.Row(buttons(6)[1]), component.Row(buttons(6)[2]),
			component.Row(buttons(6)[3]), component.Row(buttons(6)[4]), component.Row(buttons(6)[5])),
			[]want{{"/components", rules.BaseTypeBadLength}}},
		{"a row holds five buttons", pick(buttons(5)...), nil},
		{"a row cannot hold six buttons", pick(buttons(6)...),
			[]want{{"/components/0/components/5", rules.ComponentLayoutWidthExceeded}}},
		{"a row holds one select", pick(component.Select("s", options(1)...)), nil},
		{"a row cannot hold a select beside a button", pick(component.Select("s", options(1)...), ok),
			[]want{{"/components/0/components/1", rules.ComponentLayoutWidthExceeded}}},
		{"a row cannot hold a button beside a select", pick(ok, component.SelectUsers("u")),
			[]want{{"/components/0/components/1", rules.ComponentLayoutWidthExceeded}}},
		{"a row cannot hold two selects", pick(component.SelectUsers("u"), component.SelectRoles("r")),
			[]want{{"/components/0/components/1", rules.ComponentLayoutWidthExceeded}}},
		{"a row cannot be empty", rows(component.Row()), []want{{"/components/0/components", rules.BaseTypeBadLength}}},
		{"a legacy message holds only rows at the top", rows(ok), []want{{"/components/0/type", rules.UnionTypeChoices}}},
		{"a row cannot hold a row", pick(component.Row(ok)), []want{{b0 + "/type", rules.UnionTypeChoices}}},
		{"a message cannot hold a text input", pick(component.ShortInput("t").WithLabel("T")),
			[]want{{b0 + "/type", rules.UnionTypeChoices}}},
		{"a message cannot hold a label", rows(component.Labeled("L", component.ShortInput("t"))),
			[]want{{"/components/0/type", rules.UnionTypeChoices}}},
		{"a missing component is reported where it is missing", rows(component.Row(ok), nil),
			[]want{{"/components/1", rules.BaseTypeRequired}}},

		// buttons
		{"a primary button needs a custom_id", pick(component.Button{Style: component.ButtonPrimary, Label: "A"}),
			[]want{{b0 + "/custom_id", rules.ButtonComponentCustomIDRequired}}},
		{"a danger button has no url", pick(component.Button{Style: component.ButtonDanger, CustomID: "d", Label: "D", URL: "https://example.com"}),
			[]want{{b0 + "/url", rules.ComponentFieldNotAllowed}}},
		{"a secondary button has no sku_id", pick(component.Button{Style: component.ButtonSecondary, CustomID: "s", Label: "S", SKUID: 5}),
			[]want{{b0 + "/sku_id", rules.ComponentFieldNotAllowed}}},
		{"a link button needs a url", pick(component.Button{Style: component.ButtonLink, Label: "L"}),
			[]want{{b0 + "/url", rules.BaseTypeRequired}}},
		{"a link button opens a web address", pick(component.Button{Style: component.ButtonLink, Label: "L", URL: "javascript:alert(1)"}),
			[]want{{b0 + "/url", rules.URLTypeInvalidScheme}, {b0 + "/url", rules.URLTypeInvalidURL}}},
		{"a link button's url has a scheme", pick(component.Button{Style: component.ButtonLink, Label: "L", URL: "example.com"}),
			[]want{{b0 + "/url", rules.URLTypeInvalidScheme}, {b0 + "/url", rules.URLTypeInvalidURL}}},
		{"a link button opens no other application", pick(component.LinkButton("steam://store.steampowered.com/app/730", "L")),
			[]want{{b0 + "/url", rules.URLTypeInvalidScheme}}},
		{"a link button's web address has a host with a dot", pick(component.LinkButton("https://localhost.invalid/a b", "L")),
			[]want{{b0 + "/url", rules.URLTypeInvalidURL}}},
		{"a link button's host is a domain", pick(component.LinkButton("https://intranet/page", "L")),
			[]want{{b0 + "/url", rules.URLTypeInvalidURL}}},
		{"a link button may open the client", pick(component.Button{Style: component.ButtonLink, Label: "L", URL: "discord://-/channels/1/2"}), nil},
		{"a link button's scheme is read in any case", pick(component.Button{Style: component.ButtonLink, Label: "L", URL: "HTTPS://example.com"}), nil},
		{"a link button has no custom_id", pick(component.Button{Style: component.ButtonLink, Label: "L", URL: "https://example.com", CustomID: "l"}),
			[]want{{b0 + "/custom_id", rules.ButtonComponentCustomIDURLMutuallyExclusive}}},
		{"a link button's url has up to 512 characters", pick(component.LinkButton("https://example.com/"+strings.Repeat("a", 492), "L")), nil},
		{"a link button's url of 513 characters is too long", pick(component.LinkButton("https://example.com/"+strings.Repeat("a", 493), "L")),
			[]want{{b0 + "/url", rules.BaseTypeBadLength}}},
		{"a premium button needs only its sku_id", pick(component.PremiumButton(7)), nil},
		{"a premium button needs a sku_id", pick(component.Button{Style: component.ButtonPremium}),
			[]want{{b0 + "/sku_id", rules.BaseTypeRequired}}},
		{"a premium button has no label, emoji, custom_id or url",
			pick(component.Button{Style: component.ButtonPremium, SKUID: 7, Label: "L", Emoji: component.Emoji("x"), CustomID: "p", URL: "https://example.com"}),
			[]want{{b0 + "/label", rules.ComponentFieldNotAllowed}, {b0 + "/emoji", rules.ComponentFieldNotAllowed},
				{b0 + "/custom_id", rules.ComponentFieldNotAllowed}, {b0 + "/url", rules.ComponentFieldNotAllowed}}},
		{"a button shows an emoji alone", pick(component.Button{Style: component.ButtonSuccess, CustomID: "e", Emoji: component.Emoji("👍")}), nil},
		{"a button needs a label or an emoji", pick(component.Button{Style: component.ButtonSuccess, CustomID: "e"}),
			[]want{{b0 + "/label", rules.BaseTypeRequired}}},
		{"a button's label has up to 80 characters", pick(component.PrimaryButton("a", chars(80))), nil},
		{"a button's label of 81 characters is too long", pick(component.PrimaryButton("a", chars(81))),
			[]want{{b0 + "/label", rules.BaseTypeBadLength}}},
		{"a button's style is 1 to 6", pick(component.Button{Style: 7, Label: "A"}),
			[]want{{b0 + "/style", rules.EnumTypeCoerce}}},
		{"a button's style is not 0", pick(component.Button{Label: "A", CustomID: "a"}),
			[]want{{b0 + "/style", rules.EnumTypeCoerce}}},
		{"an emoji needs an id or a name", pick(component.PrimaryButton("a", "A").WithEmoji(component.PartialEmoji{Animated: true})),
			[]want{{b0 + "/emoji/name", rules.BaseTypeRequired}}},

		// selects
		{"a placeholder has up to 150 characters", pick(component.Select("s", options(1)...).WithPlaceholder(chars(150))), nil},
		{"a placeholder of 151 characters is too long", pick(component.Select("s", options(1)...).WithPlaceholder(chars(151))),
			[]want{{b0 + "/placeholder", rules.BaseTypeBadLength}}},
		{"min_values may be 0", pick(component.SelectUsers("u").WithMinValues(0)), nil},
		{"min_values is not negative", pick(component.SelectUsers("u").WithMinValues(-1)),
			[]want{{b0 + "/min_values", rules.NumberTypeMin}}},
		{"min_values may be 25", pick(component.SelectRoles("r").WithMinValues(25).WithMaxValues(25)), nil},
		{"min_values is at most 25", pick(component.SelectRoles("r").WithMinValues(26).WithMaxValues(25)),
			[]want{{b0 + "/min_values", rules.NumberTypeMax}}},
		{"max_values may be 1", pick(component.SelectChannels("c").WithMaxValues(1)), nil},
		{"max_values is not 0", pick(component.SelectChannels("c").WithMaxValues(0)),
			[]want{{b0 + "/max_values", rules.NumberTypeMin}}},
		{"max_values may be 25", pick(component.SelectMentionables("m").WithMaxValues(25)), nil},
		{"max_values is at most 25", pick(component.SelectMentionables("m").WithMaxValues(26)),
			[]want{{b0 + "/max_values", rules.NumberTypeMax}}},
		{"min_values may equal max_values", pick(component.SelectUsers("u").WithMinValues(3).WithMaxValues(3)), nil},
		{"min_values is not above max_values", pick(component.SelectUsers("u").WithMinValues(3).WithMaxValues(2)),
			[]want{{b0 + "/min_values", rules.ComponentMinAboveMax}}},
		{"min_values is not above the default max_values", pick(component.SelectUsers("u").WithMinValues(2)),
			[]want{{b0 + "/min_values", rules.ComponentMinAboveMax}}},
		{"a string select has up to 25 options", pick(component.Select("s", options(25)...)), nil},
		{"a string select cannot have 26 options", pick(component.Select("s", options(26)...)),
			[]want{{b0 + "/options", rules.BaseTypeBadLength}}},
		{"a string select needs an option", pick(component.Select("s")),
			[]want{{b0 + "/options", rules.BaseTypeBadLength}}},
		{"a string select has as many options as max_values lets choose", pick(component.Select("s", options(3)...).WithMaxValues(3)), nil},
		{"a string select cannot let choose more options than it has", pick(component.Select("s", options(3)...).WithMaxValues(4)),
			[]want{{b0 + "/options", rules.BaseTypeMinLength}}},
		{"an option's label, value and description have up to 100 characters",
			pick(component.Select("s", component.Option(chars(100), chars(100)).WithDescription(chars(100)))), nil},
		{"an option's label of 101 characters is too long", pick(component.Select("s", component.Option(chars(101), "v"))),
			[]want{{b0 + "/options/0/label", rules.BaseTypeBadLength}}},
		{"an option's value of 101 characters is too long", pick(component.Select("s", component.Option("l", chars(101)))),
			[]want{{b0 + "/options/0/value", rules.BaseTypeBadLength}}},
		{"an option's description of 101 characters is too long",
			pick(component.Select("s", component.Option("l", "v").WithDescription(chars(101)))),
			[]want{{b0 + "/options/0/description", rules.BaseTypeBadLength}}},
		{"an option needs a label and a value", pick(component.Select("s", component.Option("", ""))),
			[]want{{b0 + "/options/0/label", rules.BaseTypeRequired}, {b0 + "/options/0/value", rules.BaseTypeRequired}}},
		{"options have unique values", pick(component.Select("s", component.Option("A", "v"), component.Option("B", "v"))),
			[]want{{b0 + "/options/1/value", rules.SelectComponentOptionValueDuplicated}}},
		{"a select preselects as many options as max_values",
			pick(component.Select("s", options(3)[0].Preselect(), options(3)[1].Preselect(), options(3)[2]).WithMaxValues(2)), nil},
		{"a select cannot preselect more options than max_values",
			pick(component.Select("s", options(2)[0].Preselect(), options(2)[1].Preselect())),
			[]want{{b0 + "/options", rules.SelectComponentTooManyDefaultValues}}},
		{"a user select's defaults are users", pick(component.SelectUsers("u").WithDefaults(1)), nil},
		{"a user select's defaults cannot be roles",
			pick(component.UserSelect{CustomID: "u", DefaultValues: []component.DefaultValue{component.RoleValue(1)}}),
			[]want{{b0 + "/default_values/0/type", rules.EnumTypeCoerce}}},
		{"a mentionable select takes users and roles as defaults",
			pick(component.SelectMentionables("m").WithDefaults(component.UserValue(1), component.RoleValue(2)).WithMaxValues(2)), nil},
		{"a channel select's defaults cannot be users",
			pick(component.ChannelSelect{CustomID: "c", DefaultValues: []component.DefaultValue{component.UserValue(1)}}),
			[]want{{b0 + "/default_values/0/type", rules.EnumTypeCoerce}}},
		{"a select has no more defaults than max_values", pick(component.SelectRoles("r").WithDefaults(1, 2)),
			[]want{{b0 + "/default_values", rules.SelectComponentTooManyDefaultValues}}},
		{"a default value needs an id", pick(component.SelectRoles("r").WithDefaults(0)),
			[]want{{b0 + "/default_values/0/id", rules.BaseTypeRequired}}},
		{"a channel select restricts to channel types",
			pick(component.SelectChannels("c", interaction.ChannelGuildText, interaction.ChannelGuildMedia)), nil},
		{"a channel select's channel types are channel types", pick(component.SelectChannels("c", interaction.ChannelGuildText, 6)),
			[]want{{b0 + "/channel_types/1", rules.EnumTypeCoerce}}},

		// ids
		{"numeric ids are unique", pick(component.Button{ID: 4, Style: 1, CustomID: "a", Label: "A"}, component.Button{ID: 4, Style: 1, CustomID: "b", Label: "B"}),
			[]want{{"/components/0/components/1/id", rules.ComponentIDDuplicated}}},
		{"a numeric id is not negative", pick(component.Button{ID: -1, Style: 1, CustomID: "a", Label: "A"}),
			[]want{{b0 + "/id", rules.NumberTypeMin}}},

		// components v2
		{"a legacy message cannot hold a section", rows(component.Beside(ok, "t")),
			[]want{{"/components/0/type", rules.UnionTypeChoices}}},
		{"a legacy message cannot hold a text display", rows(component.Text("t")),
			[]want{{"/components/0/type", rules.UnionTypeChoices}}},
		{"a layout message holds every layout component", layout(
			component.Text("t"),
			component.Beside(component.Image("https://example.com/a.png"), "t"),
			component.Gallery("https://example.com/a.png"),
			component.Attached("a.txt"),
			component.Divider(),
			component.Box(component.Text("t"), component.Row(ok), component.Beside(component.PrimaryButton("x", "X"), "t"),
				component.Gallery("attachment://b.png"), component.Spacer(component.SpacingLarge), component.Attached("c.txt")),
			component.Row(component.SelectUsers("u")),
		), nil},
		{"a layout message has no content", func() interaction.MessageData { m := layout(component.Text("t")); m.Content = "hi"; return m }(),
			[]want{{"/content", rules.ComponentFieldNotAllowed}}},
		{"a layout message has no embeds",
			func() interaction.MessageData {
				m := layout(component.Text("t"))
				m.Embeds = []interaction.Embed{{Title: "e"}}
				return m
			}(),
			[]want{{"/embeds", rules.ComponentFieldNotAllowed}}},
		{"a layout message holds 40 components", layout(texts(40)...), nil},
		{"a layout message cannot hold 41 components", layout(texts(41)...),
			[]want{{"/components", rules.ComponentsTooMany}}},
		{"nested components count toward the 40", layout(component.Box(texts(39)...), component.Text("t")),
			[]want{{"/components", rules.ComponentsTooMany}}},
		{"a layout message may hold more than five rows", layout(component.Row(buttons(6)[0]), component.Row(buttons(6)[1]),
			component.Row(buttons(6)[2]), component.Row(buttons(6)[3]), component.Row(buttons(6)[4]), component.Row(buttons(6)[5])), nil},
		{"a layout message holds no button at the top", layout(ok), []want{{"/components/0/type", rules.UnionTypeChoices}}},
		{"a thumbnail is only an accessory", layout(component.Image("https://example.com/a.png")),
			[]want{{"/components/0/type", rules.UnionTypeChoices}}},
		{"a section holds three texts", layout(component.Beside(ok, "a", "b", "c")), nil},
		{"a section cannot hold four texts", layout(component.Beside(ok, "a", "b", "c", "d")),
			[]want{{"/components/0/components", rules.BaseTypeBadLength}}},
		{"a section needs a text", layout(component.Beside(ok)),
			[]want{{"/components/0/components", rules.BaseTypeBadLength}}},
		{"a section needs an accessory", layout(component.Section{Components: texts(1)}),
			[]want{{"/components/0/accessory", rules.BaseTypeRequired}}},
		{"a section's accessory is a button or a thumbnail", layout(component.Beside(component.Text("x"), "t")),
			[]want{{"/components/0/accessory/type", rules.UnionTypeChoices}}},
		{"a section holds only text displays", layout(component.Section{Components: []interaction.Component{ok}, Accessory: component.Image("https://example.com/a.png")}),
			[]want{{"/components/0/components/0/type", rules.UnionTypeChoices}}},
		{"a text display needs content", layout(component.Text("")),
			[]want{{"/components/0/content", rules.BaseTypeRequired}}},
		{"the text displays of a message hold 4000 characters", layout(component.Text(chars(3000)), component.Text(chars(1000))), nil},
		{"the text displays of a message cannot hold 4001 characters", layout(component.Text(chars(3000)), component.Text(chars(1001))),
			[]want{{"/components/1/content", rules.BaseTypeBadLength}}},
		{"a gallery holds ten items", layout(component.Gallery(strings.Fields(strings.Repeat("attachment://a.png ", 10))...)), nil},
		{"a gallery cannot hold eleven items", layout(component.Gallery(strings.Fields(strings.Repeat("attachment://a.png ", 11))...)),
			[]want{{"/components/0/items", rules.BaseTypeBadLength}}},
		{"a gallery item needs a url", layout(component.Gallery("")),
			[]want{{"/components/0/items/0/media", rules.BaseTypeRequired}}},
		{"a gallery item's description has up to 1024 characters",
			layout(component.MediaGallery{Items: []component.MediaGalleryItem{{Media: component.UnfurledMedia{URL: "attachment://a.png"}, Description: chars(1024)}}}), nil},
		{"a gallery item's description of 1025 characters is too long",
			layout(component.MediaGallery{Items: []component.MediaGalleryItem{{Media: component.UnfurledMedia{URL: "attachment://a.png"}, Description: chars(1025)}}}),
			[]want{{"/components/0/items/0/description", rules.BaseTypeBadLength}}},
		{"a thumbnail's description of 1025 characters is too long",
			layout(component.Beside(component.Thumbnail{Media: component.UnfurledMedia{URL: "attachment://a.png"}, Description: chars(1025)}, "t")),
			[]want{{"/components/0/accessory/description", rules.BaseTypeBadLength}}},
		{"a thumbnail needs a url", layout(component.Beside(component.Image(""), "t")),
			[]want{{"/components/0/accessory/media", rules.BaseTypeRequired}}},
		{"a thumbnail shows a web address", layout(component.Beside(component.Image("https://cdn.example.com/a.png"), "t")), nil},
		{"a thumbnail shows no other scheme", layout(component.Beside(component.Image("ftp://files.example.com/a.png"), "t")),
			[]want{{"/components/0/accessory/media/url", rules.URLTypeInvalidScheme}}},
		{"a thumbnail shows no data", layout(component.Beside(component.Image("data:image/png;base64,AAAA"), "t")),
			[]want{{"/components/0/accessory/media/url", rules.URLTypeInvalidScheme}, {"/components/0/accessory/media/url", rules.URLTypeInvalidURL}}},
		{"a thumbnail's url has at most 2048 characters", layout(component.Beside(component.Image("https://example.com/"+strings.Repeat("a", 2029)), "t")),
			[]want{{"/components/0/accessory/media/url", rules.BaseTypeBadLength}}},
		{"a gallery item shows a web address or a file", layout(component.Gallery("https://example.com/a.png", "attachment://b.png")), nil},
		{"a gallery item shows no script", layout(component.Gallery("attachment://b.png", "javascript:alert(1)")),
			[]want{{"/components/0/items/1/media/url", rules.URLTypeInvalidScheme}, {"/components/0/items/1/media/url", rules.URLTypeInvalidURL}}},
		{"a gallery item's web address has a host with a dot", layout(component.Gallery("https://example/a.png")),
			[]want{{"/components/0/items/0/media/url", rules.URLTypeInvalidURL}}},
		{"a gallery item names a file", layout(component.Gallery("attachment://")),
			[]want{{"/components/0/items/0/media/url", rules.URLTypeInvalidURL}}},
		{"a file shows an attachment", layout(component.File{File: component.UnfurledMedia{URL: "https://example.com/a.txt"}}),
			[]want{{"/components/0/file/url", rules.ComponentFileAttachmentOnly}}},
		{"a separator's spacing is small or large", layout(component.Separator{Spacing: 3}),
			[]want{{"/components/0/spacing", rules.EnumTypeCoerce}}},
		{"a container's accent color may be white", layout(component.Box(component.Text("t")).WithAccentColor(0xFFFFFF)), nil},
		{"a container's accent color is a color", layout(component.Box(component.Text("t")).WithAccentColor(0x1000000)),
			[]want{{"/components/0/accent_color", rules.NumberTypeMax}}},
		{"a container is not empty", layout(component.Box()),
			[]want{{"/components/0/components", rules.BaseTypeBadLength}}},
		{"a container holds no container", layout(component.Box(component.Box(component.Text("t")))),
			[]want{{"/components/0/components/0/type", rules.UnionTypeChoices}}},
		{"a row in a container follows the rules of rows", layout(component.Box(component.Row(buttons(6)...))),
			[]want{{"/components/0/components/0/components/5", rules.ComponentLayoutWidthExceeded}}},

		// lists past their limits: only as many elements as a list may
		// hold are checked
		{"rows past the fifth are not checked", rows(component.Row(buttons(5)[0]), component.Row(buttons(5)[1]),
			component.Row(buttons(5)[2]), component.Row(buttons(5)[3]), component.Row(buttons(5)[4]),
			component.Row(component.PrimaryButton("", "X"))),
			[]want{{"/components", rules.BaseTypeBadLength}}},
		{"a row's components past the fifth are not checked", pick(append(buttons(5), component.PrimaryButton("", "X"))...),
			[]want{{"/components/0/components/5", rules.ComponentLayoutWidthExceeded}}},
		{"options past the 25th are not checked", pick(component.Select("s", append(options(25), component.Option("", "x"))...)),
			[]want{{b0 + "/options", rules.BaseTypeBadLength}}},
		{"default values past the 25th are not checked",
			pick(component.SelectRoles("r").WithMaxValues(25).WithDefaults(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
				18, 19, 20, 21, 22, 23, 24, 25, 0)),
			[]want{{b0 + "/default_values", rules.SelectComponentTooManyDefaultValues}}},
		{"a select takes no more than 25 defaults whatever its max_values",
			pick(component.SelectRoles("r").WithMaxValues(26).WithDefaults(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
				18, 19, 20, 21, 22, 23, 24, 25, 26)),
			[]want{{b0 + "/max_values", rules.NumberTypeMax}, {b0 + "/default_values", rules.SelectComponentTooManyDefaultValues}}},
		{"a section's texts past the third are not checked", layout(component.Beside(ok, "a", "b", "c", "")),
			[]want{{"/components/0/components", rules.BaseTypeBadLength}}},
		{"gallery items past the tenth are not checked",
			layout(component.Gallery(append(strings.Fields(strings.Repeat("attachment://a.png ", 10)), "")...)),
			[]want{{"/components/0/items", rules.BaseTypeBadLength}}},
		{"components of a layout message past the 40th are not checked", layout(append(texts(40), component.Text(""))...),
			[]want{{"/components", rules.ComponentsTooMany}}},
		{"nested components past the 40th are not checked",
			layout(component.Box(texts(39)...), component.Box(component.Text("t"), component.Text(""))),
			[]want{{"/components", rules.ComponentsTooMany}}},

		// raw components
		{"raw components are checked as typed ones",
			rows(interaction.RawComponent(`{"type":1,"components":[{"type":2,"style":1,"label":"A"}]}`)),
			[]want{{b0 + "/custom_id", rules.ButtonComponentCustomIDRequired}}},
		{"a raw component that does not parse is a violation",
			rows(component.Row(ok), interaction.RawComponent(`{"type":1,"components":[{"type":2,"style":1},{"type":99}]}`)),
			[]want{{"/components/1/components/1/type", rules.ComponentMalformed}}},
		{"a raw component inside a typed row is parsed",
			pick(ok, interaction.RawComponent(`{"type":2,"style":1,"label":"B","custom_id":"ok"}`)),
			[]want{{"/components/0/components/1/custom_id", rules.ComponentCustomIDDuplicated}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, component.ValidateMessage(tt.m), tt.want)
		})
	}
}

func choices(n int) []component.GroupOption {
	os := make([]component.GroupOption, n)
	for i := range os {
		os[i] = component.Choice("C", strings.Repeat("v", i+1))
	}
	return os
}
