/** The home's search bar text: the app's header (app-layout.tsx) and home.html's loading screen (vite.config.ts) show the same. */
export const SEARCH_PLACEHOLDER = 'Rechercher un appareil, une marque, un modèle…';
