// embed.js: puts the registration form of one organization into a city's own page.
//   <script src="https://HOST/embed.js" data-form="HASH" async></script>
//   window.BackflowRegistration.mount(element, { form: 'HASH', onEvent })
// No dependencies; kept under 1 KB gzipped (scripts/size-budget.mjs checks it).

interface TMountOptions {
  form: string;
  onEvent?: (event: { type: string } & Record<string, unknown>) => void;
}

((w: Window & { BackflowRegistration?: unknown }, d: Document) => {
  const script = d.currentScript as HTMLScriptElement | null;
  // The form lives where this script came from.
  const formOrigin = new URL(script?.src || location.href).origin;
  const PREFIX = 'backflow:';

  const mount = (element: Element, options: TMountOptions, before?: Element | null) => {
    const frame = d.createElement('iframe');
    const src = new URL(`/form/${encodeURIComponent(options.form)}`, formOrigin);
    src.searchParams.set('embed', location.origin);
    frame.src = src.href;
    frame.title = 'Backflow tester registration form';
    frame.loading = 'lazy';
    frame.style.cssText = 'display:block;width:100%;min-height:600px;height:600px;border:0';
    w.addEventListener('message', (event) => {
      const data = event.data;
      // Only our frame, from the form's origin, with our messages.
      if (event.origin !== formOrigin || event.source !== frame.contentWindow) return;
      if (!data || typeof data.type !== 'string' || data.type.indexOf(PREFIX)) return;
      const type = data.type.slice(PREFIX.length);
      if (type === 'resize') {
        frame.style.minHeight = '0';
        frame.style.height = `${Math.max(0, Number(data.height) || 0)}px`;
        return;
      }
      if (type === 'step' && frame.getBoundingClientRect().top < 0) frame.scrollIntoView();
      const detail = { ...data, type };
      options.onEvent?.(detail);
      frame.dispatchEvent(new CustomEvent(data.type, { detail, bubbles: true }));
    });
    element.insertBefore(frame, before || null);
    return frame;
  };

  w.BackflowRegistration = {
    mount: (element: Element, options: TMountOptions) => mount(element, options),
  };

  const form = script?.dataset.form;
  if (script && form) {
    const target = script.dataset.target;
    const into = target ? d.getElementById(target) || d.querySelector(target) : null;
    if (into) mount(into, { form });
    else if (script.parentNode)
      mount(script.parentNode as Element, { form }, script.nextSibling as Element);
  }
})(window, document);
