package emulator

import (
	"fmt"
	"math"
	"mime"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/switchboard-go/switchboard/command"
	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/filetype"
)

// input is what the client checks and turns into the options of an
// interaction: the invocation, where it happens, and the resolved data it
// gathers.
type input struct {
	s        *Server
	g        *guild // nil in the bot's direct messages
	ch       *interaction.Channel
	invoker  interaction.Snowflake
	locale   interaction.Locale // the user's, for the names in messages
	focused  string
	complete bool // an autocomplete request
	resolved *wireResolved
	// focusedDef is the definition of the focused option, whose type the
	// suggestions must have.
	focusedDef *command.Option
}

func invalid(format string, args ...any) *InvocationError {
	return refuse(ErrInvalidInput, fmt.Sprintf(format, args...))
}

// options follows the path to the subcommand (inside its group) and turns
// the arguments into the options the client sends: nested under the
// subcommand group and the subcommand, as the service nests them.
func (in *input) options(cmd *command.Command, path []string, args []Arg) ([]wireOption, *InvocationError) {
	defs := cmd.Options
	hasSubs := slices.ContainsFunc(defs, func(o command.Option) bool {
		return o.Type == interaction.OptionSubCommand || o.Type == interaction.OptionSubCommandGroup
	})
	if !hasSubs {
		if len(path) > 0 {
			return nil, invalid("command %q has no subcommand %q", cmd.Name, path[0])
		}
		return in.leaf(defs, args)
	}
	if len(path) == 0 {
		return nil, invalid("command %q has subcommands and cannot be invoked by itself", cmd.Name)
	}
	first := findOption(defs, path[0])
	if first == nil || (first.Type != interaction.OptionSubCommand && first.Type != interaction.OptionSubCommandGroup) {
		return nil, invalid("command %q has no subcommand or group %q", cmd.Name, path[0])
	}
	if first.Type == interaction.OptionSubCommand {
		if len(path) > 1 {
			return nil, invalid("subcommand %q has no subcommand %q", first.Name, path[1])
		}
		leaf, err := in.leaf(first.Options, args)
		if err != nil {
			return nil, err
		}
		return []wireOption{{Name: first.Name, Type: first.Type, Options: leaf}}, nil
	}
	if len(path) != 2 {
		return nil, invalid("subcommand group %q needs one of its subcommands", first.Name)
	}
	sub := findOption(first.Options, path[1])
	if sub == nil || sub.Type != interaction.OptionSubCommand {
		return nil, invalid("subcommand group %q has no subcommand %q", first.Name, path[1])
	}
	leaf, err := in.leaf(sub.Options, args)
	if err != nil {
		return nil, err
	}
	return []wireOption{{Name: first.Name, Type: first.Type, Options: []wireOption{{Name: sub.Name, Type: sub.Type, Options: leaf}}}}, nil
}

func findOption(defs []command.Option, name string) *command.Option {
	for i := range defs {
		if defs[i].Name == name {
			return &defs[i]
		}
	}
	return nil
}

// leaf checks the values given to a command or subcommand.
func (in *input) leaf(defs []command.Option, args []Arg) ([]wireOption, *InvocationError) {
	out := make([]wireOption, 0, len(args))
	given := map[string]bool{}
	for _, a := range args {
		def := findOption(defs, a.Name)
		if def == nil || def.Type == interaction.OptionSubCommand || def.Type == interaction.OptionSubCommandGroup {
			return nil, invalid("no option %q", a.Name)
		}
		if given[a.Name] {
			return nil, invalid("option %q given twice", a.Name)
		}
		given[a.Name] = true
		if in.complete && a.Name == in.focused {
			v, err := in.partial(def, a.Value)
			if err != nil {
				return nil, err
			}
			out = append(out, wireOption{Name: def.Name, Type: def.Type, Value: v, Focused: true})
			continue
		}
		v, err := in.value(def, a.Value)
		if err != nil {
			return nil, err
		}
		out = append(out, wireOption{Name: def.Name, Type: def.Type, Value: v})
	}
	if in.complete {
		// Otherwise-required options may be absent while the user types.
		if in.focusedDef == nil {
			return nil, invalid("the focused option %q is not among the options given", in.focused)
		}
		return out, nil
	}
	for _, d := range defs {
		if d.Required && !given[d.Name] {
			return nil, invalid("required option %q is missing", in.name(&d))
		}
	}
	return out, nil
}

// partial is the focused option's input as the client sends it: a string
// whatever the type. The client lets only numbers through for numeric
// options.
func (in *input) partial(def *command.Option, v any) (interaction.Value, *InvocationError) {
	if !def.Autocomplete {
		return interaction.Value{}, invalid("option %q has no autocomplete", in.name(def))
	}
	in.focusedDef = def
	text := fmt.Sprint(v)
	if text != "" {
		switch def.Type {
		case interaction.OptionInteger:
			if _, err := strconv.ParseInt(text, 10, 64); err != nil {
				return interaction.Value{}, invalid("option %q: %q is not an integer", in.name(def), text)
			}
		case interaction.OptionNumber:
			if f, err := strconv.ParseFloat(text, 64); err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return interaction.Value{}, invalid("option %q: %q is not a number", in.name(def), text)
			}
		}
	}
	return interaction.StringValue(text), nil
}

// channelTypeNames lists channel types, as in "GUILD_TEXT or GUILD_ANNOUNCEMENT".
func channelTypeNames(ts []interaction.ChannelType) string {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.String()
	}
	return strings.Join(names, " or ")
}

// name is an option's name as the user sees it, in their language: what
// the client's messages about the option say.
func (in *input) name(def *command.Option) string {
	return in.locale.Localized(def.NameLocalizations, def.Name)
}

// choiceNames lists the choices of an option as the client shows them.
func (in *input) choiceNames(def *command.Option) string {
	names := make([]string, len(def.Choices))
	for i, c := range def.Choices {
		names[i] = in.locale.Localized(c.NameLocalizations, c.Name)
	}
	return strings.Join(names, ", ")
}

// Bounds of the numeric option types.
const (
	maxInteger = 1<<53 - 1
	maxNumber  = 1 << 53
)

// value checks a value against its option and gives its JSON form, adding
// what it refers to to the resolved data.
func (in *input) value(def *command.Option, v any) (interaction.Value, *InvocationError) {
	switch def.Type {
	case interaction.OptionString:
		s, ok := v.(string)
		if !ok {
			return interaction.Value{}, invalid("option %q takes a string, not %T", in.name(def), v)
		}
		if s == "" {
			// The client takes an empty field for an option not given.
			return interaction.Value{}, invalid("option %q is empty; leave it out, or give it a value", in.name(def))
		}
		n := utf8.RuneCountInString(s)
		if def.MinLength != nil && n < *def.MinLength {
			return interaction.Value{}, invalid("option %q: %d characters, fewer than %d", in.name(def), n, *def.MinLength)
		}
		if def.MaxLength != nil && n > *def.MaxLength {
			return interaction.Value{}, invalid("option %q: %d characters, more than %d", in.name(def), n, *def.MaxLength)
		}
		if len(def.Choices) > 0 && !slices.ContainsFunc(def.Choices, func(c interaction.Choice) bool { cs, ok := c.Value.Str(); return ok && cs == s }) {
			return interaction.Value{}, invalid("option %q: %q is not one of its choices (%s)", in.name(def), s, in.choiceNames(def))
		}
		return interaction.StringValue(s), nil
	case interaction.OptionInteger, interaction.OptionNumber:
		return in.number(def, v)
	case interaction.OptionBoolean:
		b, ok := v.(bool)
		if !ok {
			return interaction.Value{}, invalid("option %q takes a boolean, not %T", in.name(def), v)
		}
		return interaction.BoolValue(b), nil
	case interaction.OptionUser, interaction.OptionChannel, interaction.OptionRole, interaction.OptionMentionable:
		return in.mention(def, v)
	case interaction.OptionAttachment:
		return in.attachment(def, v)
	}
	return interaction.Value{}, invalid("option %q has type %v, which takes no value", in.name(def), def.Type)
}

func (in *input) number(def *command.Option, v any) (interaction.Value, *InvocationError) {
	var f float64
	isInt := false
	var i int64
	switch x := v.(type) {
	case int:
		i, f, isInt = int64(x), float64(x), true
	case int64:
		i, f, isInt = x, float64(x), true
	case float64:
		f = x
	default:
		return interaction.Value{}, invalid("option %q takes a number, not %T", in.name(def), v)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return interaction.Value{}, invalid("option %q: %v is not a number", in.name(def), f)
	}
	var out interaction.Value
	if def.Type == interaction.OptionInteger {
		if !isInt {
			if f != math.Trunc(f) {
				return interaction.Value{}, invalid("option %q takes an integer, not %v", in.name(def), f)
			}
			i = int64(f)
		}
		if i > maxInteger || i < -maxInteger {
			return interaction.Value{}, invalid("option %q: %d is beyond ±(2^53−1)", in.name(def), i)
		}
		out = interaction.IntValue(i)
	} else {
		if f > maxNumber || f < -maxNumber {
			return interaction.Value{}, invalid("option %q: %v is beyond ±2^53", in.name(def), f)
		}
		out = interaction.FloatValue(f)
	}
	if lo, ok := def.MinValue.Float(); ok && f < lo {
		return interaction.Value{}, invalid("option %q: %v is below the minimum %v", in.name(def), f, lo)
	}
	if hi, ok := def.MaxValue.Float(); ok && f > hi {
		return interaction.Value{}, invalid("option %q: %v is above the maximum %v", in.name(def), f, hi)
	}
	if len(def.Choices) > 0 && !slices.ContainsFunc(def.Choices, func(c interaction.Choice) bool { cf, ok := c.Value.Float(); return ok && cf == f }) {
		return interaction.Value{}, invalid("option %q: %v is not one of its choices (%s)", in.name(def), f, in.choiceNames(def))
	}
	return out, nil
}

// id reads an id given as a Snowflake, a string of digits, or a number.
func id(v any) (interaction.Snowflake, bool) {
	switch x := v.(type) {
	case interaction.Snowflake:
		return x, x != 0
	case string:
		s, err := interaction.ParseSnowflake(x)
		return s, err == nil && s != 0
	case uint64:
		return interaction.Snowflake(x), x != 0
	}
	return 0, false
}

// mention resolves a user, channel, role or mentionable. The client offers
// only what exists where the command is used: members and users it knows,
// the guild's channels of the allowed types, the guild's roles.
func (in *input) mention(def *command.Option, v any) (interaction.Value, *InvocationError) {
	target, ok := id(v)
	if !ok {
		return interaction.Value{}, invalid("option %q takes an id, not %v", in.name(def), v)
	}
	st := in.s.st
	wantUser := def.Type == interaction.OptionUser || def.Type == interaction.OptionMentionable
	wantRole := def.Type == interaction.OptionRole || def.Type == interaction.OptionMentionable
	switch {
	case wantUser && st.users[target] != nil:
		in.addUser(st.users[target])
	case wantRole && in.g != nil && in.g.roles[target] != nil:
		in.addRole(in.g.roles[target])
	case def.Type == interaction.OptionChannel && in.g != nil && in.g.channels[target] != nil:
		c := in.g.channels[target]
		if len(def.ChannelTypes) > 0 && !slices.Contains(def.ChannelTypes, c.Type) {
			return interaction.Value{}, invalid("option %q: #%s is a %v channel; it takes %s", in.name(def), c.Name, c.Type, channelTypeNames(def.ChannelTypes))
		}
		in.addChannel(c)
	default:
		return interaction.Value{}, invalid("option %q: %v is no %v the client offers here", in.name(def), target, def.Type)
	}
	return interaction.StringValue(target.String()), nil
}

// addUser adds u to the resolved data, with their membership of the
// guild, if any.
func (in *input) addUser(u *interaction.User) {
	r := in.resolved
	if r.Users == nil {
		r.Users = map[interaction.Snowflake]wireUser{}
	}
	r.Users[u.ID] = userJSON(u)
	if in.g == nil {
		return
	}
	if m := in.g.members[u.ID]; m != nil {
		if r.Members == nil {
			r.Members = map[interaction.Snowflake]wireMember{}
		}
		r.Members[u.ID] = memberJSON(m, channelPermissions(in.g, u.ID, in.ch), false)
	}
}

// addRole adds a role of the guild to the resolved data.
func (in *input) addRole(role *interaction.Role) {
	r := in.resolved
	if r.Roles == nil {
		r.Roles = map[interaction.Snowflake]wireRole{}
	}
	r.Roles[role.ID] = roleJSON(role)
}

// addChannel adds a channel of the guild to the resolved data, with the
// invoker's permissions in it and the bot's.
func (in *input) addChannel(c *interaction.Channel) {
	r := in.resolved
	if r.Channels == nil {
		r.Channels = map[interaction.Snowflake]wireChannel{}
	}
	w := channelJSON(c)
	w.Permissions = channelPermissions(in.g, in.invoker, c)
	w.AppPermissions = channelPermissions(in.g, in.s.st.app.botUser, c)
	r.Channels[c.ID] = w
}

// attachment resolves an uploaded file, giving it an id and URLs when the
// caller left them out. The client refuses files over the upload limit,
// and offers only the files whose name the option's file_types allows: it
// checks the end of the name, in any case, never the contents.
func (in *input) attachment(def *command.Option, v any) (interaction.Value, *InvocationError) {
	var a interaction.Attachment
	switch x := v.(type) {
	case interaction.Attachment:
		a = x
	case *interaction.Attachment:
		a = *x
	default:
		return interaction.Value{}, invalid("option %q takes an interaction.Attachment, not %T", in.name(def), v)
	}
	if a.Filename != "" && !filetype.Allows(def.FileTypes, a.Filename) {
		return interaction.Value{}, invalid("option %q: %s is not a file it takes (%s)", in.name(def), a.Filename,
			filetype.List(def.FileTypes))
	}
	a, err := in.uploadedFile("option "+strconv.Quote(in.name(def)), a)
	if err != nil {
		return interaction.Value{}, err
	}
	return interaction.StringValue(a.ID.String()), nil
}

// uploadedFile checks a file a user uploads with an interaction as the
// client does (a name, a size within the upload limit, one file per id),
// gives it an id, URLs and a content_type where the caller left them out,
// and adds it to the resolved data. Such files are ephemeral until a
// message uses them.
// where names the option or input, for errors.
func (in *input) uploadedFile(where string, a interaction.Attachment) (interaction.Attachment, *InvocationError) {
	switch {
	case a.Filename == "":
		return a, invalid("%s: the file has no name", where)
	case a.Size < 0:
		return a, invalid("%s: %s has a negative size", where, a.Filename)
	case a.Size > in.s.st.limits.Upload:
		return a, invalid("%s: %s has %d bytes, over the %d-byte upload limit", where, a.Filename, a.Size, in.s.st.limits.Upload)
	}
	if a.ID == 0 {
		a.ID = in.s.st.newID()
	}
	if _, dup := in.resolved.Attachments[a.ID]; dup {
		return a, invalid("%s: two files have the id %s", where, a.ID)
	}
	if a.ContentType == "" {
		// The service reads the type of the file uploaded; its name's
		// extension is what the emulator has to go on.
		a.ContentType = mime.TypeByExtension(path.Ext(a.Filename))
	}
	at := "/ephemeral-attachments/" + in.ch.ID.String() + "/" + a.ID.String() + "/" + url.PathEscape(a.Filename)
	if a.URL == "" {
		a.URL = "https://cdn.emulator.invalid" + at
	}
	if a.ProxyURL == "" {
		a.ProxyURL = "https://media.emulator.invalid" + at
	}
	if a.ContentType == "" {
		// The client uploads the file with its type, which the
		// attachment carries.
		a.ContentType = contentTypeOf(a.Filename, nil)
	}
	a.Ephemeral = true
	if in.resolved.Attachments == nil {
		in.resolved.Attachments = map[interaction.Snowflake]interaction.Attachment{}
	}
	in.resolved.Attachments[a.ID] = a
	return a, nil
}
