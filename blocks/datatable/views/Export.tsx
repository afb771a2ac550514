// CSV download of the whole filtered set: batches from the server with a progress bar and Cancel;
// the file is built in memory and handed to the browser as a download.
import { useEffect, useRef, useState } from 'preact/hooks';
import { isCancelled } from '../../../runtime/http';
import { fetchAll, toCsv, type ExportProgress } from '../model/csv';
import { nextDraw } from '../model/draw';
import type { ColumnSpec, TableState } from '../model/types';
import { cellOptions } from '../model/rows';
import { requestFor, type TableSetup } from '../table.controller';

export interface ExportProps {
  setup: Pick<TableSetup, 'api' | 'columns' | 'facets' | 'baseQuery' | 'i18n' | 'blockId' | 'log' | 'announce'>;
  state: TableState;
  filename: string;
  batchSize: number;
  separator: ',' | ';' | '\t';
  idPrefix: string;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'running'; progress: ExportProgress }
  | { kind: 'done'; count: number }
  | { kind: 'cancelled' }
  | { kind: 'error' };

function download(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const absolute = (href: string) => {
  try {
    return new URL(href, location.href).href;
  } catch {
    return href;
  }
};

export function Export({ setup, state, filename, batchSize, separator, idPrefix }: ExportProps) {
  const { i18n } = setup;
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const job = useRef<AbortController | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  useEffect(() => () => job.current?.abort(), []);
  const running = phase.kind === 'running';
  const wasRunning = useRef(false);
  // Focus follows the control that replaced the one the visitor pressed.
  useEffect(() => {
    if (running && !wasRunning.current) cancelButton.current?.focus();
    if (!running && wasRunning.current && document.activeElement === document.body) startButton.current?.focus();
    wasRunning.current = running;
  }, [running]);

  async function start() {
    const controller = (job.current = new AbortController());
    const snapshot = state;
    let draw = 0;
    setPhase({ kind: 'running', progress: { done: 0, total: 0 } });
    try {
      const hits = await fetchAll({
        batchSize,
        signal: controller.signal,
        fetchBatch: async (start, length, signal) => {
          draw = nextDraw(draw);
          const r = await setup.api.batch({ ...requestFor(setup, snapshot, draw), start, length }, signal);
          return { rows: r.data, total: r.recordsFiltered };
        },
        onProgress: (progress) => {
          if (!controller.signal.aborted) setPhase({ kind: 'running', progress });
        },
      });
      if (controller.signal.aborted) return;
      download(toCsv(hits, setup.columns as ColumnSpec[], cellOptions(i18n), absolute, separator), filename);
      setPhase({ kind: 'done', count: hits.length });
      setup.announce(i18n.t('export.done', { count: hits.length }));
    } catch (e) {
      if (controller.signal.aborted || isCancelled(e)) {
        setPhase({ kind: 'cancelled' });
        setup.announce(i18n.t('export.cancelled'));
        return;
      }
      setup.log.error({ it: 'esportazione CSV non riuscita', en: 'CSV export failed' }, e);
      setPhase({ kind: 'error' });
      setup.announce(i18n.t('export.error'));
    } finally {
      if (job.current === controller) job.current = null;
    }
  }

  if (running) {
    const { done, total } = phase.progress;
    return (
      <div
        class="piazza-datatable-export d-flex flex-wrap align-items-center gap-2"
        role="group"
        aria-labelledby={idPrefix + '-export-status'}
      >
        <progress max={total || 1} value={done} aria-labelledby={idPrefix + '-export-status'} />
        <span id={idPrefix + '-export-status'} class="small">
          {i18n.t('export.progress', { done, total: total || '…' })}
        </span>
        <button type="button" ref={cancelButton} class="btn btn-outline-primary btn-xs" onClick={() => job.current?.abort()}>
          {i18n.t('export.cancel')}
        </button>
      </div>
    );
  }
  return (
    <div class="piazza-datatable-export d-flex flex-wrap align-items-center gap-2">
      <button type="button" ref={startButton} class="btn btn-outline-primary btn-sm" onClick={start}>
        {i18n.t('export.button')}
      </button>
      {phase.kind === 'done' && <span class="small">{i18n.t('export.done', { count: phase.count })}</span>}
      {phase.kind === 'cancelled' && <span class="small">{i18n.t('export.cancelled')}</span>}
      {phase.kind === 'error' && <span class="small text-danger">{i18n.t('export.error')}</span>}
    </div>
  );
}
