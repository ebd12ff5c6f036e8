package command

import (
	"math"
	"strconv"

	"github.com/switchboard-go/switchboard/interaction"
	"github.com/switchboard-go/switchboard/internal/commandwords"
	"github.com/switchboard-go/switchboard/rules"
)

// Bounds of the service's numbers: INTEGER values are whole numbers in
// ±(2^53−1), the integers a double holds exactly; NUMBER values are doubles
// in ±2^53.
const (
	maxInteger = 1<<53 - 1
	maxNumber  = 1 << 53
)

// choices checks the choices of o.
func (v *validator) choices(o *Option) {
	if len(o.Choices) == 0 {
		return
	}
	if !takesChoices(o.Type) {
		v.report(field("choices"), rules.ApplicationCommandFieldNotAllowed, "choices are allowed only on STRING, INTEGER and NUMBER options")
		v.size += choicesSize(o.Choices)
		return
	}
	if len(o.Choices) > maxChoices {
		v.report(field("choices"), rules.BaseTypeMaxLength, commandwords.TooMany("choices", maxChoices, len(o.Choices)))
	}
	for k := range o.Choices {
		ch := &o.Choices[k]
		v.push(step{field: "choices", index: k, kind: "choice", name: ch.Name})
		n := v.text(field("name"), "name", ch.Name, choiceNameRule)
		v.size += v.localizations("name_localizations", "name", ch.Name, n, ch.NameLocalizations, choiceNameRule, nil, 0) +
			valueSize(ch.Value)
		if o.Type == interaction.OptionString {
			if s, ok := ch.Value.Str(); ok {
				v.text(field("value"), "value", s, choiceValueRule)
			} else {
				v.report(field("value"), rules.BaseTypeString, "value must be a string for STRING options, is "+describe(ch.Value))
			}
		} else {
			v.number(field("value"), "value", ch.Value, o.Type)
		}
		v.pop()
	}
}

// valueBounds checks min_value and max_value.
func (v *validator) valueBounds(o *Option) {
	hasMin, hasMax := !o.MinValue.IsZero(), !o.MaxValue.IsZero()
	if !hasMin && !hasMax {
		return
	}
	if o.Type != interaction.OptionInteger && o.Type != interaction.OptionNumber {
		if hasMin {
			v.report(field("min_value"), rules.ApplicationCommandFieldNotAllowed, "min_value is allowed only on INTEGER and NUMBER options")
		}
		if hasMax {
			v.report(field("max_value"), rules.ApplicationCommandFieldNotAllowed, "max_value is allowed only on INTEGER and NUMBER options")
		}
		return
	}
	minOK := hasMin && v.number(field("min_value"), "min_value", o.MinValue, o.Type)
	maxOK := hasMax && v.number(field("max_value"), "max_value", o.MaxValue, o.Type)
	if minOK && maxOK && greater(o.MinValue, o.MaxValue) {
		v.report(field("min_value"), rules.ApplicationCommandOptionMinAboveMax, "min_value must not exceed max_value, is "+
			o.MinValue.Text()+" > "+o.MaxValue.Text())
	}
}

// number checks val, a value of an INTEGER or NUMBER option, and reports
// whether it is valid.
func (v *validator) number(a at, label string, val interaction.Value, t interaction.OptionType) bool {
	integer := t == interaction.OptionInteger
	limit := int64(maxNumber)
	if integer {
		limit = maxInteger
	}
	f, isNumber := val.Float()
	if !isNumber || math.IsNaN(f) {
		want := "a number"
		if integer {
			want = "an integer"
		}
		v.report(a, rules.NumberTypeCoerce, label+" must be "+want+" for "+t.String()+" options, is "+describe(val))
		return false
	}
	var above, below bool
	if i, ok := val.Int(); ok {
		above, below = i > limit, i < -limit
	} else {
		// Whole numbers beyond int64 and the infinities land here too.
		above, below = f > float64(limit), f < -float64(limit)
	}
	switch {
	case above:
		v.report(a, rules.NumberTypeMax, label+" must be at most "+strconv.FormatInt(limit, 10)+" for "+t.String()+
			" options, is "+val.Text())
	case below:
		v.report(a, rules.NumberTypeMin, label+" must be at least "+strconv.FormatInt(-limit, 10)+" for "+t.String()+
			" options, is "+val.Text())
	case integer && f != math.Trunc(f):
		v.report(a, rules.NumberTypeCoerce, label+" must be a whole number for INTEGER options, is "+val.Text())
	default:
		return true
	}
	return false
}

// greater reports whether a > b for two valid numbers, exactly when both
// are integers.
func greater(a, b interaction.Value) bool {
	if i, ok := a.Int(); ok {
		if j, ok := b.Int(); ok {
			return i > j
		}
	}
	f, _ := a.Float()
	g, _ := b.Float()
	return f > g
}

// describe names the kind of a value that has the wrong one.
func describe(val interaction.Value) string {
	switch val.Kind() {
	case interaction.KindString:
		return "a string"
	case interaction.KindNumber:
		if f, _ := val.Float(); math.IsNaN(f) {
			return "NaN"
		}
		return "a number"
	case interaction.KindBool:
		return "a boolean"
	}
	return "null"
}
