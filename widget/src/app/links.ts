// The support and knowledge-base addresses come from <meta> tags in index.html, so a deployment
// can change them without rebuilding; the defaults match the server's configuration defaults.
const DEFAULTS = {
  support: 'mailto:support@swiftcomply.com',
  knowledgeBase: 'https://support.swiftcomply.com',
} as const;

/** On the server, which renders a first screen, the configured addresses (no meta tags there). */
let serverLinks: Record<string, string> = {};

export function configureServerLinks(links: { support: string; knowledgeBase: string }) {
  serverLinks = {
    'backflow-support-url': links.support,
    'backflow-knowledge-base-url': links.knowledgeBase,
  };
}

function meta(name: string, fallback: string): string {
  const content =
    typeof document === 'undefined'
      ? serverLinks[name]
      : document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return content?.trim() ? content.trim() : fallback;
}

export function supportUrl(): string {
  return meta('backflow-support-url', DEFAULTS.support);
}

export function knowledgeBaseUrl(): string {
  return meta('backflow-knowledge-base-url', DEFAULTS.knowledgeBase);
}
