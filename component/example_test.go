package component_test

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/switchboard-go/switchboard/component"
	"github.com/switchboard-go/switchboard/interaction"
)

// show prints v as indented JSON.
func show(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		fmt.Println(err)
		return
	}
	var out bytes.Buffer
	if err := json.Indent(&out, b, "", "  "); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out.String())
}

// A reply with a row of buttons: a press of Yes or No sends an interaction
// with the button's custom_id; the link button opens a page.
func ExampleRow() {
	r := interaction.Reply("Ship it?").WithComponents(
		component.Row(
			component.SuccessButton("poll:1:yes", "Yes").WithEmoji(component.Emoji("👍")),
			component.DangerButton("poll:1:no", "No"),
			component.LinkButton("https://example.com/poll/1", "Details"),
		),
	)
	show(r)
	// Output:
	// {
	//   "type": 4,
	//   "data": {
	//     "content": "Ship it?",
	//     "components": [
	//       {
	//         "type": 1,
	//         "components": [
	//           {
	//             "type": 2,
	//             "style": 3,
	//             "label": "Yes",
	//             "emoji": {
	//               "name": "👍"
	//             },
	//             "custom_id": "poll:1:yes"
	//           },
	//           {
	//             "type": 2,
	//             "style": 4,
	//             "label": "No",
	//             "custom_id": "poll:1:no"
	//           },
	//           {
	//             "type": 2,
	//             "style": 5,
	//             "label": "Details",
	//             "url": "https://example.com/poll/1"
	//           }
	//         ]
	//       }
	//     ]
	//   }
	// }
}

// A select of up to two options, one of them chosen when the message
// appears.
func ExampleSelect() {
	s := component.Select("pizza:toppings",
		component.Option("Cheese", "cheese").Preselect(),
		component.Option("Olives", "olives").WithDescription("Black ones"),
		component.Option("Basil", "basil").WithEmoji(component.Emoji("🌿")),
	).WithPlaceholder("Toppings").WithMinValues(0).WithMaxValues(2)
	show(component.Row(s))
	// Output:
	// {
	//   "type": 1,
	//   "components": [
	//     {
	//       "type": 3,
	//       "custom_id": "pizza:toppings",
	//       "options": [
	//         {
	//           "label": "Cheese",
	//           "value": "cheese",
	//           "default": true
	//         },
	//         {
	//           "label": "Olives",
	//           "value": "olives",
	//           "description": "Black ones"
	//         },
	//         {
	//           "label": "Basil",
	//           "value": "basil",
	//           "emoji": {
	//             "name": "🌿"
	//           }
	//         }
	//       ],
	//       "placeholder": "Toppings",
	//       "min_values": 0,
	//       "max_values": 2
	//     }
	//   ]
	// }
}

// A modal answering a command: two labelled inputs, the second optional.
func ExampleModal() {
	m := component.Modal("report:42", "Report a bug",
		component.Labeled("Title", component.ShortInput("title").WithLength(5, 80)),
		component.Labeled("What happened", component.ParagraphInput("body").Optional()).
			WithDescription("Steps, if you know them"),
	)
	if err := component.ValidateModal(m).Err(); err != nil {
		fmt.Println(err)
		return
	}
	show(interaction.ShowModal(m))
	// Output:
	// {
	//   "type": 9,
	//   "data": {
	//     "custom_id": "report:42",
	//     "title": "Report a bug",
	//     "components": [
	//       {
	//         "type": 18,
	//         "label": "Title",
	//         "component": {
	//           "type": 4,
	//           "custom_id": "title",
	//           "style": 1,
	//           "min_length": 5,
	//           "max_length": 80
	//         }
	//       },
	//       {
	//         "type": 18,
	//         "label": "What happened",
	//         "description": "Steps, if you know them",
	//         "component": {
	//           "type": 4,
	//           "custom_id": "body",
	//           "style": 2,
	//           "required": false
	//         }
	//       }
	//     ]
	//   }
	// }
}

// A message laid out with components: a box holding a text beside a
// button, and a divider.
func ExampleLayout() {
	m := component.Layout(
		component.Box(
			component.Text("## Release 1.4"),
			component.Beside(component.PrimaryButton("release:1.4:notes", "Notes"), "Out today."),
			component.Divider(),
		).WithAccentColor(0x5865F2),
	)
	show(m)
	// Output:
	// {
	//   "flags": 32768,
	//   "components": [
	//     {
	//       "type": 17,
	//       "components": [
	//         {
	//           "type": 10,
	//           "content": "## Release 1.4"
	//         },
	//         {
	//           "type": 9,
	//           "components": [
	//             {
	//               "type": 10,
	//               "content": "Out today."
	//             }
	//           ],
	//           "accessory": {
	//             "type": 2,
	//             "style": 1,
	//             "label": "Notes",
	//             "custom_id": "release:1.4:notes"
	//           }
	//         },
	//         {
	//           "type": 14
	//         }
	//       ],
	//       "accent_color": 5793266
	//     }
	//   ]
	// }
}

// Finding the button a click names in the message it came with, whose
// components arrive as raw JSON.
func ExampleFind() {
	var msg interaction.Message
	body := `{"id":"1","channel_id":"2","components":[{"type":1,"components":[` +
		`{"type":2,"style":3,"label":"Yes","custom_id":"poll:1:yes"},` +
		`{"type":2,"style":4,"label":"No","custom_id":"poll:1:no"}]}]}`
	if err := json.Unmarshal([]byte(body), &msg); err != nil {
		fmt.Println(err)
		return
	}
	c, path, ok := component.Find(msg.Components, "poll:1:no")
	fmt.Println(ok, path, c.(component.Button).Label)
	// Output:
	// true /components/0/components/1 No
}

// A modal of the inputs that pick among options: a radio group with one
// option preselected, a checkbox group of up to two days, and a checkbox.
func ExampleRadio() {
	m := component.Modal("signup", "Sign up",
		component.Labeled("Class", component.Radio("class",
			component.Choice("Warrior", "warrior").Preselect(),
			component.Choice("Bard", "bard").WithDescription("Sings"),
		)),
		component.Labeled("Free on", component.Checkboxes("days",
			component.Choice("Monday", "mon"),
			component.Choice("Tuesday", "tue"),
			component.Choice("Friday", "fri"),
		).WithMaxValues(2).Optional()),
		component.Labeled("Send me news", component.CheckboxInput("news").Checked()),
	)
	if err := component.ValidateModal(m).Err(); err != nil {
		fmt.Println(err)
		return
	}
	show(m.Components[0])
	show(m.Components[1])
	show(m.Components[2])
	// Output:
	// {
	//   "type": 18,
	//   "label": "Class",
	//   "component": {
	//     "type": 21,
	//     "custom_id": "class",
	//     "options": [
	//       {
	//         "value": "warrior",
	//         "label": "Warrior",
	//         "default": true
	//       },
	//       {
	//         "value": "bard",
	//         "label": "Bard",
	//         "description": "Sings"
	//       }
	//     ]
	//   }
	// }
	// {
	//   "type": 18,
	//   "label": "Free on",
	//   "component": {
	//     "type": 22,
	//     "custom_id": "days",
	//     "options": [
	//       {
	//         "value": "mon",
	//         "label": "Monday"
	//       },
	//       {
	//         "value": "tue",
	//         "label": "Tuesday"
	//       },
	//       {
	//         "value": "fri",
	//         "label": "Friday"
	//       }
	//     ],
	//     "max_values": 2,
	//     "required": false
	//   }
	// }
	// {
	//   "type": 18,
	//   "label": "Send me news",
	//   "component": {
	//     "type": 23,
	//     "custom_id": "news",
	//     "default": true
	//   }
	// }
}

// A file upload that offers images and PDFs only, and the violation of a
// file type written without its dot.
func ExampleFileUpload_WithFileTypes() {
	u := component.Upload("proof").WithFileTypes("image", ".pdf").WithMaxValues(3)
	show(u)
	bad := component.Modal("report", "Report", component.Labeled("Proof", u.WithFileTypes("txt")))
	fmt.Println(component.ValidateModal(bad))
	// Output:
	// {
	//   "type": 19,
	//   "custom_id": "proof",
	//   "max_values": 3,
	//   "file_types": [
	//     "image",
	//     ".pdf"
	//   ]
	// }
	// label "Proof" › file upload "proof": entry 3 of file_types must be a group (image, video, audio) or an extension with its leading dot, such as .pdf
}

// The components of a message as the service keeps them, each with its
// id: the bot's, where it gave one, and the next free number otherwise.
func ExampleNumbered() {
	cs, err := component.Numbered([]interaction.Component{
		component.Row(component.Button{ID: 1, Style: component.ButtonPrimary, CustomID: "yes", Label: "Yes"},
			component.DangerButton("no", "No")),
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for p, c := range component.Walk(cs) {
		id, _ := component.NumericID(c)
		fmt.Println(p, c.ComponentType(), id)
	}
	// Output:
	// /components/0 ACTION_ROW 2
	// /components/0/components/0 BUTTON 1
	// /components/0/components/1 BUTTON 3
}
