{{/*
Environment of the ratelimit container. The chart derives some settings from the structured
values (ports, backend, rules layout, stats sink, TLS paths, drain) and writes them with their
canonical names; `env` adds any other setting in either naming style (values.yaml, top).
*/}}

{{/* Canonical name of a setting given in either style (Envoy's aliases -> the canonical names of docs/settings.md). */}}
{{- define "ratelimit.canonicalEnvName" -}}
{{- $name := . -}}
{{- $name = regexReplaceAll "^REDIS_" $name "KV_" -}}
{{- $name = regexReplaceAll "^MEMCACHE_" $name "ALTCACHE_" -}}
{{- $name = regexReplaceAll "^USE_STATSD$" $name "USE_PUSHSTATS" -}}
{{- $name = regexReplaceAll "^USE_PROMETHEUS$" $name "USE_PULLSTATS" -}}
{{- $name = regexReplaceAll "^PROMETHEUS_" $name "PULLSTATS_" -}}
{{- $name = regexReplaceAll "^USE_DOG_STATSD_MOGRIFIERS$" $name "TAGGEDSTATS_MOGRIFIERS" -}}
{{- $name = regexReplaceAll "^USE_DOG_STATSD$" $name "USE_TAGGEDSTATS" -}}
{{- $name = regexReplaceAll "^(DOG_STATSD|TAGGEDSTATS)_MOGRIFIERS?_" $name "TAGGEDSTATS_MOGRIFIER_" -}}
{{- $name = regexReplaceAll "^LocalCacheSizeInBytes$" $name "LOCAL_CACHE_SIZE_IN_BYTES" -}}
{{- $name -}}
{{- end -}}

{{/* Store TLS settings (KV_TLS* or ALTCACHE_TLS*) into $env; files live in the TLS Secret. */}}
{{- define "ratelimit.storeTlsEnv" -}}
{{- $prefix := index . 0 -}}
{{- $tls := index . 1 -}}
{{- $mount := index . 2 -}}
{{- $env := index . 3 -}}
{{- $_ := set $env (printf "%s_TLS" $prefix) (toString $tls.enabled) -}}
{{- if $tls.enabled -}}
{{- $_ := set $env (printf "%s_TLS_SKIP_HOSTNAME_VERIFICATION" $prefix) (toString $tls.skipHostnameVerification) -}}
{{- range $key, $setting := dict "caFile" "CACERT" "clientCertFile" "CLIENT_CERT" "clientKeyFile" "CLIENT_KEY" -}}
{{- if index $tls $key -}}
{{- $_ := set $env (printf "%s_TLS_%s" $prefix $setting) (printf "%s/%s" $mount (index $tls $key)) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "ratelimit.redisEnv" -}}
{{- $r := index . 0 -}}
{{- $env := index . 1 -}}
{{- $_ := set $env "KV_TYPE" $r.type -}}
{{- $_ := set $env "KV_URL" $r.url -}}
{{- $_ := set $env "KV_SOCKET_TYPE" $r.socketType -}}
{{- if $r.poolSize -}}{{- $_ := set $env "KV_POOL_SIZE" (include "ratelimit.string" $r.poolSize) -}}{{- end -}}
{{- $_ := set $env "KV_TIMEOUT" $r.timeout -}}
{{- $_ := set $env "KV_HEALTH_CHECK_ACTIVE_CONNECTION" (toString $r.healthCheckActiveConnection) -}}
{{- if $r.pipelineWindow -}}{{- $_ := set $env "KV_PIPELINE_WINDOW" $r.pipelineWindow -}}{{- end -}}
{{- if $r.pipelineLimit -}}{{- $_ := set $env "KV_PIPELINE_LIMIT" (include "ratelimit.string" $r.pipelineLimit) -}}{{- end -}}
{{- $_ := set $env "KV_PERSECOND" (toString $r.perSecond.enabled) -}}
{{- if $r.perSecond.enabled -}}
{{- $_ := set $env "KV_PERSECOND_TYPE" $r.perSecond.type -}}
{{- $_ := set $env "KV_PERSECOND_URL" $r.perSecond.url -}}
{{- $_ := set $env "KV_PERSECOND_SOCKET_TYPE" $r.perSecond.socketType -}}
{{- if $r.perSecond.poolSize -}}{{- $_ := set $env "KV_PERSECOND_POOL_SIZE" (include "ratelimit.string" $r.perSecond.poolSize) -}}{{- end -}}
{{- $_ := set $env "KV_PERSECOND_TLS" (toString $r.tls.enabled) -}}
{{- end -}}
{{- end -}}

{{- define "ratelimit.memcacheEnv" -}}
{{- $m := index . 0 -}}
{{- $env := index . 1 -}}
{{- if $m.hostPort -}}{{- $_ := set $env "ALTCACHE_HOST_PORT" $m.hostPort -}}{{- end -}}
{{- if $m.srv -}}{{- $_ := set $env "ALTCACHE_SRV" $m.srv -}}{{- end -}}
{{- if $m.srvRefresh -}}{{- $_ := set $env "ALTCACHE_SRV_REFRESH" $m.srvRefresh -}}{{- end -}}
{{- $_ := set $env "ALTCACHE_MAX_IDLE_CONNS" (include "ratelimit.string" $m.maxIdleConns) -}}
{{- end -}}

{{- define "ratelimit.statsEnv" -}}
{{- $m := index . 0 -}}
{{- $env := index . 1 -}}
{{- $_ := set $env "USE_PULLSTATS" (toString (eq $m.sink "prometheus")) -}}
{{- $_ := set $env "USE_PUSHSTATS" (toString (eq $m.sink "statsd")) -}}
{{- if eq $m.sink "prometheus" -}}
{{- $_ := set $env "PULLSTATS_ADDR" (printf ":%v" $m.prometheus.port) -}}
{{- $_ := set $env "PULLSTATS_PATH" $m.prometheus.path -}}
{{- else if eq $m.sink "statsd" -}}
{{- $_ := set $env "STATSD_HOST" $m.statsd.host -}}
{{- $_ := set $env "STATSD_PORT" (include "ratelimit.string" $m.statsd.port) -}}
{{- else -}}
{{- $_ := set $env "DISABLE_STATS" "true" -}}
{{- end -}}
{{- end -}}

{{- define "ratelimit.grpcTlsEnv" -}}
{{- $g := index . 0 -}}
{{- $mount := index . 1 -}}
{{- $env := index . 2 -}}
{{- $_ := set $env "GRPC_SERVER_USE_TLS" (toString $g.enabled) -}}
{{- if $g.enabled -}}
{{- $_ := set $env "GRPC_SERVER_TLS_CERT" (printf "%s/%s" $mount $g.certFile) -}}
{{- $_ := set $env "GRPC_SERVER_TLS_KEY" (printf "%s/%s" $mount $g.keyFile) -}}
{{- if $g.clientCaFile -}}{{- $_ := set $env "GRPC_CLIENT_TLS_CACERT" (printf "%s/%s" $mount $g.clientCaFile) -}}{{- end -}}
{{- if $g.clientSan -}}{{- $_ := set $env "GRPC_CLIENT_TLS_SAN" $g.clientSan -}}{{- end -}}
{{- end -}}
{{- end -}}

{{/* Settings derived by the chart, as a JSON object name -> string value. */}}
{{- define "ratelimit.managedEnv" -}}
{{- $v := .Values -}}
{{- $backend := include "ratelimit.backendType" . -}}
{{- $env := dict "PORT" (include "ratelimit.string" $v.ports.http) "GRPC_PORT" (include "ratelimit.string" $v.ports.grpc) "DEBUG_PORT" (include "ratelimit.string" $v.ports.debug) -}}
{{- $_ := set $env "BACKEND_TYPE" $backend -}}
{{- $_ := set $env "SHUTDOWN_DRAIN_SECONDS" (include "ratelimit.string" $v.shutdown.drainSeconds) -}}
{{- if $v.rules.enabled -}}
{{- $_ := set $env "CONFIG_TYPE" "FILE" -}}
{{- $_ := set $env "RUNTIME_ROOT" $v.rules.root -}}
{{- $_ := set $env "RUNTIME_SUBDIRECTORY" $v.rules.subdirectory -}}
{{- $_ := set $env "RUNTIME_APPDIRECTORY" $v.rules.appDirectory -}}
{{- $_ := set $env "RUNTIME_WATCH_ROOT" "false" -}}
{{- $_ := set $env "RUNTIME_IGNOREDOTFILES" "true" -}}
{{- end -}}
{{- if eq $backend "redis" -}}
{{- include "ratelimit.redisEnv" (list $v.redis $env) -}}
{{- include "ratelimit.storeTlsEnv" (list "KV" $v.redis.tls $v.tls.mountPath $env) -}}
{{- else if eq $backend "memcache" -}}
{{- include "ratelimit.memcacheEnv" (list $v.memcache $env) -}}
{{- include "ratelimit.storeTlsEnv" (list "ALTCACHE" $v.memcache.tls $v.tls.mountPath $env) -}}
{{- end -}}
{{- include "ratelimit.statsEnv" (list $v.metrics $env) -}}
{{- include "ratelimit.grpcTlsEnv" (list $v.tls.grpcServer $v.tls.mountPath $env) -}}
{{- toJson $env -}}
{{- end -}}

{{/*
Names no `env` entry may set (in either style): the chart owns them even when it leaves them unset.
JSON {"names": [...]}: Helm's fromJson only returns objects.
*/}}
{{- define "ratelimit.reservedEnvNames" -}}
{{- $names := list "BACKEND_TYPE" "PORT" "GRPC_PORT" "DEBUG_PORT" "KV_URL" "KV_TYPE" "KV_AUTH" "KV_PERSECOND" "KV_PERSECOND_URL" "KV_PERSECOND_AUTH" "ALTCACHE_HOST_PORT" "ALTCACHE_SRV" "SHUTDOWN_DRAIN_SECONDS" "USE_PULLSTATS" "USE_PUSHSTATS" "DISABLE_STATS" "GRPC_SERVER_USE_TLS" -}}
{{- toJson (dict "names" $names) -}}
{{- end -}}

{{/*
The container's env list: derived settings, then `env` (sorted by name), then secrets, then
extraEnv. Fails when `env` repeats a setting the chart owns or names one setting twice.
*/}}
{{- define "ratelimit.containerEnv" -}}
{{- $managed := include "ratelimit.managedEnv" . | fromJson -}}
{{- $secrets := (include "ratelimit.secretEnv" . | fromJson).entries -}}
{{- $reserved := (include "ratelimit.reservedEnvNames" . | fromJson).names -}}
{{- $seen := dict -}}
{{- range $name := keys .Values.env | sortAlpha -}}
{{- $canonical := include "ratelimit.canonicalEnvName" $name -}}
{{- if or (hasKey $managed $canonical) (has $canonical $reserved) -}}
{{- fail (printf "env.%s: %s is set by the chart from its values (see values.yaml); remove it from env" $name $canonical) -}}
{{- end -}}
{{- if hasKey $seen $canonical -}}
{{- fail (printf "env.%s and env.%s are the same setting (%s); keep one" (get $seen $canonical) $name $canonical) -}}
{{- end -}}
{{- $_ := set $seen $canonical $name -}}
{{- end -}}
{{- range $name := keys $managed | sortAlpha }}
- name: {{ $name }}
  value: {{ get $managed $name | quote }}
{{- end -}}
{{- range $name := keys .Values.env | sortAlpha }}
- name: {{ $name }}
  value: {{ include "ratelimit.string" (get $.Values.env $name) | quote }}
{{- end -}}
{{- range $secrets }}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ .secret }}
      key: {{ .key }}
{{- end -}}
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end -}}
{{- end -}}
