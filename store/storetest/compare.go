package storetest

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"time"
)

var (
	timeType  = reflect.TypeOf(time.Time{})
	bytesType = reflect.TypeOf([]byte(nil))
)

// diff reports the first difference between got and want, or "" when they
// are the same. Times are the same when they are the same instant and got
// is in UTC; byte slices compare by content (nil and empty are the same).
func diff(got, want any) string {
	return diffValue("", reflect.ValueOf(got), reflect.ValueOf(want))
}

func diffValue(path string, g, w reflect.Value) string {
	if !g.IsValid() || !w.IsValid() {
		if g.IsValid() != w.IsValid() {
			return fmt.Sprintf("%s: got %v, want %v", pathName(path), g, w)
		}
		return ""
	}
	if g.Type() != w.Type() {
		return fmt.Sprintf("%s: got type %s, want %s", pathName(path), g.Type(), w.Type())
	}
	switch {
	case g.Type() == timeType:
		gt, wt := g.Interface().(time.Time), w.Interface().(time.Time)
		if !gt.Equal(wt) {
			return fmt.Sprintf("%s: got time %s, want %s", pathName(path), gt.Format(time.RFC3339Nano), wt.Format(time.RFC3339Nano))
		}
		if gt.Location() != time.UTC {
			return fmt.Sprintf("%s: time %s is in %s, want UTC", pathName(path), gt, gt.Location())
		}
		return ""
	case g.Kind() == reflect.Slice && g.Type().Elem().Kind() == reflect.Uint8:
		gb, wb := g.Convert(bytesType).Interface().([]byte), w.Convert(bytesType).Interface().([]byte)
		if !bytes.Equal(gb, wb) {
			return fmt.Sprintf("%s: got %q, want %q", pathName(path), gb, wb)
		}
		return ""
	}
	switch g.Kind() {
	case reflect.Pointer, reflect.Interface:
		if g.IsNil() || w.IsNil() {
			if g.IsNil() != w.IsNil() {
				return fmt.Sprintf("%s: got %v, want %v", pathName(path), g, w)
			}
			return ""
		}
		return diffValue(path, g.Elem(), w.Elem())
	case reflect.Struct:
		for i := 0; i < g.NumField(); i++ {
			if d := diffValue(path+"."+g.Type().Field(i).Name, g.Field(i), w.Field(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice, reflect.Array:
		if g.Len() != w.Len() {
			return fmt.Sprintf("%s: got %d elements, want %d: got %+v, want %+v", pathName(path), g.Len(), w.Len(), g, w)
		}
		for i := 0; i < g.Len(); i++ {
			if d := diffValue(fmt.Sprintf("%s[%d]", path, i), g.Index(i), w.Index(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Map:
		if g.Len() != w.Len() {
			return fmt.Sprintf("%s: got %d entries, want %d: got %v, want %v", pathName(path), g.Len(), w.Len(), g, w)
		}
		for _, k := range w.MapKeys() {
			gv := g.MapIndex(k)
			if !gv.IsValid() {
				return fmt.Sprintf("%s: missing key %v", pathName(path), k)
			}
			if d := diffValue(fmt.Sprintf("%s[%v]", path, k), gv, w.MapIndex(k)); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(g.Interface(), w.Interface()) {
		return fmt.Sprintf("%s: got %#v, want %#v", pathName(path), g.Interface(), w.Interface())
	}
	return ""
}

func pathName(p string) string {
	if p == "" {
		return "value"
	}
	return strings.TrimPrefix(p, ".")
}
