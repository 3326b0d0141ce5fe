{{/* Cross-field checks the JSON schema cannot express; each failure names the values to fix. */}}
{{- define "ratelimit.validate" -}}
{{- $v := .Values -}}
{{- $backend := include "ratelimit.backendType" . -}}
{{- if eq $backend "redis" -}}
{{- include "ratelimit.validateRedisUrl" (list "redis" $v.redis.type $v.redis.url) -}}
{{- if $v.redis.perSecond.enabled -}}
{{- include "ratelimit.validateRedisUrl" (list "redis.perSecond" $v.redis.perSecond.type $v.redis.perSecond.url) -}}
{{- end -}}
{{- end -}}
{{- if and (eq $backend "memcache") (eq (empty $v.memcache.hostPort) (empty $v.memcache.srv)) -}}
{{- fail "backend.type memcache: set exactly one of memcache.hostPort and memcache.srv" -}}
{{- end -}}
{{- $tlsUsers := list -}}
{{- if $v.tls.grpcServer.enabled -}}{{- $tlsUsers = append $tlsUsers "tls.grpcServer.enabled" -}}{{- end -}}
{{- if and (eq $backend "redis") $v.redis.tls.enabled (or $v.redis.tls.caFile $v.redis.tls.clientCertFile) -}}{{- $tlsUsers = append $tlsUsers "redis.tls" -}}{{- end -}}
{{- if and (eq $backend "memcache") $v.memcache.tls.enabled (or $v.memcache.tls.caFile $v.memcache.tls.clientCertFile) -}}{{- $tlsUsers = append $tlsUsers "memcache.tls" -}}{{- end -}}
{{- if and $tlsUsers (not (include "ratelimit.tlsSecretName" .)) -}}
{{- fail (printf "%s needs TLS files: set tls.existingSecret or tls.files" (join ", " $tlsUsers)) -}}
{{- end -}}
{{- if and $v.rules.enabled (not $v.rules.existingConfigMap) (not $v.rules.files) -}}
{{- fail "rules.enabled: give rule files in rules.files or a ConfigMap in rules.existingConfigMap (or set rules.enabled false for xDS)" -}}
{{- end -}}
{{- if and $v.metrics.serviceMonitor.enabled (ne $v.metrics.sink "prometheus") -}}
{{- fail "metrics.serviceMonitor.enabled needs metrics.sink prometheus" -}}
{{- end -}}
{{- if and $v.podDisruptionBudget.minAvailable $v.podDisruptionBudget.maxUnavailable -}}
{{- fail "podDisruptionBudget: set minAvailable or maxUnavailable, not both" -}}
{{- end -}}
{{- end -}}

{{/* KV_URL formats by KV_TYPE (docs/stores.md). Arguments: values path, type, url. */}}
{{- define "ratelimit.validateRedisUrl" -}}
{{- $path := index . 0 -}}
{{- $type := index . 1 -}}
{{- $url := index . 2 -}}
{{- if not $url -}}
{{- fail (printf "%s.url is required with the redis backend (KV_URL, e.g. redis-master:6379)" $path) -}}
{{- end -}}
{{- $items := splitList "," $url -}}
{{- if and (eq $type "sentinel") (lt (len $items) 2) -}}
{{- fail (printf "%s.url %q: sentinel needs \"<master name>,<sentinel host:port>[,...]\"" $path $url) -}}
{{- end -}}
{{- if and (eq $type "single") (gt (len $items) 1) -}}
{{- fail (printf "%s.url %q: a single Redis takes one address; use type sentinel or cluster for a list" $path $url) -}}
{{- end -}}
{{- end -}}
