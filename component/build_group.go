package component

// Radio returns a radio group: the user picks one of options, 2 to 10.
func Radio(customID string, options ...GroupOption) RadioGroup {
	return RadioGroup{CustomID: customID, Options: options}
}

// Checkboxes returns a checkbox group: the user ticks some of options, 1
// to 10; by default at least one, and up to all of them.
func Checkboxes(customID string, options ...GroupOption) CheckboxGroup {
	return CheckboxGroup{CustomID: customID, Options: options}
}

// CheckboxInput returns a checkbox: one box, unticked.
func CheckboxInput(customID string) Checkbox { return Checkbox{CustomID: customID} }

// Choice returns an option of a radio group or a checkbox group: label is
// shown, value is what the submission carries.
func Choice(label, value string) GroupOption { return GroupOption{Label: label, Value: value} }

// WithDescription returns o with a line of text under its label.
func (o GroupOption) WithDescription(d string) GroupOption {
	o.Description = d
	return o
}

// Preselect returns o picked, or ticked, when the modal opens. A radio
// group preselects one option at most.
func (o GroupOption) Preselect() GroupOption {
	o.Default = true
	return o
}

// Optional returns r that the modal can be submitted without a pick.
func (r RadioGroup) Optional() RadioGroup {
	r.Required = new(false)
	return r
}

// WithMinValues returns g requiring at least n options ticked; 0 needs
// Optional too.
func (g CheckboxGroup) WithMinValues(n int) CheckboxGroup {
	g.MinValues = &n
	return g
}

// WithMaxValues returns g allowing up to n options ticked.
func (g CheckboxGroup) WithMaxValues(n int) CheckboxGroup {
	g.MaxValues = &n
	return g
}

// Optional returns g that the modal can be submitted with nothing ticked.
func (g CheckboxGroup) Optional() CheckboxGroup {
	g.Required = new(false)
	return g
}

// Checked returns c ticked when the modal opens.
func (c Checkbox) Checked() Checkbox {
	c.Default = true
	return c
}
