package command

import (
	"cmp"
	"reflect"
	"slices"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/filetype"
)

// normalize returns c in the form that compares equal to every other way of
// writing the same command in scope. The service fills in defaults, drops
// what a scope does not hold and echoes numbers in its own form, so a
// command read back rarely equals, field for field, the command that was
// sent; comparing the raw forms would see changes that are not there and
// spend writes, and creates, on nothing.
//
// The identity the service assigns (id, application id, guild id, version)
// is cleared; the type is made explicit; dm_permission and
// default_permission take their default of true when unset; an unset
// integration_types stays unset, as its default is the application's
// installation contexts, which DiffFields leaves to the service;
// a guild command loses dm_permission, contexts and integration_types,
// which only global commands hold; USER and MESSAGE commands lose their
// description, which the service keeps empty; a localization equal to the
// text it localizes is dropped, as it changes nothing a user sees; empty
// slices and maps become nil; integration types, contexts, channel types and
// file types, which are sets, are sorted, the extensions among file types
// in lower case, as the service stores them; and option bounds and choice values that are
// numbers are put in one numeric form, so that 5 and 5.0 are the same.
func normalize(scope Scope, c Command) Command {
	c.ID, c.ApplicationID, c.GuildID, c.Version = 0, 0, 0, 0
	c.Type = c.CommandType()
	c.NameLocalizations = normalLocalizations(c.Name, c.NameLocalizations)
	if c.Type == interaction.CommandUser || c.Type == interaction.CommandMessage {
		c.Description, c.DescriptionLocalizations = "", nil
	}
	c.DescriptionLocalizations = normalLocalizations(c.Description, c.DescriptionLocalizations)
	c.Options = normalOptions(c.Options)
	yes := true
	if c.DefaultPermission == nil {
		c.DefaultPermission = &yes
	}
	if scope.IsGlobal() {
		if c.DMPermission == nil {
			c.DMPermission = &yes
		}
		// An unset integration_types stays unset: the service fills in
		// the installation contexts the application is configured for,
		// which the command alone does not tell.
		c.IntegrationTypes = sortedSet(c.IntegrationTypes)
		c.Contexts = sortedSet(c.Contexts)
	} else {
		c.DMPermission, c.IntegrationTypes, c.Contexts = nil, nil, nil
	}
	return c
}

// normalLocalizations returns m without the entries equal to def, nil when
// none is left.
func normalLocalizations(def string, m Localizations) Localizations {
	var out Localizations
	for l, s := range m {
		if s == def {
			continue
		}
		if out == nil {
			out = make(Localizations, len(m))
		}
		out[l] = s
	}
	return out
}

func normalOptions(opts []Option) []Option {
	if len(opts) == 0 {
		return nil
	}
	out := make([]Option, len(opts))
	for i, o := range opts {
		o.NameLocalizations = normalLocalizations(o.Name, o.NameLocalizations)
		o.DescriptionLocalizations = normalLocalizations(o.Description, o.DescriptionLocalizations)
		o.Options = normalOptions(o.Options)
		o.ChannelTypes = sortedSet(o.ChannelTypes)
		o.FileTypes = sortedSet(filetype.Normal(o.FileTypes))
		o.MinValue, o.MaxValue = normalValue(o.MinValue), normalValue(o.MaxValue)
		if len(o.Choices) == 0 {
			o.Choices = nil
		} else {
			choices := make([]interaction.Choice, len(o.Choices))
			for j, ch := range o.Choices {
				ch.Value = normalValue(ch.Value)
				ch.NameLocalizations = map[interaction.Locale]string(normalLocalizations(ch.Name, Localizations(ch.NameLocalizations)))
				choices[j] = ch
			}
			o.Choices = choices
		}
		out[i] = o
	}
	return out
}

// normalValue puts a number in the form FloatValue gives it, which is the
// form IntValue gives a whole number, so that equal numbers compare equal
// however they were written. Whole numbers beyond the precision of a float
// keep their integer form, which alone holds them exactly.
func normalValue(v interaction.Value) interaction.Value {
	if i, ok := v.Int(); ok {
		return interaction.IntValue(i)
	}
	if f, ok := v.Float(); ok {
		return interaction.FloatValue(f)
	}
	return v
}

// sortedSet returns a sorted copy of s, nil when s is empty.
func sortedSet[T cmp.Ordered](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	out := slices.Clone(s)
	slices.Sort(out)
	return slices.Compact(out)
}

// DiffFields returns the JSON names of the editable fields in which current
// and desired differ as commands of scope, in a fixed order; nil means the
// service already holds the desired command. The names are those
// EditCommand takes.
//
// The service fills in defaults, drops what a scope does not hold and
// echoes numbers in its own form, so a command read back rarely equals,
// field for field, the command that was sent. DiffFields compares what the
// service keeps: it ignores the identity the service assigns (id,
// application id, guild id, version); an unset type, dm_permission or
// default_permission against its default; an unset integration_types
// against any, as the service fills in the application's installation
// contexts; on a guild command, dm_permission, contexts and
// integration_types, which only global commands hold; the description of
// USER and MESSAGE commands; a localization equal to the text it
// localizes; empty slices and maps against nil; the order and repeats of
// sets (integration types, contexts, channel types, file types) and the
// case of file type extensions; and the form of numbers, so that 5 and 5.0
// are the same.
func DiffFields(scope Scope, current, desired Command) []string {
	a, b := normalize(scope, current), normalize(scope, desired)
	var fields []string
	diff := func(name string, x, y any) {
		if !reflect.DeepEqual(x, y) {
			fields = append(fields, name)
		}
	}
	diff("name", a.Name, b.Name)
	diff("name_localizations", a.NameLocalizations, b.NameLocalizations)
	diff("description", a.Description, b.Description)
	diff("description_localizations", a.DescriptionLocalizations, b.DescriptionLocalizations)
	diff("options", a.Options, b.Options)
	diff("default_member_permissions", a.DefaultMemberPermissions, b.DefaultMemberPermissions)
	diff("dm_permission", a.DMPermission, b.DMPermission)
	diff("default_permission", a.DefaultPermission, b.DefaultPermission)
	if b.IntegrationTypes != nil {
		// Unset, it is whatever the application's installation contexts
		// are (GUILD_INSTALL, USER_INSTALL or both), which the service
		// filled in: any value it holds is the desired one.
		diff("integration_types", a.IntegrationTypes, b.IntegrationTypes)
	}
	diff("contexts", a.Contexts, b.Contexts)
	diff("nsfw", a.NSFW, b.NSFW)
	diff("handler", a.Handler, b.Handler)
	return fields
}
