// The live preview: the real block, from the config being edited, mounted into this page by
// piazza.js and taken down through the block kit's lifecycle (`piazza.unmount(root)`) before the
// next one, so no listener, request, style or URL sync of an older config outlives it. The consent
// config is no block (piazza.js applies it at load), so it runs in a frame of its own: a plain page
// with that config before piazza.js.
import type { Config, ConfigType } from './model';
import { configHtml } from './model';

export interface PreviewEvents {
  /** The block mounted, or did not (its admin message). */
  onMounted(): void;
  onError(message: string): void;
}

export interface Preview {
  show(type: ConfigType, config: Config, texts: { fallback: string; frameTitle: string }): void;
  /** The consent frame again, with the visitor's choice forgotten (its cookie expired). */
  resetConsent(): void;
  dispose(): void;
}

const PREVIEW_ID = 'anteprima-blocco';

export function createPreview(host: HTMLElement, events: PreviewEvents): Preview {
  const piazza = window.piazza;
  let block: HTMLElement | null = null;
  let frame: HTMLIFrameElement | null = null;
  let last: { type: ConfigType; config: Config; texts: { fallback: string; frameTitle: string } } | null = null;
  const off = [
    piazza?.on('block:mounted', (d) => { if (block && d.element === block) events.onMounted(); }),
    piazza?.on('block:error', (d) => { if (block && d.element === block) events.onError(d.message); }),
  ];

  function takeDown() {
    if (block) piazza?.unmount(host);
    block = null;
    frame = null;
    host.replaceChildren();
  }

  function consentFrame(config: Config, title: string) {
    const f = document.createElement('iframe');
    f.title = title;
    f.className = 'configuratore-frame';
    // Same origin (the frame's cookie is this site's `cconsent`): the frame is this page's own document.
    f.srcdoc = `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${title.replace(/</g, '&lt;')}</title>
<link rel="stylesheet" href="${new URL('/vendor/bootstrap-italia/css/bootstrap-italia.min.css', location.href)}">
${configHtml('consent', config, '')}
<script src="${new URL('/dist/piazza.js', location.href)}"></script></head>
<body><main class="container py-3"><p>Pagina di prova del consenso.</p>
<p><a href="#" class="ccb__edit">Impostazioni cookie</a></p></main></body></html>`;
    return f;
  }

  function show(type: ConfigType, config: Config, texts: { fallback: string; frameTitle: string }) {
    last = { type, config, texts };
    takeDown();
    // What is shown, readable after the block has replaced its own markup (the table does).
    host.setAttribute('data-config', JSON.stringify(config));
    if (type === 'consent') {
      frame = consentFrame(config, texts.frameTitle);
      host.append(frame);
      frame.addEventListener('load', () => events.onMounted(), { once: true });
      return;
    }
    // The same markup the admin copies (model.configHtml), with a fixed id when the config names none.
    const tpl = document.createElement('template');
    tpl.innerHTML = configHtml(type, config, texts.fallback);
    block = tpl.content.firstElementChild as HTMLElement;
    if (!block.id) block.id = PREVIEW_ID;
    host.append(block);
    void piazza?.mount(host);
  }

  return {
    show,
    resetConsent() {
      document.cookie = 'cconsent=; path=/; max-age=0; samesite=strict';
      if (last) show(last.type, last.config, last.texts);
    },
    dispose() {
      takeDown();
      for (const o of off) o?.();
    },
  };
}
