#!/usr/bin/env node
/* global require */
'use strict';
// Installed as `ratelimit` (package.json bin): the service (its production bundle), configured by
// environment variables. Run `npm run build` first.
// On the Node the project supports (bin/supported-node.js), as the npm scripts run.
if (require('./supported-node.js').isOnSupportedNode()) require('../dist/apps/ratelimit/main.js');
