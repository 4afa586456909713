import type { ReactNode } from 'react';
import { useI18n } from '../i18n/use-i18n.js';
import { formatBanner } from './format-banner.js';

/** Banner text from the organization, formatted as React text nodes (never as HTML). */
export function Banner({ text }: { text: string }) {
  const { t } = useI18n();
  const pieces = formatBanner(text);
  return (
    <p className="banner">
      {pieces.map((piece, index) => {
        const key = `${index}-${piece.kind}`;
        if (piece.kind === 'break') return <br key={key} />;
        let node: ReactNode = piece.text;
        if (piece.kind === 'link') {
          node = (
            <a href={piece.href} target="_blank" rel="noopener">
              {piece.text}
              <span className="visually-hidden">{t('site.opensInNewTab')}</span>
            </a>
          );
        }
        return piece.bold ? <strong key={key}>{node}</strong> : <span key={key}>{node}</span>;
      })}
    </p>
  );
}
