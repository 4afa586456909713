import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

// A city's page in miniature, served outside production at /embed-playground: it mounts the
// form with embed.js using the options typed into it and lists every event the form sends, so
// the embed (docs/embedding.md) can be tried without a second site. No inline script: the page
// keeps the site's Content-Security-Policy.

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Embed playground – Backflow Tester Registration</title>
<link rel="stylesheet" href="/embed-playground.css">
</head>
<body>
<header><h1>Embed playground</h1>
<p>A stand-in for a city's page. Fill in the options, then choose Mount: the form appears below
and every event it sends is listed. See docs/embedding.md.</p></header>
<main>
<form id="options">
<fieldset><legend>Options</legend>
<label>Form hash (from the organization's link, /form/HASH) <input name="form" required></label>
<label>Language <select name="lang"><option value="">(the visitor's)</option><option value="en">English</option><option value="es">Español</option></select></label>
</fieldset>
<fieldset><legend>Prefill (optional)</legend>
<label>User type <select name="userType"><option value=""></option><option>tester</option><option>admin</option></select></label>
<label>Company name <input name="companyName"></label>
<label>Company phone <input name="companyPhone"></label>
<label>Company address <input name="companyAddress1"></label>
<label>Company address line 2 <input name="companyAddress2"></label>
<label>City <input name="companyCity"></label>
<label>State <input name="companyState" size="3"></label>
<label>Postal code <input name="companyZip" size="10"></label>
</fieldset>
<button type="submit">Mount</button>
</form>
<h2>Snippet for these options</h2>
<pre id="snippet"></pre>
<h2>Form</h2>
<div id="form-here"></div>
<h2>Events</h2>
<ol id="events" aria-live="polite"></ol>
</main>
<script src="/embed.js"></script>
<script src="/embed-playground.js"></script>
</body>
</html>
`;

const SCRIPT = `const options = document.getElementById('options');
const log = document.getElementById('events');
const fields = ['userType', 'companyName', 'companyPhone', 'companyAddress1', 'companyAddress2',
  'companyCity', 'companyState', 'companyZip'];
const attribute = (name) => 'data-prefill-' + name.replace(/[A-Z0-9]/g, (c) => '-' + c.toLowerCase());
function read() {
  const data = new FormData(options);
  const prefill = {};
  for (const field of fields) if (data.get(field)) prefill[field] = String(data.get(field));
  return { form: String(data.get('form')), lang: String(data.get('lang')) || undefined, prefill };
}
function snippet({ form, lang, prefill }) {
  const extra = [lang ? 'data-lang="' + lang + '"' : '',
    ...Object.entries(prefill).map(([k, v]) => attribute(k) + '="' + v.replace(/"/g, '&quot;') + '"')];
  return '<script src="' + location.origin + '/embed.js" data-form="' + form + '" ' +
    extra.filter(Boolean).join(' ') + ' async></' + 'script>';
}
options.addEventListener('input', () => {
  document.getElementById('snippet').textContent = snippet(read());
});
options.addEventListener('submit', (event) => {
  event.preventDefault();
  const target = document.getElementById('form-here');
  target.replaceChildren();
  log.replaceChildren();
  const chosen = read();
  document.getElementById('snippet').textContent = snippet(chosen);
  window.BackflowRegistration.mount(target, {
    ...chosen,
    onEvent(detail) {
      const item = document.createElement('li');
      item.textContent = new Date().toLocaleTimeString() + '  ' + JSON.stringify(detail);
      log.append(item);
    },
  });
});
`;

const STYLE = `body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 1rem; }
label { display: block; margin: 0.25rem 0; }
fieldset { margin: 0 0 1rem; }
pre { background: #f3f3f3; padding: 1rem; white-space: pre-wrap; word-break: break-all; }
#events { font-family: monospace; font-size: 0.9rem; }
#form-here { border: 2px dashed #6b6b6b; }
`;

/** /embed-playground (outside production only), with its script and style. */
const embedPlayground: FastifyPluginAsync = async (app) => {
  app.get('/embed-playground', (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );
  app.get('/embed-playground.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(SCRIPT),
  );
  app.get('/embed-playground.css', (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(STYLE),
  );
};

export default fp(embedPlayground, { name: 'embed-playground' });
