import type PDFDocument from 'pdfkit';

// The page a test report is written on: US Letter in PDFKit's standard fonts, and the few shapes
// the report is made of (headings, labelled fields, tables, two tables side by side, paragraphs),
// each keeping to the page or moving on to the next.

// ---- Characters the standard fonts can write ----

/** Windows-1252's letters above Latin-1's control range, which WinAnsi also writes. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const writable = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return (
    character === '\n' ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.has(character)
  );
};

/** Letters that are no accent away from a Latin one (NFD leaves them whole). */
const BASE_LETTERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
  Ħ: 'H',
  ħ: 'h',
};

/** The text with each character the fonts lack as its base letter (ő: o, ł: l), else "?". */
export function winAnsi(text: string): string {
  let out = '';
  for (const character of text.replace(/\r\n?|\t/g, (match) => (match === '\t' ? ' ' : '\n'))) {
    if (writable(character)) {
      out += character;
      continue;
    }
    const base = BASE_LETTERS[character] ?? character.normalize('NFD').replace(/\p{M}/gu, '');
    out += base !== '' && [...base].every(writable) ? base : '?';
  }
  return out;
}

// ---- Layout ----

export const PAGE = { size: 'LETTER' as const, margin: 36 };
export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const INK = '#111111';
export const MUTED = '#555555';
const LINE = '#9a9a9a';
export const PASS = '#1b5e20';
export const FAIL = '#b71c1c';
export const SIZE = { label: 6.5, value: 8.5, body: 8, heading: 8.5 };
/** A line of text is about this many times its font size tall (lineGap included). */
const LINE_HEIGHT = 1.3;
export const DASH = '\u2014';

export type TDocument = InstanceType<typeof PDFDocument>;
/** A table's row: its cells' text, and a cell's color and weight where not the body's. */
export interface TRow {
  cells: string[];
  colors?: (string | undefined)[];
  bold?: boolean[];
}

export class Sheet {
  readonly doc: TDocument;
  readonly left = PAGE.margin;
  readonly width: number;

  constructor(doc: TDocument) {
    this.doc = doc;
    this.width = doc.page.width - 2 * PAGE.margin;
  }

  get bottom() {
    return this.doc.page.height - PAGE.margin;
  }

  /** A new page unless `height` more points fit on this one. */
  room(height: number) {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.y = PAGE.margin;
    }
  }

  style(font: string, size: number, color = INK) {
    this.doc.font(font).fontSize(size).fillColor(color);
    return this;
  }

  height(text: string, width: number) {
    return this.doc.heightOfString(winAnsi(text) || ' ', { width });
  }

  write(text: string, x: number, y: number, width: number, align: 'left' | 'center' = 'left') {
    this.doc.text(winAnsi(text) || ' ', x, y, { width, align, lineGap: 0.5 });
  }

  heading(text: string) {
    this.room(40);
    const y = this.doc.y + 4;
    this.style(BOLD, SIZE.heading).write(text.toLocaleUpperCase(), this.left, y, this.width);
    const under = this.doc.y + 1;
    this.doc
      .moveTo(this.left, under)
      .lineTo(this.left + this.width, under)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    this.doc.y = under + 3;
  }

  /**
   * Whether `height` more points surely fit on this page. Text is measured (wrapped a second
   * time) only near the page's end, where whether it fits decides a new page.
   */
  private clearly(height: number) {
    return this.doc.y + height <= this.bottom;
  }

  /** Each cell written from `y` in its column; answers the tallest one's height. */
  private cells(
    texts: string[],
    widths: number[],
    y: number,
    x: number,
    style: (index: number) => void,
  ) {
    let bottom = y;
    let left = x;
    texts.forEach((text, index) => {
      const width = widths[index] ?? 0;
      style(index);
      this.write(text, left, y, width - 6);
      bottom = Math.max(bottom, this.doc.y);
      left += width;
    });
    return bottom - y;
  }

  /** Labelled values in a row of columns (each `span` columns wide), wrapped to more rows. */
  fields(entries: [string, string, number?][], columns = 4) {
    const unit = this.width / columns;
    let row: [string, string, number][] = [];
    const flush = () => {
      if (row.length === 0) return;
      const widths = row.map(([, , span]) => span * unit);
      const labels = row.map(([label]) => label);
      const values = row.map(([, value]) => value || DASH);
      if (!this.clearly(4 * LINE_HEIGHT * SIZE.value)) {
        this.style(FONT, SIZE.label);
        const labelHeight = Math.max(
          ...labels.map((label, i) => this.height(label, (widths[i] ?? 0) - 6)),
        );
        this.style(FONT, SIZE.value);
        const valueHeight = Math.max(
          ...values.map((value, i) => this.height(value, (widths[i] ?? 0) - 6)),
        );
        this.room(labelHeight + valueHeight + 3);
      }
      const y = this.doc.y;
      const labelHeight = this.cells(labels, widths, y, this.left, () =>
        this.style(FONT, SIZE.label, MUTED),
      );
      const valueHeight = this.cells(values, widths, y + labelHeight, this.left, () =>
        this.style(FONT, SIZE.value),
      );
      this.doc.y = y + labelHeight + valueHeight + 3;
      row = [];
    };
    let used = 0;
    for (const [label, value, span = 1] of entries) {
      if (used + span > columns) {
        flush();
        used = 0;
      }
      row.push([label, value, span]);
      used += span;
    }
    flush();
  }

  private styleOf(row: TRow) {
    return (index: number) =>
      this.style(row.bold?.[index] ? BOLD : FONT, SIZE.body, row.colors?.[index] ?? INK);
  }

  private rowHeight(row: TRow, widths: number[]) {
    const style = this.styleOf(row);
    return Math.max(
      ...row.cells.map((cell, index) => {
        style(index);
        return this.height(cell, (widths[index] ?? 0) - 6);
      }),
    );
  }

  /** A table's rows from `x`: each cell's text in its column (widths in points). */
  table(rows: TRow[], widths: number[], x = this.left) {
    for (const row of rows) {
      if (!this.clearly(3 * LINE_HEIGHT * SIZE.body + 2))
        this.room(this.rowHeight(row, widths) + 2);
      const y = this.doc.y;
      this.doc.y = y + this.cells(row.cells, widths, y, x, this.styleOf(row)) + 2;
    }
  }

  /** Two tables side by side, kept together on one page. */
  sideBySide(left: TRow[], right: TRow[], widths: (columnWidth: number) => number[]) {
    const gap = 16;
    const column = (this.width - gap) / 2;
    const columnWidths = widths(column);
    const rows = Math.max(left.length, right.length);
    if (!this.clearly(rows * (2 * LINE_HEIGHT * SIZE.body + 2))) {
      const height = (table: TRow[]) =>
        table.reduce((total, row) => total + this.rowHeight(row, columnWidths) + 2, 0);
      this.room(Math.max(height(left), height(right)));
    }
    const top = this.doc.y;
    this.table(left, columnWidths);
    const bottom = this.doc.y;
    this.doc.y = top;
    this.table(right, columnWidths, this.left + column + gap);
    this.doc.y = Math.max(bottom, this.doc.y);
  }

  paragraph(text: string, size = SIZE.body, color = INK) {
    this.style(FONT, size, color);
    if (!this.clearly(40)) this.room(Math.min(this.height(text, this.width), 40));
    this.write(text, this.left, this.doc.y, this.width);
    this.doc.y += 2;
  }
}
