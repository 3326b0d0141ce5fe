#!/usr/bin/env node
/* global require */
'use strict';
// Installed as `ratelimit-config-check` (package.json bin); run `npm run build` first.
require('../dist/apps/ratelimit/bundle/config-check.js').main();
