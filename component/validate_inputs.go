package component

import (
	"strconv"

	"github.com/switchboard-go/switchboard/internal/filetype"
	"github.com/switchboard-go/switchboard/rules"
)

// The inputs of modals that only modals hold: the file upload, the radio
// group, the checkbox group and the checkbox (public documentation,
// Component Reference).

// requiredMin checks the rule that ties min_values to required, in the
// selects of a modal, file uploads and checkbox groups: while required is
// true or left out, min_values is left out or at least 1; 0 needs
// required false. A negative min_values is reported by its bounds.
func (v *validator) requiredMin(required *bool, minV *int) {
	if minV == nil || *minV != 0 || required != nil && !*required {
		return
	}
	state := "true"
	if required == nil {
		state = "left out (true)"
	}
	v.report(field("min_values"), rules.NumberTypeMin, "min_values must be at least 1 while required is "+state+
		"; 0 needs required false")
}

func (v *validator) fileUpload(u FileUpload) {
	v.customID(u.CustomID)
	v.valueBounds(u.MinValues, u.MaxValues, maxUploadValues, 1)
	v.requiredMin(u.Required, u.MinValues)
	v.fileTypes(u.FileTypes)
}

// fileTypes checks the file_types of a file upload: at most
// filetype.MaxEntries, each a group or an extension with its dot.
func (v *validator) fileTypes(types []string) {
	n := len(types)
	if n > filetype.MaxEntries {
		v.report(field("file_types"), rules.BaseTypeBadLength, "file_types holds at most "+strconv.Itoa(filetype.MaxEntries)+
			" entries, has "+strconv.Itoa(n)+onlyFirst(n, filetype.MaxEntries))
	}
	for i, t := range types[:min(n, filetype.MaxEntries)] {
		if !filetype.Valid(t) {
			v.report(elem("file_types", i), rules.FileTypesInvalid, "entry "+strconv.Itoa(i+1)+
				" of file_types must be "+filetype.Rule)
		}
	}
}

func (v *validator) radioGroup(r RadioGroup) {
	v.customID(r.CustomID)
	n := len(r.Options)
	if n < minRadioOptions || n > maxGroupOptions {
		v.report(field("options"), rules.BaseTypeBadLength, "a radio group has "+strconv.Itoa(minRadioOptions)+" to "+
			strconv.Itoa(maxGroupOptions)+" options, has "+strconv.Itoa(n)+onlyFirst(n, maxGroupOptions))
	}
	// The documentation does not say what a radio group does with several
	// options marked default; the client shows one option picked, so
	// more are refused as they are in a select of one choice.
	if defaults := v.groupOptions(r.Options); defaults > 1 {
		v.report(field("options"), rules.SelectComponentTooManyDefaultValues, strconv.Itoa(defaults)+
			" options are preselected; a radio group picks one at most")
	}
}

func (v *validator) checkboxGroup(g CheckboxGroup) {
	v.customID(g.CustomID)
	n := len(g.Options)
	// max_values defaults to the number of options, which is within its
	// own bounds even when the list is not.
	hi := v.valueBounds(g.MinValues, g.MaxValues, maxGroupValues, min(max(n, 1), maxGroupValues))
	v.requiredMin(g.Required, g.MinValues)
	if n < 1 || n > maxGroupOptions {
		v.report(field("options"), rules.BaseTypeBadLength, "a checkbox group has 1 to "+strconv.Itoa(maxGroupOptions)+
			" options, has "+strconv.Itoa(n)+onlyFirst(n, maxGroupOptions))
	} else if hi > n {
		v.report(field("options"), rules.BaseTypeMinLength, "a checkbox group that lets a user tick "+strconv.Itoa(hi)+
			" options needs at least "+strconv.Itoa(hi)+", has "+strconv.Itoa(n))
	}
	// As a select does, a checkbox group preselects no more options than
	// it lets a user tick (the documentation is silent).
	if defaults := v.groupOptions(g.Options); hi >= 0 && defaults > hi {
		v.report(field("options"), rules.SelectComponentTooManyDefaultValues, strconv.Itoa(defaults)+
			" options are preselected, more than max_values ("+strconv.Itoa(hi)+defaultNote(g.MaxValues)+")")
	}
}

// groupOptions checks the options of a radio or checkbox group, the first
// maxGroupOptions of them, and returns how many are preselected.
//
// The documentation does not say that the values of a group's options are
// unique. A submission carries only values, so two options of one value
// could not be told apart: they are refused, as a select's are.
func (v *validator) groupOptions(opts []GroupOption) int {
	opts = opts[:min(len(opts), maxGroupOptions)]
	defaults := 0
	for i, o := range opts {
		v.elemText("options", i, "value", "option", o.Value, 1, maxOptionText)
		v.elemText("options", i, "label", "option", o.Label, 1, maxOptionText)
		v.elemText("options", i, "description", "option", o.Description, 0, maxOptionText)
		for j := range i {
			if opts[j].Value == o.Value {
				v.report(elemField("options", i, "value"), rules.SelectComponentOptionValueDuplicated,
					"option "+strconv.Itoa(i+1)+" has the value of option "+strconv.Itoa(j+1)+"; values must be unique")
				break
			}
		}
		if o.Default {
			defaults++
		}
	}
	return defaults
}

func (v *validator) checkbox(c Checkbox) {
	v.customID(c.CustomID)
	if c.required {
		v.report(field("required"), rules.ComponentFieldNotAllowed, "a checkbox has no required field; "+
			"a box that must be ticked is a checkbox group of one option")
	}
}
