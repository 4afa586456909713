import { Fragment, type ReactNode } from 'react';

/** A translated sentence with a link in it: `{link}` in the text marks where the link goes. */
export function WithLink({ text, link }: { text: string; link: ReactNode }) {
  const [before, ...after] = text.split('{link}');
  return (
    <>
      {before}
      {after.map((rest, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed sentence
        <Fragment key={index}>
          {link}
          {rest}
        </Fragment>
      ))}
    </>
  );
}
