// Which drawn marker or cluster is under the pointer, computed from where they are drawn (px):
// OpenLayers' own hit detection redraws features into a canvas and reads it back (getImageData),
// which took 30–60 ms per pointer move with a few hundred clusters. Pure.

export type Shape =
  /** A cluster: a disc around its centre. */
  | { kind: 'disc'; radius: number }
  /** A marker image anchored at the point (its tip). */
  | { kind: 'pin'; size: [number, number]; anchor: [number, number] };

export interface Drawn {
  /** Where the point is on screen, px. */
  x: number;
  y: number;
  shape: Shape;
}

/** Index of the topmost item (the last drawn) under (px, py), or -1. */
export function hitIndex(px: number, py: number, items: readonly Drawn[], tolerance = 3): number {
  for (let i = items.length - 1; i >= 0; i--) {
    const { x, y, shape } = items[i];
    if (shape.kind === 'disc') {
      const r = shape.radius + tolerance;
      if ((px - x) ** 2 + (py - y) ** 2 <= r * r) return i;
    } else {
      const left = x - shape.anchor[0] - tolerance;
      const top = y - shape.anchor[1] - tolerance;
      if (px >= left && px <= left + shape.size[0] + 2 * tolerance && py >= top && py <= top + shape.size[1] + 2 * tolerance) return i;
    }
  }
  return -1;
}
