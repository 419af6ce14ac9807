// The DAP messages' JSON schemas, made from the protocol's own type
// declarations (@vscode/debugprotocol's debugProtocol.d.ts: the package
// ships no .json) with ts-json-schema-generator, one schema per response and
// event type, cached in node_modules/.cache. validator(msg) returns the
// errors of one message the adapter sent ([] when it conforms).
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv = require('ajv');

const declarations = require.resolve('@vscode/debugprotocol/lib/debugProtocol.d.ts');
const version = require('@vscode/debugprotocol/package.json').version;
const cacheFile = path.join(__dirname, 'node_modules', '.cache', `dap-schemas-${version}.json`);

function makeSchemas() {
  if (fs.existsSync(cacheFile)) return JSON.parse(fs.readFileSync(cacheFile, 'utf8'));
  const tsj = require('ts-json-schema-generator');
  const text = fs.readFileSync(declarations, 'utf8');
  const names = [...new Set(['Response', 'Event', ...[...text.matchAll(/interface (\w+(?:Response|Event))\b/g)].map((m) => m[1])])];
  const gen = tsj.createGenerator({path: declarations, skipTypeCheck: true, expose: 'none', topRef: false, jsDoc: 'none'});
  const schemas = {};
  for (const n of names) schemas[n] = gen.createSchema('DebugProtocol.' + n);
  fs.mkdirSync(path.dirname(cacheFile), {recursive: true});
  // Written aside and renamed: two suites starting at once never read half a file.
  const tmp = `${cacheFile}.${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(schemas));
  fs.renameSync(tmp, cacheFile);
  return schemas;
}

function capitalized(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function makeValidator() {
  const schemas = makeSchemas();
  const ajv = new Ajv({allErrors: true, strict: false});
  const compiled = {};
  const check = (name, msg) => {
    if (!compiled[name]) compiled[name] = ajv.compile(schemas[name]);
    const ok = compiled[name](msg);
    return ok ? [] : compiled[name].errors.map((e) => `${name}${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
  };
  return (msg) => {
    let name;
    if (msg.type === 'response') {
      name = msg.success ? capitalized(msg.command) + 'Response' : 'ErrorResponse';
      if (!schemas[name]) name = 'Response';  // custom requests (warpscope/focusLane)
    } else if (msg.type === 'event') {
      name = capitalized(msg.event) + 'Event';
      if (!schemas[name]) return [`an event the protocol does not define: ${msg.event}`];
    } else {
      return [`a message of type ${msg.type}`];
    }
    return check(name, msg);
  };
}

module.exports = {makeValidator, makeSchemas};
