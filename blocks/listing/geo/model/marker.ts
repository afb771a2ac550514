// The marker helper of the open-data extension (ocopendata's leaflet.makimarkers.js), pure:
// colour (default #0a0), Maki icon (default circle-stroked, the 114 names it lists) and size
// (default m, an unknown one becomes m). As there, every size is 25×41 px with the popup 26 px
// above the icon's centre, and the images are the extension's own two PNGs (standard and 2×):
// the Mapbox pin URL it computes is no longer served. Here the colour and icon also draw the
// marker when those images are missing on a portal (see map/styles.ts).
export const MAKI_ICONS = [
  'airfield',
  'airport',
  'alcohol-shop',
  'america-football',
  'art-gallery',
  'bakery',
  'bank',
  'bar',
  'baseball',
  'basketball',
  'beer',
  'bicycle',
  'building',
  'bus',
  'cafe',
  'camera',
  'campsite',
  'car',
  'cemetery',
  'chemist',
  'cinema',
  'circle-stroked',
  'circle',
  'city',
  'clothing-store',
  'college',
  'commercial',
  'cricket',
  'cross',
  'dam',
  'danger',
  'disability',
  'dog-park',
  'embassy',
  'emergency-telephone',
  'entrance',
  'farm',
  'fast-food',
  'ferry',
  'fire-station',
  'fuel',
  'garden',
  'golf',
  'grocery',
  'hairdresser',
  'harbor',
  'heart',
  'heliport',
  'hospital',
  'industrial',
  'land-use',
  'laundry',
  'library',
  'lighthouse',
  'lodging',
  'logging',
  'london-underground',
  'marker-stroked',
  'marker',
  'minefield',
  'mobilephone',
  'monument',
  'museum',
  'music',
  'oil-well',
  'park2',
  'park',
  'parking-garage',
  'parking',
  'pharmacy',
  'pitch',
  'place-of-worship',
  'playground',
  'police',
  'polling-place',
  'post',
  'prison',
  'rail-above',
  'rail-light',
  'rail-metro',
  'rail-underground',
  'rail',
  'religious-christian',
  'religious-jewish',
  'religious-muslim',
  'restaurant',
  'roadblock',
  'rocket',
  'school',
  'scooter',
  'shop',
  'skiing',
  'slaughterhouse',
  'soccer',
  'square-stroked',
  'square',
  'star-stroked',
  'star',
  'suitcase',
  'swimming',
  'telephone',
  'tennis',
  'theatre',
  'toilets',
  'town-hall',
  'town',
  'triangle-stroked',
  'triangle',
  'village',
  'warehouse',
  'waste-basket',
  'water',
  'wetland',
  'zoo',
] as const;

export type MakiIcon = (typeof MAKI_ICONS)[number];
export type MarkerSize = 's' | 'm' | 'l';

export const DEFAULT_COLOR = '#0a0';
export const DEFAULT_ICON: MakiIcon = 'circle-stroked';
export const DEFAULT_SIZE: MarkerSize = 'm';
/** Where the open-data extension serves its marker images on every portal. */
export const DEFAULT_IMAGE_PATH = '/extension/ocopendata/design/standard/javascript/images/';
/** The colour of a marker whose colour is null (the original's "gray marker"). */
export const NULL_COLOR = '#7e7e7e';

export const isMakiIcon = (name: unknown): name is MakiIcon => typeof name === 'string' && (MAKI_ICONS as readonly string[]).includes(name);

export interface MarkerOptions {
  /** Short or long hex, with or without `#`; null: grey. */
  color?: string | null;
  /** A Maki name; null: no icon. */
  icon?: string | null;
  size?: string;
  /** Folder of marker-icon.png and marker-icon-2x.png. */
  imagePath?: string;
}

export interface MarkerSpec {
  /** `#rrggbb` */
  color: string;
  icon: MakiIcon | null;
  size: MarkerSize;
  /** px, every size */
  iconSize: [number, number];
  /** The tip of the pin, px from the image's top left. */
  iconAnchor: [number, number];
  /** Where a popup points, px from the icon's centre (Leaflet's convention). */
  popupAnchor: [number, number];
  iconUrl: string;
  iconRetinaUrl: string;
  className: 'maki-marker';
  /** The Mapbox pin name the original computed (`pin-m-circle-stroked+0a0`). */
  pin: string;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#0a0` → `#00aa00`; anything else → null. */
export function normaliseColor(color: string): string | null {
  const m = HEX.exec(color.trim());
  if (!m) return null;
  const hex = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1];
  return '#' + hex.toLowerCase();
}

export function makiMarker(options: MarkerOptions = {}): MarkerSpec {
  const size: MarkerSize = options.size === 's' || options.size === 'l' ? options.size : DEFAULT_SIZE;
  const icon = options.icon === null ? null : isMakiIcon(options.icon) ? options.icon : DEFAULT_ICON;
  const raw = options.color === null ? null : typeof options.color === 'string' ? options.color : DEFAULT_COLOR;
  const color = raw === null ? NULL_COLOR : normaliseColor(raw) || normaliseColor(DEFAULT_COLOR)!;
  let path = options.imagePath ?? DEFAULT_IMAGE_PATH;
  if (path && !path.endsWith('/')) path += '/';
  return {
    color,
    icon,
    size,
    iconSize: [25, 41],
    iconAnchor: [12.5, 41],
    popupAnchor: [0, -26],
    iconUrl: path + 'marker-icon.png',
    iconRetinaUrl: path + 'marker-icon-2x.png',
    className: 'maki-marker',
    pin: 'pin-' + size + (icon ? '-' + icon : '') + (raw === null ? '' : '+' + (normaliseColor(raw) ? raw.replace('#', '') : '0a0')),
  };
}

/** The popup's offset in px from the point (the pin's tip): popupAnchor is measured from the icon's centre. */
export const popupOffset = (m: MarkerSpec): [number, number] => [
  m.popupAnchor[0] + m.iconSize[0] / 2 - m.iconAnchor[0],
  m.popupAnchor[1] + m.iconSize[1] / 2 - m.iconAnchor[1],
];
