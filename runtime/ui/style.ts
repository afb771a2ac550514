// A view's own stylesheet (a lazy tab's, a grid's): in the page while the view is, before its first
// paint (a layout effect), one <style> however many views share it (runtime/dom.ts injectStyle), gone
// when the last one unmounts. A block's stylesheet is defineBlock's `css` (runtime/block/kit.ts).
import { useLayoutEffect } from 'preact/hooks';
import { injectStyle } from '../dom';

export function useStyle(id: string, css: string, nonce: string): void {
  useLayoutEffect(() => injectStyle(id, css, nonce), [id]);
}
