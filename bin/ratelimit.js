#!/usr/bin/env node
/* global require */
'use strict';
// Installed as `ratelimit` (package.json bin): the service (its production bundle), configured by
// environment variables. Run `npm run build` first.
require('../dist/apps/ratelimit/main.js');
