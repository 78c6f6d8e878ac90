/**
 * Where map tiles come from: OpenStreetMap's by default; VITE_MAP_TILE_URL at build time points the maps at another
 * tile server ({z}/{x}/{y} placeholders, Leaflet's syntax), with VITE_MAP_ATTRIBUTION for its credit line.
 */
export const MAP_TILES = {
  url: import.meta.env.VITE_MAP_TILE_URL || "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  attribution:
    import.meta.env.VITE_MAP_ATTRIBUTION ||
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

export type MapPoint = { latitude: number; longitude: number };
