package command

import (
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/commandwords"
	"github.com/switchboard-go/switchboard/internal/filetype"
	"github.com/switchboard-go/switchboard/rules"
)

// Limits of the service on options.
const (
	maxOptions      = 25 // per command, subcommand or group
	maxChoices      = 25 // per option
	maxStringLength = 6000
)

// level is where an options array sits, which decides the option types it
// may hold: nesting is one level deep.
type level uint8

const (
	// levelCommand: the options of a command, which are subcommands and
	// groups side by side, or plain options.
	levelCommand level = iota
	// levelGroup: the options of a group, which are subcommands.
	levelGroup
	// levelSubcommand: the options of a subcommand, which are plain.
	levelSubcommand
)

func isContainer(t interaction.OptionType) bool {
	return t == interaction.OptionSubCommand || t == interaction.OptionSubCommandGroup
}

func knownOptionType(t interaction.OptionType) bool {
	return t >= interaction.OptionSubCommand && t <= interaction.OptionAttachment
}

// takesChoices reports whether options of type t may have choices or
// autocomplete.
func takesChoices(t interaction.OptionType) bool {
	return t == interaction.OptionString || t == interaction.OptionInteger || t == interaction.OptionNumber
}

// options checks an options array of the current object, found at level l.
func (v *validator) options(opts []Option, l level) {
	if len(opts) > maxOptions {
		v.report(field("options"), rules.BaseTypeMaxLength, commandwords.TooMany("options", maxOptions, len(opts)))
	}
	if l == levelCommand {
		containers, plain := 0, 0
		for i := range opts {
			switch t := opts[i].Type; {
			case isContainer(t):
				containers++
			case knownOptionType(t):
				plain++
			}
		}
		if containers > 0 && plain > 0 {
			v.report(field("options"), rules.ApplicationCommandOptionsTypeInvalid,
				"options must be subcommands and groups, or plain options, not both")
		}
	}
	outer := v.names
	v.names = namesOf(opts)
	for j := range opts {
		v.option(opts, j, l)
	}
	v.names = outer
}

// option checks opts[j], an option at level l, in the order of its fields.
func (v *validator) option(opts []Option, j int, l level) {
	o := &opts[j]
	v.push(step{field: "options", index: j, kind: optionKind(o.Type), name: o.Name})
	defer v.pop()

	known := knownOptionType(o.Type)
	// placed is false for a subcommand or group where nesting does not
	// allow one; its own options are then not checked, since they have no
	// level at which they could be valid.
	placed := true
	switch {
	case !known:
		v.report(field("type"), rules.EnumTypeCoerce, "type must be an option type (1-11), is "+strconv.Itoa(int(o.Type)))
	case l == levelGroup && o.Type != interaction.OptionSubCommand:
		v.report(field("type"), rules.ApplicationCommandOptionsTypeInvalid,
			"type "+o.Type.String()+" is not allowed in a group, which holds only subcommands")
		placed = false
	case l == levelSubcommand && isContainer(o.Type):
		v.report(field("type"), rules.ApplicationCommandOptionsTypeInvalid,
			"type "+o.Type.String()+" is not allowed in a subcommand; nesting is one level deep")
		placed = false
	}

	n := v.text(field("name"), "name", o.Name, slashNameRule)
	v.duplicateOption(opts, j)
	v.size += v.localizations("name_localizations", "name", o.Name, n, o.NameLocalizations, slashNameRule, opts, j)
	n = v.text(field("description"), "description", o.Description, descriptionRule)
	v.size += v.localizations("description_localizations", "description", o.Description, n,
		o.DescriptionLocalizations, descriptionRule, nil, 0)

	if !known {
		// The fields an unknown type takes are unknown; they still count
		// toward the size.
		v.size += choicesSize(o.Choices) + optionsSize(o.Options)
		return
	}
	container := isContainer(o.Type)

	if o.Required {
		if container {
			v.report(field("required"), rules.ApplicationCommandFieldNotAllowed, "required is not allowed on "+o.Type.String()+" options")
		} else if k := firstOptional(opts[:j]); k >= 0 {
			v.report(field("required"), rules.ApplicationCommandOptionsRequiredInvalid,
				"required option must come before optional option "+strconv.Quote(opts[k].Name))
		}
	}

	v.choices(o)

	switch {
	case container && placed:
		next := levelSubcommand
		if o.Type == interaction.OptionSubCommandGroup {
			next = levelGroup
		}
		v.options(o.Options, next)
	case container:
		v.size += optionsSize(o.Options)
	case len(o.Options) > 0:
		v.report(field("options"), rules.ApplicationCommandFieldNotAllowed, "options are allowed only on SUB_COMMAND and SUB_COMMAND_GROUP options")
		v.size += optionsSize(o.Options)
	}

	if len(o.ChannelTypes) > 0 {
		if o.Type != interaction.OptionChannel {
			v.report(field("channel_types"), rules.ApplicationCommandFieldNotAllowed, "channel_types are allowed only on CHANNEL options")
		} else {
			for k, t := range o.ChannelTypes {
				if !t.IsKnown() {
					v.report(fieldElem("channel_types", k), rules.EnumTypeCoerce,
						"channel_types must hold channel types, has "+strconv.Itoa(int(t)))
				}
			}
		}
	}

	v.fileTypes(o)
	v.valueBounds(o)
	v.lengthBounds(o)

	if o.Autocomplete {
		switch {
		case !takesChoices(o.Type):
			v.report(field("autocomplete"), rules.ApplicationCommandFieldNotAllowed, "autocomplete is allowed only on STRING, INTEGER and NUMBER options")
		case len(o.Choices) > 0:
			v.report(field("autocomplete"), rules.ApplicationCommandAutocompleteWithChoices, "autocomplete must be false when choices are present")
		}
	}
}

// fileTypes checks file_types: only on ATTACHMENT options, at most
// filetype.MaxEntries, each a group or an extension with its dot.
func (v *validator) fileTypes(o *Option) {
	n := len(o.FileTypes)
	if n == 0 {
		return
	}
	if o.Type != interaction.OptionAttachment {
		v.report(field("file_types"), rules.ApplicationCommandFieldNotAllowed, "file_types are allowed only on ATTACHMENT options")
		return
	}
	if n > filetype.MaxEntries {
		v.report(field("file_types"), rules.BaseTypeMaxLength, commandwords.TooMany("file types", filetype.MaxEntries, n))
	}
	for k, t := range o.FileTypes[:min(n, filetype.MaxEntries)] {
		if !filetype.Valid(t) {
			v.report(fieldElem("file_types", k), rules.FileTypesInvalid,
				"file_types entry "+strconv.Itoa(k+1)+" must be "+filetype.Rule)
		}
	}
}

// firstOptional returns the index of the first plain option in opts that is
// not required, or -1.
func firstOptional(opts []Option) int {
	for k := range opts {
		if t := opts[k].Type; knownOptionType(t) && !isContainer(t) && !opts[k].Required {
			return k
		}
	}
	return -1
}

// duplicateOption reports opts[j] when an earlier option of the array has its
// name. An empty name is reported by its length alone.
func (v *validator) duplicateOption(opts []Option, j int) {
	name := opts[j].Name
	if name == "" {
		return
	}
	for k := range opts[:j] {
		if opts[k].Name == name {
			v.report(field("name"), rules.ApplicationCommandOptionsDuplicateName, "name "+strconv.Quote(name)+" is not unique at this level")
			return
		}
	}
}

// lengthBounds checks min_length and max_length.
func (v *validator) lengthBounds(o *Option) {
	if o.MinLength == nil && o.MaxLength == nil {
		return
	}
	if o.Type != interaction.OptionString {
		if o.MinLength != nil {
			v.report(field("min_length"), rules.ApplicationCommandFieldNotAllowed, "min_length is allowed only on STRING options")
		}
		if o.MaxLength != nil {
			v.report(field("max_length"), rules.ApplicationCommandFieldNotAllowed, "max_length is allowed only on STRING options")
		}
		return
	}
	minOK := v.lengthBound("min_length", o.MinLength, 0)
	maxOK := v.lengthBound("max_length", o.MaxLength, 1)
	if minOK && maxOK && o.MinLength != nil && o.MaxLength != nil && *o.MinLength > *o.MaxLength {
		v.report(field("min_length"), rules.ApplicationCommandOptionMinAboveMax, "min_length must not exceed max_length, is "+
			strconv.Itoa(*o.MinLength)+" > "+strconv.Itoa(*o.MaxLength))
	}
}

// lengthBound checks one of min_length and max_length, which must lie in
// lo-6000, and reports whether it is set and valid.
func (v *validator) lengthBound(name string, n *int, lo int) bool {
	if n == nil {
		return false
	}
	switch {
	case *n < lo:
		v.report(field(name), rules.NumberTypeMin, name+" must be "+strconv.Itoa(lo)+"-"+strconv.Itoa(maxStringLength)+
			", is "+strconv.Itoa(*n))
	case *n > maxStringLength:
		v.report(field(name), rules.NumberTypeMax, name+" must be "+strconv.Itoa(lo)+"-"+strconv.Itoa(maxStringLength)+
			", is "+strconv.Itoa(*n))
	default:
		return true
	}
	return false
}
