package option_test

import (
	"errors"
	"fmt"

	"github.com/switchboard-go/switchboard/interaction/interactiontest"
	"github.com/switchboard-go/switchboard/option"
)

// Bind reports an option that does not fit its field as a *BindError naming
// the field; it matches the option's *Error kind with errors.Is.
func ExampleStruct_Bind() {
	type RemindOptions struct {
		Minutes int64   `option:"minutes" description:"In how many minutes" min:"1" max:"1440"`
		Text    string  `option:"text" description:"What to remind you of"`
		Repeat  *bool   `option:"repeat" description:"Every day at that time"`
		Weight  float64 `option:"weight,optional" description:"How much it matters"`
	}
	st, err := option.NewStruct[RemindOptions]()
	if err != nil {
		panic(err)
	}

	ok := interactiontest.Command("remind").Int("minutes", 30).String("text", "stand up").Interaction()
	var opts RemindOptions
	fmt.Println(st.Bind(option.Of(ok), &opts), opts.Minutes, opts.Text, opts.Repeat == nil)

	missing := interactiontest.Command("remind").Int("minutes", 30).Interaction()
	err = st.Bind(option.Of(missing), &opts)
	var be *option.BindError
	fmt.Println(errors.As(err, &be), be.Field, errors.Is(err, option.ErrMissing))
	fmt.Println(err)

	mistyped := interactiontest.Command("remind").
		Float("minutes", 2.5).String("text", "x").Interaction()
	err = st.Bind(option.Of(mistyped), &opts)
	fmt.Println(errors.Is(err, option.ErrType), errors.Is(err, option.ErrRange))
	fmt.Println(err)

	// Output:
	// <nil> 30 stand up true
	// true Text true
	// field Text: option "text": missing
	// true false
	// field Minutes: option "minutes": is NUMBER, not INTEGER
}
