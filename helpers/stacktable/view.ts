// DOM side of the stacked tables: reads the original table into the model's terms, builds the
// stacked copy from clones of the original cells, and keeps exactly one version exposed (the
// other carries `hidden`, so it is gone for assistive technology too).
import { layoutTable, modeOf, needsStacking, type CellInfo, type Layout, type Ref, type RowInfo, type Section } from './model';

export const COPY_ATTR = 'data-piazza-stack-copy';

function sectionOf(row: HTMLTableRowElement): Section {
  const tag = row.parentElement?.tagName;
  return tag === 'THEAD' ? 'thead' : tag === 'TFOOT' ? 'tfoot' : 'tbody';
}

/** The table's own rows (never a nested table's), in table order: thead, tbody, tfoot. */
export function readTable(table: HTMLTableElement): { rows: RowInfo[]; elements: HTMLTableRowElement[] } {
  const elements = Array.from(table.rows);
  const rows = elements.map((row) => ({
    section: sectionOf(row),
    cells: Array.from(row.cells).map(
      (cell): CellInfo => ({
        header: cell.tagName === 'TH',
        colspan: cell.colSpan,
        rowspan: cell.rowSpan,
        key: cell.innerHTML.trim(),
      }),
    ),
  }));
  return { rows, elements };
}

/** Deep clones of a cell's content; ids get a suffix (and references inside follow) so none is duplicated. */
function cloneContent(cells: Element[], into: HTMLElement) {
  cells.forEach((cell, i) => {
    if (i) into.append(' ');
    for (const node of Array.from(cell.childNodes)) into.append(node.cloneNode(true));
  });
  const renamed = new Map<string, string>();
  into.querySelectorAll<HTMLElement>('[id]').forEach((el) => {
    renamed.set(el.id, el.id + '-stacked');
    el.id += '-stacked';
  });
  if (!renamed.size) return;
  into.querySelectorAll<HTMLElement>('[for],[aria-labelledby],[aria-describedby],[aria-controls],[headers]').forEach((el) => {
    for (const attr of ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'headers']) {
      const value = el.getAttribute(attr);
      if (value)
        el.setAttribute(
          attr,
          value
            .split(/\s+/)
            .map((id) => renamed.get(id) || id)
            .join(' '),
        );
    }
  });
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', attrs: Record<string, string> = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

const copyClasses = (table: HTMLTableElement) =>
  Array.from(table.classList).filter((c) => !/^responsive-(stack|card|column)$/.test(c) && c !== 'large-only' && c !== 'stacktable');

/** Builds the stacked version of `table` from its layout. */
export function buildCopy(table: HTMLTableElement, layout: Layout, rowElements: HTMLTableRowElement[]): HTMLElement {
  const cell = (ref: Ref) => rowElements[ref.row].cells[ref.cell];
  const cellsOf = (refs: Ref[]) => refs.map(cell);
  const rowClass = (group: { row: number }) => (group.row >= 0 ? rowElements[group.row].className : '');

  const pairRow = (label: Ref[], value: Ref, cls: string) => {
    const tr = el('tr', cls);
    if (label.length) {
      const key = el('th', 'st-key', { scope: 'row' });
      cloneContent(cellsOf(label), key);
      tr.append(key);
    }
    const original = cell(value);
    const val = el('td', ('st-val ' + original.className).trim(), label.length ? {} : { colspan: '2' });
    cloneContent([original], val);
    tr.append(val);
    return tr;
  };

  const caption = table.caption;
  if (layout.mode === 'card') {
    const wrapper = el('div', 'stacktable small-only piazza-st piazza-st-cards', { [COPY_ATTR]: '' });
    if (caption) {
      const title = el('div', 'st-caption', { id: (table.id || 'piazza-st-' + ++seq) + '-cards-caption' });
      cloneContent([caption], title);
      wrapper.setAttribute('role', 'group');
      wrapper.setAttribute('aria-labelledby', title.id);
      wrapper.append(title);
    }
    for (const group of layout.groups) {
      const card = el('table', [...copyClasses(table), 'border', 'piazza-st-card'].join(' '));
      const body = el('tbody');
      for (const pair of group.pairs) body.append(pairRow(pair.label, pair.value, rowClass(group)));
      card.append(body);
      wrapper.append(card);
    }
    return wrapper;
  }

  const copy = el('table', [...copyClasses(table), 'stacktable', 'small-only', 'piazza-st'].join(' '), { [COPY_ATTR]: '' });
  if (caption) {
    const c = el('caption');
    cloneContent([caption], c);
    copy.append(c);
  }
  if (layout.mainHead.length) {
    const thead = el('thead');
    const tr = el('tr');
    const th = el('th', 'st-head-row st-head-row-main', { colspan: '2', scope: 'col' });
    cloneContent(cellsOf(layout.mainHead), th);
    tr.append(th);
    thead.append(tr);
    copy.append(thead);
  }
  for (const group of layout.groups) {
    const body = el('tbody');
    if (group.head.length) {
      const tr = el('tr', rowClass(group));
      const main = layout.mode === 'column' ? ' st-head-row-main' : '';
      const th = el('th', 'st-head-row' + main, { colspan: '2', scope: 'rowgroup' });
      cloneContent(cellsOf(group.head), th);
      tr.append(th);
      body.append(tr);
    }
    for (const pair of group.pairs) body.append(pairRow(pair.label, pair.value, rowClass(group)));
    copy.append(body);
  }
  return copy;
}
let seq = 0;

function contentWidth(parent: HTMLElement): number {
  const style = getComputedStyle(parent);
  return parent.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
}

/** One managed table: decides on each check whether the original or the stacked copy is shown. */
export class StackedTable {
  copy: HTMLElement | null = null;
  stacked = false;
  /** The copy is rebuilt when the original's content changed since it was built. */
  private dirty = true;
  private mutations: MutationObserver;

  constructor(
    readonly table: HTMLTableElement,
    private onChange: (t: StackedTable) => void,
  ) {
    table.classList.add('stacktable', 'large-only');
    this.mutations = new MutationObserver(() => {
      this.dirty = true;
      this.onChange(this);
    });
    this.mutations.observe(table, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['colspan', 'rowspan', 'class'],
    });
  }

  get parent(): HTMLElement | null {
    return this.table.parentElement;
  }

  /** Natural width of the original table, measured with it displayed (no paint happens in between). */
  private measure(): boolean {
    const parent = this.parent;
    if (!parent) return false;
    const wasHidden = this.table.hidden;
    const copyWasHidden = this.copy?.hidden;
    this.table.hidden = false;
    if (this.copy) this.copy.hidden = true;
    const result = needsStacking(this.table.getBoundingClientRect().width, contentWidth(parent));
    this.table.hidden = wasHidden;
    if (this.copy && copyWasHidden !== undefined) this.copy.hidden = copyWasHidden;
    return result;
  }

  check(): void {
    if (!this.table.isConnected) return this.destroy();
    const mode = modeOf(this.table.className);
    const wanted = !!mode && this.measure();
    if (wanted && (this.dirty || !this.copy)) this.rebuild();
    const stack = wanted && !!this.copy;
    if (stack === this.stacked && !(stack && this.copy?.hidden) && this.table.hasAttribute('data-piazza-stacked')) return;
    this.stacked = stack;
    this.table.hidden = stack;
    if (this.copy) this.copy.hidden = !stack;
    this.table.setAttribute('data-piazza-stacked', String(stack));
  }

  private rebuild() {
    this.dirty = false;
    this.copy?.remove();
    this.copy = null;
    const mode = modeOf(this.table.className);
    const { rows, elements } = readTable(this.table);
    const layout = mode && layoutTable(rows, mode, { displayHeader: this.table.getAttribute('data-display-header') !== 'false' });
    this.mutations.takeRecords(); // changes already in this build
    if (!layout) return;
    this.copy = buildCopy(this.table, layout, elements);
    this.copy.hidden = true;
    this.table.before(this.copy);
  }

  destroy() {
    this.mutations.disconnect();
    this.copy?.remove();
    this.copy = null;
  }
}
