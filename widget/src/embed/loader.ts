// embed.js: puts the registration form of one organization, or its directory of approved
// testers, into a city's own page.
//   <script src="https://HOST/embed.js" data-form="HASH" async></script>
//   <script src="https://HOST/embed.js" data-directory="SLUG" async></script>
//   window.BackflowRegistration.mount(element, { form: 'HASH', lang, prefill, onEvent })
//   window.BackflowRegistration.mount(element, { directory: 'SLUG', lang, onEvent })
// No dependencies; kept under 1 KB gzipped (scripts/size-budget.mjs checks it). The events it
// passes on are typed in events.ts, shared with the form. docs/embedding.md documents it all.
import { EMBED_LANGUAGE_PARAMETER } from '../../../shared/i18n/languages.js';
import {
  EMBED_EVENT_PREFIX,
  PREFILL_FIELDS,
  type TEmbedEvent,
  type TPrefillField,
} from './events.js';

interface TMountOptions {
  /** The form's hash, or (instead) the directory's slug. */
  form?: string;
  directory?: string;
  /** 'en' or 'es': the form's language unless the address or the person chose another. */
  lang?: string;
  /** Documented fields filled in advance; the form checks them as if they were typed. */
  prefill?: Partial<Record<TPrefillField, string>>;
  onEvent?: (event: TEmbedEvent) => void;
}

/** How long the form has to say it is ready before the loader explains why it may not be. */
const READY_WAIT_MS = 15_000;

((w: Window & { BackflowRegistration?: unknown }, d: Document) => {
  const script = d.currentScript as HTMLScriptElement | null;
  // The form lives where this script came from.
  const formOrigin = new URL(script?.src || location.href).origin;
  const here = location.origin;

  const mount = (element: Element, options: TMountOptions, before?: Element | null) => {
    const frame = d.createElement('iframe');
    const { form, directory } = options;
    const src = new URL(
      (directory ? '/testers/' : '/form/') + encodeURIComponent((directory || form) as string),
      formOrigin,
    );
    src.searchParams.set('embed', here);
    if (options.lang) src.searchParams.set(EMBED_LANGUAGE_PARAMETER, options.lang);
    for (const field of PREFILL_FIELDS) {
      const value = options.prefill?.[field];
      if (value) src.searchParams.set(field, value);
    }
    frame.src = src.href;
    // Named at once for assistive technology; the page's own title replaces it when ready.
    frame.title = directory ? 'Approved testers' : 'Backflow tester registration form';
    frame.loading = 'lazy';
    frame.style.cssText = 'display:block;width:100%;height:600px;border:0';
    const refused = () =>
      console.error(`Backflow: ${here} may not show ${src.origin}${src.pathname}`);
    // A form that never says it is ready was most likely refused framing (Content-Security-Policy
    // frame-ancestors); the form's server also says so at once when asked.
    const silence = setTimeout(refused, READY_WAIT_MS);
    if (form)
      fetch(`${formOrigin}/api/tr/get/embedding/${form}?origin=${here}`)
        .then((response) => response.json())
        .then((answer) => {
          if (answer.message.allowed === false) {
            clearTimeout(silence);
            refused();
          }
        }, Object);
    w.addEventListener('message', (event) => {
      const data = event.data;
      // Only our frame, from the form's origin, with our messages.
      if (event.origin !== formOrigin || event.source !== frame.contentWindow) return;
      // (Anything but a string naming one of our events does not start with our prefix.)
      if (String(data?.type).indexOf(EMBED_EVENT_PREFIX)) return;
      const detail = { ...data, type: data.type.slice(EMBED_EVENT_PREFIX.length) } as TEmbedEvent;
      if (detail.type === 'ready') {
        clearTimeout(silence);
        frame.title = detail.title;
      }
      if (detail.type === 'resized') {
        // A negative or missing height is not a length: the browser keeps the last one.
        frame.style.height = `${+detail.height}px`;
      }
      if (detail.type === 'step' && frame.getBoundingClientRect().top < 0) frame.scrollIntoView();
      options.onEvent?.(detail);
      frame.dispatchEvent(new CustomEvent(data.type, { detail, bubbles: true }));
    });
    element.insertBefore(frame, before || null);
    return frame;
  };

  w.BackflowRegistration = { mount };

  const dataset = script?.dataset;
  const form = dataset?.form;
  const directory = dataset?.directory;
  if (script && dataset && (form || directory)) {
    // data-prefill-company-name="…" → prefill.companyName
    const prefill: Record<string, string> = {};
    for (const key in dataset) {
      if (!key.indexOf('prefill') && key.length > 7) {
        prefill[key.charAt(7).toLowerCase() + key.slice(8)] = dataset[key] as string;
      }
    }
    const options = { form, directory, lang: dataset.lang, prefill };
    const target = dataset.target;
    const into = target ? d.getElementById(target) || d.querySelector(target) : null;
    if (into) mount(into, options);
    else if (script.parentNode)
      mount(script.parentNode as Element, options, script.nextSibling as Element);
  }
})(window, document);
