package interaction_test

import (
	"slices"
	"testing"

	"github.com/switchboard-go/switchboard/interaction"
)

func TestEnumerationsPrintTheServiceNames(t *testing.T) {
	tests := []struct {
		v    interface{ String() string }
		want string
	}{
		{interaction.TypePing, "PING"},
		{interaction.TypeApplicationCommand, "APPLICATION_COMMAND"},
		{interaction.TypeMessageComponent, "MESSAGE_COMPONENT"},
		{interaction.TypeApplicationCommandAutocomplete, "APPLICATION_COMMAND_AUTOCOMPLETE"},
		{interaction.TypeModalSubmit, "MODAL_SUBMIT"},
		{interaction.Type(0), "Type(0)"},
		{interaction.Type(99), "Type(99)"},

		{interaction.CommandChatInput, "CHAT_INPUT"},
		{interaction.CommandUser, "USER"},
		{interaction.CommandMessage, "MESSAGE"},
		{interaction.CommandPrimaryEntryPoint, "PRIMARY_ENTRY_POINT"},
		{interaction.CommandType(5), "CommandType(5)"},

		{interaction.OptionSubCommand, "SUB_COMMAND"},
		{interaction.OptionSubCommandGroup, "SUB_COMMAND_GROUP"},
		{interaction.OptionString, "STRING"},
		{interaction.OptionInteger, "INTEGER"},
		{interaction.OptionBoolean, "BOOLEAN"},
		{interaction.OptionUser, "USER"},
		{interaction.OptionChannel, "CHANNEL"},
		{interaction.OptionRole, "ROLE"},
		{interaction.OptionMentionable, "MENTIONABLE"},
		{interaction.OptionNumber, "NUMBER"},
		{interaction.OptionAttachment, "ATTACHMENT"},
		{interaction.OptionType(0), "OptionType(0)"},
		{interaction.OptionType(12), "OptionType(12)"},
		{interaction.OptionType(-1), "OptionType(-1)"},

		{interaction.ContextGuild, "GUILD"},
		{interaction.ContextBotDM, "BOT_DM"},
		{interaction.ContextPrivateChannel, "PRIVATE_CHANNEL"},
		{interaction.ContextType(3), "ContextType(3)"},

		{interaction.GuildInstall, "GUILD_INSTALL"},
		{interaction.UserInstall, "USER_INSTALL"},
		{interaction.IntegrationType(2), "IntegrationType(2)"},

		{interaction.CallbackPong, "PONG"},
		{interaction.CallbackChannelMessageWithSource, "CHANNEL_MESSAGE_WITH_SOURCE"},
		{interaction.CallbackDeferredChannelMessageWithSource, "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE"},
		{interaction.CallbackDeferredUpdateMessage, "DEFERRED_UPDATE_MESSAGE"},
		{interaction.CallbackUpdateMessage, "UPDATE_MESSAGE"},
		{interaction.CallbackAutocompleteResult, "APPLICATION_COMMAND_AUTOCOMPLETE_RESULT"},
		{interaction.CallbackModal, "MODAL"},
		{interaction.CallbackPremiumRequired, "PREMIUM_REQUIRED"},
		{interaction.CallbackLaunchActivity, "LAUNCH_ACTIVITY"},
		{interaction.CallbackType(11), "CallbackType(11)"},
	}
	for _, tt := range tests {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("%#v.String() = %q; want %q", tt.v, got, tt.want)
		}
	}
}

func TestEnumerationValuesMatchTheSpecification(t *testing.T) {
	tests := []struct {
		name      string
		got, want int
	}{
		{"CHAT_INPUT", int(interaction.CommandChatInput), 1},
		{"USER", int(interaction.CommandUser), 2},
		{"MESSAGE", int(interaction.CommandMessage), 3},
		{"PRIMARY_ENTRY_POINT", int(interaction.CommandPrimaryEntryPoint), 4},
		{"APP_HANDLER", int(interaction.HandlerApp), 1},
		{"SERVICE_LAUNCH_ACTIVITY", int(interaction.HandlerServiceLaunchActivity), 2},
		{"GUILD_INSTALL", int(interaction.GuildInstall), 0},
		{"GUILD", int(interaction.ContextGuild), 0},
		{"BOT_DM", int(interaction.ContextBotDM), 1},
		{"PRIVATE_CHANNEL", int(interaction.ContextPrivateChannel), 2},
		{"SUB_COMMAND", int(interaction.OptionSubCommand), 1},
		{"ATTACHMENT", int(interaction.OptionAttachment), 11},
		{"NUMBER", int(interaction.OptionNumber), 10},
		{"LAUNCH_ACTIVITY", int(interaction.CallbackLaunchActivity), 12},
		{"PREMIUM_REQUIRED", int(interaction.CallbackPremiumRequired), 10},
		{"IS_COMPONENTS_V2", int(interaction.FlagIsComponentsV2), 1 << 15},
		{"EPHEMERAL", int(interaction.FlagEphemeral), 1 << 6},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %d; want %d", tt.name, tt.got, tt.want)
		}
	}
}

func TestOnlyThreadChannelTypesAreThreads(t *testing.T) {
	for ct := interaction.ChannelType(-1); ct <= 20; ct++ {
		want := ct == interaction.ChannelAnnouncementThread || ct == interaction.ChannelPublicThread || ct == interaction.ChannelPrivateThread
		if got := ct.IsThread(); got != want {
			t.Errorf("ChannelType(%d).IsThread() = %v; want %v", ct, got, want)
		}
	}
}

func TestLocalesAreDistinctAndValid(t *testing.T) {
	all := interaction.Locales()
	if len(all) != 32 {
		t.Errorf("Locales() has %d entries; want 32", len(all))
	}
	seen := map[interaction.Locale]bool{}
	for _, l := range all {
		if seen[l] {
			t.Errorf("Locales() lists %q twice", l)
		}
		seen[l] = true
		if !l.Valid() {
			t.Errorf("Locale(%q).Valid() = false for a listed locale", l)
		}
	}
	for _, l := range []interaction.Locale{"", "en", "EN-US", "en_US", "es-MX", "zh", "pt-PT"} {
		if l.Valid() {
			t.Errorf("Locale(%q).Valid() = true; want false", l)
		}
	}
}

func TestLocalesReturnsACopyEachTime(t *testing.T) {
	first := interaction.Locales()
	want := slices.Clone(first)
	for i := range first {
		first[i] = "changed"
	}
	if got := interaction.Locales(); !slices.Equal(got, want) {
		t.Errorf("Locales() after a caller changed its result = %q; want %q", got, want)
	}
	if !interaction.LocaleKorean.Valid() || interaction.Locale("changed").Valid() {
		t.Error("changing the result of Locales() changed which locales are valid")
	}
}

func TestEveryFallbackIsAnotherListedLocale(t *testing.T) {
	with := 0
	for _, l := range interaction.Locales() {
		fb, ok := l.Fallback()
		if !ok {
			if fb != "" {
				t.Errorf("Locale(%q).Fallback() = %q, false", l, fb)
			}
			continue
		}
		with++
		if fb == l || !fb.Valid() {
			t.Errorf("Locale(%q).Fallback() = %q, which is not another of the service's locales", l, fb)
		}
	}
	if with != 3 {
		t.Errorf("%d locales have a fallback; want 3: en-US, en-GB and es-419", with)
	}
}

func TestLocaleFallbacksFollowTheLocalizationRules(t *testing.T) {
	tests := []struct {
		l, want interaction.Locale
		ok      bool
	}{
		{interaction.LocaleEnglishUS, interaction.LocaleEnglishGB, true},
		{interaction.LocaleEnglishGB, interaction.LocaleEnglishUS, true},
		{interaction.LocaleSpanishLATAM, interaction.LocaleSpanishES, true},
		{interaction.LocaleSpanishES, "", false},
		{interaction.LocaleFrench, "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		got, ok := tt.l.Fallback()
		if got != tt.want || ok != tt.ok {
			t.Errorf("Locale(%q).Fallback() = %q, %v; want %q, %v", tt.l, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDisplayNamesPreferTheMostSpecificName(t *testing.T) {
	u := interaction.User{Username: "ada"}
	if got := u.DisplayName(); got != "ada" {
		t.Errorf("user without a global name: DisplayName() = %q", got)
	}
	u.GlobalName = "Ada Lovelace"
	if got := u.DisplayName(); got != "Ada Lovelace" {
		t.Errorf("user with a global name: DisplayName() = %q", got)
	}
	m := interaction.Member{User: u}
	if got := m.DisplayName(); got != "Ada Lovelace" {
		t.Errorf("member without a nick: DisplayName() = %q", got)
	}
	m.Nick = "Countess"
	if got := m.DisplayName(); got != "Countess" {
		t.Errorf("member with a nick: DisplayName() = %q", got)
	}
}

func TestMemberHasRoleLooksAtItsRoles(t *testing.T) {
	m := interaction.Member{Roles: []interaction.Snowflake{10, 20}}
	for _, tt := range []struct {
		id   interaction.Snowflake
		want bool
	}{{10, true}, {20, true}, {30, false}, {0, false}} {
		if got := m.HasRole(tt.id); got != tt.want {
			t.Errorf("HasRole(%d) = %v; want %v", tt.id, got, tt.want)
		}
	}
	if got := (interaction.Role{ID: 175928847299117063}).Mention(); got != "<@&175928847299117063>" {
		t.Errorf("Role.Mention() = %q", got)
	}
}

func TestInvokerIsTheMemberInAGuildAndTheUserElsewhere(t *testing.T) {
	guild := interaction.Interaction{GuildID: 1, Member: interaction.LazyOf(interaction.Member{User: interaction.User{ID: 2, Username: "ada"}})}
	if got := guild.Invoker(); got.ID != 2 || !guild.InGuild() {
		t.Errorf("guild interaction: Invoker() = %+v, InGuild() = %v", got, guild.InGuild())
	}
	dm := interaction.Interaction{User: &interaction.User{ID: 3, Username: "bob"}}
	if got := dm.Invoker(); got.ID != 3 || dm.InGuild() {
		t.Errorf("DM interaction: Invoker() = %+v, InGuild() = %v", got, dm.InGuild())
	}
	var none interaction.Interaction
	if got := none.Invoker(); got != (interaction.User{}) {
		t.Errorf("interaction without a user: Invoker() = %+v", got)
	}
}

func TestLocalizedFollowsTheClientsFallbacks(t *testing.T) {
	m := map[interaction.Locale]string{
		interaction.LocaleEnglishGB: "colour", interaction.LocaleFrench: "couleur", interaction.LocaleSpanishES: "color-es",
	}
	tests := []struct {
		locale interaction.Locale
		want   string
	}{
		{interaction.LocaleFrench, "couleur"},
		{interaction.LocaleEnglishGB, "colour"},
		{interaction.LocaleEnglishUS, "colour"},
		{interaction.LocaleSpanishLATAM, "color-es"},
		{interaction.LocaleGerman, "color"},
		{"", "color"},
	}
	for _, tt := range tests {
		if got := tt.locale.Localized(m, "color"); got != tt.want {
			t.Errorf("%q: %q, want %q", tt.locale, got, tt.want)
		}
	}
	if got := interaction.LocaleFrench.Localized(nil, "color"); got != "color" {
		t.Errorf("no translations: %q", got)
	}
}

func TestParseIntegrationTypesTakesNamesAndNumbers(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []interaction.IntegrationType
		err  bool
	}{
		{"GUILD_INSTALL,USER_INSTALL", []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall}, false},
		{" 0 , 1 ", []interaction.IntegrationType{interaction.GuildInstall, interaction.UserInstall}, false},
		{"user_install", []interaction.IntegrationType{interaction.UserInstall}, false},
		{"2", nil, true},
		{"", nil, true},
	} {
		got, err := interaction.ParseIntegrationTypes(tt.in)
		if (err != nil) != tt.err || !slices.Equal(got, tt.want) {
			t.Errorf("%q: %v, %v", tt.in, got, err)
		}
	}
}

func TestChannelTypesHaveTheirDocumentedNames(t *testing.T) {
	for _, tt := range []struct {
		t    interaction.ChannelType
		want string
	}{
		{interaction.ChannelGuildText, "GUILD_TEXT"},
		{interaction.ChannelGuildVoice, "GUILD_VOICE"},
		{interaction.ChannelGuildAnnouncement, "GUILD_ANNOUNCEMENT"},
		{interaction.ChannelPublicThread, "PUBLIC_THREAD"},
		{interaction.ChannelGuildMedia, "GUILD_MEDIA"},
		{interaction.ChannelType(99), "ChannelType(99)"},
	} {
		if got := tt.t.String(); got != tt.want {
			t.Errorf("%d: %q, want %q", int(tt.t), got, tt.want)
		}
	}
}
