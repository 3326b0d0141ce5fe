package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig"
	"gopkg.in/yaml.v2"
)

// toYAML mirrors Helm's toYaml (sigs.k8s.io/yaml): through JSON, so a float64 such as 1048576
// prints as 1048576 and not 1.048576e+06; no trailing newline; empty string on error.
func toYAML(value interface{}) string {
	asJSON, err := json.Marshal(value)
	if err != nil {
		return ""
	}
	var plain interface{}
	if err := yaml.Unmarshal(asJSON, &plain); err != nil {
		return ""
	}
	out, err := yaml.Marshal(plain)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(string(out), "\n")
}

// fromJSON mirrors Helm's fromJson, which (unlike sprig's) only returns objects: anything else
// gives {"Error": message}. Templates must wrap lists in an object or use fromJsonArray.
func fromJSON(text string) map[string]interface{} {
	out := map[string]interface{}{}
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		return map[string]interface{}{"Error": err.Error()}
	}
	return out
}

// fromJSONArray mirrors Helm's fromJsonArray: a list, or [message] on error.
func fromJSONArray(text string) []interface{} {
	out := []interface{}{}
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		return []interface{}{err.Error()}
	}
	return out
}

// fromYAML mirrors Helm's fromYaml: a map, or {"Error": message} when the text is not a mapping.
func fromYAML(text string) map[string]interface{} {
	mapping, err := parseYAMLMap([]byte(text), "fromYaml")
	if err != nil {
		return map[string]interface{}{"Error": err.Error()}
	}
	return mapping
}

// helmFuncs is sprig's function map plus the functions Helm adds on top of it. `include` and
// `tpl` need the root template, so they close over it.
func helmFuncs(root *template.Template) template.FuncMap {
	funcs := sprig.TxtFuncMap()
	funcs["toYaml"] = toYAML
	funcs["fromYaml"] = fromYAML
	funcs["fromJson"] = fromJSON
	funcs["fromJsonArray"] = fromJSONArray
	funcs["include"] = func(name string, data interface{}) (string, error) {
		var out bytes.Buffer
		err := root.ExecuteTemplate(&out, name, data)
		return out.String(), err
	}
	funcs["tpl"] = func(text string, data interface{}) (string, error) {
		clone, err := root.Clone()
		if err != nil {
			return "", err
		}
		parsed, err := clone.New("tpl").Parse(text)
		if err != nil {
			return "", err
		}
		var out bytes.Buffer
		err = parsed.Execute(&out, data)
		return out.String(), err
	}
	funcs["required"] = func(message string, value interface{}) (interface{}, error) {
		if value == nil {
			return nil, errors.New(message)
		}
		if text, isText := value.(string); isText && text == "" {
			return nil, errors.New(message)
		}
		return value, nil
	}
	// Offline there is no cluster to look into: lookup finds nothing, as in `helm template`.
	funcs["lookup"] = func(...interface{}) map[string]interface{} { return map[string]interface{}{} }
	return funcs
}

// apiVersions is .Capabilities.APIVersions: the templates call .Has on it.
type apiVersions []string

// Has reports whether an "group/version" or "group/version/Kind" is known to the pretend cluster.
func (versions apiVersions) Has(wanted string) bool {
	for _, version := range versions {
		if version == wanted {
			return true
		}
	}
	return false
}
