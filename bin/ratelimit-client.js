#!/usr/bin/env node
/* global require */
'use strict';
// Installed as `ratelimit-client` (package.json bin); run `npm run build` first.
require('../dist/apps/ratelimit/bundle/ratelimit-client.js').main();
