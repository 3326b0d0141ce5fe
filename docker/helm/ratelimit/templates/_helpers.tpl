{{/* Names, labels and small derived values shared by every template. */}}

{{- define "ratelimit.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "ratelimit.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "ratelimit.selectorLabels" -}}
app.kubernetes.io/name: {{ include "ratelimit.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "ratelimit.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "ratelimit.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/component: ratelimit
{{- end -}}

{{- define "ratelimit.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "ratelimit.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The counter store actually used: backend.type, or the service's own choice when it is "". */}}
{{- define "ratelimit.backendType" -}}
{{- if .Values.backend.type -}}
{{- .Values.backend.type -}}
{{- else if .Values.redis.url -}}
redis
{{- else -}}
memory
{{- end -}}
{{- end -}}

{{/* Pods to run: one with in-memory counters (each pod would count on its own). */}}
{{- define "ratelimit.replicas" -}}
{{- if eq (include "ratelimit.backendType" .) "memory" -}}1{{- else -}}{{ .Values.replicaCount }}{{- end -}}
{{- end -}}

{{/* "true" when an HPA manages the replica count. */}}
{{- define "ratelimit.autoscaled" -}}
{{- if and .Values.autoscaling.enabled (ne (include "ratelimit.backendType" .) "memory") -}}true{{- end -}}
{{- end -}}

{{- define "ratelimit.rulesConfigMapName" -}}
{{- default (printf "%s-rules" (include "ratelimit.fullname" .)) .Values.rules.existingConfigMap -}}
{{- end -}}

{{- define "ratelimit.rulesMountPath" -}}
{{- $parts := list .Values.rules.root -}}
{{- if .Values.rules.subdirectory -}}{{- $parts = append $parts .Values.rules.subdirectory -}}{{- end -}}
{{- $parts = append $parts .Values.rules.appDirectory -}}
{{- join "/" $parts | clean -}}
{{- end -}}

{{/* The TLS Secret's name, or "" when no TLS material is configured. */}}
{{- define "ratelimit.tlsSecretName" -}}
{{- if .Values.tls.existingSecret -}}
{{- .Values.tls.existingSecret -}}
{{- else if .Values.tls.files -}}
{{- printf "%s-tls" (include "ratelimit.fullname" .) -}}
{{- end -}}
{{- end -}}

{{- define "ratelimit.terminationGracePeriodSeconds" -}}
{{- $s := .Values.shutdown -}}
{{- add $s.preStopSleepSeconds $s.drainSeconds $s.extraGraceSeconds -}}
{{- end -}}

{{/*
Settings whose value comes from a Secret: JSON {"entries": [{name, secret, key}]} (Helm's fromJson
only returns objects). Inline values go
into the chart's "<fullname>-auth" Secret under the setting's name.
*/}}
{{- define "ratelimit.secretEnv" -}}
{{- $authSecret := printf "%s-auth" (include "ratelimit.fullname" .) -}}
{{- $entries := list -}}
{{- if eq (include "ratelimit.backendType" .) "redis" -}}
{{- $sources := list (list "KV_AUTH" .Values.redis.auth) -}}
{{- if .Values.redis.perSecond.enabled -}}
{{- $sources = append $sources (list "KV_PERSECOND_AUTH" .Values.redis.perSecond.auth) -}}
{{- end -}}
{{- range $sources -}}
{{- $name := index . 0 -}}
{{- $auth := index . 1 -}}
{{- if $auth.existingSecret -}}
{{- $entries = append $entries (dict "name" $name "secret" $auth.existingSecret "key" $auth.existingSecretKey) -}}
{{- else if $auth.value -}}
{{- $entries = append $entries (dict "name" $name "secret" $authSecret "key" $name) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- toJson (dict "entries" $entries) -}}
{{- end -}}

{{/*
A value as env text. Helm reads numbers in values as float64, so toString would print 1048576 as
1.048576e+06: whole numbers are printed as integers.
*/}}
{{- define "ratelimit.string" -}}
{{- if and (kindIs "float64" .) (eq . (floor .)) -}}
{{- int64 . -}}
{{- else -}}
{{- toString . -}}
{{- end -}}
{{- end -}}
