// The listing's geo tab, a lazy chunk of its own (ol included): loaded the first time the tab is shown.
export { TabView } from './views/GeoTab';
