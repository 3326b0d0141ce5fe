/* global require, module */
'use strict';
// Runs a child process in this one's place: same standard streams, SIGINT/SIGTERM/SIGHUP passed
// on, and this process exits as the child exits (with its code, or by its signal). CommonJS, so
// that bin/ (copied into the image without scripts/) and the ESM scripts share it.
const { spawn } = require('node:child_process');

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function runChild(command, args, options = {}) {
  const child = spawn(command, args, { ...options, stdio: 'inherit' });
  for (const signal of FORWARDED_SIGNALS) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    for (const forwarded of FORWARDED_SIGNALS) process.removeAllListeners(forwarded);
    process.kill(process.pid, signal);
  });
  return child;
}

module.exports = { runChild };
