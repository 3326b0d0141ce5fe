// minihelm renders a Helm chart offline, close to `helm template`, for the chart tests
// (test/deploy). It is built from Debian packages only (golang-go, golang-github-masterminds-sprig-dev,
// golang-gopkg-yaml.v2-dev) in GOPATH mode, because neither helm nor a Go module proxy is available:
//
//	GO111MODULE=off GOPATH=<tmp>:/usr/share/gocode go build -o minihelm ./tools/minihelm
//	minihelm <chartDir> [-f values.yaml]... [--set a.b=v]... [--release NAME] [--namespace NS]
//	         [--api-versions monitoring.coreos.com/v1,...] [--notes]
//
// Supported: text/template + sprig, include, tpl, required, fail, toYaml, fromYaml, fromJson and
// fromJsonArray (Helm's object-only versions), lookup (finds nothing), numbers in values as float64
// (as Helm reads them), .Values (values.yaml, then each -f, then each --set; null deletes a key), .Release,
// .Chart, .Capabilities (KubeVersion, APIVersions.Has), .Template. Not supported: subcharts,
// .Files, hooks. Exit status 1 with "Error: ..." on stderr when any template fails.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"
	"unicode"
)

type options struct {
	chartDir    string
	valuesFiles []string
	sets        []string
	release     string
	namespace   string
	apiVersions apiVersions
	notesOnly   bool
}

var builtinAPIVersions = apiVersions{"v1", "apps/v1", "autoscaling/v2", "policy/v1", "networking.k8s.io/v1"}

func parseArgs(args []string) (options, error) {
	opts := options{release: "release-name", namespace: "default", apiVersions: builtinAPIVersions}
	next := func(index *int, flag string) (string, error) {
		*index++
		if *index >= len(args) {
			return "", fmt.Errorf("%s needs a value", flag)
		}
		return args[*index], nil
	}
	for index := 0; index < len(args); index++ {
		var value string
		var err error
		switch arg := args[index]; arg {
		case "-f", "--values", "--set", "--release", "--namespace", "--api-versions":
			if value, err = next(&index, arg); err != nil {
				return opts, err
			}
			opts = withFlag(opts, arg, value)
		case "--notes":
			opts.notesOnly = true
		default:
			if strings.HasPrefix(arg, "-") || opts.chartDir != "" {
				return opts, fmt.Errorf("unexpected argument %q", arg)
			}
			opts.chartDir = arg
		}
	}
	if opts.chartDir == "" {
		return opts, fmt.Errorf("usage: minihelm <chartDir> [-f values.yaml]... [--set a.b=v]... [--release NAME] [--namespace NS] [--api-versions x/v1,...] [--notes]")
	}
	return opts, nil
}

func withFlag(opts options, flag, value string) options {
	switch flag {
	case "-f", "--values":
		opts.valuesFiles = append(opts.valuesFiles, value)
	case "--set":
		opts.sets = append(opts.sets, value)
	case "--release":
		opts.release = value
	case "--namespace":
		opts.namespace = value
	case "--api-versions":
		opts.apiVersions = append(append(apiVersions{}, opts.apiVersions...), strings.Split(value, ",")...)
	}
	return opts
}

func loadValues(opts options) (map[string]interface{}, error) {
	values, err := loadYAMLFile(filepath.Join(opts.chartDir, "values.yaml"), true)
	if err != nil {
		return nil, err
	}
	values = helmNumbers(values).(map[string]interface{})
	for _, file := range opts.valuesFiles {
		overlay, err := loadYAMLFile(file, false)
		if err != nil {
			return nil, err
		}
		values = mergeValues(values, helmNumbers(overlay).(map[string]interface{}))
	}
	for _, assignment := range opts.sets {
		if err := setValue(values, assignment); err != nil {
			return nil, err
		}
	}
	return values, nil
}

// chartObject exposes Chart.yaml the way Helm does: .Chart.Name, .Chart.AppVersion, ...
func chartObject(chartDir string) (map[string]interface{}, error) {
	meta, err := loadYAMLFile(filepath.Join(chartDir, "Chart.yaml"), false)
	if err != nil {
		return nil, err
	}
	chart := map[string]interface{}{}
	for key, value := range meta {
		runes := []rune(key)
		runes[0] = unicode.ToUpper(runes[0])
		chart[string(runes)] = value
	}
	if chart["Name"] == nil {
		return nil, fmt.Errorf("%s/Chart.yaml: name is required", chartDir)
	}
	return chart, nil
}

// parseTemplates parses every template file; returns the names to render in file-name order.
func parseTemplates(root *template.Template, chartDir, chartName string, notesOnly bool) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(chartDir, "templates", "*"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var toRender []string
	for _, file := range files {
		base := filepath.Base(file)
		if ext := filepath.Ext(base); ext != ".yaml" && ext != ".yml" && ext != ".tpl" && ext != ".txt" {
			continue
		}
		text, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		name := chartName + "/templates/" + base
		if _, err := root.New(name).Parse(string(text)); err != nil {
			return nil, err
		}
		isNotes := base == "NOTES.txt"
		if !strings.HasPrefix(base, "_") && isNotes == notesOnly && (isNotes || filepath.Ext(base) != ".txt") {
			toRender = append(toRender, name)
		}
	}
	return toRender, nil
}

func render(opts options) (string, error) {
	values, err := loadValues(opts)
	if err != nil {
		return "", err
	}
	chart, err := chartObject(opts.chartDir)
	if err != nil {
		return "", err
	}
	chartName := fmt.Sprint(chart["Name"])
	root := template.New("minihelm").Option("missingkey=zero")
	root.Funcs(helmFuncs(root))
	names, err := parseTemplates(root, opts.chartDir, chartName, opts.notesOnly)
	if err != nil {
		return "", err
	}
	data := map[string]interface{}{"Values": values, "Chart": chart,
		"Release": map[string]interface{}{"Name": opts.release, "Namespace": opts.namespace, "Service": "Helm",
			"IsInstall": true, "IsUpgrade": false, "Revision": 1},
		"Capabilities": map[string]interface{}{"APIVersions": opts.apiVersions,
			"KubeVersion": map[string]interface{}{"Version": "v1.30.0", "Major": "1", "Minor": "30", "GitVersion": "v1.30.0"}},
	}
	return executeTemplates(root, names, data, chartName, opts.notesOnly)
}

// executeTemplates renders each template like `helm template`: "---" and a "# Source:" line per
// non-empty document ("<no value>" blanked), or the bare text for NOTES.txt. Errors are collected.
func executeTemplates(root *template.Template, names []string, data map[string]interface{},
	chartName string, notesOnly bool) (string, error) {
	var out strings.Builder
	var failures []string
	for _, name := range names {
		data["Template"] = map[string]interface{}{"Name": name, "BasePath": chartName + "/templates"}
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, name, data); err != nil {
			failures = append(failures, err.Error())
			continue
		}
		text := strings.TrimSpace(strings.ReplaceAll(buf.String(), "<no value>", ""))
		switch {
		case text == "":
		case notesOnly:
			out.WriteString(text + "\n")
		default:
			fmt.Fprintf(&out, "---\n# Source: %s\n%s\n", name, text)
		}
	}
	if len(failures) > 0 {
		return "", fmt.Errorf("%s", strings.Join(failures, "\nError: "))
	}
	return out.String(), nil
}

func main() {
	opts, err := parseArgs(os.Args[1:])
	if err == nil {
		var manifests string
		if manifests, err = render(opts); err == nil {
			fmt.Print(manifests)
			return
		}
	}
	fmt.Fprintln(os.Stderr, "Error:", err)
	os.Exit(1)
}
