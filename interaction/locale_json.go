package interaction

// UnmarshalJSON reads a locale from a JSON string, or null. The service's
// own locales become their constants, so that decoding them copies nothing.
func (l *Locale) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*l = ""
		return nil
	}
	text, ok := quotedText(b)
	if !ok {
		return errLocale
	}
	if known, ok := knownLocale(text); ok {
		*l = known
		return nil
	}
	// text may be the decoder's buffer, which it reuses.
	*l = Locale(text)
	return nil
}

// errLocale is the error of a locale in a body, which it never quotes.
const errLocale = wireError("expected a string")
