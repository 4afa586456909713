import { useId, useRef, useState } from 'react';

export type TTooltipSide = 'left' | 'right';

/** Opens away from the nearer edge: an icon right of the screen's middle opens to its left. */
export function tooltipSide(
  icon: { left: number; width: number },
  viewportWidth: number,
): TTooltipSide {
  return icon.left + icon.width / 2 > viewportWidth / 2 ? 'left' : 'right';
}

/**
 * An information icon with a tooltip that opens on hover and on keyboard focus, stays open while
 * hovered, and closes with Escape. `id` is the tooltip's id, for the field's aria-describedby.
 */
export function Tooltip({ id, label, text }: { id: string; label: string; text: string }) {
  const [open, setOpen] = useState(false);
  const [side, setSide] = useState<TTooltipSide>('right');
  const button = useRef<HTMLButtonElement>(null);
  const labelId = useId();

  const show = () => {
    const rect = button.current?.getBoundingClientRect();
    if (rect) setSide(tooltipSide(rect, window.innerWidth));
    setOpen(true);
  };
  const hide = () => setOpen(false);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering the icon or the text keeps it open (WCAG 1.4.13); keyboard users get focus and Escape on the button
    <span className="tooltip" onMouseEnter={show} onMouseLeave={hide}>
      <button
        ref={button}
        type="button"
        className="tooltip-icon"
        aria-labelledby={labelId}
        aria-describedby={id}
        aria-expanded={open}
        onFocus={show}
        onBlur={hide}
        onClick={() => (open ? hide() : show())}
        onKeyDown={(event) => {
          if (event.key === 'Escape') hide();
        }}
      >
        <span aria-hidden="true">?</span>
        <span id={labelId} className="visually-hidden">
          {label}
        </span>
      </button>
      <span id={id} role="tooltip" className={`tooltip-text tooltip-${side}`} hidden={!open}>
        {text}
      </span>
    </span>
  );
}
