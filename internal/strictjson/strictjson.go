// Package strictjson is the one strict JSON reader of the engine's files
// and requests: a document is one JSON value of the target's shape and
// nothing more.
//
// encoding/json alone is loose in four ways this package closes: it
// matches field names case-insensitively ("HASH" sets Hash), it drops
// unknown fields unless told, it fills a fixed-size array from a shorter
// JSON array (the rest zero) and drops the extra elements of a longer one,
// and it stops after the first value, ignoring what follows. Decode
// refuses each; with Complete it also refuses an object that leaves out a
// field (one without omitempty), so `{}` is not a file of zero weights.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/kiothi/kiothi/internal/excerpt"
)

// Mode says how much of the target a document must give.
type Mode int

const (
	// Partial allows fields to be left out (requests with optional fields).
	Partial Mode = iota
	// Complete requires every field without omitempty, in every object.
	Complete
)

// FieldError is a field that is not of the target: unknown, spelled in
// another case, missing, or an array of the wrong length. Path is where
// it is (`Pit[1][4]`, `limits.depth`); Name the field's own name.
type FieldError struct {
	Path, Name string
	Reason     string
}

func (e *FieldError) Error() string {
	if e.Path == "" {
		return e.Reason
	}
	return fmt.Sprintf("field %s: %s", excerpt.Quote(e.Path), e.Reason)
}

// ErrTrailing is the error when data follows the JSON value.
var ErrTrailing = errors.New("data after the JSON value")

// Decode reads data, one JSON value, into v strictly (see the package
// doc). Its errors are encoding/json's for syntax and types, *FieldError
// for names and lengths, and ErrTrailing.
func Decode(data []byte, v any, mode Mode) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return ErrTrailing
	}
	t := reflect.TypeOf(v)
	if t == nil || t.Kind() != reflect.Pointer {
		return errors.New("strictjson: Decode needs a pointer")
	}
	if err := check(tree, t.Elem(), "", mode); err != nil {
		return err
	}
	dec = json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// field is one JSON field of a struct type.
type field struct {
	name      string
	typ       reflect.Type
	omitempty bool
}

// fields lists the JSON fields of struct type t as encoding/json sees them
// (tag names, embedded structs flattened, "-" and unexported skipped).
func fields(t reflect.Type) []field {
	var out []field
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				out = append(out, fields(ft)...)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, field{name: name, typ: ft, omitempty: strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")})
	}
	return out
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// check walks the decoded tree beside the target type.
func check(node any, t reflect.Type, path string, mode Mode) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]()) {
		return nil // the type reads itself
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := node.(map[string]any)
		if !ok {
			return nil // a type error: encoding/json names it
		}
		fs := fields(t)
		seen := make(map[string]bool, len(obj))
		for key, val := range obj {
			var match *field
			for i := range fs {
				if fs[i].name == key {
					match = &fs[i]
					break
				}
			}
			if match == nil {
				for i := range fs {
					if strings.EqualFold(fs[i].name, key) {
						return &FieldError{Path: join(path, key), Name: key,
							Reason: fmt.Sprintf("unknown field: the name is %q (names are case-sensitive)", fs[i].name)}
					}
				}
				return &FieldError{Path: join(path, key), Name: key, Reason: "unknown field"}
			}
			seen[key] = true
			if err := check(val, match.typ, join(path, key), mode); err != nil {
				return err
			}
		}
		if mode == Complete {
			for _, f := range fs {
				if !f.omitempty && !seen[f.name] {
					return &FieldError{Path: join(path, f.name), Name: f.name, Reason: "missing"}
				}
			}
		}
	case reflect.Array:
		arr, ok := node.([]any)
		if !ok {
			return nil
		}
		if len(arr) != t.Len() {
			return &FieldError{Path: path, Name: path, Reason: fmt.Sprintf("%d values, want %d", len(arr), t.Len())}
		}
		for i, v := range arr {
			if err := check(v, t.Elem(), fmt.Sprintf("%s[%d]", path, i), mode); err != nil {
				return err
			}
		}
	case reflect.Slice:
		arr, ok := node.([]any)
		if !ok {
			return nil
		}
		for i, v := range arr {
			if err := check(v, t.Elem(), fmt.Sprintf("%s[%d]", path, i), mode); err != nil {
				return err
			}
		}
	case reflect.Map:
		obj, ok := node.(map[string]any)
		if !ok {
			return nil
		}
		for k, v := range obj {
			if err := check(v, t.Elem(), join(path, k), mode); err != nil {
				return err
			}
		}
	}
	return nil
}
