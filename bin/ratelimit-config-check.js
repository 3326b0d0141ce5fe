#!/usr/bin/env node
/* global require */
'use strict';
// Installed as `ratelimit-config-check` (package.json bin); run `npm run build` first.
// On the Node the project supports (bin/supported-node.js), as the npm scripts run.
if (require('./supported-node.js').isOnSupportedNode())
  require('../dist/apps/ratelimit/bundle/config-check.js').main();
