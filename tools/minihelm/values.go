package main

import (
	"fmt"
	"os"
	"strings"

	"gopkg.in/yaml.v2"
)

// normalize turns yaml.v2's map[interface{}]interface{} into map[string]interface{},
// the shape text/template and sprig expect (and what Helm hands to templates).
func normalize(value interface{}) interface{} {
	switch typed := value.(type) {
	case map[interface{}]interface{}:
		out := make(map[string]interface{}, len(typed))
		for key, item := range typed {
			out[fmt.Sprint(key)] = normalize(item)
		}
		return out
	case []interface{}:
		for index := range typed {
			typed[index] = normalize(typed[index])
		}
	}
	return value
}

// helmNumbers turns integers into float64, as Helm's values are: Helm reads values through JSON,
// so templates see 1048576 as float64 and `toString` would print 1.048576e+06. Rendering with the
// same types catches that class of bug before a real `helm install` does.
func helmNumbers(value interface{}) interface{} {
	switch typed := value.(type) {
	case int:
		return float64(typed)
	case int64:
		return float64(typed)
	case uint64:
		return float64(typed)
	case map[string]interface{}:
		for key, item := range typed {
			typed[key] = helmNumbers(item)
		}
	case []interface{}:
		for index := range typed {
			typed[index] = helmNumbers(typed[index])
		}
	}
	return value
}

// parseYAMLMap parses one YAML document that must be a mapping (or empty).
func parseYAMLMap(text []byte, source string) (map[string]interface{}, error) {
	var parsed interface{}
	if err := yaml.Unmarshal(text, &parsed); err != nil {
		return nil, fmt.Errorf("%s: %v", source, err)
	}
	if parsed == nil {
		return map[string]interface{}{}, nil
	}
	mapping, ok := normalize(parsed).(map[string]interface{})
	if !ok {
		return nil, fmt.Errorf("%s: top level must be a mapping", source)
	}
	return mapping, nil
}

// loadYAMLFile reads a values or Chart.yaml file; a missing optional file reads as empty.
func loadYAMLFile(path string, optional bool) (map[string]interface{}, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		if optional && os.IsNotExist(err) {
			return map[string]interface{}{}, nil
		}
		return nil, err
	}
	return parseYAMLMap(text, path)
}

// mergeValues overlays src onto dst like Helm's coalescing: maps merge key by key, any other
// value replaces, and an explicit null in src deletes the key (how users drop a default entry).
func mergeValues(dst, src map[string]interface{}) map[string]interface{} {
	for key, value := range src {
		if value == nil {
			delete(dst, key)
			continue
		}
		srcMap, srcIsMap := value.(map[string]interface{})
		dstMap, dstIsMap := dst[key].(map[string]interface{})
		if srcIsMap && dstIsMap {
			dst[key] = mergeValues(dstMap, srcMap)
			continue
		}
		dst[key] = value
	}
	return dst
}

// setValue applies one `--set a.b.c=value` (value parsed as YAML, so numbers and booleans keep their type).
func setValue(values map[string]interface{}, assignment string) error {
	eq := strings.Index(assignment, "=")
	if eq <= 0 {
		return fmt.Errorf("--set %q: expected path=value", assignment)
	}
	var parsed interface{}
	if err := yaml.Unmarshal([]byte(assignment[eq+1:]), &parsed); err != nil {
		return fmt.Errorf("--set %q: %v", assignment, err)
	}
	path := strings.Split(assignment[:eq], ".")
	overlay := map[string]interface{}{path[len(path)-1]: normalize(parsed)}
	for index := len(path) - 2; index >= 0; index-- {
		overlay = map[string]interface{}{path[index]: overlay}
	}
	mergeValues(values, overlay)
	return nil
}
