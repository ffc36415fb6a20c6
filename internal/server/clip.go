package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"unicode/utf8"
)

// Client input echoed in error messages and log lines is shortened: a
// request may carry a megabyte of URL or 64 KiB of body, and each
// refusal would otherwise write it to the log and send it back.

// maxEcho is the most of one client-given value an error message or a
// log line repeats.
const maxEcho = 200

// maxErrorMessage bounds a whole error message a client is told, whatever
// it holds (a net under maxEcho: the legal moves it lists are short).
const maxErrorMessage = 1024

// clip is s cut to maxEcho bytes, at a rune boundary, with "…" when
// something was cut.
func clip(s string) string { return clipTo(s, maxEcho) }

func clipTo(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// jsonProblem says what is wrong with a JSON body in the API's words,
// not encoding/json's, which name the server's Go types
// ("Go struct field createRequest.rules of type string").
func jsonProblem(err error) string {
	var typ *json.UnmarshalTypeError
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &typ) && typ.Field != "":
		return fmt.Sprintf("field %q must be %s", clip(typ.Field), jsonKind(typ.Type))
	case errors.As(err, &typ):
		return fmt.Sprintf("the body must be %s", jsonKind(typ.Type))
	case errors.As(err, &syn):
		return fmt.Sprintf("%s (at byte %d)", clip(syn.Error()), syn.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON ends too soon"
	}
	return clip(strings.TrimPrefix(err.Error(), "json: ")) // e.g. unknown field "x"
}

// jsonKind names the JSON value a Go type decodes from.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	switch t.Kind() {
	case reflect.Pointer:
		return jsonKind(t.Elem())
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "another type"
}
