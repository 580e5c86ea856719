/**
 * What shows while the first route's code and data load (React Router's HydrateFallback): the same
 * logo and « Chargement… » as the HTML before the app starts (index.html, its `.boot` style), so
 * the page neither flashes blank nor warns « No HydrateFallback » on a direct load.
 */
export function BootScreen() {
  return (
    <div className="boot" role="status">
      <img src="/logo-wordmark.svg" alt="EcoFoyer" width="150" height="40" />
      <p>Chargement…</p>
    </div>
  );
}
