import { renderToString } from 'preact-render-to-string';
import type { TDirectoryInput } from '../../shared/directory-page.js';
import { addCatalogue, translate } from '../../shared/i18n/catalogue.js';
import { es } from '../../shared/i18n/es.js';
import type { TLanguage } from '../../shared/i18n/languages.js';
import { LanguageSwitch } from './app/i18n/LanguageSwitch.js';
import { renderLanguage } from './app/i18n/language.js';
import { configureServerLinks } from './app/links.js';
import { FormContext } from './app/org/form-context.js';
import { OrgHome } from './app/org/OrgHome.js';
import type { TPublicOrgInfo } from './app/org/org-info.js';
import { SERVED_DATA_ID, servedDataJson } from './app/org/served.js';
import { DirectoryNotFound, DirectoryPage, DirectoryPrint } from './directory/DirectoryDocument.js';

// The server's side of the organization home (built by widget/server.vite.config.ts and called
// by api/src/plugins/web.ts): the same components the browser renders, written to HTML so the
// page shows, and Get Started works, before the site's code has arrived. The browser then takes
// the page over (widget/src/main.tsx). And the public directory of testers, which is only ever
// written here (api/src/modules/directory/pages.ts). Every value is escaped by the renderer.

addCatalogue('es', es);

export interface TOrgHomeInput {
  hash: string;
  org: TPublicOrgInfo;
  language: TLanguage;
  links: { support: string; knowledgeBase: string };
}

export interface TRenderedScreen {
  /** The markup for the page's root element. */
  body: string;
  /** The page's <title> text, escaped. */
  title: string;
  /** The <script> element carrying what the render used, for the browser's first render. */
  data: string;
}

/** The organization home of a link that opens its form, in the page's language. */
export function renderOrgHome({ hash, org, language, links }: TOrgHomeInput): TRenderedScreen {
  configureServerLinks(links);
  // Synchronous from here to the end: no other request's render can change the language between.
  renderLanguage(language);
  const body = renderToString(
    <>
      <LanguageSwitch />
      <FormContext.Provider value={{ hash, org, reportUnreachable: () => {} }}>
        <OrgHome />
      </FormContext.Provider>
    </>,
  );
  const title = renderToString(<>{translate(language, 'org.title', { orgName: org.org_name })}</>);
  const data = servedDataJson({ hash, language, lookup: { state: 'found', org } });
  return {
    body,
    title,
    data: `<script type="application/json" id="${SERVED_DATA_ID}">${data}</script>`,
  };
}

export type { TDirectoryInput } from '../../shared/directory-page.js';

const DOCTYPE = '<!doctype html>';

/** The directory's page: one page of a search of an organization's approved testers. */
export const renderDirectoryPage = (input: TDirectoryInput): string =>
  DOCTYPE + renderToString(<DirectoryPage input={input} />);

/** The directory's print view: every entry of the search in one table. */
export const renderDirectoryPrint = (input: TDirectoryInput): string =>
  DOCTYPE + renderToString(<DirectoryPrint input={input} />);

/** The answer at an address where no directory is published. */
export const renderDirectoryNotFound = (
  input: Pick<TDirectoryInput, 'language' | 'stylesheet'>,
): string => DOCTYPE + renderToString(<DirectoryNotFound input={input} />);
