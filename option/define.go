package option

import (
	"math"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
)

// Definer is anything that declares a command option: a Builder, or the
// Struct of an options struct.
type Definer interface {
	Definition() command.Option
}

// Builder declares one option of a command. Each method returns the
// Builder changed, so calls chain:
//
//	option.String("query", "What to look for").Required().Autocomplete()
//
// A method that does not apply to the option's type (MinLength on an
// INTEGER, Choices on a USER) is kept and reported with the option's path
// when the router is built, as every rule of the service is.
type Builder struct {
	def command.Option
}

func newBuilder(t interaction.OptionType, name, description string) Builder {
	return Builder{def: command.Option{Type: t, Name: name, Description: description}}
}

// String declares a STRING option.
func String(name, description string) Builder {
	return newBuilder(interaction.OptionString, name, description)
}

// Integer declares an INTEGER option: whole numbers within ±(2^53-1).
func Integer(name, description string) Builder {
	return newBuilder(interaction.OptionInteger, name, description)
}

// Number declares a NUMBER option: a double within ±2^53.
func Number(name, description string) Builder {
	return newBuilder(interaction.OptionNumber, name, description)
}

// Boolean declares a BOOLEAN option.
func Boolean(name, description string) Builder {
	return newBuilder(interaction.OptionBoolean, name, description)
}

// User declares a USER option.
func User(name, description string) Builder {
	return newBuilder(interaction.OptionUser, name, description)
}

// Channel declares a CHANNEL option; ChannelTypes narrows it.
func Channel(name, description string) Builder {
	return newBuilder(interaction.OptionChannel, name, description)
}

// Role declares a ROLE option.
func Role(name, description string) Builder {
	return newBuilder(interaction.OptionRole, name, description)
}

// Mentionable declares a MENTIONABLE option: a user or a role.
func Mentionable(name, description string) Builder {
	return newBuilder(interaction.OptionMentionable, name, description)
}

// Attachment declares an ATTACHMENT option; FileTypes narrows it.
func Attachment(name, description string) Builder {
	return newBuilder(interaction.OptionAttachment, name, description)
}

// Required makes the user fill the option in. Required options come before
// optional ones.
func (b Builder) Required() Builder {
	b.def.Required = true
	return b
}

// Autocomplete has the service ask the bot for suggestions while the user
// types, for STRING, INTEGER and NUMBER options without choices.
func (b Builder) Autocomplete() Builder {
	b.def.Autocomplete = true
	return b
}

// Choices limits the option to fixed values, for STRING, INTEGER and NUMBER
// options: build them with interaction.StringChoice, IntChoice and
// FloatChoice. At most 25.
func (b Builder) Choices(choices ...interaction.Choice) Builder {
	b.def.Choices = append(b.def.Choices[:len(b.def.Choices):len(b.def.Choices)], choices...)
	return b
}

// MinLength sets the shortest STRING a user may give, 0 to 6000.
func (b Builder) MinLength(n int) Builder {
	b.def.MinLength = &n
	return b
}

// MaxLength sets the longest STRING a user may give, 1 to 6000.
func (b Builder) MaxLength(n int) Builder {
	b.def.MaxLength = &n
	return b
}

// Min sets the smallest INTEGER or NUMBER a user may give. An INTEGER bound
// is sent as an integer.
func (b Builder) Min(v float64) Builder {
	b.def.MinValue = b.bound(v)
	return b
}

// Max sets the largest INTEGER or NUMBER a user may give.
func (b Builder) Max(v float64) Builder {
	b.def.MaxValue = b.bound(v)
	return b
}

func (b Builder) bound(v float64) interaction.Value {
	if b.def.Type == interaction.OptionInteger && v == math.Trunc(v) && math.Abs(v) < 1<<63 {
		return interaction.IntValue(int64(v))
	}
	return interaction.FloatValue(v)
}

// ChannelTypes limits a CHANNEL option to channels of these types.
func (b Builder) ChannelTypes(types ...interaction.ChannelType) Builder {
	b.def.ChannelTypes = append(b.def.ChannelTypes[:len(b.def.ChannelTypes):len(b.def.ChannelTypes)], types...)
	return b
}

// FileTypes limits an ATTACHMENT option to the files whose name ends in
// one of these extensions, or in one of the extensions of these groups:
// "image", "video", "audio", or an extension with its leading dot, such as
// ".pdf", in any case; at most 10. The client checks the name only, never
// the contents, so the bot still checks the file it receives.
func (b Builder) FileTypes(types ...string) Builder {
	b.def.FileTypes = append(b.def.FileTypes[:len(b.def.FileTypes):len(b.def.FileTypes)], types...)
	return b
}

// Localize gives the option's name and description in a locale; either may
// be "" to leave that one to the default.
func (b Builder) Localize(locale interaction.Locale, name, description string) Builder {
	if name != "" {
		b.def.NameLocalizations = with(b.def.NameLocalizations, locale, name)
	}
	if description != "" {
		b.def.DescriptionLocalizations = with(b.def.DescriptionLocalizations, locale, description)
	}
	return b
}

// with returns a copy of m with one more entry: a Builder is a value, so
// two builders made from one must not share a map.
func with(m command.Localizations, locale interaction.Locale, text string) command.Localizations {
	out := make(command.Localizations, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	out[locale] = text
	return out
}

// Definition returns the option as the service's endpoints take it.
func (b Builder) Definition() command.Option { return b.def }
