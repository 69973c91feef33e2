// Checks an AsyncAPI document with the AsyncAPI initiative's own parser, and events against the payload schema of
// the message their kind names, with Ajv (the JSON Schema validator the parser itself uses).
// Usage: node asyncapi-check.cjs NODE_MODULES DOCUMENT EVENTS   (EVENTS: a JSON array of CloudEvents)
// Prints one JSON object: the parser's diagnostics, the messages' names, and each event's kind and validation errors.
const path = require('path');
const fs = require('fs');
const { createRequire } = require('module');
const [modules, documentPath, eventsPath] = process.argv.slice(2);
const load = createRequire(path.join(modules, 'x.js'));
const { Parser } = load('@asyncapi/parser');
const Ajv = load('ajv');
const addFormats = load('ajv-formats');

(async () => {
  const { document, diagnostics } = await new Parser().parse(fs.readFileSync(documentPath, 'utf8'));
  const result = {
    diagnostics: diagnostics.map(d => ({ severity: d.severity, code: String(d.code), message: d.message, path: d.path.join('/') })),
    messages: [],
    events: [],
  };
  if (document) {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const payloads = new Map();
    for (const message of document.allMessages()) {
      result.messages.push(message.name());
      payloads.set(message.name(), ajv.compile(message.payload().json()));
    }
    for (const event of JSON.parse(fs.readFileSync(eventsPath, 'utf8'))) {
      const kind = String(event.type).replace(/^prison\./, '');
      const validate = payloads.get(kind);
      const valid = validate ? validate(event) : false;
      result.events.push({ kind, errors: validate ? (valid ? [] : validate.errors.map(e => `${e.instancePath} ${e.message}`)) : ['no message of this kind'] });
    }
  }
  console.log(JSON.stringify(result));
})().catch(error => { console.error(error); process.exit(1); });
