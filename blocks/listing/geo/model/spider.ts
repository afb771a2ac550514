// Where the points of a cluster go when it spreads at max zoom ("spiderfy"): a circle for a few,
// a spiral for more, offsets in px from the cluster's centre. The constants are markercluster's,
// so a cluster spreads as visitors of the original map saw it. Pure.
const CIRCLE_SEPARATION = 25;
const SPIRAL_SEPARATION = 28;
const SPIRAL_START = 11;
const SPIRAL_GROWTH = 5;
/** From this many points on, a spiral (a circle would be too wide). */
const SPIRAL_FROM = 9;

export function spiderOffsets(count: number): Array<[number, number]> {
  if (count <= 0) return [];
  if (count < SPIRAL_FROM) {
    const leg = Math.max((CIRCLE_SEPARATION * (2 + count)) / (2 * Math.PI), 20);
    const step = (2 * Math.PI) / count;
    return Array.from({ length: count }, (_, i) => {
      const angle = Math.PI / 6 + i * step;
      return [leg * Math.cos(angle), leg * Math.sin(angle)];
    });
  }
  const out: Array<[number, number]> = new Array(count);
  let leg = SPIRAL_START;
  let angle = 0;
  for (let i = count - 1; i >= 0; i--) {
    angle += SPIRAL_SEPARATION / leg + i * 0.0005;
    out[i] = [leg * Math.cos(angle), leg * Math.sin(angle)];
    leg += (2 * Math.PI * SPIRAL_GROWTH) / angle;
  }
  return out;
}
